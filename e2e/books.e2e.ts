// Issue 18, item 8, books: the admin adds a printed book with its cover on the «الكتب» screen; on a
// phone (360×800) the home page shows it in the «الكتب» section, and its order button opens WhatsApp
// with a message naming the book. Both screens are checked (RTL, axe) and shot at 360×800 and 1280×800.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { checkScreen, login, openContext, visible, waitForPath } from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

const ADMIN = 'admin@demo.local';
const BOOK = 'مذكرة الأحياء — أسئلة الامتحانات';

/** A 1×1 PNG: the cover the admin uploads (the server checks its bytes). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('books', () => {
  test('the admin adds a book → the home page on a phone shows it with a working WhatsApp order link', async () => {
    const admin = await (await openContext(browser, server, { splashSeen: true })).newPage();
    await login(admin, ADMIN);
    await admin.goto('/admin');
    await waitForPath(admin, '/admin/courses');
    await admin
      .getByRole('navigation', { name: 'أقسام لوحة الإدارة' })
      .getByRole('link', { name: 'الكتب' })
      .click();
    await waitForPath(admin, '/admin/books');
    await visible(admin.getByRole('heading', { level: 1, name: 'الكتب' }));

    await admin.getByRole('button', { name: 'كتاب جديد' }).click();
    const dialog = admin.getByRole('dialog', { name: 'إضافة كتاب' });
    await dialog.getByRole('button', { name: 'إضافة الكتاب' }).click();
    await visible(dialog.getByText('يجب إدخال عنوان الكتاب'));
    await checkScreen(admin, 'admin-book-form-errors');
    await dialog.getByLabel('عنوان الكتاب').fill(BOOK);
    await dialog.getByLabel('الصف', { exact: true }).selectOption('Secondary3');
    await dialog.getByLabel('السعر (جنيه مصري)').fill('٨٥');
    await dialog.getByLabel('وصف الكتاب').fill('ملخص كل الأبواب مع أسئلة على نظام الامتحان.');
    await dialog
      .getByLabel('صورة الغلاف')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'إضافة الكتاب' }).click();
    await visible(admin.getByText(`أُضيف «${BOOK}».`));
    const row = admin.getByRole('row').filter({ hasText: BOOK });
    await visible(row);
    expect(await row.textContent()).toContain('٨٥٫٠٠ ج.م');
    await checkScreen(admin, 'admin-books');

    // A visitor on a phone: the section, the card and the order link.
    const context = await openContext(browser, server, { splashSeen: true });
    const orders: string[] = [];
    await context.route('https://wa.me/**', async (route) => {
      orders.push(route.request().url());
      await route.fulfill({
        contentType: 'text/html',
        body: '<html lang="ar"><title>WhatsApp</title></html>',
      });
    });
    const home = await context.newPage();
    await home.goto('/');
    const section = home.getByRole('region', { name: 'الكتب' });
    await section.scrollIntoViewIfNeeded();
    const card = section.getByRole('listitem').filter({ hasText: BOOK });
    await visible(card);
    expect(await card.textContent()).toContain('الصف الثالث الثانوي');
    expect(await card.textContent()).toContain('٨٥ ج.م');
    const cover = card.locator('img');
    await expect
      .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);

    const order = card.getByRole('link', { name: `اطلب «${BOOK}» عبر واتساب` });
    const href = new URL((await order.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/201000000000');
    expect(href.searchParams.get('text')).toContain(`«${BOOK}»`);
    await checkScreen(home, 'home-books');
    // The section alone, as a phone shows it (the full-page shots above are long).
    await section.screenshot({ path: 'e2e/screenshots/home-books-section-360x800.png' });

    const [popup] = await Promise.all([home.waitForEvent('popup'), order.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(href.toString());
    expect(orders).toEqual([href.toString()]);
    await context.close();
  });
});
