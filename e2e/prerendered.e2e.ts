// Issue 4, phones: `/` and `/login` (and, for issue 5, the grade choosers) arrive prerendered
// (apps/web/build/prerender.ts). The page is in the HTML, the app's JS starts only after the first
// paint and takes the page over without an error, its form waits for the app, a signed-in student
// never sees the visitor's links, and a first visit still gets the splash.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectErrors, openWithAppEntryHeld } from './support/app-entry';
import { DESKTOP, launchBrowser } from './support/browser';
import { firstVisit } from './support/first-visit';
import { STUDENT, login, openContext, visible, waitForPath } from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const HERO = 'ذاكر بذكاء، وتفوّق بثقة';
const LOGIN_TITLE = 'تسجيل الدخول';

describe('prerendered pages', () => {
  test.each([
    ['/', HERO],
    ['/login', LOGIN_TITLE],
    ['/grades/egypt', 'اختر صفك الدراسي — مصر'],
    ['/grades/oman', 'اختر صفك الدراسي — عُمان'],
  ])('%s is in the HTML itself, with no module script for the parser to wait on', async (path, title) => {
    const reply = await fetch(`${server.url}${path}`);
    const html = await reply.text();
    expect(reply.status).toBe(200);
    expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
    expect(html).toContain(title);
    expect(html).not.toMatch(/<script type="module"|modulepreload|<script>/);
  });

  test.each(['/', '/login', '/grades/oman'])(
    '%s: the JS starts after the first contentful paint and the app takes over without errors',
    async (path) => {
      const context = await openContext(browser, server, { splashSeen: true });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      const timing = await page.evaluate(() => {
        const { performance } = globalThis as unknown as {
          performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
        };
        const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(?!boot-).*\.js$/.test(entry.name));
        return {
          fcp: paint?.startTime ?? null,
          entryLoaded: scripts.some((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name)),
          firstScript: Math.min(...scripts.map((e) => e.startTime)),
        };
      });
      expect(timing.fcp).not.toBeNull();
      expect(timing.entryLoaded).toBe(true);
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.fcp!);
      // Taken over: the app's own behaviour works (the menu toggles on a phone).
      const toggle = page.getByRole('button', { name: 'فتح القائمة' });
      await toggle.click();
      await visible(page.locator('#mobile-menu'));
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  test('/login cannot be typed into or submitted before the app has taken it over, then logs in', async () => {
    const context = await openContext(browser, server, { deviceId: 'e2e-prerender-phone', splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const release = await openWithAppEntryHeld(page, '/login');
    const email = page.getByLabel('البريد الإلكتروني أو رقم الهاتف');
    const submit = page.getByRole('button', { name: LOGIN_TITLE, exact: true });
    // The static page is readable, but typing would be lost when the app renders, and a browser
    // submission would put the fields in the address.
    await visible(page.getByRole('heading', { name: LOGIN_TITLE }));
    expect(await email.isEditable()).toBe(false);
    expect(await submit.isDisabled()).toBe(true);
    release();
    await email.fill(STUDENT.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('demo1234');
    await submit.click();
    await waitForPath(page, '/');
    // Signed in (on a phone the greeting sits in the collapsed menu).
    await page.getByText(`أهلاً، ${STUDENT.name}`).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test.each([
    ['phone', undefined],
    ['desktop', DESKTOP],
  ])('a first visit (%s) paints the splash at once, then the home page', async (_size, viewport) => {
    const context = await openContext(browser, server, viewport ? { viewport } : {});
    const page = await context.newPage();
    const errors = collectErrors(page);
    const seen = await firstVisit(page);
    // The splash is the first paint (before, the page stayed blank until a 3 s fallback timer).
    expect(seen.splashAtFirstPaint).toBe('flex');
    expect(seen.firstPaintMs).toBeGreaterThan(0);
    expect(seen.firstPaintMs).toBeLessThan(2500);
    // The splash's 1.5 s and 300 ms count from navigation: the page shows after them, not after 3 s + them.
    expect(seen.usableMs).toBeGreaterThanOrEqual(1800);
    expect(await page.locator('#boot-splash').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a signed-in student opening / directly never sees the visitor links', async () => {
    const context = await openContext(browser, server, {
      deviceId: 'e2e-prerender-phone',
      splashSeen: true,
      viewport: DESKTOP,
    });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    // The next visit, with the app's JS held back: the static page hides the visitor's links.
    const release = await openWithAppEntryHeld(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: HERO }));
    expect(await page.locator('html').getAttribute('data-signed-in')).toBe('');
    for (const name of ['تسجيل الدخول', 'إنشاء حساب', 'أنشئ حسابك مجانًا', 'سجّل الآن'])
      expect(await page.getByRole('link', { name, exact: true }).isVisible()).toBe(false);
    release();
    // The app's render: the student's greeting, and the mark gone (a later logout shows the links).
    await visible(page.getByText(`أهلاً، ${STUDENT.name}`));
    expect(await page.locator('html').getAttribute('data-signed-in')).toBeNull();
    expect(await page.getByRole('link', { name: 'سجّل الآن' }).count()).toBe(0);
    await context.close();
  });
});
