// Units unlocked by a unit code (API.md, Unit codes; RULES.md, Unit availability (unit code), Codes):
// redeeming, the student's units, a unit's lessons and progress, the 7-day window of the
// redemption, and the race for one code.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import { buildCourse, fourOptions, type CourseSpec, type LessonSpec } from './support/catalogue-fixture';
import { studentAnswers } from './support/quiz-answers';
import { registerStudent, startTestApi, TENANT, type TestApi } from './support/test-api';

const CODE_ACCEPTED = 'Code entered successfully';
const CODE_NOT_FOUND = 'Code not found.';
const CODE_USED = 'Code already used.';
const ENDED = 'The access period for this unit has ended';
const NOT_ENROLLED = 'You are not enrolled in this course';
const PREVIOUS_QUIZ = 'You must complete the previous quiz first';
const TOO_MANY = 'Too many attempts. Please try again later.';
const COURSE_NAME = 'coursesubject:chemistry كيمياء الصف الثالث';
const failure = (message: string) => ({ success: false, message, data: null });
/** A refused lesson: the reason in the contract's terms (LessonRefusal). */
const refusal = (message: string, reason: string) => ({ success: false, message, data: { reason } });

const START = new Date('2026-09-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

let api: TestApi;
let tenant: Tenant;
let otherTenant: Tenant;

beforeAll(async () => {
  // Wrong codes of the whole file come from one address; the limits have their own case below.
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
beforeEach(() => {
  api.clock.set(START);
});

type Student = Awaited<ReturnType<typeof signedInStudent>>;

async function signedInStudent(on: TestApi = api, tenantSlug = TENANT) {
  const fields = await registerStudent(on, {}, tenantSlug);
  const device = on.device();
  device.tenant = tenantSlug;
  const student = {
    id: fields.id,
    device,
    async relogin() {
      const reply = await device.login(fields.Email);
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
    },
  };
  await student.relogin();
  return student;
}

const threeUnits: LessonSpec[][] = [
  [{ type: 'Video' }],
  [
    { type: 'Video', name: 'شرح' },
    { type: 'Video', name: 'تمارين' },
  ],
  [{ type: 'Video' }],
];
const course = (spec: Partial<CourseSpec> = {}, on: TestApi = api, tenantId = tenant.id) =>
  buildCourse(on.db, { tenantId, units: threeUnits, ...spec });

async function unitCodes(unitId: number, count = 1, on: TestApi = api, tenantId = tenant.id) {
  return issueCodes(on.db, { tenantId, target: { table: 'unit_codes', unitId }, count, now: on.clock.now() });
}

const printed = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

const enterCode = (student: Student, code: string) =>
  student.device.call('POST', `/api/UnitCode/EnterCode?code=${encodeURIComponent(code)}`);
const myUnits = (student: Student, query = '') =>
  student.device.call('GET', `/api/UnitCode/GetMyUnitCodes?${query}`);
const unitLessons = (student: Student, unitId: number, query = '') =>
  student.device.call('GET', `/api/Unit/${unitId}/lessons?${query}`);
const unitTree = (student: Student, unitId: number) =>
  student.device.call('GET', `/api/Course/tree-unit-with-progress?unitId=${unitId}`);
const content = (student: Student, lessonId: number) =>
  student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);

async function unlocksOf(unitId: number) {
  return api.db.selectFrom('unit_unlocks').selectAll().where('unit_id', '=', unitId).execute();
}
async function codeRow(code: string) {
  return api.db.selectFrom('unit_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

/** A student who redeemed a code for unit `unitIndex` of a new course, now. */
async function unlocked(unitIndex = 1, units: LessonSpec[][] = threeUnits) {
  const built = await course({ units });
  const student = await signedInStudent();
  const [code] = await unitCodes(built.unitIds[unitIndex]!);
  expect((await enterCode(student, code!)).status).toBe(200);
  return { built, student, unitId: built.unitIds[unitIndex]!, code: code! };
}

describe('POST /api/UnitCode/EnterCode', () => {
  it('unlocks the unit for the caller from now on', async () => {
    const built = await course();
    const student = await signedInStudent();
    const [code] = await unitCodes(built.unitIds[0]!);

    const reply = await enterCode(student, printed(code!));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: CODE_ACCEPTED, data: null });
    expect(await unlocksOf(built.unitIds[0]!)).toMatchObject([
      { user_id: student.id, unlocked_at: START.toISOString() },
    ]);
    expect(await codeRow(code!)).toMatchObject({ used_by: student.id, used_at: START.toISOString() });
  });

  it('accepts the code in lower case with surrounding spaces, URL-encoded', async () => {
    const built = await course();
    const student = await signedInStudent();
    const [code] = await unitCodes(built.unitIds[0]!);
    const reply = await enterCode(student, `  ${printed(code!).toLowerCase()}  `);
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(await unlocksOf(built.unitIds[0]!)).toHaveLength(1);
  });

  it('answers 200 again when the student re-enters a code they redeemed, without restarting the window', async () => {
    const { student, unitId, code } = await unlocked();
    api.clock.advanceDays(3);
    await student.relogin();

    const again = await enterCode(student, code);
    expect(again.status).toBe(200);
    expect(again.body.success).toBe(true);
    const rows = await unlocksOf(unitId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unlocked_at).toBe(START.toISOString());
  });

  it('answers 409 for a code another student redeemed and keeps it theirs', async () => {
    const { student: owner, unitId, code } = await unlocked();
    const other = await signedInStudent();
    const reply = await enterCode(other, code);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(failure(CODE_USED));
    expect((await codeRow(code)).used_by).toBe(owner.id);
    expect((await unlocksOf(unitId)).map((row) => row.user_id)).toEqual([owner.id]);
  });

  it('answers 404 for a wrong code and for a disabled code', async () => {
    const built = await course();
    const student = await signedInStudent();
    const [code] = await unitCodes(built.unitIds[0]!);
    await api.db
      .updateTable('unit_codes')
      .set({ disabled_at: START.toISOString() })
      .where('code', '=', code!)
      .execute();
    for (const attempt of ['ABCDE-FGHJK', code!]) {
      const reply = await enterCode(student, attempt);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(failure(CODE_NOT_FOUND));
    }
    expect(await unlocksOf(built.unitIds[0]!)).toHaveLength(0);
  });

  it.each([
    ['an empty code', '?code='],
    ['a code of spaces', `?code=${encodeURIComponent('   ')}`],
    ['no code', ''],
  ])('answers 400 for %s', async (_label, query) => {
    const student = await signedInStudent();
    const reply = await student.device.call('POST', `/api/UnitCode/EnterCode${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null });
  });

  it("answers 403 for another tenant's code and leaves it unused", async () => {
    const foreign = await course({}, api, otherTenant.id);
    const [code] = await unitCodes(foreign.unitIds[0]!, 1, api, otherTenant.id);
    const student = await signedInStudent();
    const reply = await enterCode(student, code!);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect((await codeRow(code!)).used_by).toBeNull();
    expect(await unlocksOf(foreign.unitIds[0]!)).toHaveLength(0);
  });

  it('answers 403 for a code of an inactive course', async () => {
    const built = await course({ active: false });
    const [code] = await unitCodes(built.unitIds[0]!);
    const student = await signedInStudent();
    const reply = await enterCode(student, code!);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect((await codeRow(code!)).used_by).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const built = await course();
    const [code] = await unitCodes(built.unitIds[0]!);
    const student = await signedInStudent();
    const reply = await student.device.call('POST', `/api/UnitCode/EnterCode?code=${code}`, { token: null });
    expect(reply.status).toBe(401);
    expect((await codeRow(code!)).used_by).toBeNull();
  });
});

describe('GET /api/UnitCode/GetMyUnitCodes', () => {
  it("pages the student's units, latest redemption first, in the MyUnit shape", async () => {
    const built = await course({ grade: 'Oman9' });
    const student = await signedInStudent();
    for (const unitId of built.unitIds) {
      const [code] = await unitCodes(unitId);
      expect((await enterCode(student, code!)).status).toBe(200);
      api.clock.advanceMinutes(1);
    }

    const first = await myUnits(student, 'pageNumber=1&pageSize=2');
    expect(first.status).toBe(200);
    // Redeemed a minute apart, from START on.
    const myUnit = (index: number) => ({
      unitId: built.unitIds[index],
      unitName: `الوحدة ${index + 1}`,
      unitTitle: 'عنوان',
      courseName: COURSE_NAME,
      grade: 'Oman9',
      term: 'First',
      active: true,
      enrollmentDate: new Date(START.getTime() + index * 60_000).toISOString(),
      timeZone: 'Africa/Cairo',
    });
    expect(first.body).toEqual({
      success: true,
      message: null,
      data: { units: [myUnit(2), myUnit(1)], totalCount: 3, totalPages: 2, currentPage: 1 },
    });

    const second = await myUnits(student, 'pageNumber=2&pageSize=2');
    expect(second.body.data).toEqual({ units: [myUnit(0)], totalCount: 3, totalPages: 2, currentPage: 2 });
  });

  it('searches, and filters by grade and term, across all the units before paging', async () => {
    const student = await signedInStudent();
    const chemistry = await course({ units: Array.from({ length: 10 }, () => [{ type: 'Video' }]) });
    const oman = await course({ grade: 'Oman9', name: 'Algebra', subject: null, units: threeUnits });
    await api.db.updateTable('courses').set({ term: 'Second' }).where('id', '=', oman.courseId).execute();
    await api.db
      .updateTable('units')
      .set({ title: 'Magnetism' })
      .where('id', '=', oman.unitIds[2]!)
      .execute();
    // Redeemed oldest first: Algebra's three units end up on page 2 of 10, newest first.
    for (const unitId of [...oman.unitIds, ...chemistry.unitIds]) {
      const [code] = await unitCodes(unitId);
      expect((await enterCode(student, code!)).status).toBe(200);
      api.clock.advanceMinutes(1);
    }
    const ids = async (query: string) => {
      const reply = await myUnits(student, query);
      expect(reply.status, query).toBe(200);
      const data = reply.body.data as { units: { unitId: number }[]; totalCount: number; totalPages: number };
      return {
        ids: data.units.map((unit) => unit.unitId),
        totalCount: data.totalCount,
        totalPages: data.totalPages,
      };
    };

    expect((await ids('pageNumber=1&pageSize=10')).ids).not.toContain(oman.unitIds[2]);
    // Unit title, in another letter case, found from page 1.
    expect(await ids('pageNumber=1&pageSize=10&search=MAGNET')).toEqual({
      ids: [oman.unitIds[2]],
      totalCount: 1,
      totalPages: 1,
    });
    // Course name; and a unit name matches in every course.
    expect(await ids('search=algebra')).toEqual({
      ids: [...oman.unitIds].reverse(),
      totalCount: 3,
      totalPages: 1,
    });
    expect((await ids(`search=${encodeURIComponent('الوحدة 1')}`)).ids).toEqual(
      expect.arrayContaining([oman.unitIds[0], chemistry.unitIds[0]]),
    );
    expect(await ids('grade=Oman9&term=Second')).toMatchObject({ totalCount: 3 });
    expect(await ids('grade=Secondary3&pageSize=4')).toMatchObject({ totalCount: 10, totalPages: 3 });
    expect(await ids('term=First&grade=Oman9')).toEqual({ ids: [], totalCount: 0, totalPages: 0 });
    // LIKE's wildcards are plain text.
    expect(await ids('search=%25')).toEqual({ ids: [], totalCount: 0, totalPages: 0 });
  });

  it.each([['grade=Grade13'], ['term=Autumn'], [`search=${'x'.repeat(101)}`]])(
    'answers 400 for a bad filter (%s)',
    async (query) => {
      const student = await signedInStudent();
      const reply = await myUnits(student, query);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, data: null });
    },
  );

  it('shows a unit active on day 6 after redemption and inactive from day 7', async () => {
    const { student, unitId } = await unlocked();
    api.clock.set(new Date(START.getTime() + 6 * DAY));
    await student.relogin();
    expect((await myUnits(student)).body.data.units).toMatchObject([{ unitId, active: true }]);

    api.clock.set(new Date(START.getTime() + 7 * DAY));
    await student.relogin();
    expect((await myUnits(student)).body.data.units).toMatchObject([{ unitId, active: false }]);
  });

  it('shows a unit inactive once its course is deactivated', async () => {
    const { built, student, unitId } = await unlocked();
    await api.db.updateTable('courses').set({ active: 0 }).where('id', '=', built.courseId).execute();
    expect((await myUnits(student)).body.data.units).toMatchObject([{ unitId, active: false }]);
  });

  it('answers 200 with no units for a student without codes, and 401 without a token', async () => {
    const student = await signedInStudent();
    const reply = await myUnits(student);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: { units: [], totalCount: 0, totalPages: 0, currentPage: 1 },
    });
    expect((await student.device.call('GET', '/api/UnitCode/GetMyUnitCodes', { token: null })).status).toBe(
      401,
    );
  });
});

describe('GET /api/Unit/{id}/lessons', () => {
  it('lists the lessons of the unlocked unit, paged', async () => {
    const { built, student, unitId } = await unlocked(1);
    const [first, second] = built.lessonIds[1] as [number, number];

    const reply = await unitLessons(student, unitId);
    expect(reply.status).toBe(200);
    const ref = (id: number, lessonName: string) => ({
      id,
      lessonName,
      type: 'Video',
      isCompleted: false,
      isQuizSubmitted: false,
      isQuizPassed: true,
      titel: null,
    });
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        lessons: [ref(first, 'شرح'), ref(second, 'تمارين')],
        unitName: 'الوحدة 2',
        unitTitle: 'عنوان',
        courseName: COURSE_NAME,
      },
    });

    const paged = await unitLessons(student, unitId, 'pageNumber=2&pageSize=1');
    expect(paged.body.data.lessons).toEqual([ref(second, 'تمارين')]);
  });

  it('answers 403 for a unit the student has not unlocked, in the same course or another', async () => {
    const { built, student } = await unlocked(1);
    const elsewhere = await course();
    for (const unitId of [built.unitIds[0]!, built.unitIds[2]!, elsewhere.unitIds[0]!]) {
      const reply = await unitLessons(student, unitId);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, data: null });
    }
  });

  it("answers 404 for a missing unit and another tenant's unit", async () => {
    const student = await signedInStudent();
    const foreign = await course({}, api, otherTenant.id);
    for (const unitId of [999_999, foreign.unitIds[0]!]) {
      const reply = await unitLessons(student, unitId);
      expect(reply.status).toBe(404);
      expect(reply.body.success).toBe(false);
    }
  });
});

describe('unit ids beyond the database integer range', () => {
  // 2^31 is a safe JavaScript integer but beyond PostgreSQL's integer column type.
  it('are answered with 400 or 404, never 500', async () => {
    const student = await signedInStudent();
    for (const reply of [await unitLessons(student, 2_147_483_648), await unitTree(student, 2_147_483_648)]) {
      expect([400, 404]).toContain(reply.status);
      expect(reply.body.success).toBe(false);
    }
  });
});

describe('GET /api/Course/tree-unit-with-progress', () => {
  it('sends the unit with progress, its redemption date and its 1-based position in the course', async () => {
    const { built, student, unitId } = await unlocked(1);
    const [first, second] = built.lessonIds[1] as [number, number];
    api.clock.advanceDays(2);
    await student.relogin();
    expect((await student.device.call('POST', `/api/Student/lesson-complete/${first}`)).status).toBe(200);

    const reply = await unitTree(student, unitId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        id: unitId,
        unitName: 'الوحدة 2',
        unitTitle: 'عنوان',
        courseName: COURSE_NAME,
        lessons: [
          {
            id: first,
            lessonName: 'شرح',
            type: 'Video',
            isCompleted: true,
            isQuizSubmitted: false,
            isQuizPassed: true,
            titel: null,
          },
          {
            id: second,
            lessonName: 'تمارين',
            type: 'Video',
            isCompleted: false,
            isQuizSubmitted: false,
            isQuizPassed: true,
            titel: null,
          },
        ],
        enrollmentDate: START.toISOString(),
        order: 2,
        timeZone: 'Africa/Cairo',
      },
    });
  });

  it('follows unit positions for order', async () => {
    const { built, student, unitId } = await unlocked(0);
    // Move the first-created unit to the end of the course.
    await api.db.updateTable('units').set({ position: 10 }).where('id', '=', built.unitIds[0]!).execute();
    expect((await unitTree(student, unitId)).body.data.order).toBe(3);
  });

  it('answers 403 for a unit not unlocked and 404 for a missing unit', async () => {
    const { built, student } = await unlocked(1);
    const locked = await unitTree(student, built.unitIds[0]!);
    expect(locked.status).toBe(403);
    expect(locked.body.success).toBe(false);
    const missing = await unitTree(student, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
  });
});

describe('lessons of a unit unlocked by a code', () => {
  it('serves them on day 6 after redemption and refuses them from day 7, whatever the unit position', async () => {
    // Unit 1 of an enrolment would be open 14 days; a unit code always gets the first-unit window.
    const { built, student } = await unlocked(1);
    const lessonId = built.lessonIds[1]![0]!;
    api.clock.set(new Date(START.getTime() + 6 * DAY));
    await student.relogin();
    const open = await content(student, lessonId);
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({
      id: lessonId,
      type: 'Video',
      videoUrl: `${api.baseUrl}/media/sample-lesson.mp4`,
    });

    api.clock.set(new Date(START.getTime() + 7 * DAY));
    await student.relogin();
    for (const reply of [
      await content(student, lessonId),
      await student.device.call('POST', `/api/Student/lesson-complete/${lessonId}`),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(refusal(ENDED, 'unit-ended'));
    }
  });

  it("refuses the lessons of the course's other units", async () => {
    const { built, student } = await unlocked(1);
    for (const lessonId of [built.lessonIds[0]![0]!, built.lessonIds[2]![0]!]) {
      const reply = await content(student, lessonId);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(refusal(NOT_ENROLLED, 'not-enrolled'));
    }
  });

  it('locks the lessons after an unsubmitted quiz of the unit', async () => {
    const { built, student } = await unlocked(0, [
      [{ type: 'Quiz', questions: [fourOptions('س١', 2)] }, { type: 'Video' }],
    ]);
    const [quizId, video] = built.lessonIds[0] as [number, number];
    const locked = await content(student, video);
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual(refusal(PREVIOUS_QUIZ, 'previous-quiz'));

    const submitted = await student.device.call('POST', '/api/quizresult/submit', {
      json: { lessonId: quizId, answers: await studentAnswers(student.device, built, quizId) },
    });
    expect(submitted.status).toBe(200);
    expect((await content(student, video)).status).toBe(200);
  });
});

describe('a school in Oman (Asia/Muscat)', () => {
  // 14:00 on 18 November in Muscat (UTC+4): the window closes at Muscat's midnight starting 25 November.
  const REDEEMED = new Date('2026-11-18T10:00:00Z');
  // 01:30 on 25 November in Muscat, while it is still 23:30 on 24 November in Cairo.
  const CHECKED = new Date('2026-11-24T21:30:00Z');

  it("counts the window in the tenant's time zone and sends that zone with the unit", async () => {
    const oman = await api.services.tenants.ensure(
      { slug: 'oman1', name: 'O', timeZone: 'Asia/Muscat' },
      api.clock,
    );
    api.clock.set(REDEEMED);
    const built = await course({ grade: 'Oman9' }, api, oman.id);
    const student = await signedInStudent(api, 'oman1');
    const [code] = await unitCodes(built.unitIds[0]!, 1, api, oman.id);
    expect((await enterCode(student, code!)).status).toBe(200);
    expect((await unitTree(student, built.unitIds[0]!)).body.data).toMatchObject({
      enrollmentDate: REDEEMED.toISOString(),
      timeZone: 'Asia/Muscat',
    });

    api.clock.set(CHECKED);
    await student.relogin();
    const refused = await content(student, built.lessonIds[0]![0]!);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(refusal(ENDED, 'unit-ended'));
    expect((await myUnits(student)).body.data.units).toMatchObject([
      { unitId: built.unitIds[0], active: false },
    ]);
    expect((await unitTree(student, built.unitIds[0]!)).body.data.timeZone).toBe('Asia/Muscat');
  });
});

describe('one unit code, many students at once', () => {
  it('lets exactly one of 20 students redeem it', async () => {
    const built = await course();
    const unitId = built.unitIds[0]!;
    const [code] = await unitCodes(unitId);
    const students = await Promise.all(Array.from({ length: 20 }, () => signedInStudent()));

    const replies = await Promise.all(students.map((student) => enterCode(student, code!)));
    const winners = students.filter((_, i) => replies[i]!.status === 200);
    expect(winners).toHaveLength(1);
    const losers = replies.filter((reply) => reply.status !== 200);
    expect(losers).toHaveLength(19);
    for (const reply of losers) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual(failure(CODE_USED));
    }
    expect((await unlocksOf(unitId)).map((row) => row.user_id)).toEqual([winners[0]!.id]);
    expect((await codeRow(code!)).used_by).toBe(winners[0]!.id);
  });
});

describe('wrong unit codes per account', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ limits: { codeAccount: { points: 2, durationSeconds: 600 } } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses even a correct code with 429 and Retry-After after 2 wrong ones', async () => {
    const limitedTenant = (await limited.services.tenants.bySlug(TENANT))!;
    const built = await buildCourse(limited.db, { tenantId: limitedTenant.id, units: threeUnits });
    const [code] = await unitCodes(built.unitIds[0]!, 1, limited, limitedTenant.id);
    const student = await signedInStudent(limited);

    for (const guess of ['ABCDE-FGHJK', 'ABCDE-FGHJM']) {
      expect((await enterCode(student, guess)).status).toBe(404);
    }
    const blocked = await enterCode(student, code!);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(failure(TOO_MANY));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});
