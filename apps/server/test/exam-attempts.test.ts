// Exam attempts over HTTP (decision 0013, Student calls): the draw stored once per attempt, start
// refusals, attempts and which result counts, the pass mark, the review and explanations, saved
// answers, races and hostile ids. Deadlines have their own file (exam-deadline.test.ts).
import { NO_OPEN_ATTEMPT, OWN_CLIENT, OWN_CLIENT_HEADER } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { signedInAdmin } from './support/admin-helpers';
import { ensureTenant } from './support/auth-helpers';
import { buildCourse, fourOptions } from './support/catalogue-fixture';
import {
  addBank,
  answersFor,
  attemptRows,
  bankExamCourse,
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
import { startTestApi, type TestApi } from './support/test-api';

const START = '2026-09-01T08:00:00.000Z';
const ANSWER_EVERY_QUESTION = 'Every question must be answered exactly once with one of its answers';
const NOT_IN_ATTEMPT =
  'Each answer must name a question of this attempt, each question once, and one of its answers';

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug('tenant8'))!;
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

/** A course whose first lesson is a fixed exam of `count` questions, and an enrolled student. */
async function fixedExam(spec: Parameters<typeof setExam>[3] = {}, count = 3) {
  const built = await examCourse(api, tenant.id, examQuiz(count));
  const lessonId = built.lessonIds[0]![0]!;
  await setExam(api, tenant.id, lessonId, spec);
  const student = await examStudent(api, tenant.id, built.courseId);
  return { built, lessonId, student };
}

/** A bank of 20: topics «جبر» (10: 5 easy, 5 hard) and «هندسة» (10, medium). */
async function bankExam(spec: Parameters<typeof setExam>[3] = {}) {
  const bank = Array.from({ length: 20 }, (_, i) => ({
    text: `سؤال البنك ${i + 1}`,
    topic: i < 10 ? 'جبر' : 'هندسة',
    difficulty: i < 5 ? ('easy' as const) : i < 10 ? ('hard' as const) : ('medium' as const),
    explanation: `شرح ${i + 1}`,
  }));
  return bankExamCourse(api, tenant.id, bank, {
    draw: [
      { topic: 'جبر', difficulty: 'easy', count: 2 },
      { topic: 'هندسة', difficulty: null, count: 2 },
      { topic: null, difficulty: null, count: 1 },
    ],
    ...spec,
  });
}

const questionsOf = (reply: { body: any }) => reply.body.data.questions as ShownQuestion[];

