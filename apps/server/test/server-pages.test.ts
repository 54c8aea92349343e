// The public catalogue pages the server renders per request (src/plugins/server-pages.ts), with a
// stand-in for the web build's renderer: the page's reads reach this API in-process, under the web's
// tenant and counted against the visitor's own flood allowance; the page is compressed as the phone
// accepts; a renderer that fails or declines leaves the app's shell, never an error page. The real
// renderer is driven in Chromium by e2e/server-rendered.e2e.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TTL_MAX_MS } from '../src/plugins/server-pages';
import { signedInAdmin } from './support/admin-helpers';
import { buildCourse } from './support/catalogue-fixture';
import { startTestApi, type TestApi } from './support/test-api';

const SHELL = '<!doctype html><html lang="ar" dir="rtl"><title>منصة</title></html>';
const FLOOD_ALLOWANCE = 4;

// What apps/web/src/prerender/render.tsx exports for the server, in miniature.
const RENDERER = `
let transport;
let renders = 0;
export function setServerFetch(next) { transport = next; }
export async function renderServerPage(url) {
  if (url.startsWith('/courses/boom')) throw new Error('the renderer broke');
  if (url.startsWith('/courses/count')) return { name: 'course-list', markup: 'render ' + ++renders, seeds: [] };
  if (!url.startsWith('/courses/grade/')) return null;
  const grade = url.startsWith('/courses/grade/oman10') ? 'Oman10' : 'Oman9';
  const reply = await transport('/api/AdminStudent/CourseActive?grade=' + grade, {
    method: 'GET',
    headers: { Accept: 'application/json', 'X-Tenant-ID': 'tenant8' },
  });
  if (!reply.ok) return null;
  const { data } = await reply.json();
  const names = data.courses
    .map((course) => '<li>' + course.courseName + (course.imagePath ? ' ' + course.imagePath : '') + '</li>')
    .join('');
  return { name: 'course-list', markup: '<ul>' + names + '</ul>', seeds: [[['courses'], data.totalCount, 1]] };
}
export function fillDocument(template, page) {
  return template.replace('<!--page-->', () => page.url + ' ' + page.markup + ' ' + JSON.stringify(page.seeds));
}`;

let api: TestApi;
let image: { courseId: number };
const root = mkdtempSync(join(tmpdir(), 'lp-web-'));
const dist = join(root, 'dist');

