// Issue 15 #4, the way out of the device limit: a student signed in on a phone and a laptop tries a
// third browser, gets the device-limit notice, enters the password again, sees both devices (browser
// and OS, last use in Arabic), signs the old phone out, and is let in; the phone's session is over.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ltrIsolate } from '../apps/web/src/i18n/messages';
import { launchBrowser } from './support/browser';
import {
  checkScreen,
  fillLogin,
  login,
  openContext,
  registerAccount,
  visible,
  waitForPath,
} from './support/journey';
import { startServer, type RunningServer } from './support/server';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Three days pass for the phone: its session was last used then (the server's clock is real). */
function phoneLastUsedDaysAgo(email: string, days: number): void {
  const database = new Database(join(server.dataDir, 'app.sqlite'));
  try {
    const changed = database
      .prepare(
        `update device_sessions set refreshed_at = ?
          where user_agent like '%Android%' and user_id = (select id from users where email = ?)`,
      )
      .run(new Date(Date.now() - days * 86_400_000 - 3_600_000).toISOString(), email);
    expect(changed.changes).toBe(1);
  } finally {
    database.close();
  }
}

describe('device limit: signing out a device that is gone', () => {
  test('two devices signed in → third refused → password → device list → sign the phone out → in', async () => {
    const account = await registerAccount(server, 'gone-device');
    const phone = await openContext(browser, server, { splashSeen: true, userAgent: ANDROID_CHROME });
    const laptop = await openContext(browser, server, { splashSeen: true, userAgent: WINDOWS_FIREFOX });
    const third = await openContext(browser, server, { splashSeen: true });
    const [phonePage, laptopPage, page] = await Promise.all([
      phone.newPage(),
      laptop.newPage(),
      third.newPage(),
    ]);
    await login(phonePage, account.email, account.password);
    await login(laptopPage, account.phone, account.password);
    phoneLastUsedDaysAgo(account.email, 3);

    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await visible(page.getByRole('alert').filter({ hasText: 'تم تجاوز الحد الأقصى للأجهزة' }));
    await visible(page.getByText('إعادة تعيين كلمة المرور تسجّل خروجك من جميع الأجهزة أيضًا.'));
    await visible(page.getByText(/يمكنك ذلك مرة واحدة كل ٧ أيام/));
    await checkScreen(page, 'login-devices-notice');

    await page.getByLabel('كلمة المرور لعرض أجهزتك').fill(account.password);
    await page.getByRole('button', { name: 'عرض أجهزتي' }).click();
    const list = await visible(page.getByRole('list').filter({ hasText: 'آخر استخدام' }));
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(2);
    // Most recently used first: the laptop (just now), then the phone (three days ago).
    expect(await rows.nth(0).textContent()).toContain(
      `${ltrIsolate('Firefox')} على ${ltrIsolate('Windows 10')}`,
    );
    expect(await rows.nth(0).textContent()).toContain('آخر استخدام منذ أقل من دقيقة');
    expect(await rows.nth(1).textContent()).toContain(
      `${ltrIsolate('Chrome')} على ${ltrIsolate('Android 14')}`,
    );
    expect(await rows.nth(1).textContent()).toContain('آخر استخدام منذ ٣ أيام');
    // No address or place anywhere on the screen.
    expect(await page.locator('main').textContent()).not.toContain('127.0.0.1');
    // Tap targets: every button and link of the notice is at least 44 px high.
    for (const target of await page.locator('main').getByRole('button').filter({ visible: true }).all()) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await checkScreen(page, 'login-devices-list');

    await rows.nth(1).getByRole('button', { name: 'تسجيل الخروج من هذا الجهاز' }).click();
    // The slot is free and the login is tried again by itself.
    await waitForPath(page, '/');

    // The phone's session ended: a protected page sends it back to the login.
    await phonePage.goto('/enrolled-courses');
    await waitForPath(phonePage, '/login');
    // The laptop is still in.
    await laptopPage.goto('/enrolled-courses');
    await laptopPage.waitForLoadState('networkidle');
    expect(new URL(laptopPage.url()).pathname).toBe('/enrolled-courses');

    await Promise.all([phone.close(), laptop.close(), third.close()]);
  });
});
