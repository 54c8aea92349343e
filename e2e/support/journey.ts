// Small steps the journeys share: contexts with a chosen device id, logging in through the form,
// accounts made through the API, and the per-screen check (RTL, axe, screenshots at both sizes).
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, newContext, screenshotBoth, seriousA11yViolations, settled } from './browser';
import type { InPage } from './in-page';
import type { RunningServer } from './server';

export const TENANT = 'tenant8';
export const DEMO_PASSWORD = 'demo1234';
export const STUDENT = { email: 'student@demo.local', phone: '01000000001', name: 'يوسف أحمد' };
export const NEW_STUDENT = { email: 'new@demo.local', phone: '01000000002', name: 'مريم حسن' };

/**
 * Every journey gets its own browser context. `deviceId` pins the app's device id (the same browser
 * coming back), so an account used by several journeys stays one device of its two allowed ones;
 * without it every context is a new device, as a new phone would be.
 */
export async function openContext(
  browser: Browser,
  server: RunningServer,
  options: {
    viewport?: { width: number; height: number };
    deviceId?: string;
    splashSeen?: boolean;
    userAgent?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, server.url, options.viewport ?? PHONE, options.userAgent);
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  if (options.deviceId) {
    await context.addInitScript((id: string) => {
      const { localStorage } = globalThis as unknown as InPage;
      if (!localStorage.getItem('app_device_id')) localStorage.setItem('app_device_id', id);
    }, options.deviceId);
  }
  if (options.splashSeen) {
    await context.addInitScript(() => {
      const { sessionStorage } = globalThis as unknown as InPage;
      sessionStorage.setItem('splash_seen', '1');
    });
  }
  return context;
}

/** Waits until the URL's path (and, when given, its query) is the expected one. */
export async function waitForPath(page: Page, path: string, search?: Record<string, string>): Promise<void> {
  await page.waitForURL((url) => {
    if (url.pathname !== path) return false;
    return Object.entries(search ?? {}).every(([key, value]) => url.searchParams.get(key) === value);
  });
}

/** Logs in through the login form; by default waits to leave /login. */
export async function fillLogin(page: Page, emailOrMobile: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('البريد الإلكتروني أو رقم الهاتف').fill(emailOrMobile);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
}

export async function login(page: Page, emailOrMobile: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, emailOrMobile, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The home page with its splash over: the splash runs ~1.8 s the first time in a session. */
export async function gotoHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'ذاكر بذكاء، وتفوّق بثقة' }).waitFor();
}

export type Account = { name: string; email: string; phone: string; password: string };

/** A fresh student, registered through the API (the journey under test is elsewhere). */
export async function registerAccount(server: RunningServer, label: string): Promise<Account> {
  const account = freshAccount(label);
  const form = new FormData();
  form.set('UserName', account.name);
  form.set('Email', account.email);
  form.set('Password', account.password);
  form.set('ConfirmPassword', account.password);
  form.set('PhoneNumber', account.phone);
  form.set('ParentPhone', `011${account.phone.slice(3)}`);
  form.set('AcademicYear', 'Secondary3');
  form.set('IsOnline', 'true');
  const response = await fetch(`${server.url}/api/Auth/register`, {
    method: 'POST',
    headers: { 'X-Tenant-ID': TENANT },
    body: form,
  });
  if (!response.ok) throw new Error(`register ${account.email}: ${response.status} ${await response.text()}`);
  return account;
}

export function freshAccount(label: string): Account {
  const digits = String(parseInt(randomBytes(4).toString('hex'), 16) % 10_000_000).padStart(7, '0');
  return {
    name: 'سارة محمود',
    email: `${label}-${randomBytes(3).toString('hex')}@e2e.local`,
    phone: `0120${digits}`,
    password: 'secret-pass-1',
  };
}

/**
 * The check every screen gets: the document is Arabic and right-to-left, axe finds no serious or
 * critical violation (at the phone size and at the desktop size), and both screenshots are saved.
 * Violations are soft failures, so one screen's finding does not hide the next screen's.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const html = await page.evaluate(() => {
    const { document } = globalThis as unknown as InPage;
    return { lang: document.documentElement.lang, dir: document.documentElement.dir };
  });
  expect(html, `<html> on ${name}`).toEqual({ lang: 'ar', dir: 'rtl' });
  // Full-page shots of a scrolled page paint the sticky top bar mid-page.
  await page.evaluate(() => (globalThis as unknown as InPage).scrollTo(0, 0));
  await screenshotBoth(page, name);
  const original = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await settled(page);
    const violations = await seriousA11yViolations(page);
    expect.soft(violations, `serious a11y violations on ${name} at ${size.width}x${size.height}`).toEqual([]);
  }
  await page.setViewportSize(original);
}

/**
 * Resolves once the app has taken over a page the server rendered. Until then a link followed is a
 * full page load and a Tab can land on markup the app is about to replace. The root is React's from
 * the first slice of its render, so wait on the skip link (the first thing every screen renders).
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = (
      globalThis as unknown as { document: { querySelector(selector: string): object | null } }
    ).document.querySelector('a[href="#main"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Resolves once the locator is visible; reads better in a journey than `.waitFor()`. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** The newest mail to an address in the server's outbox (written as the request is answered). */
export async function latestMail(
  server: RunningServer,
  to: string,
  timeoutMs = 5000,
): Promise<{ subject: string; body_text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = server.query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1',
      to,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A key of the page's localStorage. */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as InPage).localStorage.getItem(name), key);
}

/** Counts the requests matching a method and path while `action` runs (and a moment after). */
export function countRequests(page: Page, method: string, path: string): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return { count: () => count };
}
