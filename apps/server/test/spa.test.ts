// The built web app is served by the API process: pages fall back to index.html (history routing),
// hashed assets are cached for a year, the page itself is revalidated, /api paths never get the page.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
const dist = mkdtempSync(join(tmpdir(), 'lp-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><title>منصة</title></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Pages the web build prerendered (apps/web/build/prerender.ts): `index` is `/`.
  mkdirSync(join(dist, 'pages/grades'), { recursive: true });
  for (const [name, text] of [
    ['index', 'الرئيسية'],
    ['login', 'تسجيل الدخول'],
    ['grades/egypt', 'صفوف مصر'],
  ])
    writeFileSync(
      join(dist, 'pages', `${name}.html`),
      `<html dir="rtl"><div id="root" data-prerendered>${text}</div>`,
    );
  // The build's precompressed twins (vite-plugin-compression2).
  for (const file of ['index.html', 'assets/index-abc123.js']) {
    const path = join(dist, file);
    const original = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(original));
    writeFileSync(`${path}.gz`, gzipSync(original));
  }
  // A flood allowance of 5: static reads must not spend it.
  api = await startTestApi({ env: { WEB_DIST: dist, RATE_LIMIT_MAX: '5' } });
});
afterAll(async () => {
  await api.close();
  rmSync(dist, { recursive: true, force: true });
});

it.each(['/', '/courses/egypt/grade/secondary3', '/course-player/3?unit=0&lesson=1'])(
  'serves the page for %s',
  async (path) => {
    const reply = await api.call('GET', path, { tenant: null, headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('dir="rtl"');
    expect(reply.headers.get('cache-control')).toBe('no-cache');
  },
);

it.each([
  ['/', 'الرئيسية'],
  ['/login', 'تسجيل الدخول'],
  ['/login?from=%2Fmy-lectures', 'تسجيل الدخول'],
  ['/grades/egypt', 'صفوف مصر'],
])('serves the prerendered document for %s', async (path, text) => {
  const reply = await api.call('GET', path, { tenant: null, headers: { accept: 'text/html' } });
  expect(reply.status).toBe(200);
  expect(reply.text).toContain(`data-prerendered>${text}</div>`);
  expect(reply.headers.get('cache-control')).toBe('no-cache');
});

it('serves the client-rendered page where nothing was prerendered', async () => {
  const reply = await api.call('GET', '/register', { tenant: null, headers: { accept: 'text/html' } });
  expect(reply.text).toBe('<!doctype html><html lang="ar" dir="rtl"><title>منصة</title></html>');
});

it('answers HEAD for a page like GET', async () => {
  const reply = await api.call('HEAD', '/my-lectures', { tenant: null });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toContain('text/html');
});

it('caches hashed assets for a year', async () => {
  const reply = await api.call('GET', '/assets/index-abc123.js', { tenant: null });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('never answers an unknown /api path with the page', async () => {
  const reply = await api.call('GET', '/api/nothing-here', { headers: { accept: 'text/html' } });
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ success: false, message: 'Not found', data: null });
});

it.each([
  ['br', 'br'],
  ['gzip, deflate', 'gzip'],
])('sends the precompressed twin for accept-encoding %s', async (accept, encoding) => {
  for (const path of ['/assets/index-abc123.js', '/courses/egypt']) {
    const reply = await api.call('GET', path, { tenant: null, headers: { 'accept-encoding': accept } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-encoding')).toBe(encoding);
    expect(reply.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
  }
});

it('sends the plain file when the client accepts no compression', async () => {
  const reply = await api.call('GET', '/assets/index-abc123.js', {
    tenant: null,
    headers: { 'accept-encoding': 'identity' },
  });
  expect(reply.headers.get('content-encoding')).toBeNull();
  expect(reply.text).toBe('console.log(1)');
});

it('does not count pages and assets against the flood limit, but does count API calls', async () => {
  for (let i = 0; i < 12; i++) {
    const reply = await api.call('GET', i % 2 ? '/assets/index-abc123.js' : '/my-courses', { tenant: null });
    expect(reply.status).toBe(200);
  }
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await api.call('GET', '/api/nothing-here')).status);
  expect(statuses).toContain(429);
});
