import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, json, pending, stubFetch } from '../../../../test/fetch';
import { renderRoute, TEST_USER, type RenderOptions } from '../../../../test/render';
import { useAuth } from '../../auth/hooks/use-auth';
import { Component as Login } from '../../auth/routes/login';
import { UnitCodeBox } from './unit-code-box';

const VALID_CODE = 'ABCDE-23456';

function renderBox(loggedIn = true, userEvent?: RenderOptions['userEvent']) {
  return renderRoute(<UnitCodeBox isAuthenticated={loggedIn} />, {
    user: loggedIn ? TEST_USER : null,
    userEvent,
  });
}

/** The box as the home page mounts it: logged in or not as the app currently is. */
function Home() {
  const { isAuthenticated } = useAuth();
  return <UnitCodeBox isAuthenticated={isAuthenticated} />;
}

const input = () => screen.getByRole('textbox', { name: 'كود المحاضرة' });

async function logIn(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), 'sara@example.com');
  await user.type(screen.getByLabelText('كلمة المرور'), 'secret12');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}
const submitButton = () => screen.getByRole('button', { name: /تفعيل الكود|جارٍ التحقق/ });

describe('UnitCodeBox', () => {
  it('keeps the button disabled while the trimmed code is empty', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user } = renderBox();
    expect(submitButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(input(), 'A');
    expect(submitButton()).toBeEnabled();
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed code before sending anything', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user } = renderBox();
    await user.type(input(), 'abc');
    await user.click(submitButton());
    expect(await screen.findByText('من فضلك أدخل كودًا صحيحًا')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('tells a visitor to log in first, and sends them to /login from home on submit', async () => {
    const calls = stubFetch(() => envelope(200, 'ok'));
    const { user, router } = renderBox(false);
    expect(screen.getByText('سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.')).toBeInTheDocument();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/');
    expect(calls).toHaveLength(0);
  });

  // Issue 15, defect 10: the code typed before logging in is not lost on the way through /login.
  it('a visitor: the login page says why, and after logging in the typed code is entered', async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/Auth/login') return envelope(200, 'ok', { user: TEST_USER, token: 'jwt-1' });
      if (url.pathname === '/api/UnitCode/EnterCode') return envelope(200, 'Code entered successfully');
      return envelope(404, 'Not found');
    });
    const { user, router } = renderRoute(<Home />, { routes: [{ path: '/login', element: <Login /> }] });
    await user.type(input(), ` ${VALID_CODE} `);
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      screen.getByText('سجّل الدخول أولًا، وبعدها نُدخل كود المحاضرة الذي كتبته تلقائيًا.'),
    ).toBeInTheDocument();
    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('تم إدخال الكود بنجاح، جارٍ تحويلك إلى محاضراتك')).toBeInTheDocument();
    expect(input()).toHaveValue(` ${VALID_CODE} `);
    const entered = calls.filter((call) => call.url.pathname === '/api/UnitCode/EnterCode');
    expect(entered.map((call) => call.url.searchParams.get('code'))).toEqual([VALID_CODE]);
    expect(entered[0]!.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('enters a kept code once only: a later visit to home starts empty', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/login'
        ? envelope(200, 'ok', { user: TEST_USER, token: 'jwt-1' })
        : envelope(200, 'Code entered successfully'),
    );
    const first = renderRoute(<Home />, { routes: [{ path: '/login', element: <Login /> }] });
    await first.user.type(input(), VALID_CODE);
    await first.user.click(submitButton());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    await logIn(first.user);
    await screen.findByText('تم إدخال الكود بنجاح، جارٍ تحويلك إلى محاضراتك');
    first.unmount();

    renderRoute(<Home />, { user: TEST_USER });
    expect(input()).toHaveValue('');
    expect(calls.filter((call) => call.url.pathname === '/api/UnitCode/EnterCode')).toHaveLength(1);
  });

  it('reads "verifying..." and is disabled while the code is being checked', async () => {
    stubFetch(() => pending());
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    const button = await screen.findByRole('button', { name: 'جارٍ التحقق...' });
    expect(button).toBeDisabled();
  });

  it('on success shows the message, locks the box, refreshes my units and opens /my-lectures after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => envelope(200, 'Code entered successfully'));
    const { user, router, queryClient } = renderBox(true, { advanceTimers: vi.advanceTimersByTime });
    queryClient.setQueryData(['my-units'], { units: [] });
    await user.type(input(), `  ${VALID_CODE} `);
    await user.click(submitButton());

    expect(await screen.findByText('تم إدخال الكود بنجاح، جارٍ تحويلك إلى محاضراتك')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/UnitCode/EnterCode');
    expect(calls[0]!.url.searchParams.get('code')).toBe(VALID_CODE);
    expect(calls[0]!.body).toBeUndefined();
    await waitFor(() => expect(queryClient.getQueryState(['my-units'])?.isInvalidated).toBe(true));

    expect(router.state.location.pathname).toBe('/');
    vi.advanceTimersByTime(1900);
    expect(router.state.location.pathname).toBe('/');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-lectures'));
  });

  it.each([
    [404, 'Code not found.', 'الكود غير صحيح أو غير موجود'],
    [403, 'You do not have access to this unit', 'ليس لديك صلاحية للوصول إلى هذه الوحدة'],
    [409, 'Code already used.', 'هذا الكود مستخدم من قبل'],
    [429, 'Too many attempts. Please try again later.', 'محاولات كثيرة، حاول مرة أخرى بعد قليل'],
    // A technical English text is never shown on the Arabic screen (issue 15).
    [500, 'Database is being upgraded', 'حدث خطأ غير متوقع'],
  ])('shows the text for a %i answer', async (status, serverMessage, shown) => {
    stubFetch(() => envelope(status, serverMessage));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('asks to log in when the server says the session is gone (401, refresh refused)', async () => {
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/Auth/refresh-token'
        ? envelope(401, 'Invalid or expired refresh token')
        : envelope(401, 'Unauthorized'),
    );
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('من فضلك سجّل الدخول أولًا')).toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/api/UnitCode/EnterCode',
      '/api/Auth/refresh-token',
    ]);
  });

  it('falls back to "unexpected error" when a failure has no message', async () => {
    stubFetch(() => json(502, null));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('حدث خطأ غير متوقع')).toBeInTheDocument();
  });

  it('clears an error as soon as the code is edited', async () => {
    stubFetch(() => envelope(404, 'Code not found.'));
    const { user } = renderBox();
    await user.type(input(), VALID_CODE);
    await user.click(submitButton());
    expect(await screen.findByText('الكود غير صحيح أو غير موجود')).toBeInTheDocument();
    await user.type(input(), '7');
    expect(screen.queryByText('الكود غير صحيح أو غير موجود')).not.toBeInTheDocument();
  });
});
