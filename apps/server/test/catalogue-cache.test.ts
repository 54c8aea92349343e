// The catalogue cache (on in production, off in the other API tests): cached structures serve
// repeated reads, an invalidation is seen at once, and an edit made elsewhere shows within the TTL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAsTenant } from '../src/lib/tenant-context';
import { buildCourse, fourOptions } from './support/catalogue-fixture';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let tenantId: number;
beforeAll(async () => {
  api = await startTestApi({ env: { CATALOGUE_CACHE_MS: '300' } });
  tenantId = (await api.services.tenants.bySlug('tenant8'))!.id;
});
afterAll(async () => {
  await api.close();
});

const lessonNames = async (courseId: number) => {
  const reply = await api.call('GET', `/api/Course/tree?courseid=${courseId}`);
  return reply.body.data.units.flatMap((unit: { lessons: { lessonName: string }[] }) =>
    unit.lessons.map((l) => l.lessonName),
  );
};

it('serves a renamed lesson after invalidation at once, and otherwise within the TTL', async () => {
  const course = await buildCourse(api.db, { tenantId, units: [[{ type: 'Video', name: 'قديم' }]] });
  expect(await lessonNames(course.courseId)).toEqual(['قديم']);
  await api.db
    .updateTable('lessons')
    .set({ name: 'جديد' })
    .where('id', '=', course.lessonIds[0]![0]!)
    .execute();
  expect(await lessonNames(course.courseId)).toEqual(['قديم']);
  api.services.catalogueCache.invalidateCourse(course.courseId);
  expect(await lessonNames(course.courseId)).toEqual(['جديد']);

  await api.db
    .updateTable('lessons')
    .set({ name: 'أحدث' })
    .where('id', '=', course.lessonIds[0]![0]!)
    .execute();
  api.clock.advanceSeconds(0.299);
  expect(await lessonNames(course.courseId)).toEqual(['جديد']);
  api.clock.advanceSeconds(0.002);
  expect(await lessonNames(course.courseId)).toEqual(['أحدث']);
});

it('caches a catalogue page, and an invalidated course refreshes the pages', async () => {
  const course = await buildCourse(api.db, {
    tenantId,
    grade: 'Oman9',
    name: 'قبل',
    units: [[{ type: 'Video' }]],
  });
  const names = async () =>
    (await api.call('GET', '/api/AdminStudent/CourseActive?grade=Oman9')).body.data.courses.map(
      (c: { courseName: string }) => c.courseName,
    );
  expect(await names()).toEqual(['coursesubject:chemistry قبل']);
  await api.db.updateTable('courses').set({ name: 'بعد' }).where('id', '=', course.courseId).execute();
  expect(await names()).toEqual(['coursesubject:chemistry قبل']);
  api.services.catalogueCache.invalidateCourse(course.courseId);
  expect(await names()).toEqual(['coursesubject:chemistry بعد']);
});

it("never serves one tenant's cached course to another tenant", async () => {
  const course = await buildCourse(api.db, {
    tenantId,
    units: [[{ type: 'Quiz', questions: [fourOptions('س')] }]],
  });
  expect((await api.call('GET', `/api/Course/tree?courseid=${course.courseId}`)).status).toBe(200);
  await api.services.tenants.ensure({ slug: 'tenant9', name: 'B', timeZone: 'Africa/Cairo' }, api.clock);
  const other = await api.call('GET', `/api/Course/tree?courseid=${course.courseId}`, { tenant: 'tenant9' });
  expect(other.status).toBe(404);
  expect(other.body.message).toBe('Course details not found.');
});

/** The statements that read the catalogue (a pooled PostgreSQL connection's tenant setting aside). */
const reads = (queries: string[]) => queries.filter((query) => !query.includes('set_config'));

it('loads a structure once for reads that miss it together, and again after an invalidation', async () => {
  const course = await buildCourse(api.db, {
    tenantId,
    units: [[{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س')] }]],
  });
  const cache = api.services.catalogueCache;
  const twenty = () =>
    runAsTenant(tenantId, () =>
      Promise.all(Array.from({ length: 20 }, () => cache.structure(tenantId, course.courseId))),
    );
  const cold = await api.queriesDuring(twenty);
  expect(cold.result.map((structure) => structure?.units.length)).toEqual(Array(20).fill(1));
  // The course row and its units with lessons: one load's two statements, not twenty loads' forty.
  expect(reads(cold.queries)).toHaveLength(2);
  expect(reads((await api.queriesDuring(twenty)).queries)).toHaveLength(0);

  cache.invalidateCourse(course.courseId);
  expect(reads((await api.queriesDuring(twenty)).queries)).toHaveLength(2);
});
