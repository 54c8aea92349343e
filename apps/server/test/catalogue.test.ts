// The public catalogue (API.md, Catalogue): active courses of a grade with paging, the course detail
// and the lesson tree. Every case builds its own courses under a grade no other case uses, because
// the database is shared by the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { buildCourse, fourOptions, type CourseSpec } from './support/catalogue-fixture';
import { startTestApi, TENANT, type TestApi } from './support/test-api';

const COURSE_NOT_FOUND = 'Course details not found.';
const ACTIVE = '/api/AdminStudent/CourseActive';

let api: TestApi;
let tenant: Tenant;
let otherTenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug('tenant8'))!;
  otherTenant = await api.services.tenants.ensure(
    { slug: 'tenant9', name: 'B', timeZone: 'Africa/Cairo' },
    api.clock,
  );
});
afterAll(async () => {
  await api.close();
});

const course = (spec: Partial<CourseSpec> = {}) =>
  buildCourse(api.db, { tenantId: tenant.id, units: [[{ type: 'Video' }]], ...spec });

const activeCourses = (query: string, tenantSlug?: string) =>
  api.call('GET', `${ACTIVE}?${query}`, tenantSlug ? { tenant: tenantSlug } : {});

const ids = (courses: { id: number }[]) => courses.map((c) => c.id);