beforeAll(async () => {
  mkdirSync(join(dist, 'server-pages'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'server-pages/course-list.html'), '<html dir="rtl"><!--page--></html>');
  writeFileSync(join(root, 'dist-ssr/render.js'), RENDERER);
  // The API tests' default: no catalogue cache, so no page cache either (the last case has both).
  api = await startTestApi({
    env: { WEB_DIST: dist, RATE_LIMIT_MAX: String(FLOOD_ALLOWANCE), TRUST_PROXY: 'true' },
  });
  const tenant = (await api.services.tenants.bySlug('tenant8'))!;
  for (const name of ['الفيزياء', 'الأحياء'])
    await buildCourse(api.db, { tenantId: tenant.id, grade: 'Oman9', name, subject: null, units: [] });
  image = await buildCourse(api.db, { tenantId: tenant.id, grade: 'Oman10', subject: null, units: [] });
  await api.db
    .updateTable('courses')
    .set({ image_path: '/media/courses/physics.svg' })
    .where('id', '=', image.courseId)
    .execute();
});
afterAll(async () => {
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

// Each case comes from its own address: the flood allowance is per address.
let visitor = 0;
const page = (path: string, headers: Record<string, string> = {}) =>
  api.call('GET', path, {
    tenant: null,
    headers: { accept: 'text/html', 'x-forwarded-for': `198.51.100.${++visitor}`, ...headers },
  });

it("renders the page from this API's answers, for the web build's tenant", async () => {
  const reply = await page('/courses/grade/oman9?page=1');
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(reply.headers.get('cache-control')).toBe('no-cache');
  expect(reply.text).toBe(
    '<html dir="rtl">/courses/grade/oman9?page=1 <ul><li>الفيزياء</li><li>الأحياء</li></ul> [[["courses"],2,1]]</html>',
  );
});

// Answers carry absolute media links (issue 18); a page shown on this origin and cached for every
// visitor keeps the paths, whatever host the visitor named.
it('keeps media links as paths in the page, while the API answers them absolute', async () => {
  const reply = await page('/courses/grade/oman10', { host: 'evil.example' });
  expect(reply.status).toBe(200);
  expect(reply.text).toContain('/media/courses/physics.svg</li>');
  expect(reply.text).not.toContain('://');
  const answer = await api.call('GET', '/api/AdminStudent/CourseActive?grade=Oman10');
  expect(answer.body.data.courses[0].imagePath).toBe(`${api.baseUrl}/media/courses/physics.svg`);
});

it.each([
  ['br', 'br'],
  ['gzip, deflate', 'gzip'],
  ['identity', null],
])('compresses the page for accept-encoding %s', async (accept, encoding) => {
  const reply = await page('/courses/grade/oman9', { 'accept-encoding': accept });
  expect(reply.headers.get('content-encoding')).toBe(encoding);
  expect(reply.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
  expect(reply.text).toContain('<li>الفيزياء</li>');
});

it.each(['/courses/boom', '/my-lectures'])(
  'sends the shell where the renderer fails or declines (%s)',
  async (path) => {
    const reply = await page(path);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(SHELL);
  },
);

it("spends the visitor's flood allowance on the page's reads, and then sends the shell", async () => {
  const headers = { 'x-forwarded-for': '203.0.113.7' };
  const texts: string[] = [];
  for (let i = 0; i <= FLOOD_ALLOWANCE; i++) texts.push((await page('/courses/grade/oman9', headers)).text);
  expect(texts.slice(0, FLOOD_ALLOWANCE).every((text) => text.includes('<li>الفيزياء</li>'))).toBe(true);
  expect(texts[FLOOD_ALLOWANCE]).toBe(SHELL);
  // Another visitor's allowance is untouched.
  expect((await page('/courses/grade/oman9')).text).toContain('<li>الفيزياء</li>');
});

describe('with the catalogue cache on', () => {
  let cached: TestApi;
  beforeAll(async () => {
    cached = await startTestApi({ env: { WEB_DIST: dist, CATALOGUE_CACHE_MS: '30000' } });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('keeps a rendered page for every visitor a few seconds, and renders concurrent requests once', async () => {
    const get = (path: string) =>
      cached.call('GET', path, { tenant: null, headers: { 'accept-encoding': 'gzip' } });
    const together = await Promise.all([get('/courses/count-a'), get('/courses/count-a')]);
    const first = together[0].text.replace(/\D/g, '');
    expect(together.map((reply) => reply.text)).toEqual([
      `<html dir="rtl">/courses/count-a render ${first} []</html>`,
      `<html dir="rtl">/courses/count-a render ${first} []</html>`,
    ]);
    expect((await get('/courses/count-a')).text).toContain(`render ${first} `);
    // Another address is another page.
    expect((await get('/courses/count-b')).text).toContain(`render ${Number(first) + 1} `);
    // Kept no longer than PAGE_TTL_MAX_MS, even under a longer catalogue cache.
    cached.clock.advanceSeconds(PAGE_TTL_MAX_MS / 1000 - 0.001);
    expect((await get('/courses/count-a')).text).toContain(`render ${first} `);
    cached.clock.advanceSeconds(0.002);
    expect((await get('/courses/count-a')).text).toContain(`render ${Number(first) + 2} `);
  }, 15_000);

  it("drops its pages when an admin edits the catalogue, so the edit shows on the visitor's next load", async () => {
    const admin = await signedInAdmin(cached);
    const created = await admin.device.call('POST', '/api/Admin/Courses', { json: COURSE });
    expect(created.status).toBe(200);
    const visit = async () => (await cached.call('GET', '/courses/grade/oman9', { tenant: null })).text;
    expect(await visit()).toContain('<li>الكيمياء</li>');
    const renamed = await admin.device.call('PUT', `/api/Admin/Courses/${created.body.data.id}`, {
      json: { ...COURSE, name: 'الكيمياء العضوية' },
    });
    expect(renamed.status).toBe(200);
    // Well inside PAGE_TTL_MAX_MS: only the edit can have made the page stale.
    const seen = await visit();
    expect(seen).toContain('<li>الكيمياء العضوية</li>');
    expect(seen).not.toContain('<li>الكيمياء</li>');
  });
});

const COURSE = {
  name: 'الكيمياء',
  subject: null,
  description: 'وصف الدورة',
  price: 100,
  term: 'First',
  grade: 'Oman9',
  active: true,
  isOpenToAll: false,
  teacherId: null,
};
