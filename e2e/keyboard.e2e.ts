// Issue 15, defects 13 and 15: the small layout defects at 360 px, and a keyboard-only student (focus
// where they expect it after every change of screen), the curriculum drawer as a modal dialog, the
// player at 200 % text size, a title per screen and the skip link.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import type { InPage } from './support/in-page';
import {
  STUDENT,
  appHasTakenOver,
  checkScreen,
  login,
  openContext,
  visible,
  waitForPath,
} from './support/journey';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

const APP = 'منصة التعلم';
const LIST_TITLE = 'كورسات الصف الثالث الثانوي';
const CHEMISTRY = 'الكيمياء — الصف الثالث الثانوي';
const VIDEO = 'الكشف عن الكاتيونات';
const QUIZ = 'اختبار: التحليل الكيفي';
const QUIZ_QUESTIONS = 3;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };

/** What has the focus: its tag, its accessible text and whether it is inside a dialog. */
function focused(page: Page): Promise<{ tag: string; text: string; inDialog: boolean; label: string }> {
  return page.evaluate(() => {
    const element = (globalThis as unknown as { document: { activeElement: HTMLLikeElement | null } })
      .document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.textContent ?? '').trim(),
      label: element?.getAttribute('aria-label') ?? '',
      inDialog: Boolean(element?.closest('[role=dialog]')),
    };
  });
}
type HTMLLikeElement = {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
};

/** Waits until the focus is on the level-1 heading with this text. */
async function focusOnHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((name) => {
    const element = (globalThis as unknown as { document: { activeElement: HTMLLikeElement | null } })
      .document.activeElement;
    return element?.tagName === 'H1' && element.textContent?.trim() === name;
  }, text);
}

const titleOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title);

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The grade's course list answered as a long list of many pages, so the pager has five numbers. */
async function manyPages(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = await response.json();
  const courses = body.data.courses as { id: number }[];
  const page = Number(new URL(route.request().url()).searchParams.get('pagenumber') ?? '1');
  body.data.courses = Array.from({ length: 9 }, (_, index) => ({
    ...courses[index % courses.length]!,
    id: page * 100 + index,
  }));
  body.data.totalPages = 7;
  body.data.totalCount = 63;
  await route.fulfill({ response, json: body });
}

/** The student's chemistry course in the player, on a phone. */
async function phonePlayer(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, server, { splashSeen: true, deviceId: 'e2e-keyboard-phone' });
  const page = await context.newPage();
  await login(page, STUDENT.email);
  await page.goto('/enrolled-courses');
  await page.getByRole('link', { name: `ابدأ التعلم: ${CHEMISTRY}` }).click();
  await page.waitForURL(/\/course-player\/\d+/);
  return { context, page };
}

describe('layout at 360 px', () => {
  test('the pager fits one line, a new page starts at the top of the list; menu targets are 44 px', async () => {
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    await page.route('**/api/AdminStudent/CourseActive**', manyPages);
    await page.goto('/grades/egypt');
    // A click before the app has the page would load the server's list, not the routed pages.
    await appHasTakenOver(page);
    await page.getByRole('link', { name: /الصف الثالث الثانوي/ }).click();
    await waitForPath(page, '/courses/egypt/grade/secondary3');
    const pager = page.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    await visible(pager);
    const tops = await pager
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => Math.round((item as unknown as { offsetTop: number }).offsetTop)),
      );
    expect(tops.length).toBe(7);
    expect(new Set(tops).size, 'the pager items on one line').toBe(1);
    await checkScreen(page, 'course-list-pager');

    await pager.scrollIntoViewIfNeeded();
    await pager.getByRole('link', { name: 'الصفحة ٢' }).click();
    await waitForPath(page, '/courses/egypt/grade/secondary3', { page: '2' });
    await focusOnHeading(page, LIST_TITLE);
    await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY === 0);
    expect(await page.getByRole('heading', { level: 1, name: LIST_TITLE }).isVisible()).toBe(true);

    // The phone menu's links and buttons are at least 44 px tall.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const targets = page.locator('#mobile-menu').locator('a, button');
    expect(await targets.count()).toBeGreaterThanOrEqual(5);
    for (const box of await targets.evaluateAll((items) =>
      items.map((item) => (item as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect()),
    )) {
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });

  test('the profile heading sits inside its box; the unit viewer shows the whole lesson name', async () => {
    const context = await openContext(browser, server, { splashSeen: true, deviceId: 'e2e-keyboard-phone' });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    await page.goto('/profile');
    const legend = await boxOf(page, 'fieldset > legend');
    const fieldset = await boxOf(page, 'fieldset');
    expect(legend.y, 'the heading below the box top border').toBeGreaterThanOrEqual(fieldset.y + 1);
    await checkScreen(page, 'profile-password-box');

    // The student's unit (unlocked in the demo): the lesson name is not cut off in the top bar.
    await page.goto('/my-lectures');
    await page
      .getByRole('link', { name: /^ادخل المحاضرة/ })
      .first()
      .click();
    await page.waitForURL(/\/unit-viewer\/\d+/);
    const title = page.getByRole('banner').locator('[data-testid=player-title]');
    await visible(title);
    const clipped = await title.evaluate((element) => {
      const node = element as unknown as {
        scrollWidth: number;
        clientWidth: number;
        scrollHeight: number;
        clientHeight: number;
      };
      return node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight;
    });
    expect(clipped, 'the unit viewer title is cut off').toBe(false);
    await checkScreen(page, 'unit-viewer-title');
    await context.close();
  });
});

