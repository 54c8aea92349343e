// Enrolment (API.md, Student learning; RULES.md, Codes): redeeming single-use enrolment codes,
// free courses, IsEnrolled, the enrolled-courses list, the race for one code and the per-account
// limit on wrong codes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import { buildCourse, type CourseSpec } from './support/catalogue-fixture';
import { registerStudent, startTestApi, TENANT, type TestApi } from './support/test-api';

const ENROLLED = 'Enrolled successfully';
const CODE_NOT_FOUND = 'Code not found.';
const CODE_USED = 'Code already used.';
const ALREADY_ENROLLED = 'Already enrolled';
const TOO_MANY = 'Too many attempts. Please try again later.';
const failure = (message: string, data: unknown = null) => ({ success: false, message, data });
/** The course fixture's name, with its subject embedded as every courseName carries it. */
const COURSE_NAME = 'coursesubject:chemistry كيمياء الصف الثالث';

let api: TestApi;
let tenant: Tenant;
let otherTenant: Tenant;

beforeAll(async () => {
  // Wrong codes of the whole file come from one address; only the per-account limit is under test.
  api = await startTestApi({ limits: { codeAddress: { points: 10_000, durationSeconds: 60 } } });
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  otherTenant = await api.services.tenants.ensure(
    { slug: 'tenant9', name: 'B', timeZone: 'Africa/Cairo' },
    api.clock,
  );
});
afterAll(async () => {
  await api.close();
});

type Student = Awaited<ReturnType<typeof signedInStudent>>;

/** A new student of `tenantSlug`, signed in on a device of its own. */
async function signedInStudent(on: TestApi = api, tenantSlug = TENANT) {
  const fields = await registerStudent(on, {}, tenantSlug);
  const device = on.device();
  device.tenant = tenantSlug;
  const login = await device.login(fields.Email);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { id: fields.id, device };
}

const course = (spec: Partial<CourseSpec> = {}, on: TestApi = api, tenantId = tenant.id) =>
  buildCourse(on.db, { tenantId, units: [[{ type: 'Video' }]], ...spec });

async function codesFor(courseId: number, count = 1, on: TestApi = api, tenantId = tenant.id) {
  return issueCodes(on.db, {
    tenantId,
    target: { table: 'enrollment_codes', courseId },
    count,
    now: on.clock.now(),
  });
}

/** The code as it is printed on a card: XXXXX-XXXXX. */
const printed = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

const redeem = (student: Student, code: string, studentId = student.id) =>
  student.device.call(
    'POST',
    `/api/Student/add-course-by-code?Code=${encodeURIComponent(code)}&StudentId=${studentId}`,
  );

