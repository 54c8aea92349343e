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

/** Saves the page as <name>-360x800.png and <name>-1280x800.png, restoring the viewport after. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Laid out at the new size: two animation frames have passed since the resize.
    await page.evaluate(() => {
      const scope = globalThis as unknown as { requestAnimationFrame: (callback: () => void) => void };
      return new Promise<void>((resolve) =>
        scope.requestAnimationFrame(() => scope.requestAnimationFrame(resolve)),
      );
    });
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
