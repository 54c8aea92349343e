// Issue 4, accounts: registration, login and logout, the two-device limit, the password reset with the
// emailed code, the unit-code box for visitors, protected routes, and the silent token refresh.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import {
  STUDENT,
  checkScreen,
  countRequests,
  fillLogin,
  freshAccount,
  latestMail,
  login,
  openContext,
  registerAccount,
  storedItem,
  visible,
  waitForPath,
} from './support/journey';
import type { InPage } from './support/in-page';
import { startServer, type RunningServer } from './support/server';
import { ltrIsolate } from '../apps/web/src/i18n/messages';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The account part of the top bar; on phones it lives in the collapsible menu. */
async function openMenuIfPhone(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) >= 768) return;
  const toggle = await visible(page.getByRole('button', { name: /^(فتح|إغلاق) القائمة$/ }));
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await visible(page.locator('#mobile-menu'));
}

describe('accounts', () => {
  test('register → login (banner, greeting) → profile → logout', async () => {
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    const account = freshAccount('register');

    await page.goto('/register');
    await visible(page.getByRole('heading', { name: 'إنشاء حساب جديد' }));
    await checkScreen(page, 'register');

    await page.getByLabel('الاسم بالكامل').fill(account.name);
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(account.password);
    await page.getByLabel('رقم الهاتف', { exact: true }).fill(account.phone);
    await page.getByLabel('رقم هاتف ولي الأمر').fill('01155555555');
    // The grade list is disabled until a country is chosen.
    expect(await page.getByLabel('الصف الدراسي').isDisabled()).toBe(true);
    await page.getByLabel('الدولة').selectOption('egypt');
    await page.getByLabel('الصف الدراسي').selectOption('Secondary3');
    await page.getByRole('radio', { name: 'أونلاين' }).check();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    // Success goes to /login with a success banner and the email filled in.
    await waitForPath(page, '/login', { email: account.email });
    await visible(page.getByText('تم إنشاء حسابك بنجاح، يمكنك تسجيل الدخول الآن.'));
    await visible(page.getByText(`البريد الإلكتروني: ${ltrIsolate(account.email)}`));
    expect(await page.getByLabel('البريد الإلكتروني أو رقم الهاتف').inputValue()).toBe(account.email);
    await checkScreen(page, 'login-after-register');

    await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await waitForPath(page, '/');
    await openMenuIfPhone(page);
    await visible(page.getByText(`أهلاً، ${account.name}`).filter({ visible: true }));
    // Logged in: no floating 'register now', no login link.
    expect(await page.getByRole('link', { name: 'سجّل الآن' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'تسجيل الدخول' }).count()).toBe(0);

    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile Settings' }));
    await visible(page.getByLabel('Name'));
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Name').inputValue()).toBe(account.name);
    await checkScreen(page, 'profile');

    await page.goto('/');
    await openMenuIfPhone(page);
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await openMenuIfPhone(page);
    await visible(page.getByRole('link', { name: 'تسجيل الدخول' }));
    await visible(page.getByRole('link', { name: 'إنشاء حساب' }));
    expect(await page.getByText(`أهلاً، ${account.name}`).count()).toBe(0);
    expect(await storedItem(page, 'auth_token')).toBeNull();
    // The session ended on the server as well: a protected page sends us to /login.
    await page.goto('/enrolled-courses');
    await waitForPath(page, '/login');
    await context.close();
  });

  test('a third device is refused with the device-limit notice; retry works once one logs out', async () => {
    const account = await registerAccount(server, 'devices');
    const contexts = await Promise.all(
      [1, 2, 3].map(() => openContext(browser, server, { splashSeen: true })),
    );
    const [first, second, third] = await Promise.all(contexts.map((context) => context.newPage()));

    await login(first!, account.email, account.password);
    await login(second!, account.phone, account.password);

    await third!.goto('/login');
    await fillLogin(third!, account.email, account.password);
    const notice = await visible(
      third!.getByRole('alert').filter({ hasText: 'تم تجاوز الحد الأقصى للأجهزة' }),
    );
    expect(await notice.textContent()).toContain('لا يمكنك تسجيل الدخول من أكثر من جهازين');
    // The yellow (amber) notice.
    expect(await notice.getAttribute('class')).toContain('bg-amber-50');
    await visible(notice.getByRole('button', { name: 'إعادة المحاولة' }));
    const support = await visible(notice.getByRole('link', { name: 'تواصل مع الدعم عبر واتساب' }));
    const href = (await support.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href)).toContain(account.email);
    expect(third!.url()).toContain('/login');
    await checkScreen(third!, 'login-max-devices');

    // Log out on the first phone; the retry on the third now gets in.
    await first!.goto('/');
    await openMenuIfPhone(first!);
    await first!.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await openMenuIfPhone(first!);
    await visible(first!.getByRole('link', { name: 'تسجيل الدخول' }));
    await notice.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await waitForPath(third!, '/');
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('forgot password: code from the outbox → new password → login with it', async () => {
    const account = await registerAccount(server, 'reset');
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    const newPassword = 'brand-new-pass-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await waitForPath(page, '/forgot-password');
    await visible(page.getByRole('heading', { name: 'استعادة كلمة المرور' }));
    await visible(page.getByRole('link', { name: 'العودة لتسجيل الدخول' }));
    await checkScreen(page, 'forgot-password-1-email');

    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'إرسال الكود' }).click();
    const sent = await visible(
      page.getByRole('status').filter({ hasText: 'تم إرسال الكود إلى بريدك الإلكتروني.' }),
    );
    await checkScreen(page, 'forgot-password-1-sent');
    await sent.getByRole('button', { name: 'متابعة' }).click();
    await waitForPath(page, '/forgot-password', { email: account.email });
    await visible(
      page.getByText(`أدخل الكود المرسل إلى ${ltrIsolate(account.email)} ثم اختر كلمة مرور جديدة.`),
    );
    await checkScreen(page, 'forgot-password-2-code');

    const mail = await latestMail(server, account.email);
    const code = /\b(\d{6})\b/.exec(mail.body_text)?.[1];
    expect(code, `a 6-digit code in: ${mail.body_text}`).toBeDefined();

    // A wrong code first: the server's message in Arabic, and the form stays.
    await page.getByLabel('الكود (6 أرقام)').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill(newPassword);
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill(newPassword);
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await visible(page.getByText('الكود غير صحيح أو منتهي الصلاحية'));

    await page.getByLabel('الكود (6 أرقام)').fill(code!);
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await visible(page.getByText('تم تغيير كلمة المرور بنجاح'));
    await checkScreen(page, 'forgot-password-3-done');
    await page.getByRole('link', { name: 'الذهاب لتسجيل الدخول' }).click();
    await waitForPath(page, '/login', { email: account.email });

    // The old password no longer works; the new one does.
    await fillLogin(page, account.email, account.password);
    await visible(page.getByText('البريد الإلكتروني/رقم الهاتف أو كلمة المرور غير صحيحة.'));
    await fillLogin(page, account.email, newPassword);
    await waitForPath(page, '/');

    // The reset screen reached from a mail link (step 2 with the email filled in).
    await page.goto(`/reset-password?email=${encodeURIComponent(account.email)}`);
    await visible(page.getByLabel('الكود (6 أرقام)'));
    await visible(
      page.getByText(`أدخل الكود المرسل إلى ${ltrIsolate(account.email)} ثم اختر كلمة مرور جديدة.`),
    );
    await checkScreen(page, 'reset-password');
    await context.close();
  });

  test('the unit-code box sends a logged-out visitor to /login, and back home after logging in', async () => {
    const context = await openContext(browser, server, { deviceId: 'e2e-student-phone' });
    const page = await context.newPage();
    // The splash first (progress bar and status), then the page. Watched from before the navigation:
    // the splash counts from the navigation's start, so on a busy machine it may end before the load.
    const splash = visible(page.getByRole('progressbar', { name: 'جارٍ تجهيز المنصة' }));
    await page.goto('/');
    await splash;
    await visible(page.getByRole('heading', { level: 1, name: 'ذاكر بذكاء، وتفوّق بثقة' }));
    await page.locator('#courses-section').scrollIntoViewIfNeeded();
    await visible(page.getByRole('link', { name: 'كورسات مصر' }));
    await visible(page.getByRole('link', { name: 'سجّل الآن' }));
    await checkScreen(page, 'home');

    const box = page.getByLabel('كود المحاضرة');
    await box.scrollIntoViewIfNeeded();
    // The hint tells the visitor to log in first.
    await visible(page.getByText('سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.'));
    expect(await box.getAttribute('aria-describedby')).toBeTruthy();
    const submit = page.getByRole('button', { name: 'تفعيل الكود' });
    expect(await submit.isDisabled()).toBe(true);
    await box.fill('ABCDE-23456');
    await submit.click();
    await waitForPath(page, '/login', { from: '/' });

    await fillLogin(page, STUDENT.email);
    await waitForPath(page, '/');
    await visible(page.getByLabel('كود المحاضرة'));
    expect(await page.getByText('سجّل الدخول أولًا حتى تتمكن من إدخال كود المحاضرة.').count()).toBe(0);
    await context.close();
  });

  test('a protected route redirects to /login and returns to it after logging in', async () => {
    const context = await openContext(browser, server, { deviceId: 'e2e-student-phone', splashSeen: true });
    const page = await context.newPage();
    await page.goto('/enrolled-courses');
    await waitForPath(page, '/login', { from: '/enrolled-courses' });
    await visible(page.getByRole('heading', { name: 'تسجيل الدخول' }));
    await checkScreen(page, 'login');

    await fillLogin(page, STUDENT.phone);
    await waitForPath(page, '/enrolled-courses');
    await visible(page.getByRole('heading', { level: 1, name: 'كورساتي' }));
    await visible(page.getByRole('link', { name: 'ابدأ التعلم: الكيمياء — الصف الثالث الثانوي' }));
    await visible(page.getByRole('link', { name: /^ابدأ التعلم: .*الفلسفة/ }));
    await checkScreen(page, 'my-courses');
    // The login screen replaced the protected URL in history, and was replaced in turn.
    await page.goBack();
    expect(page.url()).not.toContain('/login');

    await page.goto('/not-a-page');
    await visible(page.getByRole('heading', { name: 'الصفحة غير موجودة' }));
    await checkScreen(page, 'not-found');
    await context.close();
  });

  test('an invalid access token is refreshed once and the page still renders its data', async () => {
    const context = await openContext(browser, server, {
      deviceId: 'e2e-student-phone',
      splashSeen: true,
      viewport: DESKTOP,
    });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    const refreshes = countRequests(page, 'POST', '/api/Auth/refresh-token');
    const unauthorised: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(new URL(response.url()).pathname);
    });

    // 1. The stored token's signature is broken (the refresh cookie is kept) and the page reloads.
    await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as InPage;
      const token = localStorage.getItem('auth_token') ?? '';
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      localStorage.setItem('auth_token', `${token.slice(0, -2)}${last}${token.at(-1)}`);
    });
    await page.goto('/enrolled-courses');
    await visible(page.getByRole('link', { name: 'ابدأ التعلم: الكيمياء — الصف الثالث الثانوي' }));
    expect(unauthorised.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.count()).toBe(1);
    expect(page.url()).toContain('/enrolled-courses');

    // 2. Several calls at once with an expired token: completing a lesson in the player refetches the
    // course tree and the lesson together. The token "expires" right after the completion is sent
    // (the server answers 401 for it from then on), so both refetches fail together.
    await page.getByRole('link', { name: 'ابدأ التعلم: الكيمياء — الصف الثالث الثانوي' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'الكشف عن الكاتيونات' }));
    const playerUrl = page.url();
    const oldToken = await storedItem(page, 'auth_token');
    let expired = false;
    await page.route('**/api/**', async (route) => {
      const headers = route.request().headers();
      if (expired && headers.authorization === `Bearer ${oldToken}`) {
        // What the server gets from a browser holding the expired token: a token it refuses.
        await route.continue({ headers: { ...headers, authorization: `Bearer ${oldToken}x` } });
        return;
      }
      await route.continue();
      if (new URL(route.request().url()).pathname.startsWith('/api/Student/lesson-complete/')) expired = true;
    });
    const before = { refreshes: refreshes.count(), unauthorised: unauthorised.length };
    const calls: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${response.status()} ${url.pathname}`);
    });
    await page.getByRole('button', { name: 'استمتعت بالمحاضرة' }).click();
    // After the cheer (2 s) the next lesson opens, fetched with the renewed token.
    await visible(page.getByRole('heading', { level: 1, name: 'اختبار: التحليل الكيفي' })).catch(
      (error: unknown) => {
        throw new Error(`the next lesson did not open (at ${page.url()}; calls: ${calls.join(', ')})`, {
          cause: error,
        });
      },
    );
    expect(unauthorised.length - before.unauthorised).toBeGreaterThanOrEqual(2);
    expect(refreshes.count() - before.refreshes).toBe(1);
    // Still signed in, with a new token stored.
    const newToken = await storedItem(page, 'auth_token');
    expect(newToken).not.toBe(oldToken);
    expect(page.url().split('?')[0]).toBe(playerUrl.split('?')[0]);
    await context.close();
  });
});