async function codeRow(code: string, on: TestApi = api) {
  return on.db.selectFrom('enrollment_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

async function enrolmentsOf(courseId: number, on: TestApi = api) {
  return on.db.selectFrom('enrollments').selectAll().where('course_id', '=', courseId).execute();
}

describe('POST /api/Student/add-course-by-code', () => {
  it('enrols the caller with a code, marks the code used and dates the enrolment now', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);

    const reply = await redeem(student, printed(code!));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: ENROLLED,
      data: { courseId, courseName: COURSE_NAME },
    });

    const rows = await enrolmentsOf(courseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: student.id,
      source: 'code',
      enrolled_at: api.clock.now().toISOString(),
    });
    expect(await codeRow(code!)).toMatchObject({
      used_by: student.id,
      used_at: api.clock.now().toISOString(),
    });
  });

  it('compares codes case-insensitively, ignoring spaces and hyphens', async () => {
    const { courseId } = await course();
    const codes = await codesFor(courseId, 4);
    const variants = [
      codes[0]!.toLowerCase(),
      printed(codes[1]!).toLowerCase(),
      `  ${codes[2]!.slice(0, 5).toLowerCase()} ${codes[2]!.slice(5)}  `,
      `${codes[3]!.slice(0, 3)}-${codes[3]!.slice(3, 7).toLowerCase()} ${codes[3]!.slice(7)}`,
    ];
    for (const variant of variants) {
      const student = await signedInStudent();
      const reply = await redeem(student, variant);
      expect(reply.status, variant).toBe(200);
      expect(reply.body.data).toEqual({ courseId, courseName: COURSE_NAME });
    }
    expect(await enrolmentsOf(courseId)).toHaveLength(4);
  });

  it('answers 404 "Code not found." for a code that does not exist', async () => {
    const student = await signedInStudent();
    const reply = await redeem(student, 'ABCDE-FGHJK');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(CODE_NOT_FOUND));
  });

  it('answers 409 "Code already used." for a code another student redeemed', async () => {
    const first = await signedInStudent();
    const second = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);
    expect((await redeem(first, code!)).status).toBe(200);

    const reply = await redeem(second, code!);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(failure(CODE_USED));
    expect((await codeRow(code!)).used_by).toBe(first.id);
    expect((await enrolmentsOf(courseId)).map((row) => row.user_id)).toEqual([first.id]);
  });

  it('answers 409 "Already enrolled" for a second code of the same course and leaves that code unused', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const [first, second] = await codesFor(courseId, 2);
    expect((await redeem(student, first!)).status).toBe(200);

    const reply = await redeem(student, second!);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(failure(ALREADY_ENROLLED, { courseId, courseName: COURSE_NAME }));
    expect(await codeRow(second!)).toMatchObject({ used_by: null, used_at: null });
    expect(await enrolmentsOf(courseId)).toHaveLength(1);

    // The same code again is also "Already enrolled", not "used".
    const again = await redeem(student, first!);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure(ALREADY_ENROLLED, { courseId, courseName: COURSE_NAME }));
  });

  // Issue 15, defect 2: the call names no course, so the code decides it and the answer names it.
  it("names the code's course, which need not be the course whose page the student is on", async () => {
    const student = await signedInStudent();
    const pageCourse = await course({ name: 'فيزياء الصف الأول', subject: 'physics' });
    const codeCourse = await course({ name: 'أحياء الصف الثاني', subject: null });
    const [code] = await codesFor(codeCourse.courseId);

    const reply = await redeem(student, code!);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ courseId: codeCourse.courseId, courseName: 'أحياء الصف الثاني' });
    expect(await enrolmentsOf(pageCourse.courseId)).toHaveLength(0);
    expect((await enrolmentsOf(codeCourse.courseId)).map((row) => row.user_id)).toEqual([student.id]);

    // Again: "Already enrolled" in the code's course, and the answer says which.
    const again = await redeem(student, code!);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      failure(ALREADY_ENROLLED, { courseId: codeCourse.courseId, courseName: 'أحياء الصف الثاني' }),
    );
  });

  it('says "Code already used." for a code the student redeemed once but is no longer enrolled by', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);
    expect((await redeem(student, code!)).status).toBe(200);
    // An admin ends the enrolment; the code stays spent.
    await api.db.deleteFrom('enrollments').where('course_id', '=', courseId).execute();

    const reply = await redeem(student, code!);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(failure(CODE_USED));
    expect(await enrolmentsOf(courseId)).toHaveLength(0);
  });

  it("answers 404 for another tenant's code and leaves it unused", async () => {
    const student = await signedInStudent();
    const foreign = await course({}, api, otherTenant.id);
    const [code] = await codesFor(foreign.courseId, 1, api, otherTenant.id);

    const reply = await redeem(student, code!);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(CODE_NOT_FOUND));
    expect((await codeRow(code!)).used_by).toBeNull();
  });

  it('answers 404 for a disabled code', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);
    await api.db
      .updateTable('enrollment_codes')
      .set({ disabled_at: api.clock.now().toISOString() })
      .where('code', '=', code!)
      .execute();

    const reply = await redeem(student, code!);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(CODE_NOT_FOUND));
    expect(await enrolmentsOf(courseId)).toHaveLength(0);
  });

  it('answers 403 when StudentId names another student, and enrols nobody', async () => {
    const student = await signedInStudent();
    const other = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);

    const reply = await redeem(student, code!, other.id);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect(await enrolmentsOf(courseId)).toHaveLength(0);
    expect((await codeRow(code!)).used_by).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const [code] = await codesFor(courseId);
    const reply = await student.device.call(
      'POST',
      `/api/Student/add-course-by-code?Code=${code}&StudentId=${student.id}`,
      { token: null },
    );
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe(false);
    expect((await codeRow(code!)).used_by).toBeNull();
  });

  it('enrols in a free course with an empty Code and the courseId', async () => {
    const student = await signedInStudent();
    const { courseId } = await course({ priceCents: 0 });
    const path = `/api/Student/add-course-by-code?Code=&StudentId=${student.id}&courseId=${courseId}`;

    const reply = await student.device.call('POST', path);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: ENROLLED,
      data: { courseId, courseName: COURSE_NAME },
    });
    expect(await enrolmentsOf(courseId)).toMatchObject([
      { user_id: student.id, source: 'free', enrolled_at: api.clock.now().toISOString() },
    ]);

    const again = await student.device.call('POST', path);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure(ALREADY_ENROLLED, { courseId, courseName: COURSE_NAME }));
  });

  it('refuses a paid course without a code with 400', async () => {
    const student = await signedInStudent();
    const { courseId } = await course({ priceCents: 100 });
    const reply = await student.device.call(
      'POST',
      `/api/Student/add-course-by-code?Code=&StudentId=${student.id}&courseId=${courseId}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect(await enrolmentsOf(courseId)).toHaveLength(0);
  });
});

describe('GET /api/AdminStudent/IsEnrolled', () => {
  it('answers bare JSON false, then true once the student is enrolled', async () => {
    const student = await signedInStudent();
    const { courseId } = await course();
    const path = `/api/AdminStudent/IsEnrolled?studentId=${student.id}&courseId=${courseId}`;

    const before = await student.device.call('GET', path);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/json/);
    expect(before.text).toBe('false');

    const [code] = await codesFor(courseId);
    expect((await redeem(student, code!)).status).toBe(200);
    const after = await student.device.call('GET', path);
    expect(after.status).toBe(200);
    expect(after.text).toBe('true');
  });

  // 2^31 is a safe JavaScript integer but beyond PostgreSQL's integer column type.
  it('answers a course id beyond the database integer range with 400 or false, never 500', async () => {
    const student = await signedInStudent();
    const reply = await student.device.call(
      'GET',
      `/api/AdminStudent/IsEnrolled?studentId=${student.id}&courseId=2147483648`,
    );
    expect(reply.status).toBeLessThan(500);
    if (reply.status === 200) expect(reply.text).toBe('false');
    else expect(reply.status).toBe(400);

    const free = await student.device.call(
      'POST',
      `/api/Student/add-course-by-code?Code=&StudentId=${student.id}&courseId=2147483648`,
    );
    expect([400, 404]).toContain(free.status);
  });

  it("answers 403 for another student's id and 401 without a token", async () => {
    const student = await signedInStudent();
    const other = await signedInStudent();
    const { courseId } = await course();
    const path = `/api/AdminStudent/IsEnrolled?studentId=${other.id}&courseId=${courseId}`;

    const forbidden = await student.device.call('GET', path);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, data: null });

    const anonymous = await student.device.call(
      'GET',
      `/api/AdminStudent/IsEnrolled?studentId=${student.id}&courseId=${courseId}`,
      { token: null },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/Student/Student-Enrolled-Courses', () => {
  const enrolled = (student: Student, query: string, studentId = student.id) =>
    student.device.call('GET', `/api/Student/Student-Enrolled-Courses?studentId=${studentId}&${query}`);

  it("pages the caller's courses, latest enrolment first", async () => {
    const student = await signedInStudent();
    const other = await signedInStudent();
    const courseIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { courseId } = await course({ priceCents: 4999 });
      const [code] = await codesFor(courseId);
      expect((await redeem(student, code!)).status).toBe(200);
      courseIds.push(courseId);
      api.clock.advanceMinutes(1);
    }
    // Another student's enrolment does not show.
    const { courseId: foreign } = await course();
    expect((await redeem(other, (await codesFor(foreign))[0]!)).status).toBe(200);

    const first = await enrolled(student, 'pagenumber=1&pagesize=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 1, pageSize: 2 });
    expect(first.body.data.courses.map((c: { id: number }) => c.id)).toEqual([courseIds[2], courseIds[1]]);
    expect(first.body.data.courses[0]).toMatchObject({
      price: 49.99,
      active: true,
      unitCount: 1,
      lessonCount: 1,
    });

    const second = await enrolled(student, 'pagenumber=2&pagesize=2');
    expect(second.body.data.courses.map((c: { id: number }) => c.id)).toEqual([courseIds[0]]);
    expect(second.body.data).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 2 });
  });

  it('answers 200 with an empty list for a student without courses', async () => {
    const student = await signedInStudent();
    const reply = await enrolled(student, 'pagenumber=1&pagesize=10');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: { courses: [], totalCount: 0, totalPages: 0, currentPage: 1, pageSize: 10 },
    });
  });

  it("answers 403 for another student's id and 401 without a token", async () => {
    const student = await signedInStudent();
    const other = await signedInStudent();
    const reply = await enrolled(student, 'pagenumber=1', other.id);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, data: null });

    const anonymous = await student.device.call(
      'GET',
      `/api/Student/Student-Enrolled-Courses?studentId=${student.id}`,
      { token: null },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('one code, many students at once', () => {
  it('lets exactly one of 20 students redeem it', async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => signedInStudent()));
    const { courseId } = await course();
    const [code] = await codesFor(courseId);

    const replies = await Promise.all(students.map((student) => redeem(student, code!)));
    const winners = replies.flatMap((reply, i) => (reply.status === 200 ? [students[i]!] : []));
    expect(winners).toHaveLength(1);
    const losers = replies.filter((reply) => reply.status !== 200);
    expect(losers).toHaveLength(19);
    for (const reply of losers) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual(failure(CODE_USED));
    }

    const rows = await enrolmentsOf(courseId);
    expect(rows.map((row) => row.user_id)).toEqual([winners[0]!.id]);
    expect((await codeRow(code!)).used_by).toBe(winners[0]!.id);
  });
});

describe('wrong-code limit per account', () => {
  let limited: TestApi;
  let limitedTenant: Tenant;
  beforeAll(async () => {
    // A short window, counted by rate-limiter-flexible on the system clock (the test moves Date).
    limited = await startTestApi({ limits: { codeAccount: { points: 3, durationSeconds: 2 } } });
    limitedTenant = (await limited.services.tenants.bySlug(TENANT))!;
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses even a correct code with 429 and Retry-After after 3 wrong ones, until the window passes', async () => {
    const student = await signedInStudent(limited);
    const bystander = await signedInStudent(limited);
    const { courseId } = await course({}, limited, limitedTenant.id);
    const [code, otherCode] = await codesFor(courseId, 2, limited, limitedTenant.id);

    for (const guess of ['ABCDE-FGHJK', 'ABCDE-FGHJM', 'ABCDE-FGHJN']) {
      const reply = await redeem(student, guess);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(failure(CODE_NOT_FOUND));
    }

    const blocked = await redeem(student, code!);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(failure(TOO_MANY));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect((await codeRow(code!, limited)).used_by).toBeNull();

    // The limit is per account: another student is not held back.
    expect((await redeem(bystander, otherCode!)).status).toBe(200);

    // The limiter (rate-limiter-flexible) counts its window on the system clock, which has no
    // injection point: the test moves Date past the window instead of sleeping through it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + retryAfter * 1000 + 150);
    const later = await redeem(student, code!).finally(() => vi.useRealTimers());
    expect(later.status).toBe(200);
    expect(later.body).toEqual({
      success: true,
      message: ENROLLED,
      data: { courseId, courseName: COURSE_NAME },
    });
  });
});