describe('GET /api/AdminStudent/CourseActive', () => {
  it("lists only this tenant's active courses of the requested grade", async () => {
    const first = await course({ grade: 'Oman5' });
    const second = await course({ grade: 'Oman5' });
    await course({ grade: 'Oman5', active: false });
    await course({ grade: 'Oman6' });
    await buildCourse(api.db, { tenantId: otherTenant.id, grade: 'Oman5', units: [] });

    const reply = await activeCourses('grade=Oman5');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(ids(reply.body.data.courses)).toEqual([first.courseId, second.courseId]);
    expect(reply.body.data).toMatchObject({ totalCount: 2, totalPages: 1, currentPage: 1, pageSize: 10 });
    expect(reply.body.data.courses.every((c: { active: boolean }) => c.active)).toBe(true);
  });

  it('sends the Course shape: subject inside courseName, price in pounds, unit and lesson counts', async () => {
    const built = await course({
      grade: 'Oman10',
      name: 'الكيمياء العضوية',
      subject: 'chemistry',
      priceCents: 4999,
      units: [[{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س١')] }], [{ type: 'Video' }], []],
    });
    const open = await course({
      grade: 'Oman10',
      subject: null,
      name: 'فيزياء',
      priceCents: 0,
      openToAll: true,
      units: [],
    });

    const reply = await activeCourses('grade=Oman10');
    expect(reply.status).toBe(200);
    expect(reply.body.data.courses).toEqual([
      {
        id: built.courseId,
        courseName: 'coursesubject:chemistry الكيمياء العضوية',
        description: 'وصف',
        imagePath: null,
        price: 49.99,
        term: 'First',
        grade: 'Oman10',
        active: true,
        modificationDate: '2026-01-01T00:00:00.000Z',
        isOpenToAll: false,
        unitCount: 3,
        lessonCount: 3,
      },
      {
        id: open.courseId,
        courseName: 'فيزياء',
        description: 'وصف',
        imagePath: null,
        price: 0,
        term: 'First',
        grade: 'Oman10',
        active: true,
        modificationDate: '2026-01-01T00:00:00.000Z',
        isOpenToAll: true,
        unitCount: 0,
        lessonCount: 0,
      },
    ]);
  });

  it('pages with pagenumber and pagesize and reports the totals', async () => {
    const built = [];
    for (let i = 0; i < 12; i++) built.push((await course({ grade: 'Oman8', units: [] })).courseId);

    const third = await activeCourses('grade=Oman8&pagenumber=3&pagesize=5');
    expect(third.status).toBe(200);
    expect(ids(third.body.data.courses)).toEqual(built.slice(10, 12));
    expect(third.body.data).toMatchObject({ totalCount: 12, totalPages: 3, currentPage: 3, pageSize: 5 });

    const second = await activeCourses('grade=Oman8&pagenumber=2&pagesize=5');
    expect(ids(second.body.data.courses)).toEqual(built.slice(5, 10));

    const defaults = await activeCourses('grade=Oman8');
    expect(ids(defaults.body.data.courses)).toEqual(built.slice(0, 10));
    expect(defaults.body.data).toMatchObject({ totalCount: 12, totalPages: 2, currentPage: 1, pageSize: 10 });

    const beyond = await activeCourses('grade=Oman8&pagenumber=9&pagesize=5');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toMatchObject({ courses: [], totalCount: 12, currentPage: 9 });
  });

  it('clamps a page size above 100 to 100', async () => {
    const reply = await activeCourses('grade=Oman8&pagesize=500');
    expect(reply.status).toBe(200);
    expect(reply.body.data.pageSize).toBe(100);
    expect(reply.body.data.totalPages).toBe(1);
    expect(reply.body.data.courses).toHaveLength(reply.body.data.totalCount);
  });

  it.each(['abc', '2.5', '0', '-3'])('refuses pagesize=%s with 400', async (size) => {
    const reply = await activeCourses(`grade=Oman8&pagesize=${size}`);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.data).toBeNull();
    expect(Object.keys(reply.body.errors)).toEqual(['pagesize']);
  });

  it('refuses a non-number pagenumber with 400', async () => {
    const reply = await activeCourses('grade=Oman8&pagenumber=first');
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors)).toEqual(['pagenumber']);
  });

  it.each([
    ['secondary3', 'Secondary3'],
    [' Secondary 3 ', 'Secondary3'],
    ['Grade7', 'Oman7'],
    ['oman 7', 'Oman7'],
  ])('reads the grade %j as %s', async (input, grade) => {
    const built = await course({ grade });
    const reply = await activeCourses(`grade=${encodeURIComponent(input)}`);
    expect(reply.status).toBe(200);
    expect(ids(reply.body.data.courses)).toContain(built.courseId);
    expect(reply.body.data.courses.every((c: { grade: string }) => c.grade === grade)).toBe(true);
  });

  it.each(['Secondary4', 'Grade13', 'chemistry', ''])(
    'refuses the unknown grade %j with 400',
    async (grade) => {
      const reply = await activeCourses(`grade=${grade}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        message: 'Unknown grade',
        data: null,
        errors: { grade: 'Unknown grade' },
      });
    },
  );

  it('refuses a missing grade with 400', async () => {
    const reply = await activeCourses('pagenumber=1');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Unknown grade');
  });

  it('answers a grade without courses with 200 and an empty list', async () => {
    await course({ grade: 'Oman12', active: false });
    const reply = await activeCourses('grade=Oman12');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: { courses: [], totalCount: 0, totalPages: 0, currentPage: 1, pageSize: 10 },
    });
  });

  it("does not show a tenant another tenant's courses", async () => {
    const own = await course({ grade: 'Oman11' });
    const foreign = await buildCourse(api.db, { tenantId: otherTenant.id, grade: 'Oman11', units: [] });
    const reply = await activeCourses('grade=Oman11', 'tenant9');
    expect(ids(reply.body.data.courses)).toEqual([foreign.courseId]);
    expect(ids(reply.body.data.courses)).not.toContain(own.courseId);
  });
});

describe('GET /api/Course/{id}', () => {
  it('returns the course with teacher null when it has none', async () => {
    const built = await course({ priceCents: 12_050, units: [[{ type: 'Video' }, { type: 'Video' }]] });
    const reply = await api.call('GET', `/api/Course/${built.courseId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        id: built.courseId,
        courseName: 'coursesubject:chemistry كيمياء الصف الثالث',
        description: 'وصف',
        imagePath: null,
        price: 120.5,
        term: 'First',
        grade: 'Secondary3',
        active: true,
        modificationDate: '2026-01-01T00:00:00.000Z',
        isOpenToAll: false,
        unitCount: 1,
        lessonCount: 2,
        teacher: null,
      },
    });
  });

  it("returns the course's teacher with name, title and photoUrl", async () => {
    const teacher = await api.db
      .insertInto('teachers')
      .values({
        tenant_id: tenant.id,
        name: 'أ. محمود',
        title: 'مدرس الكيمياء',
        photo_url: '/media/teacher.svg',
        bio: null,
        credentials_json: '["ماجستير"]',
        methods_json: '[]',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const built = await course();
    await api.db
      .updateTable('courses')
      .set({ teacher_id: teacher.id })
      .where('id', '=', built.courseId)
      .execute();

    const reply = await api.call('GET', `/api/Course/${built.courseId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.teacher).toMatchObject({
      name: 'أ. محمود',
      title: 'مدرس الكيمياء',
      photoUrl: `${api.baseUrl}/media/teacher.svg`,
    });
  });

  // Issue 18, difference 6: a client on another origin resolves a path against its own host.
  it('answers media links absolute: from PUBLIC_URL, else from the origin the client used', async () => {
    const built = await course();
    await api.db
      .updateTable('courses')
      .set({ image_path: '/media/courses/chemistry.svg' })
      .where('id', '=', built.courseId)
      .execute();
    const detail = await api.call('GET', `/api/Course/${built.courseId}`);
    expect(detail.body.data.imagePath).toBe(`${api.baseUrl}/media/courses/chemistry.svg`);
    const tree = await api.call('GET', `/api/Course/tree?courseid=${built.courseId}`);
    expect(tree.body.data.imagePath).toBe(`${api.baseUrl}/media/courses/chemistry.svg`);
    const page = await api.call('GET', '/api/AdminStudent/CourseActive?grade=Secondary3&pagesize=100');
    const card = page.body.data.courses.find((c: { id: number }) => c.id === built.courseId);
    expect(card.imagePath).toBe(`${api.baseUrl}/media/courses/chemistry.svg`);
    // A link elsewhere is left as it is.
    await api.db
      .updateTable('courses')
      .set({ image_path: 'https://cdn.example.com/x.png' })
      .where('id', '=', built.courseId)
      .execute();
    expect((await api.call('GET', `/api/Course/${built.courseId}`)).body.data.imagePath).toBe(
      'https://cdn.example.com/x.png',
    );

    const behindProxy = await startTestApi({ env: { PUBLIC_URL: 'https://school.example.eg/' } });
    try {
      const other = await buildCourse(behindProxy.db, {
        tenantId: (await behindProxy.services.tenants.bySlug(TENANT))!.id,
        units: [[{ type: 'Video' }]],
      });
      await behindProxy.db
        .updateTable('courses')
        .set({ image_path: '/media/courses/physics.svg' })
        .where('id', '=', other.courseId)
        .execute();
      const reply = await behindProxy.call('GET', `/api/Course/${other.courseId}`);
      expect(reply.body.data.imagePath).toBe('https://school.example.eg/media/courses/physics.svg');
    } finally {
      await behindProxy.close();
    }
  });

  it('answers 404 for an inactive course, a missing id and another tenant’s course', async () => {
    const inactive = await course({ active: false });
    const foreign = await buildCourse(api.db, { tenantId: otherTenant.id, units: [] });
    for (const id of [inactive.courseId, 999_999, foreign.courseId]) {
      const reply = await api.call('GET', `/api/Course/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: COURSE_NOT_FOUND, data: null });
    }
    // The other tenant sees its own course.
    const own = await api.call('GET', `/api/Course/${foreign.courseId}`, { tenant: 'tenant9' });
    expect(own.status).toBe(200);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3x', '99999999999999999999', '2147483647'])(
    'answers the id %j with 400 or 404, never 500',
    async (id) => {
      const reply = await api.call('GET', `/api/Course/${id}`);
      expect([400, 404]).toContain(reply.status);
      expect(reply.body.success).toBe(false);
    },
  );

  // 2^31 is a safe JavaScript integer but beyond PostgreSQL's integer column type.
  it('answers an id beyond the database integer range with 400 or 404, never 500', async () => {
    for (const path of ['/api/Course/2147483648', '/api/Course/tree?courseid=2147483648']) {
      const reply = await api.call('GET', path);
      expect([400, 404], path).toContain(reply.status);
      expect(reply.body.success).toBe(false);
    }
  });

  it('answers a non-numeric id with 400', async () => {
    const reply = await api.call('GET', '/api/Course/abc');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect(Object.keys(reply.body.errors)).toEqual(['id']);
  });
});

