// The teacher's statistics of one quiz (decision 0013, «إحصاءات الاختبار»): counted results in score
// bands, per question the share correct and the wrong answer chosen most, and the students who could
// take it but have not; also as CSV. A plain quiz is submitted over HTTP; the exams' attempts are
// written straight into the database (draw and saved answers computed by hand, as the attempt service
// stores them), so every number below is known exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { STATISTICS_HEADERS } from '../src/modules/exams/quiz-statistics-service';
import {
  adminSuite,
  enrolDirectly,
  expectAdminOnly,
  failure,
  submitQuiz,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import {
  buildCourse,
  fourOptions,
  type BuiltCourse,
  type QuizFixtureQuestion,
} from './support/catalogue-fixture';
import { addBank } from './support/exam-fixture';
import { registerStudent, type TestApi } from './support/test-api';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;

let course: BuiltCourse;
let video: number;
/** A plain quiz of two questions (answers أ ب ج د, أ right), unit 1. */
let plain: number;
/** An exam at its fixed list of three questions, pass mark 60, unit 1. */
let fixedExam: number;
/** An exam drawn from the course's bank, no pass mark, unit 2. */
let bankExam: number;
/** Bank question ids: the first with four answers, the second (archived since) with three. */
let bank: [number, number];
/** Students by role in the story below. */
const s: Record<
  'one' | 'two' | 'three' | 'four' | 'five' | 'six',
  { id: number; name: string; phone: string }
> = {} as never;

const NOW = '2026-03-01T10:00:00.000Z';

const statistics = (lessonId: number) =>
  admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/QuizStatistics`);
const exported = (lessonId: number) =>
  admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/QuizStatistics/Export`);

