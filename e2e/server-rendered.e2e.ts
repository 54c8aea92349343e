// Issue 5, phones: the course list and a course arrive rendered by the server with the API's answers
// (apps/server/src/plugins/server-pages.ts, apps/web/src/prerender/server-pages.ts). The page is
// readable before the app's JavaScript has arrived; the app then takes it over without an error and
// without asking the API again; anything the server does not render still works as before.
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectErrors, openWithAppEntryHeld } from './support/app-entry';
import { launchBrowser } from './support/browser';
import { STUDENT, appHasTakenOver, checkScreen, login, openContext, visible } from './support/journey';
import { startServer, type RunningServer } from './support/server';
import { splitDocument } from './support/split-document';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_MAX: '100000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LIST = '/courses/egypt/grade/secondary3';
const LIST_TITLE = 'كورسات الصف الثالث الثانوي';
const CHEMISTRY = 'الكيمياء — الصف الثالث الثانوي';

/** The catalogue reads the browser itself makes (the server's own reads never reach it). */
function catalogueReads(requests: Request[]): string[] {
  return requests
    .map((request) => new URL(request.url()).pathname)
    .filter((path) => /^\/api\/(AdminStudent\/CourseActive|Course\/)/.test(path));
}

/** The id of the chemistry course, from the list page's link to it. */
async function chemistryId(): Promise<number> {
  const html = await (await fetch(`${server.url}${LIST}`)).text();
  return Number(new RegExp(`href="/courses/(\\d+)"[^>]*>(?:(?!</a>).)*${CHEMISTRY}`, 's').exec(html)?.[1]);
}

describe('server-rendered catalogue pages', () => {
  test('the course list is in the HTML, with its title and the answers it was rendered from', async () => {
    const reply = await fetch(`${server.url}${LIST}?page=1`);
    const html = await reply.text();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain(`<div id="root" data-prerendered="${LIST}?page=1">`);
    expect(html).toMatch(
      new RegExp(`<head>[\\s\\S]*<title>${LIST_TITLE} — منصة التعلم</title>[\\s\\S]*</head>`),
    );
    expect(html).toContain(CHEMISTRY);
    const seeds = JSON.parse(
      /<script type="application\/json" id="query-seeds">(.*?)<\/script>/.exec(html)![1]!,
    );
    expect(seeds[0][0]).toEqual(['courses', { grade: 'Secondary3', page: 1 }]);
    expect(seeds[0][1].courses.map((course: { courseName: string }) => course.courseName)).toEqual(
      expect.arrayContaining([expect.stringContaining(CHEMISTRY)]),
    );
    // The parser waits on no script: the app starts after the first paint.
    expect(html).not.toMatch(/<script type="module"|modulepreload|<script>/);
  });

  test('a visitor reads the course list before the app has arrived; the app then filters it', async () => {
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const release = await openWithAppEntryHeld(page, LIST);
    await visible(page.getByRole('heading', { level: 1, name: LIST_TITLE }));
    const cards = page.getByRole('main').getByRole('article');
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(3);
    await visible(page.getByRole('link', { name: CHEMISTRY }));
    await checkScreen(page, 'course-list-before-the-app');

    release();
    // Taken over: the subject chips filter on the client (a click before that reaches inert markup).
    await appHasTakenOver(page);
    const chips = page.getByRole('group', { name: 'تصفية حسب المادة' });
    await chips.getByRole('button', { name: 'كيمياء', exact: true }).click();
    await expect.poll(() => cards.count()).toBeLessThan(total);
    expect(catalogueReads(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a visitor reads a course and its curriculum before the app has arrived; the tabs then work', async () => {
    const id = await chemistryId();
    expect(id).toBeGreaterThan(0);
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const release = await openWithAppEntryHeld(page, `/courses/${id}`);
    await visible(page.getByRole('heading', { level: 1, name: CHEMISTRY }));
    expect(await page.title()).toBe(`${CHEMISTRY} — منصة التعلم`);
    // The first unit's lessons, from the course's tree.
    await visible(page.getByText('موقع العناصر الانتقالية في الجدول الدوري'));
    await visible(page.getByRole('link', { name: 'اشترك في الكورس' }));
    // The school's WhatsApp, from the contact answer the page was rendered with.
    expect(await page.getByRole('link', { name: /تواصل مع المشرف/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await checkScreen(page, 'course-detail-before-the-app');

    release();
    await appHasTakenOver(page);
    const tabs = page.getByRole('tablist', { name: 'أقسام الكورس' });
    await tabs.getByRole('tab', { name: 'نظرة عامة' }).click();
    await visible(page.getByRole('heading', { name: 'عن الكورس' }));
    expect(catalogueReads(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the app takes a course page over only once the whole page has arrived, however early it runs', async () => {
    const id = await chemistryId();
    // The page stops after its main content: the footer and the answers it was rendered from are
    // still on their way when the app's JavaScript (started after the first paint) has arrived.
    const proxy = await splitDocument(server.url, `/courses/${id}`, '<footer');
    const context = await openContext(browser, { ...server, url: proxy.url }, { splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const screenChunk = page.waitForResponse(/\/assets\/course-detail-[^/]+\.js$/);
    await page.goto(`/courses/${id}`, { waitUntil: 'commit' });
    await visible(page.getByRole('heading', { level: 1, name: CHEMISTRY }));
    await screenChunk;
    // Time for the app to have run, had it not waited for the rest of the page.
    await page.waitForTimeout(1000);
    proxy.sendRest();

    await page.getByRole('tablist', { name: 'أقسام الكورس' }).getByRole('tab', { name: 'نظرة عامة' }).click();
    await visible(page.getByRole('heading', { name: 'عن الكورس' }));
    expect(errors).toEqual([]);
    expect(catalogueReads(requests)).toEqual([]);
    await context.close();
    await proxy.close();
  });

  test("on a phone's slow CPU, a course page is taken over without an error", async () => {
    const id = await chemistryId();
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    // Lighthouse's mobile CPU: the app's frame is taken over, and its first requests answered, long
    // before the screen inside it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Hands off until the page is quiet: a click would make React take the screen over at once.
    await page.goto(`/courses/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('tablist', { name: 'أقسام الكورس' }).getByRole('tab', { name: 'نظرة عامة' }).click();
    await visible(page.getByRole('heading', { name: 'عن الكورس' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a signed-in student opening an enrolled course directly is offered to continue it', async () => {
    const id = await chemistryId();
    const context = await openContext(browser, server, { deviceId: 'e2e-server-pages', splashSeen: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await login(page, STUDENT.email);
    await page.goto(`/courses/${id}`);
    await visible(page.getByRole('link', { name: 'متابعة الكورس' }));
    expect(await page.getByRole('link', { name: 'اشترك في الكورس' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test.each([
    // No such course: the server renders nothing and the app says so.
    ['/courses/987654', 'تفاصيل الكورس غير موجودة'],
    // A grade written another way: the app sends it to the canonical list.
    ['/courses/egypt/grade/3', LIST_TITLE],
    // A grade the country does not have (issue 15): not found, not silently Secondary 1.
    ['/courses/egypt/grade/secondary9', 'الصفحة غير موجودة'],
  ])('%s is left to the app', async (path, heading) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).not.toContain('data-prerendered');
    const context = await openContext(browser, server, { splashSeen: true });
    const page = await context.newPage();
    await page.goto(path);
    await visible(page.getByRole('heading', { name: heading }));
    await context.close();
  });
});