describe('GET /api/Course/tree', () => {
  it('lists units and lessons in course order, without progress', async () => {
    const built = await course({
      units: [
        [
          { type: 'Video', name: 'مقدمة' },
          { type: 'Quiz', name: 'اختبار', questions: [fourOptions('س١')] },
        ],
        [
          { type: 'Video', name: 'الدرس الأول' },
          { type: 'Video', name: 'الدرس الثاني' },
        ],
      ],
    });
    // Reorder: the second unit first, and its two lessons swapped; the tree follows positions, not ids.
    const [u0, u1] = built.unitIds as [number, number];
    await api.db.updateTable('units').set({ position: 5 }).where('id', '=', u0).execute();
    const [l10, l11] = built.lessonIds[1] as [number, number];
    await api.db.updateTable('lessons').set({ position: 9 }).where('id', '=', l10).execute();

    const reply = await api.call('GET', `/api/Course/tree?courseid=${built.courseId}`);
    expect(reply.status).toBe(200);
    // Issue 18, difference 5: the Course's own fields come with the units (existing clients read
    // `price.toFixed` from this answer), the same as the course detail's without its teacher.
    const { teacher: _teacher, ...courseFields } = (await api.call('GET', `/api/Course/${built.courseId}`))
      .body.data;
    expect(courseFields).toMatchObject({ unitCount: 2, lessonCount: 4, active: true, isOpenToAll: false });
    expect(typeof courseFields.price).toBe('number');
    const lesson = (id: number, lessonName: string, type: 'Video' | 'Quiz') => ({
      id,
      lessonName,
      type,
      isCompleted: false,
      isQuizSubmitted: false,
      isQuizPassed: true,
      titel: type === 'Quiz' ? 'اختبار قصير' : null,
    });
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        ...courseFields,
        id: built.courseId,
        courseName: 'coursesubject:chemistry كيمياء الصف الثالث',
        units: [
          {
            id: u1,
            unitName: 'الوحدة 2',
            unitTitle: 'عنوان',
            lessons: [lesson(l11, 'الدرس الثاني', 'Video'), lesson(l10, 'الدرس الأول', 'Video')],
          },
          {
            id: u0,
            unitName: 'الوحدة 1',
            unitTitle: 'عنوان',
            lessons: [
              lesson(built.lessonIds[0]![0]!, 'مقدمة', 'Video'),
              lesson(built.lessonIds[0]![1]!, 'اختبار', 'Quiz'),
            ],
          },
        ],
      },
    });
  });

  it('sends lesson names and types only: no video URL, questions or answers', async () => {
    const built = await course({
      units: [[{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س١')] }]],
    });
    const reply = await api.call('GET', `/api/Course/tree?courseid=${built.courseId}`);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('sample-lesson.mp4');
    expect(reply.text).not.toContain('questions');
    expect(reply.text).not.toContain('isCorrect');
  });

  it("answers 404 for another tenant's course, an inactive course and a missing id", async () => {
    const foreign = await buildCourse(api.db, { tenantId: otherTenant.id, units: [[{ type: 'Video' }]] });
    const inactive = await course({ active: false });
    for (const id of [foreign.courseId, inactive.courseId, 999_999]) {
      const reply = await api.call('GET', `/api/Course/tree?courseid=${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: COURSE_NOT_FOUND, data: null });
    }
  });

  it.each(['abc', '', '0'])('answers courseid=%j with 400', async (id) => {
    const reply = await api.call('GET', `/api/Course/tree?courseid=${id}`);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
  });

  it('answers a missing courseid with 400', async () => {
    const reply = await api.call('GET', '/api/Course/tree');
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
  });
});
