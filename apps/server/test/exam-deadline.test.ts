// Timed exam attempts (decision 0013): the deadline is stored at the start, answers at the deadline are
// taken and one second later refused (the attempt closed first, its result sent), and an abandoned
// attempt is closed by the server with what was saved: by the sweeper, by any call that meets it, by
// the sweeper's own timer, and by a new app instance started on the same database (a restart).
import { ATTEMPT_TIME_OVER } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AttemptSweeper } from '../src/modules/exams/attempt-sweeper';
import { tenantsWithExamWork } from '../src/modules/exams/sweep-due';
import { foldDraws } from '../src/modules/question-bank/draw-tally';
import {
  answersFor,
  attemptRows,
  content,
  examCourse,
  examQuiz,
  examStudent,
  pick,
  resultRow,
  save,
  setExam,
  start,
  submit,
  type ShownQuestion,
} from './support/exam-fixture';
import { ensureTenant } from './support/auth-helpers';
import { startTestApi, TENANT, type TestApi } from './support/test-api';

const START = '2026-09-01T08:00:00.000Z';
/** Five minutes after START: a five-minute attempt started at START ends here. */
const DEADLINE = '2026-09-01T08:05:00.000Z';
const AFTER = '2026-09-01T08:05:01.000Z';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

const questionsOf = (reply: { body: any }) => reply.body.data.questions as ShownQuestion[];

/** A three-question exam of five minutes, started now by a new student. */
async function startedExam(on: TestApi = api, spec: Parameters<typeof setExam>[3] = {}) {
  const onTenant = (await on.services.tenants.bySlug(TENANT))!;
  const built = await examCourse(on, onTenant.id, examQuiz(3));
  const lessonId = built.lessonIds[0]![0]!;
  await setExam(on, onTenant.id, lessonId, { timeLimitMinutes: 5, review: 'immediate', ...spec });
  const student = await examStudent(on, onTenant.id, built.courseId);
  const started = await start(student.device, lessonId);
  expect(started.status, started.text).toBe(200);
  return { built, lessonId, student, questions: questionsOf(started), started };
}

describe('the deadline', () => {
  it('is stored at the start (the time limit, capped by the closing time) and sent with the server clock', async () => {
    const { started, lessonId, student } = await startedExam();
    expect(started.body.data.exam.attempt.deadlineAt).toBe(DEADLINE);
    expect(started.body.data.exam.serverNow).toBe(START);
    expect((await attemptRows(api, lessonId, student.id))[0]!.deadline_at).toBe(DEADLINE);

    const capped = await startedExam(api, { timeLimitMinutes: 60, closesAt: '2026-09-01T08:02:00.000Z' });
    expect(capped.started.body.data.exam.attempt.deadlineAt).toBe('2026-09-01T08:02:00.000Z');
  });

  it('takes a save at the deadline and refuses one a second later, closing the attempt (409 with the result)', async () => {
    const { lessonId, student, questions } = await startedExam();
    api.clock.set(DEADLINE);
    const atDeadline = await save(student.device, lessonId, [pick(questions[0]!)]);
    expect(atDeadline.status, atDeadline.text).toBe(200);
    expect(atDeadline.body.data).toEqual({ saved: 1, deadlineAt: DEADLINE, serverNow: DEADLINE });
    // The sweeper leaves an attempt alone at its deadline itself.
    await api.services.examSweeper.sweepOnce();
    expect((await attemptRows(api, lessonId, student.id))[0]!.submitted_at).toBeNull();

    api.clock.set(AFTER);
    const late = await save(student.device, lessonId, [pick(questions[1]!)]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ATTEMPT_TIME_OVER);
    expect(late.body.data).toMatchObject({ score: 33, correctCount: 1, total: 3, submittedBy: 'server' });
    const [row] = await attemptRows(api, lessonId, student.id);
    expect(row).toMatchObject({ submitted_by: 'server', score: 33, submitted_at: AFTER });
    expect(Object.keys(JSON.parse(row!.answers_json))).toHaveLength(1);
    expect(await resultRow(api, lessonId, student.id)).toMatchObject({ score: 33, attempt_id: row!.id });
    // A later save or submit is told the same.
    const again = await submit(student.device, lessonId, answersFor(questions, [true, true, true]));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ATTEMPT_TIME_OVER);
    expect(again.body.data.score).toBe(33);
  });

  it('refuses a submit a second after the deadline with the result the server closed', async () => {
    const { lessonId, student, questions } = await startedExam();
    expect((await save(student.device, lessonId, [pick(questions[0]!), pick(questions[1]!)])).status).toBe(
      200,
    );
    api.clock.set(AFTER);
    const late = await submit(student.device, lessonId, answersFor(questions, [true, true, true]));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ATTEMPT_TIME_OVER);
    expect(late.body.data).toMatchObject({ score: 67, correctCount: 2, submittedBy: 'server', passed: true });
    expect((await resultRow(api, lessonId, student.id))!.score).toBe(67);
  });

  it('a submit at the deadline itself is taken', async () => {
    const { lessonId, student, questions } = await startedExam();
    api.clock.set(DEADLINE);
    const reply = await submit(student.device, lessonId, answersFor(questions, [true, true, true]));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ score: 100, submittedBy: 'student' });
  });

  it('an untimed attempt has no deadline and is never swept', async () => {
    const { started, lessonId, student } = await startedExam(api, { timeLimitMinutes: null });
    expect(started.body.data.exam.attempt.deadlineAt).toBeNull();
    api.clock.set('2026-09-03T08:00:00.000Z');
    await api.services.examSweeper.sweepOnce();
    expect((await attemptRows(api, lessonId, student.id))[0]!.submitted_at).toBeNull();
  });
});

