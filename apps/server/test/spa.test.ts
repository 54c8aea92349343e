// The built web app is served by the API process: pages fall back to index.html (history routing),
// hashed assets are cached for a year, the page itself is revalidated, /api paths never get the page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  api = await startTestApi({ env: { WEB_DIST: dist } });
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
