import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failingFetch, stubFetch, type Call, sentJson } from '../../../../test/fetch';
import { renderRoute, TEST_USER, type RenderOptions } from '../../../../test/render';
import { authStore } from '../../../lib/auth-store';
import { Component as Login } from './login';
import { ltrIsolate } from '../../../i18n/messages';

const CONTACT = {
  whatsApp_Number: '+20 100 000 0000',
  facebook_Page: null,
  youTube_Channel: null,
  tiktokChannel: null,
};

function api(loginAnswer: (call: Call) => Response | Promise<Response>) {
  return stubFetch((call) => {
    if (call.url.pathname === '/api/Contact/getAll') return envelope(200, null, [CONTACT]);
    return loginAnswer(call);
  });
}

const loginCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/Auth/login');

function renderLogin(url: RenderOptions['url'] = '/login') {
  return renderRoute(<Login />, { path: '/login', url });
}

async function fillAndSubmit(
  user: ReturnType<typeof renderLogin>['user'],
  login = 'sara@example.com',
  password = 'secret12',
) {
  await user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), login);
  await user.type(screen.getByLabelText('كلمة المرور'), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

describe('Login', () => {
  it('requires both fields', async () => {
    const calls = api(() => envelope(200, null));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('من فضلك أدخل البريد الإلكتروني أو رقم الهاتف')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أدخل كلمة المرور')).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور')).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls(calls)).toHaveLength(0);
  });

  it('links to password recovery and registration', () => {
    api(() => envelope(200, null));
    renderLogin();
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'أنشئ حسابًا جديدًا' })).toHaveAttribute('href', '/register');
  });

  it('signs in and goes home, replacing the login page in history', async () => {
    const calls = api(() => envelope(200, 'ok', { user: TEST_USER, token: 'jwt-1' }));
    const { user, router } = renderLogin();
    await fillAndSubmit(user, '  sara@example.com ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(authStore.get()).toEqual({ user: TEST_USER, token: 'jwt-1' });
    const [call] = loginCalls(calls);
    expect(call!.method).toBe('POST');
    expect(sentJson(call)).toEqual({
      EmailorMobile: 'sara@example.com',
      password: 'secret12',
    });
  });

  it('returns to the page it came from (query parameter or navigation state), never to another site', async () => {
    api(() => envelope(200, 'ok', { user: TEST_USER, token: 'jwt-1' }));
    const first = renderLogin('/login?from=%2Fmy-lectures%3Fpage%3D2');
    await fillAndSubmit(first.user);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/my-lectures'));
    expect(first.router.state.location.search).toBe('?page=2');
    first.unmount();

    const second = renderLogin({ pathname: '/login', state: { from: '/profile' } });
    await fillAndSubmit(second.user);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/profile'));
    second.unmount();

    const third = renderLogin('/login?from=%2F%2Fevil.example');
    await fillAndSubmit(third.user);
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/'));
  });

  // Issue 15, defect 10: the login page says why the student was sent there.
  it.each([
    ['/login?from=%2Fenrolled-courses&reason=expired', 'انتهت صلاحية الجلسة، من فضلك سجّل الدخول مرة أخرى.'],
    ['/login?from=%2F&reason=unit-code', 'سجّل الدخول أولًا، وبعدها نُدخل كود المحاضرة الذي كتبته تلقائيًا.'],
    ['/login?from=%2Fmy-lectures', 'سجّل الدخول أولًا لفتح الصفحة التي طلبتها.'],
  ])('at %s says why the student is here', (url, hint) => {
    api(() => envelope(200, null));
    renderLogin(url);
    expect(screen.getByRole('status')).toHaveTextContent(hint);
  });

  it('gives no reason when the student came to log in on their own', () => {
    api(() => envelope(200, null));
    renderLogin('/login');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('after registration shows a success banner and fills in the email', () => {
    api(() => envelope(200, null));
    renderLogin({
      pathname: '/login',
      search: '?email=new%40example.com',
      state: { registered: true, email: 'new@example.com' },
    });
    expect(screen.getByText('تم إنشاء حسابك بنجاح، يمكنك تسجيل الدخول الآن.')).toBeInTheDocument();
    expect(screen.getByText(`البريد الإلكتروني: ${ltrIsolate('new@example.com')}`)).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف')).toHaveValue('new@example.com');
  });

  it('accepts ?registered=1&email= and mentions the confirmation link when one was sent', () => {
    api(() => envelope(200, null));
    renderLogin({
      pathname: '/login',
      search: '?registered=1&email=new%40example.com',
      state: { registered: true, requiresEmailConfirmation: true },
    });
    expect(screen.getByText(/أرسلنا رابط تأكيد إلى بريدك الإلكتروني/)).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف')).toHaveValue('new@example.com');
  });

  it('after email verification shows the verified banner with the email', () => {
    api(() => envelope(200, null));
    renderLogin('/login?verified=1&email=sara%40example.com');
    expect(screen.getByText('تم تأكيد بريدك الإلكتروني، يمكنك تسجيل الدخول الآن')).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف')).toHaveValue('sara@example.com');
  });

  it('says when the verification link is invalid or expired', () => {
    api(() => envelope(200, null));
    renderLogin('/login?verified=0');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'رابط تأكيد البريد الإلكتروني غير صالح أو منتهي الصلاحية.',
    );
  });

  it.each([
    ['a JSON reply', () => envelope(403, "You can't log in from more than two devices.")],
    [
      'a plain-text reply',
      () =>
        new Response("Error: You can't log in from more than two devices.", {
          status: 403,
          headers: { 'Content-Type': 'text/plain' },
        }),
    ],
  ])('shows the device-limit notice with retry and WhatsApp support for %s', async (_name, answer) => {
    const calls = api(answer);
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('تم تجاوز الحد الأقصى للأجهزة')).toBeInTheDocument();
    expect(screen.getByText(/لا يمكنك تسجيل الدخول من أكثر من جهازين/)).toBeInTheDocument();
    const support = await screen.findByRole('link', { name: 'تواصل مع الدعم عبر واتساب' });
    const href = new URL(support.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/201000000000');
    expect(href.searchParams.get('text')).toContain('sara@example.com');
    expect(support).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(loginCalls(calls)).toHaveLength(2));
    expect(authStore.get().user).toBeNull();
  });

  it('asks to confirm the email when the account is not confirmed yet', async () => {
    api(() => envelope(403, 'Please confirm your email before logging in.'));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('بريدك الإلكتروني غير مؤكَّد')).toBeInTheDocument();
    expect(screen.getByText(/افتح رابط التأكيد الذي أرسلناه إلى بريدك/)).toBeInTheDocument();
  });

  it('on a network or CORS failure shows the network message, a hint box and Try Again', async () => {
    const calls = failingFetch();
    const { user, router } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText(/خطأ في الشبكة/)).toBeInTheDocument();
    expect(screen.getByText('تعذّر الاتصال بالخادم')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    await waitFor(() => expect(loginCalls(calls)).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows other failures from the server (in Arabic when the catalogue has them)', async () => {
    api(() => envelope(400, 'Invalid email/mobile or password.'));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'البريد الإلكتروني/رقم الهاتف أو كلمة المرور غير صحيحة.',
    );
    expect(authStore.get().user).toBeNull();
  });

  it('says how long to wait after too many attempts, from Retry-After, in Arabic-Indic digits', async () => {
    api(() => {
      const refused = envelope(429, 'Too many attempts. Please try again later.');
      refused.headers.set('Retry-After', '854');
      return refused;
    });
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('محاولات كثيرة، حاول مرة أخرى بعد ١٥ دقيقة');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    api(() => new Response(null, { status: 500 }));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('فشل تسجيل الدخول');
  });

  it('says "signing in..." and blocks a second submit while waiting', async () => {
    api(() => new Promise<Response>(() => undefined));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: 'جارٍ تسجيل الدخول...' })).toBeDisabled();
  });
});
