// The device-limit notice's way out (issue 15), through the login screen with a stubbed network:
// re-enter the password, see the devices, sign one out, and the login goes through.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, sentJson, stubFetch, type Call } from '../../../../test/fetch';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { ltrIsolate } from '../../../i18n/messages';
import { authStore } from '../../../lib/auth-store';
import { Component as Login } from '../routes/login';

const NOW = new Date('2026-09-10T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString();

const DEVICES = [
  {
    id: 'phone-id-0000000000000A',
    browser: 'Chrome',
    os: 'Android 14',
    lastUsedAt: at(3 * DAY + 5 * HOUR),
    current: false,
  },
  { id: 'laptop-id-000000000000B', browser: null, os: null, lastUsedAt: at(2 * HOUR), current: false },
];

type Answers = {
  login?: (call: Call) => Response;
  devices?: (call: Call) => Response;
  signOut?: (call: Call) => Response;
};

function api(answers: Answers) {
  let slotFree = false;
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/Contact/getAll') return envelope(200, null, []);
    if (path === '/api/Auth/login')
      return (
        answers.login?.(call) ??
        (slotFree
          ? envelope(200, 'Login successful', { user: TEST_USER, token: 'jwt-1' })
          : envelope(403, "You can't log in from more than two devices."))
      );
    if (path === '/api/Auth/devices')
      return answers.devices?.(call) ?? envelope(200, null, { devices: DEVICES, nextSignOutAt: null });
    if (/^\/api\/Auth\/devices\/[^/]+\/sign-out$/.test(path)) {
      const answer =
        answers.signOut?.(call) ??
        envelope(200, 'Signed out of the device', {
          nextSignOutAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
        });
      if (answer.ok) slotFree = true;
      return answer;
    }
    return envelope(404, 'Not found');
  });
}

const callsTo = (calls: Call[], pattern: RegExp) => calls.filter((call) => pattern.test(call.url.pathname));

async function reachNotice() {
  const view = renderRoute(<Login />, { path: '/login' });
  await view.user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), 'sara@example.com');
  await view.user.type(screen.getByLabelText('كلمة المرور'), 'secret12');
  await view.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  expect(await screen.findByText('تم تجاوز الحد الأقصى للأجهزة')).toBeInTheDocument();
  return view;
}

async function showDevices(user: Awaited<ReturnType<typeof reachNotice>>['user'], password = 'secret12') {
  await user.type(screen.getByLabelText('كلمة المرور لعرض أجهزتك'), password);
  await user.click(screen.getByRole('button', { name: 'عرض أجهزتي' }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the device-limit notice', () => {
  it('says a password reset frees every device, and how often a device may be signed out', async () => {
    api({});
    await reachNotice();
    expect(screen.getByText(/إعادة تعيين كلمة المرور تسجّل خروجك من جميع الأجهزة أيضًا/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إعادة تعيين كلمة المرور' })).toHaveAttribute(
      'href',
      '/forgot-password?email=sara%40example.com',
    );
    expect(screen.getByText(/يمكنك ذلك مرة واحدة كل ٧ أيام/)).toBeInTheDocument();
  });

  it('lists the devices for the re-entered password, signs one out, and logs in', async () => {
    const calls = api({});
    const { user, router } = await reachNotice();
    await showDevices(user);

    const [listCall] = callsTo(calls, /^\/api\/Auth\/devices$/);
    expect(listCall!.method).toBe('POST');
    expect(sentJson(listCall)).toEqual({ EmailorMobile: 'sara@example.com', password: 'secret12' });

    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(`${ltrIsolate('Chrome')} على ${ltrIsolate('Android 14')}`);
    expect(rows[0]).toHaveTextContent('آخر استخدام منذ ٣ أيام');
    expect(rows[1]).toHaveTextContent('متصفح غير معروف على نظام غير معروف');
    expect(rows[1]).toHaveTextContent('آخر استخدام منذ ساعتين');
    expect(screen.getByText('لا نحفظ مكان الجهاز ولا عنوانه.')).toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [signOutCall] = callsTo(calls, /\/sign-out$/);
    expect(signOutCall!.url.pathname).toBe('/api/Auth/devices/phone-id-0000000000000A/sign-out');
    expect(sentJson(signOutCall)).toEqual({ EmailorMobile: 'sara@example.com', password: 'secret12' });
    // The login was tried again with the login form's own credentials, and went through.
    expect(callsTo(calls, /^\/api\/Auth\/login$/)).toHaveLength(2);
    expect(authStore.get()).toEqual({ user: TEST_USER, token: 'jwt-1' });
  });

  it('wants the password before asking, and says when it is wrong', async () => {
    const calls = api({ devices: () => envelope(400, 'Invalid email/mobile or password.') });
    const { user } = await reachNotice();
    await user.click(screen.getByRole('button', { name: 'عرض أجهزتي' }));
    expect(await screen.findByText('من فضلك أدخل كلمة المرور')).toBeInTheDocument();
    expect(callsTo(calls, /^\/api\/Auth\/devices/)).toHaveLength(0);

    // A stale token left in the browser does not turn the refusal into a token refresh.
    authStore.setToken('stale-token');
    await showDevices(user, 'not-it');
    expect(await screen.findByText('كلمة المرور غير صحيحة.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' })).toBeNull();
    expect(callsTo(calls, /refresh-token/)).toHaveLength(0);
    expect(screen.getByText('تم تجاوز الحد الأقصى للأجهزة')).toBeInTheDocument();
  });

  it('when this week’s sign-out is used, says when the next is possible and offers none', async () => {
    const next = new Date(NOW.getTime() + 4 * DAY + 3 * HOUR).toISOString();
    api({ devices: () => envelope(200, null, { devices: DEVICES, nextSignOutAt: next }) });
    const { user } = await reachNotice();
    await showDevices(user);
    expect(await screen.findByText('يمكنك تسجيل الخروج من جهاز مرة أخرى بعد ٥ أيام.')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' }))
      expect(button).toBeDisabled();
  });

  it('shows the wait from a refused sign-out: the weekly allowance, or the login limits', async () => {
    const refusal = {
      message: 'You can sign out one device every 7 days.',
      retryAfter: String(2 * 86_400 - 60),
    };
    api({
      signOut: () => {
        const refused = envelope(429, refusal.message);
        refused.headers.set('Retry-After', refusal.retryAfter);
        return refused;
      },
    });
    const { user } = await reachNotice();
    await showDevices(user);
    const [first] = await screen.findAllByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' });
    await user.click(first!);
    expect(await screen.findByText('يمكنك تسجيل الخروج من جهاز مرة أخرى بعد يومين.')).toBeInTheDocument();

    refusal.message = 'Too many attempts. Please try again later.';
    refusal.retryAfter = '600';
    await user.click(first!);
    expect(await screen.findByText('محاولات كثيرة، حاول مرة أخرى بعد ١٠ دقائق')).toBeInTheDocument();
    expect(authStore.get().user).toBeNull();
  });

  it('says when the device was already signed out meanwhile', async () => {
    api({ signOut: () => envelope(404, 'Device not found.') });
    const { user } = await reachNotice();
    await showDevices(user);
    const [first] = await screen.findAllByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' });
    await user.click(first!);
    expect(
      await screen.findByText('هذا الجهاز لم يعد مسجَّل الدخول. اعرض أجهزتك مرة أخرى.'),
    ).toBeInTheDocument();
  });
});
