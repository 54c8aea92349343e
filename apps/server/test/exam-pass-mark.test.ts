// The pass mark in locking and progress (decision 0013, RULES.md Lesson locking extended): a quiz blocks
// the lessons after it in its unit until it is submitted and passed. `quiz_results.passed` is what the
// server reads; an admin's pass mark re-decides it, and every tree and unit answer carries it as
// `LessonRef.isQuizPassed`.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  adminSuite,
  enrolDirectly,
  signedInStudent,
  submitQuiz,
  type SignedIn,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type QuizFixtureQuestion } from './support/catalogue-fixture';
import { putExamSettings } from './support/exam-fixture';
import { wrongAnswer } from './support/quiz-answers';
import { type TestApi } from './support/test-api';

const PREVIOUS_QUIZ = 'You must complete the previous quiz first';
const refusal = { success: false, message: PREVIOUS_QUIZ, data: { reason: 'previous-quiz' } };

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn;
beforeAll(() => void ({ api, tenant, admin } = suite));

type Student = Awaited<ReturnType<typeof signedInStudent>>;
type Ref = { id: number; isQuizSubmitted: boolean; isQuizPassed: boolean };

/** Unit 1: a quiz of two questions, a video, another quiz; unit 2: a video. A student enrolled. */
async function setUp() {
  const built = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [
      [
        { type: 'Quiz', questions: [fourOptions('س١', 1), fourOptions('س٢', 2)] },
        { type: 'Video' },
        { type: 'Quiz', questions: [fourOptions('س٣', 0)] },
      ],
      [{ type: 'Video' }],
    ],
  });
  const [quizId, videoId, laterQuizId] = built.lessonIds[0] as [number, number, number];
  const nextUnitVideo = built.lessonIds[1]![0]!;
  const student = await signedInStudent(api);
  await enrolDirectly(api, tenant.id, student.id, built.courseId);
  return { built, quizId, videoId, laterQuizId, nextUnitVideo, student };
}

/** The first question right, the second wrong: 50. */
const halfRight = (question: QuizFixtureQuestion, index: number) =>
  index === 0 ? question.correctAnswerId : wrongAnswer(question);

const passMark = (quizId: number, mark: number | null) =>
  putExamSettings(admin, quizId, { passMark: mark, attemptsAllowed: 2 });

const content = (student: Student, lessonId: number) =>
  student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
const complete = (student: Student, lessonId: number) =>
  student.device.call('POST', `/api/Student/lesson-complete/${lessonId}`);

/** Each lesson of the course as the student's tree shows it, in order. */
async function treeRefs(student: Student, courseId: number): Promise<Ref[]> {
  const reply = await student.device.call(
    'GET',
    `/api/Course/tree-course-with-progress?courseid=${courseId}`,
  );
  expect(reply.status).toBe(200);
  return (reply.body.data.units as { lessons: Ref[] }[]).flatMap((unit) => unit.lessons);
}

const passedFlags = (refs: Ref[]) => refs.map((ref) => ref.isQuizPassed);

describe('a quiz below its pass mark', () => {
  it('blocks what follows in its unit, shows as not passed, and opens again when the mark is lowered', async () => {
    const { built, quizId, videoId, laterQuizId, nextUnitVideo, student } = await setUp();
    expect((await submitQuiz(student, built, quizId, halfRight)).score).toBe(50);
    expect((await content(student, videoId)).status).toBe(200);
    expect(passedFlags(await treeRefs(student, built.courseId))).toEqual([true, true, true, true]);

    // The admin sets a pass mark above the score: the result no longer passes.
    expect((await passMark(quizId, 60)).status).toBe(200);
    for (const reply of [
      await content(student, videoId),
      await complete(student, videoId),
      await content(student, laterQuizId),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(refusal);
    }
    // Locking stays within the unit.
    expect((await content(student, nextUnitVideo)).status).toBe(200);
    const refs = await treeRefs(student, built.courseId);
    expect(refs[0]).toMatchObject({ id: quizId, isQuizSubmitted: true, isQuizPassed: false });
    expect(passedFlags(refs)).toEqual([false, true, true, true]);
    // The unit's own lesson list says the same.
    const unit = await student.device.call('GET', `/api/Unit/${built.unitIds[0]}/lessons`);
    expect(unit.status).toBe(200);
    expect(passedFlags(unit.body.data.lessons)).toEqual([false, true, true]);
    // The public tree has no student's progress: everything reads as passed.
    const outline = await api.call('GET', `/api/Course/tree?courseid=${built.courseId}`);
    expect(passedFlags((outline.body.data.units as { lessons: Ref[] }[]).flatMap((u) => u.lessons))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    // Lowered to the score: passed again, the video opens.
    expect((await passMark(quizId, 50)).status).toBe(200);
    expect((await content(student, videoId)).status).toBe(200);
    expect((await complete(student, videoId)).status).toBe(200);
    expect(passedFlags(await treeRefs(student, built.courseId))).toEqual([true, true, true, true]);
  });

  it("reads the stored result's `passed`, whatever set it (an exam submission)", async () => {
    const { built, quizId, videoId, student } = await setUp();
    await submitQuiz(student, built, quizId);
    expect((await content(student, videoId)).status).toBe(200);
    await api.db
      .updateTable('quiz_results')
      .set({ passed: 0 })
      .where('lesson_id', '=', quizId)
      .where('user_id', '=', student.id)
      .execute();
    const refused = await content(student, videoId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(refusal);
    expect((await treeRefs(student, built.courseId))[0]).toMatchObject({
      isQuizSubmitted: true,
      isQuizPassed: false,
    });

    // Another student's failure is theirs alone.
    const classmate = await signedInStudent(api);
    await enrolDirectly(api, tenant.id, classmate.id, built.courseId);
    await submitQuiz(classmate, built, quizId);
    expect((await content(classmate, videoId)).status).toBe(200);
    expect((await treeRefs(classmate, built.courseId))[0]).toMatchObject({ isQuizPassed: true });
  });

  it('an unsubmitted quiz reads as passed (nothing failed yet) and still blocks as before', async () => {
    const { built, quizId, videoId, student } = await setUp();
    expect((await passMark(quizId, 90)).status).toBe(200);
    expect((await content(student, videoId)).body).toEqual(refusal);
    expect((await treeRefs(student, built.courseId))[0]).toMatchObject({
      isQuizSubmitted: false,
      isQuizPassed: true,
    });
  });
});