describe('opening and starting an exam', () => {
  it('opening shows the exam without starting it; start draws once, the same after a reload and on a second device', async () => {
    const { lessonId, student } = await fixedExam({ attemptsAllowed: 2, passMark: 50 });
    const opened = await content(student.device, lessonId);
    expect(opened.status).toBe(200);
    expect(opened.body.data.questions).toEqual([]);
    expect(opened.body.data.result).toBeNull();
    expect(opened.body.data.exam).toMatchObject({
      attemptsAllowed: 2,
      attemptsUsed: 0,
      passMark: 50,
      questionCount: 3,
      attempt: null,
      canStart: true,
      serverNow: START,
    });
    expect(await attemptRows(api, lessonId, student.id)).toHaveLength(0);

    const started = await start(student.device, lessonId);
    expect(started.status, started.text).toBe(200);
    const questions = questionsOf(started);
    expect(questions).toHaveLength(3);
    for (const question of questions) {
      expect(question.answers.map((a) => a.id)).toEqual([1, 2, 3]);
      expect(question.answers.every((a) => a.isCorrect === undefined)).toBe(true);
    }
    expect(started.body.data.exam).toMatchObject({ attemptsUsed: 1, canStart: false });
    expect(started.body.data.exam.attempt).toMatchObject({
      number: 1,
      startedAt: START,
      deadlineAt: null,
      answers: [],
    });

    const reloaded = await content(student.device, lessonId);
    expect(questionsOf(reloaded)).toEqual(questions);
    const other = await student.secondDevice();
    expect(questionsOf(await content(other, lessonId))).toEqual(questions);
    // A second start (a double tap, the other device) answers the same attempt.
    const again = await start(other, lessonId);
    expect(again.status).toBe(200);
    expect(questionsOf(again)).toEqual(questions);
    const rows = await attemptRows(api, lessonId, student.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.draw_json).map((q: { questionId: number }) => q.questionId)).toEqual(
      questions.map((q) => q.id),
    );
  });

  it('draws from the bank by the rules; students draw different sets', async () => {
    const { built, lessonId, ids } = await bankExam();
    const bank = await api.db.selectFrom('bank_questions').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(bank.map((row) => [row.id, row]));
    const sets = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const student = await examStudent(api, tenant.id, built.courseId);
      const started = await start(student.device, lessonId);
      expect(started.status, started.text).toBe(200);
      const drawn = questionsOf(started).map((q) => byId.get(q.id)!);
      expect(drawn).toHaveLength(5);
      expect(new Set(drawn.map((q) => q.id)).size).toBe(5);
      expect(drawn.every(Boolean)).toBe(true);
      expect(drawn.filter((q) => q.topic === 'جبر' && q.difficulty === 'easy').length).toBeGreaterThanOrEqual(
        2,
      );
      expect(drawn.filter((q) => q.topic === 'هندسة').length).toBeGreaterThanOrEqual(2);
      // Each shows its own text and all four answers, none marked.
      for (const question of questionsOf(started)) {
        expect(question.text).toBe(byId.get(question.id)!.text);
        expect(question.answers).toHaveLength(4);
      }
      sets.add(
        drawn
          .map((q) => q.id)
          .sort((a, b) => a - b)
          .join(','),
      );
    }
    expect(sets.size).toBeGreaterThanOrEqual(2);
  });

  it('refuses a start before the opening, after the closing and with no attempts left, with the reason', async () => {
    const notYet = await fixedExam({ opensAt: '2026-09-01T09:00:00.000Z' });
    expect((await content(notYet.student.device, notYet.lessonId)).body.data.exam.canStart).toBe(false);
    const early = await start(notYet.student.device, notYet.lessonId);
    expect(early.status).toBe(403);
    expect(early.body.data).toEqual({ reason: 'exam-not-open' });
    api.clock.set('2026-09-01T09:00:00.000Z');
    await notYet.student.relogin();
    expect((await start(notYet.student.device, notYet.lessonId)).status).toBe(200);

    const closed = await fixedExam({ closesAt: '2026-09-01T07:00:00.000Z' });
    const late = await start(closed.student.device, closed.lessonId);
    expect(late.status).toBe(403);
    expect(late.body.data).toEqual({ reason: 'exam-closed' });

    const once = await fixedExam({ attemptsAllowed: 1 });
    const first = await start(once.student.device, once.lessonId);
    expect(
      (await submit(once.student.device, once.lessonId, answersFor(questionsOf(first), [true, true, true])))
        .status,
    ).toBe(200);
    const second = await start(once.student.device, once.lessonId);
    expect(second.status).toBe(403);
    expect(second.body.data).toEqual({ reason: 'no-attempts-left' });
    expect((await content(once.student.device, once.lessonId)).body.data.exam).toMatchObject({
      attemptsUsed: 1,
      canStart: false,
    });
    expect(await attemptRows(api, once.lessonId, once.student.id)).toHaveLength(1);
  });

  it('answers 409 with a clear message when the bank no longer holds enough questions', async () => {
    const { built, lessonId, ids } = await bankExam();
    await api.db
      .updateTable('bank_questions')
      .set({ archived_at: START })
      .where('id', 'in', ids.slice(0, 4))
      .execute();
    const student = await examStudent(api, tenant.id, built.courseId);
    const reply = await start(student.device, lessonId);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/question bank/);
    expect(reply.body.data).toEqual({ reason: 'bank-too-small' });
    expect(await attemptRows(api, lessonId, student.id)).toHaveLength(0);
  });

  it("with the caches on, a question the admin deletes leaves the next draw's pool at once", async () => {
    const cached = await startTestApi({ env: { CATALOGUE_CACHE_MS: '60000' } });
    try {
      const school = (await cached.services.tenants.bySlug('tenant8'))!;
      const built = await examCourse(cached, school.id);
      const lessonId = built.lessonIds[0]![0]!;
      const ids = await addBank(
        cached,
        school.id,
        built.courseId,
        Array.from({ length: 4 }, (_, i) => ({ text: `س ${i + 1}` })),
      );
      await setExam(cached, school.id, lessonId, {
        source: 'bank',
        draw: [{ topic: null, difficulty: null, count: 3 }],
        attemptsAllowed: 2,
      });
      const student = await examStudent(cached, school.id, built.courseId);
      const first = await start(student.device, lessonId);
      expect(first.status, first.text).toBe(200);
      // The one question this draw left out, and another it took (archived: an attempt holds it).
      const drawn = new Set(questionsOf(first).map((q) => q.id));
      const admin = await signedInAdmin(cached);
      for (const id of [ids.find((id) => !drawn.has(id))!, [...drawn][0]!]) {
        const removed = await admin.device.call('DELETE', `/api/Admin/Questions/${id}`);
        expect(removed.status, removed.text).toBe(200);
      }
      // The open attempt still shows and grades the archived question; the next draw has 2 of 3.
      const answers = answersFor(questionsOf(await content(student.device, lessonId)), [true, true, true]);
      const submitted = await submit(student.device, lessonId, answers);
      expect(submitted.body.data).toMatchObject({ score: 100, total: 3 });
      const second = await start(student.device, lessonId);
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/question bank/);
    } finally {
      await cached.close();
    }
  });

  it('two parallel starts make one attempt', async () => {
    const { lessonId, student } = await fixedExam();
    const other = await student.secondDevice();
    const replies = await Promise.all([start(student.device, lessonId), start(other, lessonId)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(questionsOf(replies[0])).toEqual(questionsOf(replies[1]));
    expect(await attemptRows(api, lessonId, student.id)).toHaveLength(1);
  });
});

