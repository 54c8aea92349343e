// Pages that reach the browser already rendered (at build time, or by the server per request) and that
// the app's JavaScript takes over later: how journeys hold that JavaScript back and catch a failed
// takeover.
import type { Page } from 'playwright-core';

/** Errors the page reports: React's hydration mismatches arrive as uncaught errors or console errors. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Opens `path` on a slow network: the app's entry script arrives only once the returned function is
 * called. Waits for the parsed document only: when the boot script starts the entry before the load
 * event (the first paint came first), the held script holds the load event back too.
 */
export async function openWithAppEntryHeld(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return () => release();
}