describe('an abandoned attempt', () => {
  it('is closed by the sweeper with what was saved, unanswered counting wrong', async () => {
    const { lessonId, student, questions } = await startedExam(api, { passMark: 50 });
    // Two of three saved: one right, one wrong.
    expect((await save(student.device, lessonId, [pick(questions[0]!, true)])).status).toBe(200);
    expect((await save(student.device, lessonId, [pick(questions[1]!, false)])).status).toBe(200);
    api.clock.set(AFTER);
    expect(await api.services.examSweeper.sweepOnce()).toBeGreaterThanOrEqual(1);
    const [row] = await attemptRows(api, lessonId, student.id);
    expect(row).toMatchObject({ submitted_by: 'server', score: 33, correct_count: 1, total: 3 });
    const review = JSON.parse(row!.review_json!) as { chosenAnswerId: number; isCorrect: boolean }[];
    expect(review.map((item) => item.isCorrect)).toEqual([true, false, false]);
    expect(review[2]!.chosenAnswerId).toBe(0);
    expect(await resultRow(api, lessonId, student.id)).toMatchObject({ score: 33, passed: 0 });
    // A second sweep changes nothing; the student then sees the server's result.
    await api.services.examSweeper.sweepOnce();
    expect((await attemptRows(api, lessonId, student.id))[0]).toEqual(row);
    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.exam.attempt).toBeNull();
    expect(shown.result).toMatchObject({ score: 33, passed: false, submittedBy: 'server', attemptNumber: 1 });
  });

  it('is visited by the sweeper with its school alone: a school with no attempt past its deadline is not', async () => {
    const { database } = api.services;
    const due = () => tenantsWithExamWork(database.db, database.dialect, api.clock.now().toISOString());
    const own = (await api.services.tenants.bySlug(TENANT))!;
    const other = await ensureTenant(api, 'quiet-school');
    // What the tests before left open is closed first, a day later.
    api.clock.set('2026-09-02T08:00:00.000Z');
    await api.services.examSweeper.sweepOnce();
    expect(await due()).toEqual([]);
    api.clock.set(START);
    await startedExam();
    api.clock.set(DEADLINE);
    expect(await due()).toEqual([]);
    api.clock.set(AFTER);
    expect(await due()).toEqual([own.id]);
    expect(await due()).not.toContain(other.id);
    // On PostgreSQL, outside a tenant the app's connection still shows no attempt: the tenant set to
    // ask was the asking transaction's own.
    if (database.dialect === 'postgres')
      expect(await database.db.selectFrom('exam_attempts').select('id').execute()).toEqual([]);
    await api.services.examSweeper.sweepOnce();
    expect(await due()).toEqual([]);
  });

  it('is closed once when two sweepers (two processes) meet it together', async () => {
    const exams = await Promise.all([startedExam(), startedExam(), startedExam()]);
    for (const { lessonId, student, questions } of exams)
      expect((await save(student.device, lessonId, [pick(questions[0]!)])).status).toBe(200);
    api.clock.set(AFTER);
    const { services } = api;
    const other = new AttemptSweeper({
      db: services.database.db,
      clock: api.clock,
      attempts: services.examAttempts,
      dueTenants: (now) => tenantsWithExamWork(services.database.db, services.database.dialect, now),
      foldDraws: (tenantId) => foldDraws(services.database.db, services.database.dialect, tenantId),
      log: api.app.log,
      intervalMs: 0,
    });
    const closed = await Promise.all([services.examSweeper.sweepOnce(), other.sweepOnce()]);
    expect(closed[0] + closed[1]).toBeGreaterThanOrEqual(3);
    for (const { lessonId, student } of exams) {
      const rows = await attemptRows(api, lessonId, student.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ submitted_by: 'server', score: 33 });
      expect(await resultRow(api, lessonId, student.id)).toMatchObject({
        score: 33,
        attempt_id: rows[0]!.id,
      });
    }
  });

  it('stays open when its counted result cannot be written, and the next sweep closes it', async () => {
    const { lessonId, student, questions } = await startedExam();
    await save(student.device, lessonId, [pick(questions[0]!)]);
    const refusal = await refuseResults(api, lessonId);
    api.clock.set(AFTER);
    try {
      await api.services.examSweeper.sweepOnce();
      // The close and its counted result are one transaction: neither stands without the other.
      expect((await attemptRows(api, lessonId, student.id))[0]).toMatchObject({
        submitted_at: null,
        score: null,
      });
      expect(await resultRow(api, lessonId, student.id)).toBeUndefined();
    } finally {
      await refusal.lift();
    }
    await api.services.examSweeper.sweepOnce();
    expect((await attemptRows(api, lessonId, student.id))[0]).toMatchObject({
      submitted_by: 'server',
      score: 33,
    });
    expect(await resultRow(api, lessonId, student.id)).toMatchObject({ score: 33 });
  });

  it('is closed by the content read that meets it past its deadline', async () => {
    const { lessonId, student, questions } = await startedExam();
    await save(student.device, lessonId, [pick(questions[0]!)]);
    api.clock.set(AFTER);
    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.exam.attempt).toBeNull();
    expect(shown.result).toMatchObject({ score: 33, submittedBy: 'server' });
    expect((await attemptRows(api, lessonId, student.id))[0]!.submitted_by).toBe('server');
  });

  it("is closed by the sweeper's own timer", async () => {
    const timed = await startTestApi({ env: { EXAM_SWEEP_MS: '50' } });
    try {
      const { lessonId, student } = await startedExam(timed);
      timed.clock.set(AFTER);
      await expect
        .poll(async () => (await attemptRows(timed, lessonId, student.id))[0]!.submitted_by, {
          timeout: 10_000,
        })
        .toBe('server');
    } finally {
      await timed.close();
    }
  });

  it('is closed by a new app instance started on the same database after the first was closed', async () => {
    const first = await startTestApi();
    const { lessonId, student, questions } = await startedExam(first);
    await save(student.device, lessonId, [pick(questions[0]!), pick(questions[2]!)]);
    await first.app.close();

    // The restart: a new process's app on the same database, its sweeper on a timer as in production.
    first.clock.set(AFTER);
    const second = await buildApp({ ...first.services.config, examSweepMs: 60_000 }, { clock: first.clock });
    try {
      await second.app.ready();
      // On SQLite the fixtures' connection was the first app's; on PostgreSQL it is the test's own.
      const db = first.dialect === 'sqlite' ? second.services.database.db : first.db;
      const stored = () =>
        db
          .selectFrom('exam_attempts')
          .selectAll()
          .where('lesson_id', '=', lessonId)
          .executeTakeFirstOrThrow();
      await expect.poll(async () => (await stored()).submitted_by, { timeout: 10_000 }).toBe('server');
      expect(await stored()).toMatchObject({ score: 67, correct_count: 2, total: 3 });
      const counted = await db
        .selectFrom('quiz_results')
        .selectAll()
        .where('lesson_id', '=', lessonId)
        .executeTakeFirstOrThrow();
      expect(counted).toMatchObject({ score: 67, user_id: student.id });
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

/**
 * A trigger that makes every write of a result at `lessonId` fail, as a full disk or a lost connection
 * would, on the test's real database; `lift` drops it. Only this lesson's writes, so files running
 * beside this one on the same PostgreSQL are not touched.
 */
async function refuseResults(on: TestApi, lessonId: number) {
  const name = `refuse_results_${lessonId}`;
  if (on.dialect === 'postgres') {
    await sql
      .raw(
        `create or replace function refuse_result() returns trigger language plpgsql as
           $$ begin raise exception 'result refused by the test'; end $$;
         create trigger ${name} before insert or update on quiz_results for each row
           when (new.lesson_id = ${lessonId}) execute function refuse_result()`,
      )
      .execute(on.db);
  } else {
    await sql
      .raw(
        `create trigger ${name} before insert on quiz_results when new.lesson_id = ${lessonId}
         begin select raise(abort, 'result refused by the test'); end`,
      )
      .execute(on.db);
  }
  return {
    lift: async () => {
      await sql
        .raw(`drop trigger ${name}${on.dialect === 'postgres' ? ' on quiz_results' : ''}`)
        .execute(on.db);
    },
  };
}
