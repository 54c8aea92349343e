// Issue 16, defect 4, "the quiz review hands out the answer key": one account submitted blind, read
// correctAnswerId from its review and a second account scored 100 with those ids. Now each student
// sees the quiz in an order of their own with answer ids of their own, stable across reloads and
// devices; another account's ids are refused; the stored review is in each student's ids; and the
// admin sees when each attempt started and how long it took.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminSuite,
  enrolDirectly,
  signedInStudent,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import {
  seenAnswerId,
  seenQuiz,
  studentAnswers,
  wrongAnswer,
  type QuizAnswer,
  type SeenQuestion,
} from './support/quiz-answers';
import type { TestApi } from './support/test-api';

const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';
const START = new Date('2026-09-01T08:00:00.000Z');

const suite = adminSuite();
let api: TestApi;
let admin: SignedIn;
let course: BuiltCourse;
/** One quiz per test, each in a unit of its own so that none locks another. */
let quizzes: number[];

beforeAll(async () => {
  ({ api, admin } = suite);
  api.clock.set(START);
  const sixQuestions = Array.from({ length: 6 }, (_, i) => fourOptions(`سؤال ${i + 1}`, i % 4));
  course = await buildCourse(api.db, {
    tenantId: suite.tenant.id,
    units: Array.from({ length: 4 }, () => [{ type: 'Quiz' as const, questions: sixQuestions }]),
  });
  quizzes = course.lessonIds.map((lessons) => lessons[0]!);
});

async function enrolledStudent(): Promise<Student> {
  const student = await signedInStudent(api);
  await enrolDirectly(api, suite.tenant.id, student.id, course.courseId);
  return student;
}

const submit = (student: Student, lessonId: number, answers: QuizAnswer[]) =>
  student.device.call('POST', '/api/quizresult/submit', { json: { lessonId, answers } });

/** The order a student sees, as one comparable string: question ids, each with its answers' texts. */
const orderOf = (seen: SeenQuestion[]) =>
  seen.map((q) => `${q.id}:${q.answers.map((a) => a.text).join('')}`).join(' ');
const answerIdsOf = (seen: SeenQuestion[]) => seen.flatMap((q) => q.answers.map((a) => a.id));
/** What is shown, whatever the order: each question's text with its answers' texts, sorted. */
const contentOf = (seen: SeenQuestion[]) =>
  seen
    .map(
      (q) =>
        `${q.id} ${q.text}: ${q.answers
          .map((a) => a.text)
          .sort()
          .join('')}`,
    )
    .sort();

function storedResults(lessonId: number) {
  return api.db.selectFrom('quiz_results').selectAll().where('lesson_id', '=', lessonId).execute();
}

describe('a quiz as each student sees it', () => {
  it('comes in each student’s own order and answer ids, the same on every reload and device', async () => {
    const lessonId = quizzes[0]!;
    const [alice, bob] = [await enrolledStudent(), await enrolledStudent()];
    const seenByAlice = await seenQuiz(alice.device, lessonId);
    const seenByBob = await seenQuiz(bob.device, lessonId);

    // The same questions and answers...
    expect(contentOf(seenByBob)).toEqual(contentOf(seenByAlice));
    expect(seenByAlice).toHaveLength(6);
    // ...in another order, with no answer id in common and none of them the stored ids.
    expect(orderOf(seenByBob)).not.toBe(orderOf(seenByAlice));
    const aliceIds = answerIdsOf(seenByAlice);
    expect(new Set(aliceIds).size).toBe(24);
    expect(aliceIds.filter((id) => answerIdsOf(seenByBob).includes(id))).toEqual([]);
    const storedIds = course.quizzes.get(lessonId)!.flatMap((q) => q.answerIds);
    expect(aliceIds.filter((id) => storedIds.includes(id))).toEqual([]);

    // A reload, later, and Alice's second device show exactly what she saw.
    api.clock.advanceMinutes(10);
    expect(await seenQuiz(alice.device, lessonId)).toEqual(seenByAlice);
    const secondDevice = api.device();
    expect((await secondDevice.login(alice.email)).status).toBe(200);
    expect(await seenQuiz(secondDevice, lessonId)).toEqual(seenByAlice);
  });
});

describe('an answer key copied from another student’s review', () => {
  it('is refused with 400 in that student’s ids; typing the same answers by their text still works', async () => {
    const lessonId = quizzes[1]!;
    const [alice, bob] = [await enrolledStudent(), await enrolledStudent()];

    // Alice answers blind (the first answer she is shown each time) and reads the key from her review.
    const blind = (await seenQuiz(alice.device, lessonId)).map((q) => ({
      questionId: q.id,
      answerId: q.answers[0]!.id,
    }));
    const aliceReply = await submit(alice, lessonId, blind);
    expect(aliceReply.status).toBe(200);
    const review = aliceReply.body.data.review as { questionId: number; correctAnswerId: number }[];
    const copied = review.map((r) => ({ questionId: r.questionId, answerId: r.correctAnswerId }));

    await seenQuiz(bob.device, lessonId);
    const refused = await submit(bob, lessonId, copied);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: ANSWER_EVERY_QUESTION });
    expect((await storedResults(lessonId)).map((row) => row.user_id)).toEqual([alice.id]);

    // The texts carry over (that is expected): Bob finds each right answer by its text in his own quiz.
    const aliceSeen = await seenQuiz(alice.device, lessonId);
    const bobSeen = await seenQuiz(bob.device, lessonId);
    const byText = review.map((r) => {
      const text = aliceSeen
        .find((q) => q.id === r.questionId)!
        .answers.find((a) => a.id === r.correctAnswerId)!;
      expect(text.isCorrect).toBe(true);
      return { questionId: r.questionId, answerId: seenAnswerId(bobSeen, r.questionId, text.text) };
    });
    const typed = await submit(bob, lessonId, byText);
    expect(typed.status).toBe(200);
    expect(typed.body.data).toMatchObject({ score: 100, correctCount: 6, total: 6 });
  });
});

