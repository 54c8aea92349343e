// One student's retake (decision 0013, "One student's retake"): a student below the pass mark with no
// attempt left is listed in the statistics as locked out, and the teacher lets that one student start
// one more attempt (PUT …/Students/{userId}/Retake) without allowing more to the class, or take that
// back before it is used (DELETE). The students
// take the exam over HTTP, as the app does.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { LESSON_NOT_FOUND } from '../src/modules/admin/owned-rows';
import { NOT_AN_EXAM } from '../src/modules/exams/attempt-service';
import { STATISTICS_HEADERS } from '../src/modules/exams/quiz-statistics-service';
import { NOT_A_QUIZ } from '../src/modules/learning/quiz-service';
import {
  NO_RESULT,
  RETAKE_ATTEMPT_OPEN,
  RETAKE_CHANGED,
  RETAKE_EXAM_CLOSED,
} from '../src/modules/exams/retake-service';
import {
  adminSuite,
  auditRows,
  expectAdminOnly,
  failure,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import {
  answersFor,
  content,
  examCourse,
  examStudent,
  setExam,
  start,
  submit,
  type ExamStudent,
  type ShownQuestion,
} from './support/exam-fixture';
import { holdLock, waitingOnLock } from './support/held-lock';
import type { TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

const retake = (lessonId: number, userId: number) =>
  admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}/Students/${userId}/Retake`);
const withdraw = (lessonId: number, userId: number) =>
  admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}/Students/${userId}/Retake`);
