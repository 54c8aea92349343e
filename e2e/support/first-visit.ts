// A first visit of the session, as a student's phone sees it (issue 15): whether the first contentful
// paint showed the page's own splash (not a blank screen) and when the home page became usable.
// Shared by the journey (e2e/prerendered.e2e.ts) and `npm run bench:web`.
import type { Page } from 'playwright-core';

export const HOME_HEADING = 'ذاكر بذكاء، وتفوّق بثقة';

type Scope = {
  performance: { now(): number; getEntriesByName(name: string): { startTime: number }[] };
  document: {
    documentElement: {
      hasAttribute(name: string): boolean;
      setAttribute(name: string, value: string): void;
      removeAttribute(name: string): void;
    };
    getElementById(id: string): unknown;
    addEventListener(type: string, listener: () => void): void;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { attributes: boolean; attributeFilter: string[] }): void;
  };
  getComputedStyle(element: unknown): { display: string };
  bootSplash?: { marked: boolean; hiddenAt: number | null };
};

export type FirstVisit = {
  /** The page splash's `display` at the first contentful paint ('flex' when it was painted), or
   * 'not marked' when the page did not show it then. */
  splashAtFirstPaint: string;
  firstPaintMs: number;
  /** From navigation until the home page's heading was visible (the splash gone). */
  usableMs: number;
};

/** Opens `/` in a page whose session has not seen the splash, and measures it. */
export async function firstVisit(page: Page): Promise<FirstVisit> {
  // Recorded by the page itself: whether <html> carried the splash mark once the document was parsed
  // (the boot script sets it; the app's JavaScript starts only after the first paint), and when the
  // app's first render took it away. A paint-timing observer's callback comes too late on a busy
  // machine, and the styles may not be in yet when the document is parsed.
  await page.addInitScript(() => {
    const scope = globalThis as unknown as Scope;
    scope.document.addEventListener('DOMContentLoaded', () => {
      const html = scope.document.documentElement;
      scope.bootSplash = { marked: html.hasAttribute('data-splash'), hiddenAt: null };
      new scope.MutationObserver(() => {
        if (!html.hasAttribute('data-splash')) scope.bootSplash!.hiddenAt ??= scope.performance.now();
      }).observe(html, { attributes: true, attributeFilter: ['data-splash'] });
    });
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor({ state: 'visible' });
  return page.evaluate(() => {
    const scope = globalThis as unknown as Scope;
    const firstPaintMs = scope.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
    const record = scope.bootSplash;
    // What the stylesheet shows while the mark is on.
    const html = scope.document.documentElement;
    const element = scope.document.getElementById('boot-splash');
    html.setAttribute('data-splash', '');
    const display = element ? scope.getComputedStyle(element).display : 'absent';
    html.removeAttribute('data-splash');
    // Painted first: marked before the app ran, and still marked at the first paint.
    const marked =
      record?.marked === true &&
      firstPaintMs >= 0 &&
      (record.hiddenAt === null || record.hiddenAt > firstPaintMs);
    return {
      splashAtFirstPaint: marked ? display : 'not marked',
      firstPaintMs,
      usableMs: scope.performance.now(),
    };
  });
}
