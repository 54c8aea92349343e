// `passed` decided by the write itself (decision 0013; modules/exams/pass-verdict.ts): every statement
// that stores a result reads the lesson's settings row as it writes, so a process whose cached settings
// are behind still stores the verdict of the mark that stands; and on PostgreSQL a pass-mark change and
// a submission racing it end with the verdict of the final mark, whichever starts first. Each race is
// made to happen in one order: the test holds a lock that stops one side half-way and lets the other
// run into it.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { adminSuite, type SignedIn } from './support/admin-helpers';
import {
  answersFor,
  content,
  examCourse,
  examQuiz,
  examStudent,
  putExamSettings,
  resultRow,
  save,
  setExam,
  start,
  submit,
  type ExamStudent,
  type ShownQuestion,
} from './support/exam-fixture';
import { holdLock, tracked, waitingOnLock } from './support/held-lock';
import { type TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

/** One of two right: 50, which passes 40 and fails 60. */
const HALF = [true, false];

// The settings cache on, as in production: a submission reads the settings from it.
const suite = adminSuite({ env: { CATALOGUE_CACHE_MS: '600000' } });
let api: TestApi, tenant: Tenant, admin: SignedIn;
beforeAll(() => void ({ api, tenant, admin } = suite));

const questionsOf = (reply: { body: any }) => reply.body.data.questions as ShownQuestion[];

/** A quiz of two questions; an exam with `passMark` unless that is undefined (a plain quiz). */
async function quiz(passMark?: number, timeLimitMinutes: number | null = null) {
  const built = await examCourse(api, tenant.id, examQuiz(2));
  const lessonId = built.lessonIds[0]![0]!;
  if (passMark !== undefined) await setExam(api, tenant.id, lessonId, { passMark, timeLimitMinutes });
  return { courseId: built.courseId, lessonId };
}

/** A student of the course who has opened the quiz (an exam: started the attempt); what they see. */
async function opened(courseId: number, lessonId: number, exam: boolean) {
  const student = await examStudent(api, tenant.id, courseId);
  const reply = exam ? await start(student.device, lessonId) : await content(student.device, lessonId);
  expect(reply.status, reply.text).toBe(200);
  return { student, questions: questionsOf(reply) };
}

const passedOf = async (lessonId: number, student: ExamStudent) =>
  (await resultRow(api, lessonId, student.id))?.passed;

/** The pass mark changed behind the app's back: its cached settings keep the old one. */
const markInDatabase = (lessonId: number, passMark: number) =>
  api.db
    .updateTable('quiz_settings')
    .set({ pass_mark: passMark })
    .where('lesson_id', '=', lessonId)
    .execute();

const putPassMark = (lessonId: number, passMark: number) => putExamSettings(admin, lessonId, { passMark });

describe('the verdict is the settings row as the write reads it, not a cached copy', () => {
  it("an exam's submit and the sweeper's close store the mark that stands", async () => {
    const { courseId, lessonId } = await quiz(40, 1);
    const submitter = await opened(courseId, lessonId, true);
    const abandoner = await opened(courseId, lessonId, true);
    expect(
      (await save(abandoner.student.device, lessonId, answersFor(abandoner.questions, HALF))).status,
    ).toBe(200);
    await markInDatabase(lessonId, 60);

    const submitted = await submit(submitter.student.device, lessonId, answersFor(submitter.questions, HALF));
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.data.score).toBe(50);
    expect(await passedOf(lessonId, submitter.student)).toBe(0);
    // The reply says what was stored, not what the cached mark (40) would say.
    expect(submitted.body.data.passed).toBe(false);

    api.clock.advanceMinutes(2);
    expect(await api.services.examSweeper.sweepOnce()).toBe(1);
    expect(await resultRow(api, lessonId, abandoner.student.id)).toMatchObject({ score: 50, passed: 0 });
  });

  it("a plain quiz's submit, from a process that still reads it as plain, stores the new exam's mark", async () => {
    const { courseId, lessonId } = await quiz();
    const { student, questions } = await opened(courseId, lessonId, false);
    await setExam(api, tenant.id, lessonId, { passMark: 60 });

    const submitted = await submit(student.device, lessonId, answersFor(questions, HALF));
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.data.score).toBe(50);
    expect(await passedOf(lessonId, student)).toBe(0);
  });
});

// Statements that wait for each other: PostgreSQL's. On SQLite a settings write's transaction holds the
// only writer, so a result's statement runs wholly before or after it, which the cases above cover.
if (testDbKind() === 'postgres')
  describe('a pass-mark change racing a submission (PostgreSQL)', () => {
    /**
     * The submission's insert is stopped after it has decided `passed` (the student's row locked here,
     * which its foreign key check waits on); then the admin changes the mark.
     */
    async function changeDuringSubmission(
      lessonId: number,
      student: ExamStudent,
      questions: ShownQuestion[],
    ) {
      const held = await holdLock(api, sql`select id from users where id = ${student.id} for update`);
      let waited = false;
      let submitting, changing;
      try {
        submitting = submit(student.device, lessonId, answersFor(questions, HALF));
        expect(await waitingOnLock(api, 'insert into "quiz_results"%')).toBe(true);
        changing = tracked(putPassMark(lessonId, 60));
        // With the order in place the change waits for the submission in flight; without it, the
        // change would re-decide the results now, without the one being written.
        waited = await waitingOnLock(api, 'lock table quiz_results%', changing.done);
      } finally {
        await held.release();
      }
      const [submitted, changed] = await Promise.all([submitting, changing.promise]);
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.body.data.score).toBe(50);
      expect(changed.status, changed.text).toBe(200);
      expect(await passedOf(lessonId, student)).toBe(0);
      expect(waited, 'the change waited for the submission in flight').toBe(true);
    }

    it('an exam submission in flight when the mark is raised: the change waits, then re-decides it', async () => {
      const { courseId, lessonId } = await quiz(40);
      const { student, questions } = await opened(courseId, lessonId, true);
      await changeDuringSubmission(lessonId, student, questions);
    });

    it('a plain quiz made an exam with a mark while a submission is in flight (no settings row to lock)', async () => {
      const { courseId, lessonId } = await quiz();
      const { student, questions } = await opened(courseId, lessonId, false);
      await changeDuringSubmission(lessonId, student, questions);
    });

    it('a submission during the change: it waits for the change to commit, then reads the new mark', async () => {
      const { courseId, lessonId } = await quiz(40);
      const { student, questions } = await opened(courseId, lessonId, true);
      // The change is stopped after it has re-decided the results, at its audit entry.
      const held = await holdLock(api, sql`lock table audit_log in exclusive mode`);
      let waited = false;
      let submitting, changing;
      try {
        changing = putPassMark(lessonId, 60);
        expect(await waitingOnLock(api, 'insert into "audit_log"%')).toBe(true);
        submitting = tracked(submit(student.device, lessonId, answersFor(questions, HALF)));
        waited = await waitingOnLock(api, 'insert into "quiz_results"%', submitting.done);
      } finally {
        await held.release();
      }
      const [changed, submitted] = await Promise.all([changing, submitting.promise]);
      expect(changed.status, changed.text).toBe(200);
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.body.data.score).toBe(50);
      expect(await passedOf(lessonId, student)).toBe(0);
      expect(submitted.body.data.passed, 'the reply agrees with the stored verdict').toBe(false);
      expect(waited, 'the submission waited for the change in flight').toBe(true);
    });
  });