describe('attempts, counting and the pass mark', () => {
  it('two attempts: `best` keeps the higher score, `last` the later one', async () => {
    for (const counts of ['best', 'last'] as const) {
      const { lessonId, student } = await fixedExam({ attemptsAllowed: 2, counts, passMark: 60 });
      const first = await start(student.device, lessonId);
      const one = await submit(student.device, lessonId, answersFor(questionsOf(first), [true, true, true]));
      expect(one.status, one.text).toBe(200);
      expect(one.body.data).toMatchObject({
        score: 100,
        passed: true,
        attemptNumber: 1,
        submittedBy: 'student',
      });
      const afterOne = await content(student.device, lessonId);
      expect(afterOne.body.data.exam).toMatchObject({ attemptsUsed: 1, canStart: true, attempt: null });

      const second = await start(student.device, lessonId);
      expect(second.body.data.exam.attempt.number).toBe(2);
      // The open attempt's questions carry no correctness; the counted first attempt keeps its review.
      expect(JSON.stringify(second.body.data.questions)).not.toContain('isCorrect');
      expect(second.body.data.result).toMatchObject({ score: 100, attemptNumber: 1 });
      expect(second.body.data.result.review).toHaveLength(3);
      const two = await submit(
        student.device,
        lessonId,
        answersFor(questionsOf(second), [true, false, false]),
      );
      expect(two.body.data).toMatchObject({ score: 33, passed: false, attemptNumber: 2 });

      const counted = await resultRow(api, lessonId, student.id);
      const rows = await attemptRows(api, lessonId, student.id);
      const shown = (await content(student.device, lessonId)).body.data;
      if (counts === 'best') {
        expect(counted).toMatchObject({ score: 100, passed: 1, attempt_id: rows[0]!.id });
        expect(shown.result).toMatchObject({ score: 100, passed: true, attemptNumber: 1 });
      } else {
        expect(counted).toMatchObject({ score: 33, passed: 0, attempt_id: rows[1]!.id });
        expect(shown.result).toMatchObject({ score: 33, passed: false, attemptNumber: 2 });
      }
      expect(shown.exam).toMatchObject({ attemptsUsed: 2, canStart: false });
      // Beside the counted result, the latest attempt when it is another one: what the student last
      // scored, as a result of its own, without its review (the counted attempt's review is shown).
      expect(shown.exam.latest).toEqual(
        counts === 'best'
          ? {
              score: 33,
              correctCount: 1,
              total: 3,
              notes: 'Correct answers: 1/3',
              passed: false,
              attemptNumber: 2,
              submittedBy: 'student',
              review: [],
            }
          : null,
      );
    }
  });

  it('reports the pass mark in the result and stores the review in stored ids for the admin', async () => {
    const { built, lessonId, student } = await fixedExam({ passMark: 70 });
    const started = await start(student.device, lessonId);
    const questions = questionsOf(started);
    const reply = await submit(student.device, lessonId, answersFor(questions, [true, true, false]));
    expect(reply.body.data).toMatchObject({ score: 67, correctCount: 2, total: 3, passed: false });
    expect(reply.body.data.notes).toBe('Correct answers: 2/3');
    const row = (await resultRow(api, lessonId, student.id))!;
    expect(row.passed).toBe(0);
    // quiz_results keeps stored answer ids, as a plain quiz's result does.
    const stored = JSON.parse(row.answers_json) as { questionId: number; correctAnswerId: number }[];
    const fixture = built.quizzes.get(lessonId)!;
    for (const item of stored) {
      expect(item.correctAnswerId).toBe(
        fixture.find((q) => q.questionId === item.questionId)!.correctAnswerId,
      );
    }
    // The admin's results show when the counted attempt started, as they do for a plain quiz.
    const admin = await signedInAdmin(api);
    const listed = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${lessonId}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.results).toMatchObject([
      { student: { id: student.id }, startedAt: START, score: 67 },
    ]);
  });
});

