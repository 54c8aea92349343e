// Administration, courses (API.md "Administration"; contract admin.ts): who may call /api/Admin, the
// course list and tree, create / edit / activate / delete, the course image, and that students see
// an edit at once even with the catalogue cache on.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_LIMITS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import {
  ADMINS_ONLY,
  adminSuite,
  auditRows,
  failure,
  FILES,
  OTHER_TENANT,
  signedInAdmin,
  signedInStudent,
  upload,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { startTestApi, TENANT, type TestApi } from './support/test-api';

const COURSE_NOT_FOUND = 'Course not found.';

let teacherId: number;
let otherTeacherId: number;

async function addTeacher(tenantId: number, name: string) {
  const row = await api.db
    .insertInto('teachers')
    .values({
      tenant_id: tenantId,
      name,
      title: 'مدرس الكيمياء',
      photo_url: null,
      bio: null,
      credentials_json: '[]',
      methods_json: '[]',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(async () => {
  ({ api, tenant, admin, student, other } = suite);
  teacherId = await addTeacher(tenant.id, 'أ. سامي');
  otherTeacherId = await addTeacher(other.tenant.id, 'أ. غريب');
});

const course = (overrides: Record<string, unknown> = {}) => ({
  name: 'فيزياء الصف الثالث',
  subject: 'physics',
  description: 'وصف الدورة',
  price: 150.5,
  term: 'First',
  grade: 'Secondary3',
  active: true,
  isOpenToAll: false,
  teacherId: null,
  ...overrides,
});

const createCourse = async (overrides: Record<string, unknown> = {}) => {
  const reply = await admin.device.call('POST', '/api/Admin/Courses', { json: course(overrides) });
  expect(reply.status).toBe(200);
  return reply.body.data as { id: number; name: string };
};

/** Every course endpoint, with a valid body, for the access rules. */
const courseEndpoints = (id: number): [string, string, unknown?][] => [
  ['GET', '/api/Admin/Me'],
  ['GET', '/api/Admin/Teachers'],
  ['GET', '/api/Admin/Courses'],
  ['GET', `/api/Admin/Courses/${id}`],
  ['POST', '/api/Admin/Courses', course()],
  ['PUT', `/api/Admin/Courses/${id}`, course()],
  ['POST', `/api/Admin/Courses/${id}/Active`, { active: false }],
  ['DELETE', `/api/Admin/Courses/${id}`],
];

describe('who may call /api/Admin', () => {
  it('refuses every course endpoint without a token (401), to a student (403) and to another school’s admin (401)', async () => {
    const built = await buildCourse(api.db, { tenantId: tenant.id, units: [[{ type: 'Video' }]] });
    const otherAdmin = await signedInAdmin(api, OTHER_TENANT);
    for (const [method, path, json] of courseEndpoints(built.courseId)) {
      const anonymous = await api.call(method, path, json === undefined ? {} : { json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const asStudent = await student.device.call(method, path, json === undefined ? {} : { json });
      expect(asStudent.status, `${method} ${path}`).toBe(403);
      expect(asStudent.body).toEqual(failure(ADMINS_ONLY));
      // A token is bound to its school: another school's admin is not signed in here.
      const foreign = await api.call(method, path, {
        deviceId: otherAdmin.device.deviceId,
        token: otherAdmin.device.token,
        ...(json === undefined ? {} : { json }),
      });
      expect(foreign.status, `${method} ${path}`).toBe(401);
    }
    // Nothing was changed by the refused calls.
    const row = await api.db
      .selectFrom('courses')
      .select(['active'])
      .where('id', '=', built.courseId)
      .executeTakeFirst();
    expect(row).toEqual({ active: 1 });
  });

  it('tells an admin who they are, with the school name', async () => {
    const reply = await admin.device.call('GET', '/api/Admin/Me');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: { id: admin.id, name: admin.name, tenantName: tenant.name },
    });
  });
});

describe('GET /api/Admin/Teachers', () => {
  it("lists this school's teachers only", async () => {
    const reply = await admin.device.call('GET', '/api/Admin/Teachers');
    expect(reply.status).toBe(200);
    expect(reply.body.data.teachers).toEqual([{ id: teacherId, name: 'أ. سامي', title: 'مدرس الكيمياء' }]);
  });
});

describe('POST /api/Admin/Courses', () => {
  it('creates the course with the values given and answers its card', async () => {
    const reply = await admin.device.call('POST', '/api/Admin/Courses', {
      json: course({ name: '  كيمياء عضوية  ', price: 99.99, teacherId, isOpenToAll: true, term: 'Second' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Course created');
    const data = reply.body.data;
    expect(data).toMatchObject({
      name: 'كيمياء عضوية',
      subject: 'physics',
      description: 'وصف الدورة',
      imagePath: null,
      price: 99.99,
      term: 'Second',
      grade: 'Secondary3',
      active: true,
      isOpenToAll: true,
      teacherId,
      unitCount: 0,
      lessonCount: 0,
      enrolledCount: 0,
    });
    const row = await api.db
      .selectFrom('courses')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: tenant.id,
      price_cents: 9999,
      open_to_all: 1,
      teacher_id: teacherId,
    });
  });

  it.each([
    [{ name: '' }, 'Course name is required', 'name'],
    [{ name: undefined }, 'Course name is required', 'name'],
    [{ name: 'x'.repeat(201) }, 'Course name must be at most 200 characters', 'name'],
    [{ price: -1 }, 'Price cannot be negative', 'price'],
    [{ price: 10.555 }, 'Price has at most two decimals', 'price'],
    [{ price: '100' }, 'Price must be a number', 'price'],
    [{ term: 'Winter' }, 'Unknown term', 'term'],
    [{ grade: 'Grade13' }, 'Unknown grade', 'grade'],
  ])('refuses %j with 400 and the field’s message', async (change, message, field) => {
    const before = await api.db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const reply = await admin.device.call('POST', '/api/Admin/Courses', { json: course(change) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message, data: null });
    expect(reply.body.errors[field]).toBe(message);
    const after = await api.db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('ignores fields the contract does not name (a tenant_id cannot move the course) and refuses malformed JSON', async () => {
    const unknown = await admin.device.call('POST', '/api/Admin/Courses', {
      json: { ...course({ name: 'دخيلة' }), tenant_id: other.tenant.id, tenantId: other.tenant.id },
    });
    expect(unknown.status).toBe(200);
    const row = await api.db
      .selectFrom('courses')
      .select('tenant_id')
      .where('id', '=', unknown.body.data.id)
      .executeTakeFirst();
    expect(row?.tenant_id).toBe(tenant.id);
    const malformed = await admin.device.call('POST', '/api/Admin/Courses', { rawBody: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(failure('Malformed JSON body'));
  });

  it("answers 404 for another school's teacher and creates nothing", async () => {
    const reply = await admin.device.call('POST', '/api/Admin/Courses', {
      json: course({ name: 'لا تنشأ', teacherId: otherTeacherId }),
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure('Teacher not found.'));
    const rows = await api.db.selectFrom('courses').select('id').where('name', '=', 'لا تنشأ').execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /api/Admin/Courses', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    // A school of its own, so the counts below are exactly these courses.
    await api.services.tenants.ensure({ slug: 'listing', name: 'L', timeZone: 'Africa/Cairo' }, api.clock);
  });

  it('searches name and subject, filters grade, term and active, pages newest first', async () => {
    const listing = await signedInAdmin(api, 'listing');
    const make = async (json: Record<string, unknown>) =>
      (await listing.device.call('POST', '/api/Admin/Courses', { json: course(json) })).body.data
        .id as number;
    ids = {
      algebra: await make({ name: 'جبر', subject: 'math', grade: 'Secondary1', term: 'First' }),
      geometry: await make({
        name: 'هندسة',
        subject: 'math',
        grade: 'Secondary1',
        term: 'Second',
        active: false,
      }),
      chemistry: await make({ name: 'كيمياء', subject: 'chemistry', grade: 'Oman7', term: 'First' }),
    };
    const list = async (query: string) => {
      const reply = await listing.device.call('GET', `/api/Admin/Courses?${query}`);
      expect(reply.status).toBe(200);
      return reply.body.data;
    };
    const all = await list('');
    expect(all.courses.map((c: { id: number }) => c.id)).toEqual([ids.chemistry, ids.geometry, ids.algebra]);
    expect(all).toMatchObject({ totalCount: 3, totalPages: 1, currentPage: 1, pageSize: 10 });
    expect((await list('search=MATH')).courses.map((c: { id: number }) => c.id)).toEqual([
      ids.geometry,
      ids.algebra,
    ]);
    expect(
      (await list(`search=${encodeURIComponent('كيمي')}`)).courses.map((c: { id: number }) => c.id),
    ).toEqual([ids.chemistry]);
    expect((await list('grade=Secondary1&term=Second')).courses.map((c: { id: number }) => c.id)).toEqual([
      ids.geometry,
    ]);
    expect((await list('active=false')).courses.map((c: { id: number }) => c.id)).toEqual([ids.geometry]);
    expect((await list('search=%25')).totalCount).toBe(0);
    const page2 = await list('pageSize=2&pageNumber=2');
    expect(page2).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 2, pageSize: 2 });
    expect(page2.courses.map((c: { id: number }) => c.id)).toEqual([ids.algebra]);
  });

  it('counts units, lessons and enrolled students', async () => {
    const built = await buildCourse(api.db, {
      tenantId: tenant.id,
      name: 'عدادات',
      units: [[{ type: 'Video' }, { type: 'Video' }], [{ type: 'Quiz', questions: [fourOptions('س')] }]],
    });
    await api.db
      .insertInto('enrollments')
      .values({
        tenant_id: tenant.id,
        user_id: student.id,
        course_id: built.courseId,
        enrolled_at: '2026-01-01T00:00:00.000Z',
        source: 'admin',
        code_id: null,
      })
      .execute();
    const reply = await admin.device.call('GET', `/api/Admin/Courses?search=${encodeURIComponent('عدادات')}`);
    expect(reply.body.data.courses).toEqual([
      expect.objectContaining({ id: built.courseId, unitCount: 2, lessonCount: 3, enrolledCount: 1 }),
    ]);
  });

  it.each([
    ['grade=Grade13', 'grade'],
    ['active=yes', 'active'],
    ['pageNumber=0', 'pageNumber'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with 400', async (query, field) => {
    const reply = await admin.device.call('GET', `/api/Admin/Courses?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(Object.keys(reply.body.errors)).toContain(field);
  });
});

describe('GET /api/Admin/Courses/{id}', () => {
  it('answers the course with its units and lessons in order, with question counts', async () => {
    const built = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [
        [
          { type: 'Video', name: 'مقدمة' },
          { type: 'Quiz', name: 'اختبار', questions: [fourOptions('أ'), fourOptions('ب')] },
        ],
        [],
      ],
    });
    const reply = await admin.device.call('GET', `/api/Admin/Courses/${built.courseId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ id: built.courseId, unitCount: 2, lessonCount: 2 });
    expect(reply.body.data.units).toEqual([
      {
        id: built.unitIds[0],
        name: 'الوحدة 1',
        title: 'عنوان',
        position: 1,
        lessons: [
          { id: built.lessonIds[0]![0], name: 'مقدمة', type: 'Video', position: 1, questionCount: 0 },
          { id: built.lessonIds[0]![1], name: 'اختبار', type: 'Quiz', position: 2, questionCount: 2 },
        ],
      },
      { id: built.unitIds[1], name: 'الوحدة 2', title: 'عنوان', position: 2, lessons: [] },
    ]);
  });

  it("answers 404 for another school's course and 400 for an id that is not one", async () => {
    const foreign = await admin.device.call('GET', `/api/Admin/Courses/${other.course.courseId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(COURSE_NOT_FOUND));
    const bad = await admin.device.call('GET', '/api/Admin/Courses/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const huge = await admin.device.call('GET', '/api/Admin/Courses/99999999999');
    expect(huge.status).toBe(400);
  });
});

describe('PUT /api/Admin/Courses/{id}', () => {
  it('replaces the fields and students see the new name on the course page', async () => {
    const { id } = await createCourse();
    const reply = await admin.device.call('PUT', `/api/Admin/Courses/${id}`, {
      json: course({ name: 'اسم جديد', subject: null, price: 0, grade: 'Oman12', term: 'Summer', teacherId }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      id,
      name: 'اسم جديد',
      subject: null,
      price: 0,
      grade: 'Oman12',
      term: 'Summer',
      teacherId,
    });
    const seen = await student.device.call('GET', `/api/Course/${id}`);
    expect(seen.body.data).toMatchObject({ id, courseName: 'اسم جديد', price: 0, grade: 'Oman12' });
  });

  it('answers 400 for a bad body and 404 for another school’s course, changing nothing', async () => {
    const { id } = await createCourse({ name: 'ثابت' });
    const bad = await admin.device.call('PUT', `/api/Admin/Courses/${id}`, { json: course({ grade: 'x' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown grade');
    const foreign = await admin.device.call('PUT', `/api/Admin/Courses/${other.course.courseId}`, {
      json: course(),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(COURSE_NOT_FOUND));
    const foreignTeacher = await admin.device.call('PUT', `/api/Admin/Courses/${id}`, {
      json: course({ teacherId: otherTeacherId }),
    });
    expect(foreignTeacher.status).toBe(404);
    const row = await api.db
      .selectFrom('courses')
      .select(['name', 'teacher_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'ثابت', teacher_id: null });
    const untouched = await api.db
      .selectFrom('courses')
      .select('name')
      .where('id', '=', other.course.courseId)
      .executeTakeFirst();
    expect(untouched?.name).not.toBe('فيزياء الصف الثالث');
  });
});

describe('POST /api/Admin/Courses/{id}/Active', () => {
  it('hides a course from the catalogue and shows it again', async () => {
    const { id } = await createCourse({ grade: 'Oman9' });
    const listed = async () =>
      (await student.device.call('GET', '/api/AdminStudent/CourseActive?grade=Oman9')).body.data.courses.map(
        (c: { id: number }) => c.id,
      );
    expect(await listed()).toContain(id);
    const off = await admin.device.call('POST', `/api/Admin/Courses/${id}/Active`, {
      json: { active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    expect(await listed()).not.toContain(id);
    expect((await student.device.call('GET', `/api/Course/${id}`)).status).toBe(404);
    const on = await admin.device.call('POST', `/api/Admin/Courses/${id}/Active`, { json: { active: true } });
    expect(on.body.data.active).toBe(true);
    expect(await listed()).toContain(id);
  });

  it('answers 400 without a boolean and 404 for another school’s course', async () => {
    const { id } = await createCourse();
    const bad = await admin.device.call('POST', `/api/Admin/Courses/${id}/Active`, {
      json: { active: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('active must be true or false');
    const foreign = await admin.device.call('POST', `/api/Admin/Courses/${other.course.courseId}/Active`, {
      json: { active: false },
    });
    expect(foreign.status).toBe(404);
    const row = await api.db
      .selectFrom('courses')
      .select('active')
      .where('id', '=', other.course.courseId)
      .executeTakeFirst();
    expect(row?.active).toBe(1);
  });
});

describe('DELETE /api/Admin/Courses/{id}', () => {
  const countOf = async (built: BuiltCourse) => {
    const { db } = api;
    const lessonIds = built.lessonIds.flat();
    const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
      Number((await query.executeTakeFirstOrThrow()).n);
    return {
      courses: await n(
        db
          .selectFrom('courses')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', '=', built.courseId),
      ),
      units: await n(
        db
          .selectFrom('units')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('course_id', '=', built.courseId),
      ),
      lessons: await n(
        db
          .selectFrom('lessons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', 'in', lessonIds),
      ),
      questions: await n(
        db
          .selectFrom('quiz_questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('lesson_id', 'in', lessonIds),
      ),
      answers: await n(
        db
          .selectFrom('quiz_answers')
          .innerJoin('quiz_questions', 'quiz_questions.id', 'quiz_answers.question_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('quiz_questions.lesson_id', 'in', lessonIds),
      ),
      codes: await n(
        db
          .selectFrom('enrollment_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('course_id', '=', built.courseId),
      ),
      unitCodes: await n(
        db
          .selectFrom('unit_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('unit_id', 'in', built.unitIds),
      ),
    };
  };
  const twoUnits = () =>
    buildCourse(api.db, {
      tenantId: tenant.id,
      units: [
        [{ type: 'Video' }, { type: 'Quiz', questions: [fourOptions('س'), fourOptions('ص')] }],
        [{ type: 'Video' }],
      ],
    });
  const codesFor = (built: BuiltCourse) =>
    Promise.all([
      issueCodes(api.db, {
        tenantId: tenant.id,
        target: { table: 'enrollment_codes', courseId: built.courseId },
        count: 3,
        now: api.clock.now(),
      }),
      issueCodes(api.db, {
        tenantId: tenant.id,
        target: { table: 'unit_codes', unitId: built.unitIds[0]! },
        count: 2,
        now: api.clock.now(),
      }),
    ]);

  it('refuses 409 while a student is enrolled, and deletes nothing', async () => {
    const built = await twoUnits();
    const [codes] = await codesFor(built);
    const enrol = await student.device.call(
      'POST',
      `/api/Student/add-course-by-code?Code=${codes[0]}&StudentId=${student.id}`,
    );
    expect(enrol.status).toBe(200);
    const before = await countOf(built);
    expect(before).toEqual({
      courses: 1,
      units: 2,
      lessons: 3,
      questions: 2,
      answers: 8,
      codes: 3,
      unitCodes: 2,
    });

    const reply = await admin.device.call('DELETE', `/api/Admin/Courses/${built.courseId}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(
      failure(
        'This course cannot be deleted while students use it (enrolled: 1, codes used: 1, units unlocked: 0). Deactivate it instead.',
      ),
    );
    expect(await countOf(built)).toEqual(before);
    expect(
      (await student.device.call('GET', `/api/Course/tree-course-with-progress?courseid=${built.courseId}`))
        .status,
    ).toBe(200);
  });

  it('refuses 409 when a unit code of it was used (the student unlocked a unit without enrolling)', async () => {
    const built = await twoUnits();
    const [, unitCodes] = await codesFor(built);
    const unlock = await student.device.call('POST', `/api/UnitCode/EnterCode?code=${unitCodes[0]}`);
    expect(unlock.status).toBe(200);
    const reply = await admin.device.call('DELETE', `/api/Admin/Courses/${built.courseId}`);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain('codes used: 1, units unlocked: 1');
    expect((await countOf(built)).units).toBe(2);
  });

  it('deletes an unused course with its units, lessons, questions, answers and codes, and audits it', async () => {
    const built = await twoUnits();
    await codesFor(built);
    const reply = await admin.device.call('DELETE', `/api/Admin/Courses/${built.courseId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Course deleted', data: null });
    expect(await countOf(built)).toEqual({
      courses: 0,
      units: 0,
      lessons: 0,
      questions: 0,
      answers: 0,
      codes: 0,
      unitCodes: 0,
    });
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'course.delete',
      target_type: 'course',
      target_id: built.courseId,
      summary: 'حُذف الكورس «كيمياء الصف الثالث»',
    });
    expect((await admin.device.call('GET', `/api/Admin/Courses/${built.courseId}`)).status).toBe(404);
  });

  it("answers 404 for another school's course and leaves it", async () => {
    const reply = await admin.device.call('DELETE', `/api/Admin/Courses/${other.course.courseId}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(COURSE_NOT_FOUND));
    expect((await countOf(other.course)).lessons).toBe(2);
    const bad = await admin.device.call('DELETE', '/api/Admin/Courses/0');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/Admin/Courses/{id}/Image', () => {
  it('stores a PNG, serves it publicly and replaces (and removes) the previous image', async () => {
    const { id } = await createCourse();
    const first = await upload(api, admin.device, `/api/Admin/Courses/${id}/Image`, FILES.png, {
      name: 'a.png',
      type: 'image/png',
    });
    expect(first.status).toBe(200);
    const path = first.body.data.imagePath as string;
    expect(path).toMatch(/^\/api\/files\/images\/\d+-[0-9a-f]{32}\.png$/);
    const image = await fetch(`${api.baseUrl}${path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(FILES.png)).toBe(true);
    // The student's answer carries it absolute (issue 18, difference 6); the admin's keeps the path.
    expect((await student.device.call('GET', `/api/Course/${id}`)).body.data.imagePath).toBe(
      `${api.baseUrl}${path}`,
    );

    // A JPEG sent as "image/png" named .png is stored as what its bytes are.
    const second = await upload(api, admin.device, `/api/Admin/Courses/${id}/Image`, FILES.jpg, {
      name: 'b.png',
      type: 'image/png',
    });
    expect(second.status).toBe(200);
    expect(second.body.data.imagePath).toMatch(/\.jpg$/);
    expect((await fetch(`${api.baseUrl}${path}`)).status).toBe(404);
    const stored = join(api.services.config.dataDir, 'uploads', 'public', path.split('/').pop()!);
    expect(existsSync(stored)).toBe(false);
    const audit = await auditRows(api, tenant.id);
    expect(audit[0]).toMatchObject({ action: 'course.image', target_id: id });
  });

  it('refuses a file that is not an image by its bytes, whatever its name and type say, and a missing file', async () => {
    const { id } = await createCourse();
    const html = await upload(api, admin.device, `/api/Admin/Courses/${id}/Image`, FILES.html, {
      name: 'x.png',
      type: 'image/png',
    });
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ success: false, message: 'A course image must be png, jpg, webp' });
    const pdf = await upload(api, admin.device, `/api/Admin/Courses/${id}/Image`, FILES.pdf, {
      name: 'x.png',
      type: 'image/png',
    });
    expect(pdf.status).toBe(400);
    const none = await admin.device.call('POST', `/api/Admin/Courses/${id}/Image`, {
      multipart: { other: 'x' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('A file is required');
    const json = await admin.device.call('POST', `/api/Admin/Courses/${id}/Image`, { json: { file: 'x' } });
    expect(json.status).toBe(400);
    const text = await admin.device.call('POST', `/api/Admin/Courses/${id}/Image`, {
      multipart: { file: 'x' },
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('A file is required');
    // Larger than the contract's limit: refused while it streams in, nothing stored.
    const huge = Buffer.concat([FILES.png, Buffer.alloc(ADMIN_LIMITS.maxUploadBytes)]);
    const tooLarge = await upload(api, admin.device, `/api/Admin/Courses/${id}/Image`, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual(failure('Uploaded file is too large'));
    const form = new FormData();
    form.append('file', new Blob([FILES.png]), 'a.png');
    form.append('file', new Blob([FILES.png]), 'b.png');
    const twoFiles = await fetch(`${api.baseUrl}/api/Admin/Courses/${id}/Image`, {
      method: 'POST',
      headers: {
        'x-tenant-id': TENANT,
        deviceid: admin.device.deviceId,
        authorization: `Bearer ${admin.device.token}`,
      },
      body: form,
    });
    expect(twoFiles.status).toBe(413);
    expect(await twoFiles.json()).toEqual(failure('Too many files'));
    const row = await api.db
      .selectFrom('courses')
      .select('image_path')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.image_path).toBeNull();
  });

  it("answers 403 to a student and 404 for another school's course", async () => {
    const { id } = await createCourse();
    const asStudent = await upload(api, student.device, `/api/Admin/Courses/${id}/Image`, FILES.png);
    expect(asStudent.status).toBe(403);
    expect(asStudent.body).toEqual(failure(ADMINS_ONLY));
    const foreign = await upload(
      api,
      admin.device,
      `/api/Admin/Courses/${other.course.courseId}/Image`,
      FILES.png,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(COURSE_NOT_FOUND));
  });

  it('serves only names it gave out', async () => {
    for (const name of ['..%2F..%2Fapp.sqlite', 'x.png', '1-abc.png']) {
      const response = await fetch(`${api.baseUrl}/api/files/images/${name}`);
      expect(response.status).toBe(404);
    }
  });
});

describe('audit entries of course writes', () => {
  it('names the actor, the action, the target and a summary, newest first', async () => {
    const { id } = await createCourse({ name: 'مدققة' });
    await admin.device.call('PUT', `/api/Admin/Courses/${id}`, { json: course({ name: 'مدققة ٢' }) });
    await admin.device.call('POST', `/api/Admin/Courses/${id}/Active`, { json: { active: false } });
    const rows = (await auditRows(api, tenant.id)).filter(
      (row) => row.target_id === id && row.target_type === 'course',
    );
    expect(rows.map((row) => [row.action, row.summary, row.actor_id])).toEqual([
      ['course.deactivate', 'أُوقف الكورس «مدققة ٢»', admin.id],
      ['course.update', 'عُدّل الكورس «مدققة ٢»', admin.id],
      ['course.create', 'أُنشئ الكورس «مدققة»', admin.id],
    ]);
  });
});

describe('with the catalogue cache on', () => {
  let cached: TestApi;
  let cachedAdmin: SignedIn;
  let cachedStudent: Awaited<ReturnType<typeof signedInStudent>>;
  beforeAll(async () => {
    cached = await startTestApi({ env: { CATALOGUE_CACHE_MS: '600000' } });
    cachedAdmin = await signedInAdmin(cached);
    cachedStudent = await signedInStudent(cached);
  });
  afterAll(async () => {
    await cached.close();
  });

  it('students see a new, renamed, deactivated course and a changed tree at once', async () => {
    const page = async () =>
      (
        await cachedStudent.device.call('GET', '/api/AdminStudent/CourseActive?grade=Secondary2')
      ).body.data.courses.map((c: { courseName: string }) => c.courseName);
    expect(await page()).toEqual([]);
    const created = await cachedAdmin.device.call('POST', '/api/Admin/Courses', {
      json: course({ name: 'أول', subject: null, grade: 'Secondary2' }),
    });
    const id = created.body.data.id as number;
    expect(await page()).toEqual(['أول']);
    const tree = async () =>
      (await cachedStudent.device.call('GET', `/api/Course/tree?courseid=${id}`)).body.data;
    expect((await tree()).units).toEqual([]);

    await cachedAdmin.device.call('PUT', `/api/Admin/Courses/${id}`, {
      json: course({ name: 'ثان', subject: null, grade: 'Secondary2' }),
    });
    expect(await page()).toEqual(['ثان']);
    expect((await tree()).courseName).toBe('ثان');

    const unit = await cachedAdmin.device.call('POST', `/api/Admin/Courses/${id}/Units`, {
      json: { name: 'وحدة', title: '' },
    });
    expect(unit.status).toBe(200);
    expect((await tree()).units.map((u: { unitName: string }) => u.unitName)).toEqual(['وحدة']);

    await cachedAdmin.device.call('POST', `/api/Admin/Courses/${id}/Active`, { json: { active: false } });
    expect(await page()).toEqual([]);
    expect((await cachedStudent.device.call('GET', `/api/Course/tree?courseid=${id}`)).status).toBe(404);
  });
});