const statistics = async (lessonId: number) => {
  const reply = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/QuizStatistics`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data as {
    lockedOut: { id: number; reason: string }[];
    retakePending: { id: number; name: string; phoneNumber: string; score: number }[];
  };
};
const lockedOut = async (lessonId: number) =>
  (await statistics(lessonId)).lockedOut.map(({ id, reason }) => ({ id, reason }));
/** The students whose retake waits to be started, by id. */
const pending = async (lessonId: number) => (await statistics(lessonId)).retakePending.map(({ id }) => id);

/** The extra attempts stored for one student, as rows (none before any grant). */
const storedExtra = (lessonId: number, userId: number) =>
  api.db
    .selectFrom('exam_extra_attempts')
    .select('extra')
    .where('lesson_id', '=', lessonId)
    .where('user_id', '=', userId)
    .execute();

/** Starts an attempt; answers the questions it shows. */
async function begin(who: ExamStudent, lessonId: number) {
  const started = await start(who.device, lessonId);
  expect(started.status, started.text).toBe(200);
  return started.body.data.questions as ShownQuestion[];
}

/** Submits the started attempt with every answer right or every answer wrong; answers the result. */
async function finish(who: ExamStudent, lessonId: number, questions: ShownQuestion[], right: boolean) {
  const answers = answersFor(
    questions,
    questions.map(() => right),
  );
  const reply = await submit(who.device, lessonId, answers);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data as { score: number; passed: boolean };
}

const take = async (who: ExamStudent, lessonId: number, right: boolean) =>
  finish(who, lessonId, await begin(who, lessonId), right);

/** A course of one unit: an exam of three questions (pass mark 60, `attemptsAllowed`), then a video. */
async function exam(attemptsAllowed = 1) {
  const built = await examCourse(api, tenant.id);
  const [lessonId, videoId] = built.lessonIds[0] as [number, number];
  await setExam(api, tenant.id, lessonId, { passMark: 60, attemptsAllowed });
  return { built, lessonId, videoId };
}

describe('PUT /api/Admin/Lessons/{id}/Students/{userId}/Retake', () => {
  it('answers 401 without a token and 403 to a student', async () => {
    const { lessonId } = await exam();
    await expectAdminOnly(api, student, [
      ['PUT', `/api/Admin/Lessons/${lessonId}/Students/${student.id}/Retake`],
    ]);
  });

  it('lets one student who failed every attempt start one more, and not the class', async () => {
    const { built, lessonId, videoId } = await exam();
    const failing = await examStudent(api, tenant.id, built.courseId);
    const classmate = await examStudent(api, tenant.id, built.courseId);
    for (const who of [failing, classmate]) expect((await take(who, lessonId, false)).passed).toBe(false);
    expect(await lockedOut(lessonId)).toEqual(
      expect.arrayContaining([
        { id: failing.id, reason: 'no-attempts-left' },
        { id: classmate.id, reason: 'no-attempts-left' },
      ]),
    );
    expect((await start(failing.device, lessonId)).body.data).toEqual({ reason: 'no-attempts-left' });

    const granted = await retake(lessonId, failing.id);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toEqual({
      success: true,
      message: 'Retake allowed',
      data: { userId: failing.id, attemptsAllowed: 2, attemptsUsed: 1 },
    });
    // Asked again (a double tap, a second teacher) before the retake starts: still one retake.
    expect((await retake(lessonId, failing.id)).body.data).toEqual(granted.body.data);
    // Audited once: the second ask changed nothing.
    const entries = (await auditRows(api, tenant.id)).filter((row) => row.action === 'quiz.retake.grant');
    expect(
      entries.map(({ actor_id, target_type, target_id }) => ({ actor_id, target_type, target_id })),
    ).toEqual([{ actor_id: admin.id, target_type: 'lesson', target_id: lessonId }]);
    expect(entries[0]!.summary).toMatch(
      /^يستطيع «.+» بدء المحاولة رقم ٢ في الاختبار «.+» \(محاولات إضافية: ١، والمسموح للجميع: ١\)$/,
    );

    // The student sees their own allowance; the class does not get it.
    const read = await content(failing.device, lessonId);
    expect(read.body.data.exam).toMatchObject({ attemptsAllowed: 2, attemptsUsed: 1, canStart: true });
    expect((await content(classmate.device, lessonId)).body.data.exam).toMatchObject({
      attemptsAllowed: 1,
      canStart: false,
    });
    expect(await lockedOut(lessonId)).toEqual([{ id: classmate.id, reason: 'no-attempts-left' }]);
    expect((await start(classmate.device, lessonId)).status).toBe(403);

    // The retake is attempt 2; passing it opens the video after the exam.
    expect((await content(failing.device, videoId)).status).toBe(403);
    expect(await take(failing, lessonId, true)).toMatchObject({ score: 100, passed: true });
    expect((await content(failing.device, videoId)).status).toBe(200);
    // Used: no third start.
    expect((await start(failing.device, lessonId)).body.data).toEqual({ reason: 'no-attempts-left' });
  });

  it('gives one more each time it is asked after the last retake was used', async () => {
    const { built, lessonId } = await exam(2);
    const who = await examStudent(api, tenant.id, built.courseId);
    await take(who, lessonId, false);
    await take(who, lessonId, false);
    expect((await retake(lessonId, who.id)).body.data).toEqual({
      userId: who.id,
      attemptsAllowed: 3,
      attemptsUsed: 2,
    });
    await take(who, lessonId, false);
    expect((await retake(lessonId, who.id)).body.data).toEqual({
      userId: who.id,
      attemptsAllowed: 4,
      attemptsUsed: 3,
    });
    const stored = await api.db
      .selectFrom('exam_extra_attempts')
      .select(['extra', 'tenant_id'])
      .where('lesson_id', '=', lessonId)
      .where('user_id', '=', who.id)
      .execute();
    expect(stored).toEqual([{ extra: 2, tenant_id: tenant.id }]);
    // Raising the class's attempts later does not lower what this student was given.
    await setExam(api, tenant.id, lessonId, { passMark: 60, attemptsAllowed: 5 });
    expect((await content(who.device, lessonId)).body.data.exam).toMatchObject({
      attemptsAllowed: 7,
      attemptsUsed: 3,
    });
  });

  it('refuses what a retake cannot mend, and another school’s ids', async () => {
    const { built, lessonId, videoId } = await exam(2);
    const taking = await examStudent(api, tenant.id, built.courseId);
    await take(taking, lessonId, false);
    expect((await start(taking.device, lessonId)).status).toBe(200);
    // Taking attempt 2 now: nothing to grant yet.
    expect((await retake(lessonId, taking.id)).body).toEqual({
      success: false,
      message: RETAKE_ATTEMPT_OPEN,
      data: { reason: 'attempt-open' },
    });
    // Never took it, another school's student, another school's lesson, a video, a plain quiz.
    const fresh = await examStudent(api, tenant.id, built.courseId);
    const plainQuiz = (await examCourse(api, tenant.id)).lessonIds[0]![0]!;
    for (const [lesson, user, status, body] of [
      [lessonId, fresh.id, 404, failure(NO_RESULT)],
      [lessonId, other.studentId, 404, failure(NO_RESULT)],
      [other.course.lessonIds[0]![1]!, taking.id, 404, failure(LESSON_NOT_FOUND)],
      [videoId, taking.id, 400, failure(NOT_A_QUIZ)],
      [plainQuiz, taking.id, 400, failure(NOT_AN_EXAM)],
    ] as const) {
      const reply = await retake(lesson, user);
      expect(reply.status, `${lesson} ${user}`).toBe(status);
      expect(reply.body).toMatchObject(body);
    }
    expect((await retake(lessonId, 0)).status).toBe(400);
    // Closed: only a later closing time lets anyone start.
    await setExam(api, tenant.id, lessonId, {
      passMark: 60,
      attemptsAllowed: 1,
      closesAt: new Date(api.clock.now().getTime() - 60_000).toISOString(),
    });
    expect((await retake(lessonId, taking.id)).body).toEqual({
      success: false,
      message: RETAKE_EXAM_CLOSED,
      data: { reason: 'exam-closed' },
    });
    expect(
      await api.db
        .selectFrom('exam_extra_attempts')
        .select('user_id')
        .where('lesson_id', '=', lessonId)
        .execute(),
    ).toEqual([]);
  });

  it('is read in the statement the lesson read already makes', async () => {
    const { built, lessonId } = await exam();
    const [granted, plain] = [
      await examStudent(api, tenant.id, built.courseId),
      await examStudent(api, tenant.id, built.courseId),
    ];
    for (const who of [granted, plain]) await take(who, lessonId, false);
    await retake(lessonId, granted.id);
    const withGrant = await api.queriesDuring(() => content(granted.device, lessonId));
    const without = await api.queriesDuring(() => content(plain.device, lessonId));
    expect(withGrant.result.body.data.exam.canStart).toBe(true);
    expect(without.result.body.data.exam.canStart).toBe(false);
    expect(withGrant.queries.length).toBe(without.queries.length);
  });
});

describe('DELETE /api/Admin/Lessons/{id}/Students/{userId}/Retake', () => {
  it('answers 401 without a token and 403 to a student', async () => {
    const { lessonId } = await exam();
    await expectAdminOnly(api, student, [
      ['DELETE', `/api/Admin/Lessons/${lessonId}/Students/${student.id}/Retake`],
    ]);
  });

  it('takes back a retake not started: the student is locked out again, once audited', async () => {
    const { built, lessonId } = await exam();
    const who = await examStudent(api, tenant.id, built.courseId);
    await take(who, lessonId, false);
    await retake(lessonId, who.id);
    expect((await content(who.device, lessonId)).body.data.exam.canStart).toBe(true);
    const waiting = await statistics(lessonId);
    expect(waiting).toMatchObject({ lockedOut: [], retakePending: [{ id: who.id, score: 0 }] });
    // The CSV ends with the same list.
    const { name, phoneNumber } = waiting.retakePending[0]!;
    const exported = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/QuizStatistics/Export`);
    expect(exported.text.split('\r\n\r\n').at(-1)).toBe(
      `${STATISTICS_HEADERS.retakePending.join(',')}\r\n${name},${phoneNumber},0\r\n`,
    );

    const taken = await withdraw(lessonId, who.id);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body).toEqual({
      success: true,
      message: 'Retake withdrawn',
      data: { userId: who.id, attemptsAllowed: 1, attemptsUsed: 1, withdrawn: 1 },
    });
    expect((await content(who.device, lessonId)).body.data.exam).toMatchObject({
      attemptsAllowed: 1,
      canStart: false,
    });
    expect((await start(who.device, lessonId)).body.data).toEqual({ reason: 'no-attempts-left' });
    expect(await lockedOut(lessonId)).toEqual([{ id: who.id, reason: 'no-attempts-left' }]);
    expect(await pending(lessonId)).toEqual([]);

    // Asked again: nothing left to take back, nothing written.
    expect((await withdraw(lessonId, who.id)).body.data).toMatchObject({ attemptsAllowed: 1, withdrawn: 0 });
    const entries = (await auditRows(api, tenant.id)).filter(
      (row) => row.action === 'quiz.retake.withdraw' && row.target_id === lessonId,
    );
    expect(entries.map(({ actor_id, target_id }) => ({ actor_id, target_id }))).toEqual([
      { actor_id: admin.id, target_id: lessonId },
    ]);
    expect(entries[0]!.summary).toMatch(
      /^سُحبت من «.+» المحاولة رقم ٢ في الاختبار «.+» \(محاولات إضافية: ٠، والمسموح للجميع: ١\)$/,
    );

    // Granted again after the undo: the retake is back.
    expect((await retake(lessonId, who.id)).body.data).toMatchObject({ attemptsAllowed: 2 });
    expect((await start(who.device, lessonId)).status).toBe(200);
  });

  it('keeps a retake already taken, and refuses while it is being taken', async () => {
    const { built, lessonId } = await exam();
    const who = await examStudent(api, tenant.id, built.courseId);
    await take(who, lessonId, false);
    await retake(lessonId, who.id);
    const questions = await begin(who, lessonId);
    // Taking it: neither waiting for it nor locked out.
    expect(await statistics(lessonId)).toMatchObject({ lockedOut: [], retakePending: [] });
    expect((await withdraw(lessonId, who.id)).body).toEqual({
      success: false,
      message: RETAKE_ATTEMPT_OPEN,
      data: { reason: 'attempt-open' },
    });
    await finish(who, lessonId, questions, false);
    expect(await pending(lessonId)).toEqual([]);
    expect(await lockedOut(lessonId)).toEqual([{ id: who.id, reason: 'no-attempts-left' }]);
    // Used: the student's history keeps it.
    expect((await withdraw(lessonId, who.id)).body.data).toEqual({
      userId: who.id,
      attemptsAllowed: 2,
      attemptsUsed: 2,
      withdrawn: 0,
    });
    const entries = (await auditRows(api, tenant.id)).filter(
      (row) => row.action === 'quiz.retake.withdraw' && row.target_id === lessonId,
    );
    expect(entries).toEqual([]);
  });

  it('a grant and its undo sent together leave the student either with the retake or without it', async () => {
    const { built, lessonId } = await exam();
    const who = await examStudent(api, tenant.id, built.courseId);
    await take(who, lessonId, false);
    for (let round = 0; round < 6; round++) {
      const replies = await Promise.all([retake(lessonId, who.id), withdraw(lessonId, who.id)]);
      // Each is answered (a change between one's read and its write is a 409), never a 500.
      for (const reply of replies) expect([200, 409], reply.text).toContain(reply.status);
      const extra = (await storedExtra(lessonId, who.id))[0]?.extra ?? 0;
      expect([0, 1]).toContain(extra);
      expect((await content(who.device, lessonId)).body.data.exam.canStart).toBe(extra === 1);
    }
  });

  it('takes back a grant after the exam closed, and refuses another school’s ids', async () => {
    const { built, lessonId } = await exam();
    const who = await examStudent(api, tenant.id, built.courseId);
    await take(who, lessonId, false);
    await retake(lessonId, who.id);
    const fresh = await examStudent(api, tenant.id, built.courseId);
    for (const [lesson, user, status, body] of [
      [lessonId, fresh.id, 404, failure(NO_RESULT)],
      [lessonId, other.studentId, 404, failure(NO_RESULT)],
      [other.course.lessonIds[0]![1]!, who.id, 404, failure(LESSON_NOT_FOUND)],
    ] as const) {
      const reply = await withdraw(lesson, user);
      expect(reply.status, `${lesson} ${user}`).toBe(status);
      expect(reply.body).toMatchObject(body);
    }
    await setExam(api, tenant.id, lessonId, {
      passMark: 60,
      attemptsAllowed: 1,
      closesAt: new Date(api.clock.now().getTime() - 60_000).toISOString(),
    });
    // Closed: the retake waits no more, it cannot be started.
    expect(await statistics(lessonId)).toMatchObject({
      lockedOut: [{ id: who.id, reason: 'exam-closed' }],
      retakePending: [],
    });
    expect((await withdraw(lessonId, who.id)).body.data).toMatchObject({ withdrawn: 1 });
    expect(await storedExtra(lessonId, who.id)).toEqual([{ extra: 0 }]);
  });
});