describe('the review', () => {
  it('immediate: the submit answers the review and the content shows the questions with correctness', async () => {
    const { lessonId, student } = await fixedExam({ review: 'immediate' });
    const questions = questionsOf(await start(student.device, lessonId));
    const answers = answersFor(questions, [true, false, true]);
    const reply = await submit(student.device, lessonId, answers);
    expect(reply.body.data.review).toHaveLength(3);
    expect(reply.body.data.review.map((r: { chosenAnswerId: number }) => r.chosenAnswerId)).toEqual(
      answers.map((a) => a.answerId),
    );
    expect(reply.body.data.review.map((r: { isCorrect: boolean }) => r.isCorrect)).toEqual([
      true,
      false,
      true,
    ]);
    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.questions.map((q: ShownQuestion) => q.id)).toEqual(questions.map((q) => q.id));
    for (const question of shown.questions as ShownQuestion[]) {
      expect(question.answers.filter((a) => a.isCorrect)).toHaveLength(1);
      expect(question.answers.find((a) => a.isCorrect)!.text).toMatch(/^صحيح/);
    }
    expect(shown.result.review).toHaveLength(3);
    expect(shown.exam.reviewAt).toBeNull();
  });

  it('after the deadline: hidden until the exam closes, then shown', async () => {
    const closesAt = '2026-09-01T08:10:00.000Z';
    const { lessonId, student } = await fixedExam({ review: 'after-deadline', closesAt });
    const questions = questionsOf(await start(student.device, lessonId));
    const reply = await submit(student.device, lessonId, answersFor(questions, [true, true, false]));
    expect(reply.body.data).toMatchObject({ score: 67, review: [] });
    const hidden = (await content(student.device, lessonId)).body.data;
    expect(hidden.questions).toEqual([]);
    expect(hidden.result).toMatchObject({ score: 67, review: [] });
    expect(hidden.exam.reviewAt).toBe(closesAt);

    api.clock.set('2026-09-01T08:10:01.000Z');
    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.questions).toHaveLength(3);
    expect(shown.result.review).toHaveLength(3);
    expect(shown.exam.reviewAt).toBeNull();
  });

  it('never: no review and no correctness, now or later', async () => {
    const { lessonId, student } = await fixedExam({ review: 'never' });
    const questions = questionsOf(await start(student.device, lessonId));
    const reply = await submit(student.device, lessonId, answersFor(questions, [true, true, true]));
    expect(reply.body.data).toMatchObject({ score: 100, review: [] });
    // Days later (within the unit's week).
    api.clock.set('2026-09-05T00:00:00.000Z');
    await student.relogin();
    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.questions).toEqual([]);
    expect(shown.result.review).toEqual([]);
    expect(shown.exam.reviewAt).toBeNull();
    expect(JSON.stringify(shown)).not.toContain('isCorrect');
  });

  it('explanations only when the settings show them', async () => {
    for (const showExplanations of [true, false]) {
      const { built, lessonId } = await bankExam({ showExplanations });
      const student = await examStudent(api, tenant.id, built.courseId);
      const questions = questionsOf(await start(student.device, lessonId));
      expect(questions.every((q) => q.explanation === undefined)).toBe(true);
      const reply = await submit(student.device, lessonId, answersFor(questions, []));
      const shown = (await content(student.device, lessonId)).body.data;
      if (showExplanations) {
        expect(reply.body.data.review.every((r: { explanation: string }) => /^شرح/.test(r.explanation))).toBe(
          true,
        );
        expect(shown.questions.every((q: ShownQuestion) => /^شرح/.test(q.explanation!))).toBe(true);
      } else {
        expect(reply.body.data.review).toHaveLength(5);
        expect(JSON.stringify(reply.body.data)).not.toContain('شرح');
        expect(JSON.stringify(shown)).not.toContain('شرح');
      }
    }
  });
});