/** A student registered over HTTP with this name, signed in. */
async function learner(name: string) {
  const fields = await registerStudent(api, { UserName: name });
  const device = api.device();
  const reply = await device.login(fields.Email);
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status}`);
  return { id: fields.id, name, phone: fields.PhoneNumber, device };
}

async function unlockUnit(userId: number, unitId: number) {
  await api.db
    .insertInto('unit_unlocks')
    .values({ tenant_id: tenant.id, user_id: userId, unit_id: unitId, code_id: null, unlocked_at: NOW })
    .execute();
}

async function makeExam(lessonId: number, source: 'fixed' | 'bank', passMark: number | null) {
  await api.db
    .insertInto('quiz_settings')
    .values({
      lesson_id: lessonId,
      tenant_id: tenant.id,
      source,
      draw_json: JSON.stringify(source === 'bank' ? [{ topic: null, difficulty: null, count: 2 }] : []),
      time_limit_minutes: null,
      pass_mark: passMark,
      attempts_allowed: 2,
      counts: 'best',
      review: 'immediate',
      show_explanations: 0,
      opens_at: null,
      closes_at: null,
      updated_at: NOW,
    })
    .execute();
}

/**
 * A course of one quiz of one question (`text`, four answers) and two enrolled students: the first
 * (`names[0]`) has submitted it as a plain quiz choosing answer `chosen` (0 is right), the second
 * has not. The quiz is not an exam yet.
 */
async function takenAsPlainQuiz(text: string, names: [string, string], chosen: number) {
  const later = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [[{ type: 'Quiz', questions: [fourOptions(text)] }]],
  });
  const lesson = later.lessonIds[0]![0]!;
  const [question] = later.quizzes.get(lesson)!;
  const [early, late] = [await learner(names[0]), await learner(names[1])];
  for (const x of [early, late]) await enrolDirectly(api, tenant.id, x.id, later.courseId);
  await submitQuiz(early, later, lesson, (q) => q.answerIds[chosen]!);
  return { later, lesson, question: question!, late };
}

/**
 * One attempt as the attempt service stores it: `draw` the questions in shown order, each with its
 * stored answer keys in shown order; `answers` the shown position (1..n) saved per question.
 * Closed (with its score counted when `counted`) unless `open`.
 */
async function attempt(
  lessonId: number,
  userId: number,
  spec: {
    number: number;
    source: 'fixed' | 'bank';
    draw: [number, number[]][];
    answers: Record<number, number>;
    score?: number;
    open?: boolean;
  },
) {
  const row = await api.db
    .insertInto('exam_attempts')
    .values({
      tenant_id: tenant.id,
      user_id: userId,
      lesson_id: lessonId,
      number: spec.number,
      source: spec.source,
      started_at: NOW,
      deadline_at: null,
      draw_json: JSON.stringify(spec.draw.map(([questionId, answers]) => ({ questionId, answers }))),
      answers_json: JSON.stringify(spec.answers),
      saved_at: NOW,
      submitted_at: spec.open ? null : NOW,
      submitted_by: spec.open ? null : 'student',
      score: spec.open ? null : (spec.score ?? 0),
      correct_count: null,
      total: spec.draw.length,
      review_json: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The counted result of an exam (what a submission upserts), from attempt `attemptId`. */
async function counted(lessonId: number, userId: number, attemptId: number, score: number, passed: boolean) {
  await api.db
    .insertInto('quiz_results')
    .values({
      tenant_id: tenant.id,
      user_id: userId,
      lesson_id: lessonId,
      score,
      correct_count: 0,
      total: 3,
      answers_json: '[]',
      submitted_at: NOW,
      passed: passed ? 1 : 0,
      attempt_id: attemptId,
    })
    .execute();
}

/** The ten bands with these counts, keyed by where a band starts. */
const distribution = (counts: Record<number, number>) =>
  Array.from({ length: 10 }, (_, i) => ({
    from: 10 * i,
    to: i === 9 ? 100 : 10 * i + 9,
    count: counts[10 * i] ?? 0,
  }));

beforeAll(async () => {
  ({ api, tenant, admin, student, other } = suite);
  course = await buildCourse(api.db, {
    tenantId: tenant.id,
    name: 'فيزياء',
    units: [
      [
        { type: 'Video' },
        {
          type: 'Quiz',
          name: 'اختبار قصير',
          questions: [fourOptions('السؤال الأول'), fourOptions('السؤال الثاني')],
        },
        {
          type: 'Quiz',
          name: 'امتحان الوحدة',
          questions: [0, 1, 2].map((i) => ({
            text: `سؤال ${i + 1}`,
            answers: [`صحيح ${i}`, `خطأ ${i}-1`, `خطأ ${i}-2`],
            correct: 0,
          })),
        },
      ],
      [{ type: 'Quiz', name: 'امتحان البنك', questions: [] }],
    ],
  });
  [video, plain, fixedExam] = course.lessonIds[0] as [number, number, number];
  bankExam = course.lessonIds[1]![0]!;

  // Names chosen so that Arabic order differs from the order of registration.
  const [one, two, three, four, five, six] = [
    await learner('هادي'),
    await learner('وليد'),
    await learner('يوسف'),
    await learner('زياد'),
    await learner('باسم'),
    await learner('أمير'),
  ];
  Object.assign(s, { one, two, three, four, five, six });
  for (const enrolled of [one, two, three, four])
    await enrolDirectly(api, tenant.id, enrolled.id, course.courseId);
  await unlockUnit(five.id, course.unitIds[0]!); // holds unit 1 only
  await unlockUnit(six.id, course.unitIds[1]!); // holds unit 2 only
  // The suite's own student is neither enrolled nor holding a unit: never listed.

  // The plain quiz over HTTP: one 100, two 50, three 0.
  const byText = (q: QuizFixtureQuestion, text: string) => q.answerIds[q.answerTexts.indexOf(text)]!;
  await submitQuiz(one, course, plain);
  await submitQuiz(two, course, plain, (q, i) => (i === 0 ? q.correctAnswerId : byText(q, 'ب')));
  await submitQuiz(three, course, plain, (q, i) => byText(q, i === 0 ? 'ج' : 'ب'));

  // The fixed exam: q[i][k] is answer k of question i (k = 0 right).
  await makeExam(fixedExam, 'fixed', 60);
  const q = course.quizzes.get(fixedExam)!.map((x) => x.answerIds);
  const [q1, q2, q3] = course.quizzes.get(fixedExam)!.map((x) => x.questionId) as [number, number, number];
  // One: attempt 1 gets q2 and q3 right, q1 wrong (خطأ 0-2); attempt 2 all right and counts (100).
  await attempt(fixedExam, one.id, {
    number: 1,
    source: 'fixed',
    draw: [
      [q2, [q[1]![1]!, q[1]![0]!, q[1]![2]!]],
      [q1, [q[0]![2]!, q[0]![1]!, q[0]![0]!]],
      [q3, [q[2]![0]!, q[2]![2]!, q[2]![1]!]],
    ],
    answers: { [q2]: 2, [q1]: 1, [q3]: 1 },
    score: 67,
  });
  const best = await attempt(fixedExam, one.id, {
    number: 2,
    source: 'fixed',
    draw: [
      [q1, [q[0]![1]!, q[0]![0]!, q[0]![2]!]],
      [q3, [q[2]![2]!, q[2]![1]!, q[2]![0]!]],
      [q2, [q[1]![0]!, q[1]![1]!, q[1]![2]!]],
    ],
    answers: { [q1]: 2, [q3]: 3, [q2]: 1 },
    score: 100,
  });
  await counted(fixedExam, one.id, best, 100, true);
  // Two: the time ran out with only q1 saved, wrong (خطأ 0-2): 0, failed.
  const lone = await attempt(fixedExam, two.id, {
    number: 1,
    source: 'fixed',
    draw: [
      [q3, [q[2]![0]!, q[2]![1]!, q[2]![2]!]],
      [q1, [q[0]![0]!, q[0]![2]!, q[0]![1]!]],
      [q2, [q[1]![2]!, q[1]![0]!, q[1]![1]!]],
    ],
    answers: { [q1]: 2 },
    score: 0,
  });
  await counted(fixedExam, two.id, lone, 0, false);
  // Three: an attempt still open, with a wrong answer saved: not counted, but no longer "not attempted".
  await attempt(fixedExam, three.id, {
    number: 1,
    source: 'fixed',
    draw: [
      [q1, [q[0]![1]!, q[0]![0]!, q[0]![2]!]],
      [q2, [q[1]![0]!, q[1]![1]!, q[1]![2]!]],
      [q3, [q[2]![0]!, q[2]![1]!, q[2]![2]!]],
    ],
    answers: { [q1]: 1 },
    open: true,
  });

  // The bank exam: bank[0] has answers 0..3 (0 right), bank[1] 0..2 (0 right), archived after drawing.
  await makeExam(bankExam, 'bank', null);
  const bankIds: number[] = [];
  for (const [i, count] of [4, 3].entries()) {
    const answers = Array.from({ length: count }, (_, k) => ({
      text: k === 0 ? `صواب ${i}` : `غلط ${i}-${k}`,
      isCorrect: k === 0,
    }));
    const row = await api.db
      .insertInto('bank_questions')
      .values({
        tenant_id: tenant.id,
        course_id: course.courseId,
        text: `سؤال البنك ${i + 1}`,
        image_file: null,
        explanation: null,
        difficulty: 'medium',
        topic: '',
        answers_json: JSON.stringify(answers),
        archived_at: i === 1 ? NOW : null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bankIds.push(row.id);
  }
  bank = bankIds as [number, number];
  // A third bank question nobody drew: not listed.
  await api.db
    .insertInto('bank_questions')
    .values({
      tenant_id: tenant.id,
      course_id: course.courseId,
      text: 'لم يسحب',
      image_file: null,
      explanation: null,
      difficulty: 'easy',
      topic: '',
      answers_json: JSON.stringify([
        { text: 'نعم', isCorrect: true },
        { text: 'لا', isCorrect: false },
      ]),
      archived_at: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  const [b1, b2] = bank;
  // One: bank[1] wrong (غلط 1-2), bank[0] right. Six: bank[0] wrong (غلط 0-1), bank[1] right.
  const fromOne = await attempt(bankExam, one.id, {
    number: 1,
    source: 'bank',
    draw: [
      [b2, [2, 0, 1]],
      [b1, [3, 1, 0, 2]],
    ],
    answers: { [b2]: 1, [b1]: 3 },
    score: 50,
  });
  const fromSix = await attempt(bankExam, six.id, {
    number: 1,
    source: 'bank',
    draw: [
      [b1, [1, 0, 2, 3]],
      [b2, [0, 1, 2]],
    ],
    answers: { [b1]: 1, [b2]: 1 },
    score: 50,
  });
  await counted(bankExam, one.id, fromOne, 50, true);
  await counted(bankExam, six.id, fromSix, 50, true);
});

const listed = (...students: { id: number; name: string; phone: string }[]) =>
  students.map((x) => ({ id: x.id, name: x.name, phoneNumber: x.phone }));

describe('GET /api/Admin/Lessons/{id}/QuizStatistics', () => {
  it('answers 401 without a token and 403 to a student', async () => {
    await expectAdminOnly(api, student, [
      ['GET', `/api/Admin/Lessons/${fixedExam}/QuizStatistics`],
      ['GET', `/api/Admin/Lessons/${fixedExam}/QuizStatistics/Export`],
    ]);
  });

  it("answers 404 for another school's quiz or a lesson that does not exist, 400 for a video or a bad id", async () => {
    const foreignQuiz = other.course.lessonIds[0]![1]!;
    for (const path of [
      `/api/Admin/Lessons/${foreignQuiz}/QuizStatistics`,
      `/api/Admin/Lessons/${foreignQuiz}/QuizStatistics/Export`,
      '/api/Admin/Lessons/999999/QuizStatistics',
    ]) {
      const reply = await admin.device.call('GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual(failure('Lesson not found.'));
    }
    const notQuiz = await statistics(video);
    expect(notQuiz.status).toBe(400);
    expect(notQuiz.body).toEqual(failure('This lesson is not a quiz'));
    expect((await admin.device.call('GET', '/api/Admin/Lessons/x/QuizStatistics')).status).toBe(400);
    expect((await admin.device.call('GET', '/api/Admin/Lessons/-1/QuizStatistics/Export')).status).toBe(400);
  });

  it('counts a plain quiz from its results: bands, average, each question and who has not taken it', async () => {
    const reply = await statistics(plain);
    expect(reply.status).toBe(200);
    const [first, second] = course.quizzes.get(plain)!;
    expect(reply.body.data).toEqual({
      lessonId: plain,
      lessonName: 'اختبار قصير',
      distribution: distribution({ 0: 1, 50: 1, 90: 1 }),
      submitted: 3,
      averageScore: 50,
      passedCount: null,
      questions: [
        // Two of three right (66.7 rounds to 67); the third chose ج.
        {
          questionId: first!.questionId,
          source: 'fixed',
          text: 'السؤال الأول',
          answered: 3,
          correctPercent: 67,
          mostChosenWrong: { text: 'ج', count: 1 },
        },
        {
          questionId: second!.questionId,
          source: 'fixed',
          text: 'السؤال الثاني',
          answered: 3,
          correctPercent: 33,
          mostChosenWrong: { text: 'ب', count: 2 },
        },
      ],
      // Four is enrolled, five holds the unit; Arabic order: باسم before زياد.
      notAttempted: listed(s.five, s.four),
      lockedOut: [],
      retakePending: [],
    });
  });

  it('counts an exam from its closed attempts: unanswered questions wrong, open attempts left out', async () => {
    const reply = await statistics(fixedExam);
    expect(reply.status).toBe(200);
    const [q1, q2, q3] = course.quizzes.get(fixedExam)!.map((x) => x.questionId);
    expect(reply.body.data).toEqual({
      lessonId: fixedExam,
      lessonName: 'امتحان الوحدة',
      distribution: distribution({ 0: 1, 90: 1 }),
      submitted: 2,
      averageScore: 50,
      passedCount: 1,
      questions: [
        // Three closed attempts held each question; q1 right once, خطأ 0-2 chosen twice.
        {
          questionId: q1,
          source: 'fixed',
          text: 'سؤال 1',
          answered: 3,
          correctPercent: 33,
          mostChosenWrong: { text: 'خطأ 0-2', count: 2 },
        },
        // Two's unanswered q2 and q3 are wrong, with no answer chosen.
        {
          questionId: q2,
          source: 'fixed',
          text: 'سؤال 2',
          answered: 3,
          correctPercent: 67,
          mostChosenWrong: null,
        },
        {
          questionId: q3,
          source: 'fixed',
          text: 'سؤال 3',
          answered: 3,
          correctPercent: 67,
          mostChosenWrong: null,
        },
      ],
      // Three's open attempt counts as attempted.
      notAttempted: listed(s.five, s.four),
      lockedOut: [],
      retakePending: [],
    });
  });

  it('counts a bank exam by the questions drawn, archived ones too, with their answers by index', async () => {
    const reply = await statistics(bankExam);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      lessonId: bankExam,
      lessonName: 'امتحان البنك',
      distribution: distribution({ 50: 2 }),
      submitted: 2,
      averageScore: 50,
      passedCount: null,
      questions: [
        {
          questionId: bank[0],
          source: 'bank',
          text: 'سؤال البنك 1',
          answered: 2,
          correctPercent: 50,
          mostChosenWrong: { text: 'غلط 0-1', count: 1 },
        },
        {
          questionId: bank[1],
          source: 'bank',
          text: 'سؤال البنك 2',
          answered: 2,
          correctPercent: 50,
          mostChosenWrong: { text: 'غلط 1-2', count: 1 },
        },
      ],
      // Unit 2: the enrolled students without an attempt (five holds unit 1 only; six has attempted).
      notAttempted: listed(s.four, s.two, s.three),
      lockedOut: [],
      retakePending: [],
    });
  });

  it('counts a result submitted before the quiz became an exam by its review, beside the attempts', async () => {
    // د, wrong, as a plain quiz
    const { lesson, question, late } = await takenAsPlainQuiz('قبل وبعد', ['سالم', 'كريم'], 3);
    await makeExam(lesson, 'fixed', 50);
    const id = await attempt(lesson, late.id, {
      number: 1,
      source: 'fixed',
      draw: [[question.questionId, [...question.answerIds].reverse()]],
      answers: { [question.questionId]: 1 }, // shown first: د again
      score: 0,
    });
    await counted(lesson, late.id, id, 0, false);
    const reply = await statistics(lesson);
    expect(reply.body.data.questions).toEqual([
      {
        questionId: question.questionId,
        source: 'fixed',
        text: 'قبل وبعد',
        answered: 2,
        correctPercent: 0,
        mostChosenWrong: { text: 'د', count: 2 },
      },
    ]);
    expect(reply.body.data).toMatchObject({ submitted: 2, notAttempted: [] });
  });

  it("names each question's list: a quiz taken on its own questions, then drawn from the bank, lists both", async () => {
    const { later, lesson, question: own, late } = await takenAsPlainQuiz('من الدرس', ['هالة', 'منى'], 0);
    await makeExam(lesson, 'bank', null);
    const [drawnId] = await addBank(api, tenant.id, later.courseId, [{ text: 'من البنك', answers: 2 }]);
    const drawn = { id: drawnId! };
    const id = await attempt(lesson, late.id, {
      number: 1,
      source: 'bank',
      draw: [[drawn.id, [1, 0]]],
      answers: { [drawn.id]: 1 }, // shown first: the wrong one
      score: 0,
    });
    await counted(lesson, late.id, id, 0, false);
    const questions = (await statistics(lesson)).body.data.questions as {
      questionId: number;
      source: string;
    }[];
    // The two lists number their questions apart, so only the source tells which an id is of.
    expect(questions.map(({ questionId, source }) => ({ questionId, source }))).toEqual([
      { questionId: own.questionId, source: 'fixed' },
      { questionId: drawn.id, source: 'bank' },
    ]);
  });

  it('lists who failed the pass mark and may start no attempt: none left, or the exam closed', async () => {
    const later = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [[{ type: 'Quiz', questions: [fourOptions('سؤال الإعادة')] }]],
    });
    const lesson = later.lessonIds[0]![0]!;
    const [question] = later.quizzes.get(lesson)!;
    const draw: [number, number[]][] = [[question!.questionId, question!.answerIds]];
    const [used, once, before, open] = [
      await learner('طارق'),
      await learner('سامي'),
      await learner('رامي'),
      await learner('ماجد'),
    ];
    for (const x of [used, once, before, open]) await enrolDirectly(api, tenant.id, x.id, later.courseId);
    await makeExam(lesson, 'fixed', 60); // two attempts allowed
    // Used both attempts, both failed: locked out.
    await attempt(lesson, used.id, { number: 1, source: 'fixed', draw, answers: { [draw[0]![0]]: 2 } });
    const last = await attempt(lesson, used.id, { number: 2, source: 'fixed', draw, answers: {}, score: 0 });
    await counted(lesson, used.id, last, 0, false);
    // One failed attempt of two: may retake.
    const first = await attempt(lesson, once.id, {
      number: 1,
      source: 'fixed',
      draw,
      answers: {},
      score: 30,
    });
    await counted(lesson, once.id, first, 30, false);
    // Failed as a plain quiz before it became an exam (attempt 1): one left.
    await api.db
      .insertInto('quiz_results')
      .values({
        tenant_id: tenant.id,
        user_id: before.id,
        lesson_id: lesson,
        score: 20,
        correct_count: 0,
        total: 1,
        answers_json: '[]',
        submitted_at: NOW,
        passed: 0,
        attempt_id: null,
      })
      .execute();
    // Failed attempt 1, attempt 2 open (the last allowed): not locked out while it runs.
    const failed = await attempt(lesson, open.id, {
      number: 1,
      source: 'fixed',
      draw,
      answers: {},
      score: 10,
    });
    await counted(lesson, open.id, failed, 10, false);
    await attempt(lesson, open.id, { number: 2, source: 'fixed', draw, answers: {}, open: true });

    const reply = await statistics(lesson);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.lockedOut).toEqual([{ ...listed(used)[0], score: 0, reason: 'no-attempts-left' }]);

    // An opening moved later gives no attempt back: still listed, and only them.
    await api.db
      .updateTable('quiz_settings')
      .set({ opens_at: '2099-01-01T00:00:00.000Z' })
      .where('lesson_id', '=', lesson)
      .execute();
    expect((await statistics(lesson)).body.data.lockedOut).toEqual([
      { ...listed(used)[0], score: 0, reason: 'no-attempts-left' },
    ]);

    // Closed: whoever failed may no more retake, lowest score first; the open attempt is still running.
    await api.db
      .updateTable('quiz_settings')
      .set({ opens_at: null, closes_at: '2026-02-01T00:00:00.000Z' })
      .where('lesson_id', '=', lesson)
      .execute();
    const closed = await statistics(lesson);
    expect(closed.body.data.lockedOut).toEqual([
      { ...listed(used)[0], score: 0, reason: 'exam-closed' },
      { ...listed(before)[0], score: 20, reason: 'exam-closed' },
      { ...listed(once)[0], score: 30, reason: 'exam-closed' },
    ]);
  });

  it('reads a fixed number of statements however many students have results', async () => {
    const small = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [[{ type: 'Quiz', questions: [fourOptions('س')] }]],
    });
    const lesson = small.lessonIds[0]![0]!;
    const join = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const extra = await learner(`طالب ${'أبجده'[i]}`);
        await enrolDirectly(api, tenant.id, extra.id, small.courseId);
        await submitQuiz(extra, small, lesson);
      }
    };
    await join(1);
    const before = await api.queriesDuring(() => statistics(lesson));
    expect(before.result.status).toBe(200);
    await join(4);
    const after = await api.queriesDuring(() => statistics(lesson));
    expect(after.result.status).toBe(200);
    expect(after.result.body.data.submitted).toBe(5);
    expect(after.queries.length).toBe(before.queries.length);
    expect(after.queries.length).toBeLessThanOrEqual(8);
  });
});

describe('GET /api/Admin/Lessons/{id}/QuizStatistics/Export', () => {
  it('downloads the statistics as CSV: summary, bands, questions and who has not attempted', async () => {
    const reply = await exported(fixedExam);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="quiz-statistics-lesson-${fixedExam}.csv"; filename*=UTF-8''quiz-statistics-lesson-${fixedExam}.csv`,
    );
    expect(reply.headers.get('cache-control')).toBe('no-store');
    // (fetch's text() drops the byte-order mark the results export also starts with)
    expect(reply.text.split('\r\n')).toEqual([
      STATISTICS_HEADERS.summary.join(','),
      'امتحان الوحدة,2,50,1',
      '',
      STATISTICS_HEADERS.distribution.join(','),
      '0,9,1',
      '10,19,0',
      '20,29,0',
      '30,39,0',
      '40,49,0',
      '50,59,0',
      '60,69,0',
      '70,79,0',
      '80,89,0',
      '90,100,1',
      '',
      STATISTICS_HEADERS.questions.join(','),
      'سؤال 1,3,33,خطأ 0-2,2,من أسئلة الدرس',
      'سؤال 2,3,67,,,من أسئلة الدرس',
      'سؤال 3,3,67,,,من أسئلة الدرس',
      '',
      STATISTICS_HEADERS.notAttempted.join(','),
      `باسم,${s.five.phone}`,
      `زياد,${s.four.phone}`,
      '',
      STATISTICS_HEADERS.lockedOut.join(','),
      '',
      STATISTICS_HEADERS.retakePending.join(','),
      '',
    ]);
  });
});