// Statements that wait for each other: PostgreSQL's. On SQLite the undo's write runs in the only
// writer's transaction, so no grant can land between its read and its write.
if (testDbKind() === 'postgres')
  describe('an undo racing another grant (PostgreSQL)', () => {
    it('is refused with 409 and writes nothing when the grant changed between its read and its write', async () => {
      const { built, lessonId } = await exam();
      const who = await examStudent(api, tenant.id, built.courseId);
      await take(who, lessonId, false);
      await retake(lessonId, who.id);
      // Another teacher's grant of two, not yet committed: the undo reads the grant of one, then its
      // write waits for this row.
      const held = await holdLock(
        api,
        sql`update exam_extra_attempts set extra = 2 where lesson_id = ${lessonId} and user_id = ${who.id}`,
      );
      let undoing;
      try {
        undoing = withdraw(lessonId, who.id);
        expect(await waitingOnLock(api, 'update "exam_extra_attempts"%')).toBe(true);
      } finally {
        await held.release();
      }
      const undone = await undoing;
      expect(undone.status, undone.text).toBe(409);
      expect(undone.body).toEqual({ success: false, message: RETAKE_CHANGED, data: null });
      expect(await storedExtra(lessonId, who.id)).toEqual([{ extra: 2 }]);
      const entries = (await auditRows(api, tenant.id)).filter(
        (row) => row.action === 'quiz.retake.withdraw' && row.target_id === lessonId,
      );
      expect(entries).toEqual([]);
    });
  });