describe('saving and submitting', () => {
  it('saves answers as the student goes; a reload shows them; the submit grades sent over saved', async () => {
    const { lessonId, student } = await fixedExam();
    const questions = questionsOf(await start(student.device, lessonId));
    const [a, b, c] = questions.map((q) => pick(q, true));
    const wrongB = pick(questions[1]!, false);
    const first = await save(student.device, lessonId, [a!]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({ saved: 1, deadlineAt: null, serverNow: START });
    expect((await save(student.device, lessonId, [wrongB])).body.data.saved).toBe(2);

    const other = await student.secondDevice();
    const reloaded = (await content(other, lessonId)).body.data;
    expect(reloaded.exam.attempt.answers).toEqual([a, wrongB]);

    // Every drawn question must be answered, saved or sent.
    const short = await submit(student.device, lessonId, []);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(ANSWER_EVERY_QUESTION);
    // Sent answers win over saved ones: b right now, c sent.
    const reply = await submit(student.device, lessonId, [b!, c!]);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ score: 100, correctCount: 3 });
    const [row] = await attemptRows(api, lessonId, student.id);
    expect(row).toMatchObject({ submitted_by: 'student', score: 100, correct_count: 3, total: 3 });
    expect(JSON.parse(row!.answers_json)).toEqual({
      [a!.questionId]: a!.answerId,
      [b!.questionId]: b!.answerId,
      [c!.questionId]: c!.answerId,
    });

    const after = await save(student.device, lessonId, [a!]);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(NO_OPEN_ATTEMPT);
    const twice = await submit(student.device, lessonId, [a!, b!, c!]);
    expect(twice.status).toBe(409);
  });

  it('refuses answers to questions outside the draw or positions out of range (400), and saves with no attempt (409)', async () => {
    const { lessonId, student } = await fixedExam();
    expect((await save(student.device, lessonId, [{ questionId: 1, answerId: 1 }])).body.message).toBe(
      NO_OPEN_ATTEMPT,
    );
    const questions = questionsOf(await start(student.device, lessonId));
    const q = questions[0]!;
    for (const answers of [
      [{ questionId: q.id, answerId: 4 }],
      [{ questionId: 999_999, answerId: 1 }],
      [
        { questionId: q.id, answerId: 1 },
        { questionId: q.id, answerId: 2 },
      ],
    ]) {
      const reply = await save(student.device, lessonId, answers);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(NOT_IN_ATTEMPT);
    }
    for (const body of [
      { lessonId, answers: [] },
      { lessonId, answers: [{ questionId: q.id, answerId: 0 }] },
      { lessonId },
    ]) {
      const reply = await student.device.call('PUT', '/api/Student/quizattempt/answers', { json: body });
      expect(reply.status).toBe(400);
    }
    const outOfRange = await submit(
      student.device,
      lessonId,
      questions.map((question) => ({ questionId: question.id, answerId: 7 })),
    );
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toBe(ANSWER_EVERY_QUESTION);
    expect((await attemptRows(api, lessonId, student.id))[0]!.answers_json).toBe('{}');
  });

  it('two parallel saves both land', async () => {
    const { lessonId, student } = await fixedExam({}, 6);
    const questions = questionsOf(await start(student.device, lessonId));
    const other = await student.secondDevice();
    const replies = await Promise.all(
      questions.map((question, i) => save(i % 2 ? other : student.device, lessonId, [pick(question)])),
    );
    expect(replies.map((r) => r.status)).toEqual(questions.map(() => 200));
    const [row] = await attemptRows(api, lessonId, student.id);
    expect(Object.keys(JSON.parse(row!.answers_json))).toHaveLength(6);
  });

  it('two parallel submits store one result', async () => {
    const { lessonId, student } = await fixedExam({ attemptsAllowed: 3 });
    const questions = questionsOf(await start(student.device, lessonId));
    const other = await student.secondDevice();
    const replies = await Promise.all([
      submit(student.device, lessonId, answersFor(questions, [true, true, true])),
      submit(other, lessonId, answersFor(questions, [false, false, false])),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await attemptRows(api, lessonId, student.id);
    expect(rows).toHaveLength(1);
    const winner = replies.find((r) => r.status === 200)!;
    expect(rows[0]!.score).toBe(winner.body.data.score);
    expect((await resultRow(api, lessonId, student.id))!.score).toBe(winner.body.data.score);
    const loser = replies.find((r) => r.status === 409)!;
    expect(loser.body.data.score).toBe(winner.body.data.score);
  });

  it("answer ids copied from another student's attempt grade as this student's own positions", async () => {
    // Positions name answers in each student's own shuffled order: a copied position is worth
    // nothing more than a guess. A copied question id outside this student's draw is refused (400).
    const { built, lessonId } = await bankExam();
    const first = await examStudent(api, tenant.id, built.courseId);
    const firstQuestions = questionsOf(await start(first.device, lessonId));
    const key = answersFor(firstQuestions, []);
    const second = await examStudent(api, tenant.id, built.courseId);
    const secondQuestions = questionsOf(await start(second.device, lessonId));
    const mine = new Set(secondQuestions.map((q) => q.id));
    const foreign = key.find((a) => !mine.has(a.questionId));
    if (foreign) expect((await save(second.device, lessonId, [foreign])).status).toBe(400);
    // The first student's right positions, sent for the second's questions in order.
    const copied = secondQuestions.map((q, i) => ({ questionId: q.id, answerId: key[i]!.answerId }));
    const reply = await submit(second.device, lessonId, copied);
    expect(reply.status).toBe(200);
    const expected = secondQuestions.filter((q, i) =>
      q.answers[copied[i]!.answerId - 1]!.text.startsWith('صحيح'),
    );
    expect(reply.body.data.correctCount).toBe(expected.length);
  });
});

describe('tenants and plain quizzes', () => {
  it("another tenant's exam is a 404 (content, start) and its saves find nothing", async () => {
    const other = await ensureTenant(api, 'tenant9');
    const built = await examCourse(api, other.id);
    const lessonId = built.lessonIds[0]![0]!;
    await setExam(api, other.id, lessonId);
    const course = await examCourse(api, tenant.id);
    const student = await examStudent(api, tenant.id, course.courseId);
    expect((await content(student.device, lessonId)).status).toBe(404);
    expect((await start(student.device, lessonId)).status).toBe(404);
    expect((await save(student.device, lessonId, [{ questionId: 1, answerId: 1 }])).status).toBe(404);
    expect((await submit(student.device, lessonId, [{ questionId: 1, answerId: 1 }])).status).toBe(404);
    expect(
      await api.db.selectFrom('exam_attempts').selectAll().where('lesson_id', '=', lessonId).execute(),
    ).toEqual([]);
  });

  it('where existing clients grade quizzes, an exam is still graded by the server: no answer key, no client score', async () => {
    const school = await ensureTenant(api, 'tenant7');
    const admin = await signedInAdmin(api, 'tenant7');
    const set = await admin.device.call('PUT', '/api/Admin/Site/QuizGrading', {
      json: { clientGradedQuizzes: true },
    });
    expect(set.status, set.text).toBe(200);
    const built = await examCourse(api, school.id);
    const lessonId = built.lessonIds[0]![0]!;
    await setExam(api, school.id, lessonId);
    const student = await examStudent(api, school.id, built.courseId, 'tenant7');
    // This test's calls carry no X-Client header: they are an existing client's.
    const read = await content(student.device, lessonId);
    expect(read.status).toBe(409);
    expect(read.text).not.toContain('isCorrect');
    const graded = await student.device.call('POST', '/api/quizresult/submit', {
      json: { lessonId, score: 100, notes: 'Correct answers: 3/3' },
    });
    expect(graded.status).toBe(409);
    expect(await resultRow(api, lessonId, student.id)).toBeUndefined();
    // Our own app (X-Client) takes the exam as anywhere else.
    const ours = { headers: { [OWN_CLIENT_HEADER]: OWN_CLIENT } };
    const started = await student.device.call('POST', '/api/Student/quizattempt/start', {
      json: { lessonId },
      ...ours,
    });
    expect(started.status, started.text).toBe(200);
  });

  it('a quiz submitted before it became an exam counts as its first attempt: no retake from a settings edit', async () => {
    const built = await examCourse(api, tenant.id, examQuiz(3));
    const lessonId = built.lessonIds[0]![0]!;
    const student = await examStudent(api, tenant.id, built.courseId);
    const plain = await content(student.device, lessonId);
    expect(plain.body.data).not.toHaveProperty('exam');
    const taken = await submit(
      student.device,
      lessonId,
      answersFor(questionsOf(plain), [true, false, false]),
    );
    expect(taken.status).toBe(200);

    // The teacher then adds a time limit, keeping one attempt.
    await setExam(api, tenant.id, lessonId, { attemptsAllowed: 1, timeLimitMinutes: 10 });
    const asExam = await content(student.device, lessonId);
    expect(asExam.body.data.exam).toMatchObject({ attemptsUsed: 1, canStart: false });
    expect(asExam.body.data.result).toMatchObject({ score: 33 });
    const refused = await start(student.device, lessonId);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ reason: 'no-attempts-left' });
    expect(await attemptRows(api, lessonId, student.id)).toEqual([]);

    // A second attempt allowed: the exam attempt is number 2, and after it both are used.
    await setExam(api, tenant.id, lessonId, { attemptsAllowed: 2, timeLimitMinutes: 10 });
    expect((await content(student.device, lessonId)).body.data.exam).toMatchObject({
      attemptsUsed: 1,
      canStart: true,
    });
    const second = await start(student.device, lessonId);
    expect(second.status).toBe(200);
    expect(
      (await submit(student.device, lessonId, answersFor(questionsOf(second), [true, true, true]))).status,
    ).toBe(200);
    expect((await attemptRows(api, lessonId, student.id)).map((row) => row.number)).toEqual([2]);
    expect((await content(student.device, lessonId)).body.data.exam).toMatchObject({
      attemptsUsed: 2,
      canStart: false,
    });
    expect((await start(student.device, lessonId)).body.data).toEqual({ reason: 'no-attempts-left' });
  });

  it('a lower retake of a quiz taken before it became an exam: the plain result counts, with no review to wait for, and the retake shows beside it', async () => {
    const built = await examCourse(api, tenant.id, examQuiz(3));
    const lessonId = built.lessonIds[0]![0]!;
    const student = await examStudent(api, tenant.id, built.courseId);
    const plain = await content(student.device, lessonId);
    const taken = await submit(student.device, lessonId, answersFor(questionsOf(plain), [true, true, true]));
    expect(taken.body.data).toMatchObject({ score: 100 });

    await setExam(api, tenant.id, lessonId, {
      attemptsAllowed: 2,
      timeLimitMinutes: 10,
      review: 'immediate',
    });
    const retake = await start(student.device, lessonId);
    expect(retake.status).toBe(200);
    const lower = await submit(
      student.device,
      lessonId,
      answersFor(questionsOf(retake), [true, false, false]),
    );
    expect(lower.body.data).toMatchObject({ score: 33, attemptNumber: 2, submittedBy: 'student' });

    const shown = (await content(student.device, lessonId)).body.data;
    expect(shown.result).toMatchObject({ score: 100, correctCount: 3, total: 3 });
    expect(shown.result).not.toHaveProperty('attemptNumber');
    // The counted plain result has no exam review: nothing to announce for later (it said "after" a
    // moment already past).
    expect(shown.exam).toMatchObject({ attemptsUsed: 2, canStart: false, reviewAt: null });
    expect(shown.exam.latest).toEqual({
      score: 33,
      correctCount: 1,
      total: 3,
      notes: 'Correct answers: 1/3',
      // No pass mark: every score passes, as the counted result would say.
      passed: true,
      attemptNumber: 2,
      submittedBy: 'student',
      review: [],
    });
  });

  it('a plain quiz is unchanged: no exam, its questions at once, start refused', async () => {
    const built = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [[{ type: 'Quiz', questions: [fourOptions('س1', 1)] }]],
    });
    const lessonId = built.lessonIds[0]![0]!;
    const student = await examStudent(api, tenant.id, built.courseId);
    const reply = await content(student.device, lessonId);
    expect(reply.status).toBe(200);
    expect(reply.body.data).not.toHaveProperty('exam');
    expect(reply.body.data.questions).toHaveLength(1);
    expect(reply.body.data.questions[0]).not.toHaveProperty('imageUrl');
    const refused = await start(student.device, lessonId);
    expect(refused.status).toBe(400);
    expect(await attemptRows(api, lessonId, student.id)).toEqual([]);
  });
});
