// Debian's Chromium driven by playwright-core (no browser download), screenshots at the two sizes we
// look at, and an accessibility check with axe on every screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

export const PHONE = { width: 360, height: 800 };
export const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = join(import.meta.dirname, '../screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** `userAgent` makes the browser another kind of device (the device list names them by it). */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport = PHONE,
  userAgent?: string,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    ...(userAgent ? { userAgent } : {}),
  });
}

/**
 * Laid out and still: two animation frames have passed (a resize is laid out), and the transitions and
 * finite animations running then have finished (a drawer fading in after a resize would otherwise be
 * shot, or checked for contrast, half transparent). Endless ones (a spinner) are not waited for, and
 * nothing is waited for longer than two seconds.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    type Running = {
      finished: Promise<unknown>;
      effect: { getComputedTiming(): { iterations?: number } } | null;
    };
    const scope = globalThis as unknown as {
      requestAnimationFrame: (callback: () => void) => void;
      document: { getAnimations?: () => Running[] };
    };
    await new Promise<void>((resolve) =>
      scope.requestAnimationFrame(() => scope.requestAnimationFrame(resolve)),
    );
    const finite = (scope.document.getAnimations?.() ?? []).filter(
      (animation) => animation.effect?.getComputedTiming().iterations !== Infinity,
    );
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Saves the page as <name>-360x800.png and <name>-1280x800.png, restoring the viewport after. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({
      path: join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(original);
}

/** Serious and critical axe violations on the page (an empty list is the pass). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
