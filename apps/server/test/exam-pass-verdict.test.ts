// `passed` decided by the write itself (decision 0013; modules/exams/pass-verdict.ts): every statement
// that stores a result reads the lesson's settings row as it writes, so a process whose cached settings
// are behind still stores the verdict of the mark that stands.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { adminSuite } from './support/admin-helpers';
import {
  answersFor,
  content,
  examCourse,
  examQuiz,
  examStudent,
  resultRow,
  save,
  setExam,
  start,
  submit,
  type ExamStudent,
  type ShownQuestion,
} from './support/exam-fixture';
import { type TestApi } from './support/test-api';

/** One of two right: 50, which passes 40 and fails 60. */
const HALF = [true, false];

// The settings cache on, as in production: a submission reads the settings from it.
const suite = adminSuite({ env: { CATALOGUE_CACHE_MS: '600000' } });
let api: TestApi, tenant: Tenant;
beforeAll(() => void ({ api, tenant } = suite));

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