describe('the stored review', () => {
  it('is each student’s own: their ids and order when shown, the stored ids in the database', async () => {
    const lessonId = quizzes[2]!;
    const key = course.quizzes.get(lessonId)!;
    const pickHalf = (q: (typeof key)[number], i: number) =>
      i % 2 === 0 ? q.correctAnswerId : wrongAnswer(q);

    const storedIds = key.flatMap((q) => q.answerIds);
    const shownKeys: number[][] = [];
    for (const student of [await enrolledStudent(), await enrolledStudent()]) {
      const sent = await studentAnswers(student.device, course, lessonId, pickHalf);
      const reply = await submit(student, lessonId, sent);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ score: 50, correctCount: 3, total: 6 });

      // Shown again (content and a second submit's 409), in the student's question order and ids: the
      // chosen id is the one sent, the correct id is the answer the content marks correct.
      const content = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
      const seen = content.body.data.questions as SeenQuestion[];
      const result = content.body.data.result;
      expect(result).toEqual(reply.body.data);
      expect(result.review.map((r: { questionId: number }) => r.questionId)).toEqual(seen.map((q) => q.id));
      for (const [i, item] of result.review.entries()) {
        const question = seen[i]!;
        expect(item.chosenAnswerId).toBe(sent.find((a) => a.questionId === question.id)!.answerId);
        expect(item.correctAnswerId).toBe(question.answers.find((a) => a.isCorrect)!.id);
      }
      const shownKey = result.review.map((r: { correctAnswerId: number }) => r.correctAnswerId);
      expect(shownKey.filter((id: number) => storedIds.includes(id))).toEqual([]);
      shownKeys.push(shownKey);
      const again = await submit(student, lessonId, sent);
      expect(again.status).toBe(409);
      expect(again.body.data).toEqual(reply.body.data);

      // Stored with the real ids, in the quiz's own order.
      const [row] = (await storedResults(lessonId)).filter((r) => r.user_id === student.id);
      expect(JSON.parse(row!.answers_json)).toEqual(
        key.map((q, i) => ({
          questionId: q.questionId,
          chosenAnswerId: pickHalf(q, i),
          correctAnswerId: q.correctAnswerId,
          isCorrect: i % 2 === 0,
        })),
      );
    }
    // Two students' keys have no id in common.
    expect(shownKeys[0]!.filter((id) => shownKeys[1]!.includes(id))).toEqual([]);
  });
});

describe('when an attempt started and how long it took', () => {
  it('is recorded at the first opening, once, and shown to the admin with the CSV', async () => {
    api.clock.set(START);
    const lessonId = quizzes[3]!;
    const [erin, frank] = [await enrolledStudent(), await enrolledStudent()];

    // Opened five times at once: one start.
    const opened = await Promise.all(Array.from({ length: 5 }, () => seenQuiz(erin.device, lessonId)));
    expect(new Set(opened.map(orderOf)).size).toBe(1);
    api.clock.advanceMinutes(1);
    await seenQuiz(erin.device, lessonId);
    api.clock.advanceMinutes(1.5);
    expect((await submit(erin, lessonId, await studentAnswers(erin.device, course, lessonId))).status).toBe(
      200,
    );
    api.clock.advanceMinutes(5);
    await seenQuiz(erin.device, lessonId);
    const attempts = await api.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .execute();
    expect(attempts).toEqual([
      { tenant_id: suite.tenant.id, user_id: erin.id, lesson_id: lessonId, started_at: START.toISOString() },
    ]);

    // A result from before starts were recorded: no start, no duration.
    await api.db
      .insertInto('quiz_results')
      .values({
        tenant_id: suite.tenant.id,
        user_id: frank.id,
        lesson_id: lessonId,
        score: 0,
        correct_count: 0,
        total: 6,
        answers_json: '[]',
        submitted_at: '2026-08-01T08:00:00.000Z',
      })
      .execute();

    const list = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${lessonId}`);
    expect(list.status).toBe(200);
    const results = list.body.data.results as { student: { id: number } }[];
    expect(
      results.map((r) => [r.student.id, pick(r, 'startedAt', 'submittedAt', 'durationSeconds')]),
    ).toEqual([
      [
        erin.id,
        { startedAt: START.toISOString(), submittedAt: '2026-09-01T08:02:30.000Z', durationSeconds: 150 },
      ],
      [frank.id, { startedAt: null, submittedAt: '2026-08-01T08:00:00.000Z', durationSeconds: null }],
    ]);

    const csv = await admin.device.call('GET', `/api/Admin/QuizResults/Export?lessonId=${lessonId}`);
    const rows = csv.text.split('\r\n').filter(Boolean);
    expect(rows[0]).toMatch(/,وقت التسليم,وقت البدء,المدة بالثواني,صحّحه$/);
    expect(rows[1]).toMatch(
      new RegExp(`^[^,]+,${erin.email},.*,2026-09-01T08:02:30.000Z,${START.toISOString()},150,الخادم$`),
    );
    expect(rows[2]).toMatch(new RegExp(`^[^,]+,${frank.email},.*,2026-08-01T08:00:00.000Z,,,الخادم$`));
  });
});

function pick<T extends object, K extends string>(value: T, ...keys: K[]): Record<K, unknown> {
  return Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]])) as Record<
    K,
    unknown
  >;
}