describe('keyboard only', () => {
  test('skip link, titles, course list → course → player → enjoyed → quiz, focus on each new heading', async () => {
    const context = await openContext(browser, server, {
      splashSeen: true,
      viewport: DESKTOP,
      deviceId: 'e2e-keyboard-laptop',
    });
    const page = await context.newPage();
    await login(page, STUDENT.email);
    await page.goto('/courses/egypt/grade/secondary3');
    await visible(page.getByRole('heading', { level: 1, name: LIST_TITLE }));
    await expect.poll(() => titleOf(page)).toBe(`${LIST_TITLE} — ${APP}`);
    // The server-rendered list: the keys below are for the app once it has taken the page over.
    await appHasTakenOver(page);
    await page
      .getByRole('group', { name: 'تصفية حسب المادة' })
      .getByRole('button', { name: 'كل المواد' })
      .waitFor();

    // The skip link is the first stop, visible on focus, and jumps to the main content.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('تخطَّ إلى المحتوى');
    // Visible once focused: a real box, not the 1 px of a screen-reader-only text.
    const skipWidth = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            document: { activeElement: { getBoundingClientRect(): { width: number } } | null };
          }
        ).document.activeElement?.getBoundingClientRect().width ?? 0,
    );
    expect(skipWidth).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document
          .activeElement?.id === 'main',
    );
    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).not.toBe('body');

    // Course list → course: a client-side route change puts the focus on the course's heading.
    await page.getByRole('link', { name: CHEMISTRY }).focus();
    await page.keyboard.press('Enter');
    await focusOnHeading(page, CHEMISTRY);
    await expect.poll(() => titleOf(page)).toBe(`${CHEMISTRY} — ${APP}`);

    // My courses → the player: the lesson's heading.
    await page.goto('/enrolled-courses');
    await expect.poll(() => titleOf(page)).toBe(`كورساتي — ${APP}`);
    await page.getByRole('link', { name: `ابدأ التعلم: ${CHEMISTRY}` }).focus();
    await page.keyboard.press('Enter');
    await focusOnHeading(page, VIDEO);
    await expect.poll(() => titleOf(page)).toBe(`${VIDEO} — ${APP}`);

    // 'I enjoyed the lecture' moves on to the quiz: its heading.
    await page.getByRole('button', { name: 'استمتعت بالمحاضرة' }).focus();
    await page.keyboard.press('Enter');
    await focusOnHeading(page, QUIZ);
    await checkScreen(page, 'keyboard-quiz-ready');

    // 'Ready' → the first question's text.
    await page.getByRole('button', { name: 'جاهز' }).focus();
    await page.keyboard.press('Enter');
    for (let index = 0; index < QUIZ_QUESTIONS; index += 1) {
      await page.waitForFunction(() => {
        const element = (globalThis as unknown as { document: { activeElement: HTMLLikeElement | null } })
          .document.activeElement;
        return element?.tagName === 'H2' && Boolean(element.closest('[role=radiogroup]'));
      });
      const question = (await focused(page)).text;
      // Tab reaches the answers, Space chooses the first.
      await page.keyboard.press('Tab');
      expect((await focused(page)).tag).toBe('input');
      await page.keyboard.press('Space');
      expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
      await page.keyboard.press('Tab');
      const last = index === QUIZ_QUESTIONS - 1;
      expect((await focused(page)).text).toBe(last ? 'إنهاء' : 'التالي');
      await page.keyboard.press('Enter');
      if (!last)
        await page.waitForFunction(
          (previous) =>
            (
              globalThis as unknown as { document: { activeElement: HTMLLikeElement | null } }
            ).document.activeElement?.textContent?.trim() !== previous,
          question,
        );
    }
    // 'Finish' → the result.
    await focusOnHeading(page, 'نتيجة الاختبار');
    await context.close();
  });

  test('the phone curriculum drawer is a modal dialog: Tab stays in it, Escape returns to its button', async () => {
    const { context, page } = await phonePlayer();
    await visible(page.getByRole('heading', { level: 1 }));
    const toggle = page.getByRole('button', { name: 'إظهار المنهج' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'محتوى الكورس' }));
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await page.waitForFunction(() =>
      Boolean(
        (
          globalThis as unknown as { document: { activeElement: HTMLLikeElement | null } }
        ).document.activeElement?.closest('[role=dialog]'),
      ),
    );
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog, `Tab ${step + 1} stays in the drawer`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The toggle names the drawer's new state once React has committed the close.
    await expect.poll(async () => (await focused(page)).label).toBe('إظهار المنهج');
    // Shot and checked open, after the keyboard checks: checkScreen's resizes to a laptop and back
    // change the drawer's state, which the focus check above must not depend on.
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog', { name: 'محتوى الكورس' }));
    await checkScreen(page, 'player-drawer');
    await context.close();
  });

  test('at 200 % text size the player controls and the course title fit the phone screen', async () => {
    const { context, page } = await phonePlayer();
    await page.locator('video').waitFor();
    await page.evaluate(() => {
      (
        globalThis as unknown as { document: { documentElement: { style: { fontSize: string } } } }
      ).document.documentElement.style.fontSize = '200%';
    });
    const controls = page.getByTestId('player-controls');
    await page.getByRole('region', { name: 'مشغل الفيديو' }).hover();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as InPage).document
          .querySelector('[data-testid=player-controls]')
          ?.getAttribute('data-visible') === 'true',
    );
    const viewport = page.viewportSize()!;
    const boxes: Record<string, Box> = {};
    for (const [name, locator] of [
      ['play', controls.getByRole('button', { name: /^(تشغيل|إيقاف مؤقت)$/ })],
      ['seek', controls.getByRole('slider', { name: 'شريط التقدم' })],
      ['time', controls.getByTestId('player-time')],
      ['speed', controls.getByRole('combobox')],
      ['fullscreen', controls.getByRole('button', { name: /ملء الشاشة/ })],
    ] as const) {
      const box = await locator.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} inside the screen`).toBeLessThanOrEqual(viewport.width);
      boxes[name] = box!;
    }
    const names = Object.keys(boxes);
    for (const [i, a] of names.entries())
      for (const b of names.slice(i + 1))
        expect(overlaps(boxes[a]!, boxes[b]!), `${a} overlaps ${b}`).toBe(false);
    // The big play icon over the picture does not cross the control bar.
    const overlay = page.getByTestId('play-overlay');
    if (await overlay.isVisible()) {
      const icon = (await overlay.boundingBox())!;
      for (const name of names)
        expect(overlaps(icon, boxes[name]!), `play icon overlaps ${name}`).toBe(false);
    }
    // The course title keeps a readable width (not one letter).
    const title = await page.getByRole('banner').getByTestId('player-title').boundingBox();
    expect(title!.width).toBeGreaterThan(120);
    await page.screenshot({ path: 'e2e/screenshots/player-text-200-360x800.png' });
    await context.close();
  });
});
