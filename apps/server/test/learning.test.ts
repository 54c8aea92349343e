// The enrolled student's learning (API.md, Student learning; RULES.md, Unit availability, Lesson
// locking, Completion and quizzes): the course tree with progress, lesson content, the time windows
// of units measured on the test clock, quiz locking, video completion and server-graded quizzes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import {
  buildCourse,
  fourOptions,
  type BuiltCourse,
  type CourseSpec,
  type LessonSpec,
} from './support/catalogue-fixture';
import {
  seenAnswerId,
  seenQuiz,
  studentAnswers,
  wrongAnswer,
  type SeenQuestion,
} from './support/quiz-answers';
import { registerStudent, startTestApi, TENANT, type TestApi } from './support/test-api';

const NOT_ENROLLED = 'You are not enrolled in this course';
const NOT_YET_OPEN = 'This unit is not open yet';
const ENDED = 'The access period for this unit has ended';
const PREVIOUS_QUIZ = 'You must complete the previous quiz first';
const LESSON_NOT_FOUND = 'Lesson details not found.';
const ALREADY_SUBMITTED = 'Quiz already submitted';
const QUIZ_UNAUTHORIZED = 'You are not authorized to submit quiz results';
const failure = (message: string) => ({ success: false, message, data: null });
/** A refused lesson: the reason in the contract's terms (LessonRefusal). */
const refusal = (message: string, reason: string) => ({ success: false, message, data: { reason } });

/** The default test clock: 11:00 in Cairo (UTC+3) on 1 September 2026. */
const START = new Date('2026-09-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAfterStart = (days: number) => new Date(START.getTime() + days * DAY);

let api: TestApi;
let tenant: Tenant;
let otherTenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
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

async function signedInStudent() {
  const fields = await registerStudent(api);
  const device = api.device();
  const student = {
    id: fields.id,
    device,
    /** Signs in again: the access token lives 15 minutes of the (moved) clock. */
    async relogin() {
      const reply = await device.login(fields.Email);
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
    },
  };
  await student.relogin();
  return student;
}

const quiz = (count: number, correct = 0): LessonSpec => ({
  type: 'Quiz',
  questions: Array.from({ length: count }, (_, i) => fourOptions(`سؤال ${i + 1}`, (correct + i) % 4)),
});

const course = (units: LessonSpec[][], spec: Partial<CourseSpec> = {}) =>
  buildCourse(api.db, { tenantId: tenant.id, units, ...spec });

/** Enrols through the API with a fresh code, at the clock's current time. */
async function enrol(student: Student, courseId: number) {
  const [code] = await issueCodes(api.db, {
    tenantId: tenant.id,
    target: { table: 'enrollment_codes', courseId },
    count: 1,
    now: api.clock.now(),
  });
  const reply = await student.device.call(
    'POST',
    `/api/Student/add-course-by-code?Code=${code}&StudentId=${student.id}`,
  );
  expect(reply.status).toBe(200);
}

/** A student enrolled now in a new course. */
async function enrolledIn(units: LessonSpec[][], spec: Partial<CourseSpec> = {}) {
  const built = await course(units, spec);
  const student = await signedInStudent();
  await enrol(student, built.courseId);
  return { built, student };
}

const content = (student: Student, lessonId: number) =>
  student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
const complete = (student: Student, lessonId: number) =>
  student.device.call('POST', `/api/Student/lesson-complete/${lessonId}`);
const submit = (student: Student, body: unknown) =>
  student.device.call('POST', '/api/quizresult/submit', { json: body });
const tree = (student: Student, courseId: number) =>
  student.device.call('GET', `/api/Course/tree-course-with-progress?courseid=${courseId}`);

/**
 * One answer per question, in the student's own ids (read from the quiz as they see it): the correct
 * one where `right[i]`, otherwise a wrong one.
 */
const answers = (student: Student, built: BuiltCourse, lessonId: number, right: boolean[]) =>
  studentAnswers(student.device, built, lessonId, (q, i) => (right[i] ? q.correctAnswerId : wrongAnswer(q)));
const allRight = (student: Student, built: BuiltCourse, lessonId: number) =>
  studentAnswers(student.device, built, lessonId);
/** Answers in the stored ids, for calls refused before the answers are read (locked, not enrolled). */
const unreadAnswers = (built: BuiltCourse, lessonId: number) =>
  built.quizzes.get(lessonId)!.map((q) => ({ questionId: q.questionId, answerId: q.correctAnswerId }));

async function quizResults(lessonId: number) {
  return api.db.selectFrom('quiz_results').selectAll().where('lesson_id', '=', lessonId).execute();
}
async function completions(lessonId: number) {
  return api.db.selectFrom('lesson_completions').selectAll().where('lesson_id', '=', lessonId).execute();
}

describe('GET /api/Course/tree-course-with-progress', () => {
  it('answers 403 to a student who is not enrolled', async () => {
    const built = await course([[{ type: 'Video' }]]);
    const student = await signedInStudent();
    const reply = await tree(student, built.courseId);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(failure(NOT_ENROLLED));
  });

  it("answers 404 for another tenant's course and a missing course, 401 without a token", async () => {
    const student = await signedInStudent();
    const foreign = await buildCourse(api.db, { tenantId: otherTenant.id, units: [[{ type: 'Video' }]] });
    for (const id of [foreign.courseId, 999_999]) {
      const reply = await tree(student, id);
      expect(reply.status).toBe(404);
      expect(reply.body.success).toBe(false);
    }
    const anonymous = await student.device.call(
      'GET',
      `/api/Course/tree-course-with-progress?courseid=${foreign.courseId}`,
      {
        token: null,
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it('shows the enrolment date and the progress of this student only', async () => {
    const { built, student } = await enrolledIn([
      [{ type: 'Video' }, quiz(2), { type: 'Video' }],
      [{ type: 'Video' }],
    ]);
    const [video, quizId, laterVideo] = built.lessonIds[0] as [number, number, number];
    expect((await complete(student, video)).status).toBe(200);
    expect(
      (await submit(student, { lessonId: quizId, answers: await allRight(student, built, quizId) })).status,
    ).toBe(200);

    // Another enrolled student's progress does not leak into this tree.
    const other = await signedInStudent();
    await enrol(other, built.courseId);
    expect((await complete(other, laterVideo)).status).toBe(403);

    const reply = await tree(student, built.courseId);
    expect(reply.status).toBe(200);
    const ref = (id: number, type: 'Video' | 'Quiz', done: boolean, lessonName: string) => ({
      id,
      lessonName,
      type,
      isCompleted: type === 'Video' && done,
      isQuizSubmitted: type === 'Quiz' && done,
      isQuizPassed: true,
      titel: type === 'Quiz' ? 'اختبار قصير' : null,
    });
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        id: built.courseId,
        courseName: 'coursesubject:chemistry كيمياء الصف الثالث',
        enrollmentDate: START.toISOString(),
        isOpenToAll: false,
        timeZone: 'Africa/Cairo',
        units: [
          {
            id: built.unitIds[0],
            unitName: 'الوحدة 1',
            unitTitle: 'عنوان',
            lessons: [
              ref(video, 'Video', true, 'درس 1'),
              ref(quizId, 'Quiz', true, 'درس 2'),
              ref(laterVideo, 'Video', false, 'درس 3'),
            ],
          },
          {
            id: built.unitIds[1],
            unitName: 'الوحدة 2',
            unitTitle: 'عنوان',
            lessons: [ref(built.lessonIds[1]![0]!, 'Video', false, 'درس 1')],
          },
        ],
      },
    });

    const otherTree = await tree(other, built.courseId);
    expect(otherTree.body.data.units[0].lessons.map((l: { isCompleted: boolean }) => l.isCompleted)).toEqual([
      false,
      false,
      false,
    ]);
    expect(otherTree.body.data.units[0].lessons[1].isQuizSubmitted).toBe(false);
  });
});

describe('GET /api/Student/contentlesson/{id}', () => {
  it('sends a video lesson with its URL, attachment link and completion', async () => {
    const { built, student } = await enrolledIn([
      [{ type: 'Video', name: 'المقدمة', attachmentUrl: 'https://cdn.example.com/notes.pdf' }],
    ]);
    const lessonId = built.lessonIds[0]![0]!;
    const before = await content(student, lessonId);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      success: true,
      message: null,
      data: {
        id: lessonId,
        lessonName: 'المقدمة',
        type: 'Video',
        // Our own media absolute (issue 18, difference 6); a link elsewhere as it is.
        videoUrl: `${api.baseUrl}/media/sample-lesson.mp4`,
        // No uploaded video and no captions (decision 0012; video-playback.test.ts).
        hlsUrl: null,
        posterUrl: null,
        captions: [],
        attachmentUrl: 'https://cdn.example.com/notes.pdf',
        attachmentTitle: 'ملزمة',
        liveSessionUrl: null,
        isCompleted: false,
      },
    });
    expect((await complete(student, lessonId)).status).toBe(200);
    expect((await content(student, lessonId)).body.data.isCompleted).toBe(true);
  });

  // Issue 15, defect 11: the live-session banner links to the lesson's own live session.
  it("sends the lesson's live-session link when the school has set one", async () => {
    const { built, student } = await enrolledIn([[{ type: 'Video', name: 'بث' }]]);
    const lessonId = built.lessonIds[0]![0]!;
    await api.db
      .updateTable('lessons')
      .set({ live_session_url: 'https://meet.example.com/chem-live' })
      .where('id', '=', lessonId)
      .execute();
    const reply = await content(student, lessonId);
    expect(reply.status).toBe(200);
    expect(reply.body.data.liveSessionUrl).toBe('https://meet.example.com/chem-live');
  });

  it('sends a quiz without any isCorrect until it is submitted, then with isCorrect and the stored result', async () => {
    const { built, student } = await enrolledIn([[quiz(3, 1)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const key = built.quizzes.get(lessonId)!;
    const correctText = (questionId: number) => {
      const q = key.find((k) => k.questionId === questionId)!;
      return q.answerTexts[q.answerIds.indexOf(q.correctAnswerId)];
    };

    const before = await content(student, lessonId);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain('isCorrect');
    expect(before.text).not.toContain('is_correct');
    expect(before.body.data).toEqual({
      id: lessonId,
      lessonName: 'درس 1',
      type: 'Quiz',
      titel: 'اختبار قصير',
      questions: expect.any(Array),
      result: null,
    });
    // Every question with its four answers, in this student's order and ids (quiz-answer-key.test.ts).
    const seen = before.body.data.questions as SeenQuestion[];
    expect(seen.map((q) => [q.id, q.text]).sort()).toEqual(
      key.map((q, i) => [q.questionId, `سؤال ${i + 1}`]).sort(),
    );
    for (const question of seen) {
      expect(question.answers.map((a) => Object.keys(a).sort())).toEqual(Array(4).fill(['id', 'text']));
      expect(question.answers.map((a) => a.text).sort()).toEqual(['أ', 'ب', 'ج', 'د']);
    }

    const submitted = await submit(student, {
      lessonId,
      answers: await answers(student, built, lessonId, [true, false, true]),
    });
    expect(submitted.status).toBe(200);

    const after = await content(student, lessonId);
    expect(after.status).toBe(200);
    expect(after.body.data.result).toEqual(submitted.body.data);
    // The same questions, order and ids, now each answer marked.
    expect(after.body.data.questions).toEqual(
      seen.map((q) => ({
        ...q,
        answers: q.answers.map((a) => ({ ...a, isCorrect: a.text === correctText(q.id) })),
      })),
    );
  });

  it('answers 404 for a missing lesson, another tenant’s lesson and a lesson of an inactive course', async () => {
    const student = await signedInStudent();
    const foreign = await buildCourse(api.db, { tenantId: otherTenant.id, units: [[{ type: 'Video' }]] });
    const inactive = await course([[{ type: 'Video' }]], { active: false });
    for (const id of [999_999, foreign.lessonIds[0]![0]!, inactive.lessonIds[0]![0]!]) {
      const reply = await content(student, id);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(failure(LESSON_NOT_FOUND));
    }
  });

  it('answers 403 to a student who is not enrolled and 401 without a token', async () => {
    const built = await course([[{ type: 'Video' }]]);
    const student = await signedInStudent();
    const reply = await content(student, built.lessonIds[0]![0]!);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(refusal(NOT_ENROLLED, 'not-enrolled'));
    const anonymous = await student.device.call(
      'GET',
      `/api/Student/contentlesson/${built.lessonIds[0]![0]!}`,
      {
        token: null,
      },
    );
    expect(anonymous.status).toBe(401);
  });

  // 2^31 is a safe JavaScript integer but beyond PostgreSQL's integer column type.
  it('answers ids beyond the database integer range with 400 or 404, never 500', async () => {
    const student = await signedInStudent();
    const big = 2_147_483_648;
    for (const reply of [
      await content(student, big),
      await complete(student, big),
      await tree(student, big),
      await submit(student, { lessonId: big, answers: [] }),
    ]) {
      expect([400, 404]).toContain(reply.status);
      expect(reply.body.success).toBe(false);
    }
  });

  it('answers a non-numeric lesson id with 400', async () => {
    const student = await signedInStudent();
    const reply = await content(student, 'abc' as unknown as number);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
  });
});

describe('unit windows on the clock', () => {
  const twoUnits = () => enrolledIn([[{ type: 'Video' }], [{ type: 'Video' }]]);

  it('ends the first unit after 7 days while the second stays open', async () => {
    const { built, student } = await twoUnits();
    api.clock.advanceDays(8);
    await student.relogin();

    const first = await content(student, built.lessonIds[0]![0]!);
    expect(first.status).toBe(403);
    expect(first.body).toEqual(refusal(ENDED, 'unit-ended'));
    const second = await content(student, built.lessonIds[1]![0]!);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(built.lessonIds[1]![0]);

    // Completing and submitting are refused the same way.
    const completion = await complete(student, built.lessonIds[0]![0]!);
    expect(completion.status).toBe(403);
    expect(completion.body).toEqual(refusal(ENDED, 'unit-ended'));
  });

  it('keeps unit 0 open on days 0-6 and unit 1 on days 0-13', async () => {
    const { built, student } = await twoUnits();
    const [unit0, unit1] = [built.lessonIds[0]![0]!, built.lessonIds[1]![0]!];
    const expectations: [number, number, number | string][] = [
      [0, unit0, 200],
      [6, unit0, 200],
      [7, unit0, ENDED],
      [13, unit1, 200],
      [14, unit1, ENDED],
    ];
    for (const [day, lessonId, expected] of expectations) {
      api.clock.set(daysAfterStart(day));
      await student.relogin();
      const reply = await content(student, lessonId);
      if (expected === 200) expect(reply.status, `day ${day}`).toBe(200);
      else {
        expect(reply.status, `day ${day}`).toBe(403);
        expect(reply.body).toEqual(refusal(expected as string, 'unit-ended'));
      }
    }
  });

  it("counts whole days from the enrolment day's local midnight in Cairo", async () => {
    const { built, student } = await twoUnits();
    const lessonId = built.lessonIds[0]![0]!;
    // Enrolled 11:00 on 1 September (Cairo, UTC+3): day 7 begins at 00:00 on 8 September = 21:00Z on the 7th.
    api.clock.set('2026-09-07T20:59:59.000Z');
    await student.relogin();
    expect((await content(student, lessonId)).status).toBe(200);
    api.clock.set('2026-09-07T21:00:00.000Z');
    await student.relogin();
    const ended = await content(student, lessonId);
    expect(ended.status).toBe(403);
    expect(ended.body).toEqual(refusal(ENDED, 'unit-ended'));
  });

  it('refuses a unit before the enrolment day with "not open yet", but opens it from that local midnight', async () => {
    const { built, student } = await twoUnits();
    const lessonId = built.lessonIds[1]![0]!;

    api.clock.set(daysAfterStart(-1));
    await student.relogin();
    const early = await content(student, lessonId);
    expect(early.status).toBe(403);
    expect(early.body).toEqual(refusal(NOT_YET_OPEN, 'unit-not-yet-open'));

    // 23:59:59 on 31 August in Cairo is still the day before; 00:00 on 1 September is day 0.
    api.clock.set('2026-08-31T20:59:59.000Z');
    await student.relogin();
    expect((await content(student, lessonId)).body).toEqual(refusal(NOT_YET_OPEN, 'unit-not-yet-open'));
    api.clock.set('2026-08-31T21:00:00.000Z');
    await student.relogin();
    expect((await content(student, lessonId)).status).toBe(200);
  });

  it('serves an open-to-all course permanently', async () => {
    const { built, student } = await enrolledIn([[{ type: 'Video' }], [{ type: 'Video' }]], {
      openToAll: true,
    });
    api.clock.advanceDays(100);
    await student.relogin();
    for (const lessonId of [built.lessonIds[0]![0]!, built.lessonIds[1]![0]!]) {
      expect((await content(student, lessonId)).status).toBe(200);
    }
    const progress = await tree(student, built.courseId);
    expect(progress.body.data.isOpenToAll).toBe(true);
  });
});

describe('quiz locking', () => {
  it('refuses lessons after an unsubmitted quiz of the same unit until it is submitted', async () => {
    const { built, student } = await enrolledIn([
      [{ type: 'Video' }, quiz(2), { type: 'Video' }, quiz(1)],
      [{ type: 'Video' }],
    ]);
    const [first, gate, after, laterQuiz] = built.lessonIds[0] as [number, number, number, number];
    const otherUnit = built.lessonIds[1]![0]!;

    expect((await content(student, first)).status).toBe(200);
    expect((await content(student, gate)).status).toBe(200);
    expect((await content(student, otherUnit)).status).toBe(200);
    for (const reply of [
      await content(student, after),
      await content(student, laterQuiz),
      await complete(student, after),
      await submit(student, { lessonId: laterQuiz, answers: unreadAnswers(built, laterQuiz) }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(refusal(PREVIOUS_QUIZ, 'previous-quiz'));
    }
    expect(await completions(after)).toHaveLength(0);
    expect(await quizResults(laterQuiz)).toHaveLength(0);

    // A failed quiz still counts as submitted.
    const gateReply = await submit(student, {
      lessonId: gate,
      answers: await answers(student, built, gate, [false, false]),
    });
    expect(gateReply.status).toBe(200);
    expect((await content(student, after)).status).toBe(200);
    expect((await complete(student, after)).status).toBe(200);
    const laterAnswers = await allRight(student, built, laterQuiz);
    expect((await submit(student, { lessonId: laterQuiz, answers: laterAnswers })).status).toBe(200);
  });
});

describe('POST /api/Student/lesson-complete/{id}', () => {
  it('marks a video completed, and a second call changes nothing', async () => {
    const { built, student } = await enrolledIn([[{ type: 'Video' }, { type: 'Video' }]]);
    const lessonId = built.lessonIds[0]![0]!;

    const first = await complete(student, lessonId);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    api.clock.advanceMinutes(5);
    const second = await complete(student, lessonId);
    expect(second.status).toBe(200);
    expect(second.body.success).toBe(true);

    const rows = await completions(lessonId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: student.id, completed_at: START.toISOString() });
    const progress = await tree(student, built.courseId);
    expect(progress.body.data.units[0].lessons.map((l: { isCompleted: boolean }) => l.isCompleted)).toEqual([
      true,
      false,
    ]);
  });

  it('answers 400 for a quiz lesson', async () => {
    const { built, student } = await enrolledIn([[quiz(1)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const reply = await complete(student, lessonId);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, data: null });
    expect(await completions(lessonId)).toHaveLength(0);
  });

  it('answers 403 to a student who is not enrolled and 404 for a missing lesson', async () => {
    const built = await course([[{ type: 'Video' }]]);
    const student = await signedInStudent();
    const reply = await complete(student, built.lessonIds[0]![0]!);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(refusal(NOT_ENROLLED, 'not-enrolled'));
    const missing = await complete(student, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(failure(LESSON_NOT_FOUND));
  });
});

describe('POST /api/quizresult/submit', () => {
  it('grades on the server and ignores the score the client sends', async () => {
    const { built, student } = await enrolledIn([[quiz(3, 2)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const chosen = await answers(student, built, lessonId, [false, true, false]);
    const seen = await seenQuiz(student.device, lessonId);
    const key = built.quizzes.get(lessonId)!;
    const correctId = (questionId: number) => {
      const q = key.find((k) => k.questionId === questionId)!;
      return seenAnswerId(seen, questionId, q.answerTexts[q.answerIds.indexOf(q.correctAnswerId)]!);
    };

    // Answers in any order; the review follows the order the student was shown.
    const reply = await submit(student, {
      lessonId,
      answers: [chosen[2], chosen[0], chosen[1]],
      score: 100,
      notes: 'Correct answers: 3/3',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toEqual({
      score: 33,
      correctCount: 1,
      total: 3,
      notes: 'Correct answers: 1/3',
      review: seen.map((q) => ({
        questionId: q.id,
        chosenAnswerId: chosen.find((c) => c.questionId === q.id)!.answerId,
        correctAnswerId: correctId(q.id),
        isCorrect: q.id === key[1]!.questionId,
      })),
    });
    const rows = await quizResults(lessonId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: student.id, score: 33, correct_count: 1, total: 3 });
  });

  it('rounds half up: 1 of 8 correct scores 13', async () => {
    const { built, student } = await enrolledIn([[quiz(8)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const right = [false, false, false, false, false, true, false, false];
    const reply = await submit(student, {
      lessonId,
      answers: await answers(student, built, lessonId, right),
      score: 0,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      score: 13,
      correctCount: 1,
      total: 8,
      notes: 'Correct answers: 1/8',
    });
    expect((await quizResults(lessonId))[0]).toMatchObject({ score: 13 });
  });

  it('accepts one attempt: a second submit is 409 with the stored result', async () => {
    const { built, student } = await enrolledIn([[quiz(3)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const first = await submit(student, {
      lessonId,
      answers: await answers(student, built, lessonId, [true, true, false]),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.score).toBe(67);

    const second = await submit(student, {
      lessonId,
      answers: await allRight(student, built, lessonId),
      score: 100,
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, message: ALREADY_SUBMITTED, data: first.body.data });
    const rows = await quizResults(lessonId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(67);
  });

  it('refuses incomplete, duplicated and foreign answers with 400 and stores nothing', async () => {
    // The other quiz in a unit of its own, so that the student can open it and read their ids for it.
    const { built, student } = await enrolledIn([[quiz(3)], [quiz(2)]]);
    const [lessonId, otherQuiz] = [built.lessonIds[0]![0]!, built.lessonIds[1]![0]!];
    const key = built.quizzes.get(lessonId)!;
    const right = await allRight(student, built, lessonId);
    const wrong = await answers(student, built, lessonId, [false, false, false]);
    const [foreign] = await allRight(student, built, otherQuiz);
    const bad: [string, unknown[]][] = [
      ['a missing question', right.slice(0, 2)],
      ['no answers', []],
      ['a duplicated question', [...right, wrong[0]]],
      [
        'an answer id of another question',
        [{ questionId: key[0]!.questionId, answerId: right[1]!.answerId }, ...right.slice(1)],
      ],
      [
        'an unknown question id',
        [...right.slice(0, 2), { questionId: 999_999, answerId: right[2]!.answerId }],
      ],
      ['an unknown answer id', [...right.slice(0, 2), { questionId: key[2]!.questionId, answerId: 999_999 }]],
      [
        'a stored answer id instead of the student’s',
        [...right.slice(0, 2), { questionId: key[2]!.questionId, answerId: key[2]!.correctAnswerId }],
      ],
      ["another quiz's question", [...right.slice(0, 2), foreign]],
    ];
    for (const [label, sent] of bad) {
      const reply = await submit(student, { lessonId, answers: sent });
      expect(reply.status, label).toBe(400);
      expect(reply.body, label).toMatchObject({ success: false, data: null });
    }
    expect(await quizResults(lessonId)).toHaveLength(0);

    const valid = await submit(student, { lessonId, answers: right });
    expect(valid.status).toBe(200);
    expect(valid.body.data.score).toBe(100);
  });

  it('refuses a video lesson id with 400 and a missing lesson with 404', async () => {
    const { built, student } = await enrolledIn([[{ type: 'Video' }]]);
    const video = await submit(student, { lessonId: built.lessonIds[0]![0]!, answers: [] });
    expect(video.status).toBe(400);
    expect(video.body.success).toBe(false);
    const missing = await submit(student, { lessonId: 999_999, answers: [] });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(failure(LESSON_NOT_FOUND));
  });

  it('answers 401 with its own message without a token', async () => {
    const { built, student } = await enrolledIn([[quiz(1)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const reply = await student.device.call('POST', '/api/quizresult/submit', {
      json: { lessonId, answers: await allRight(student, built, lessonId) },
      token: null,
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(failure(QUIZ_UNAUTHORIZED));
    expect(await quizResults(lessonId)).toHaveLength(0);
  });

  it('answers 403 to a student who is not enrolled', async () => {
    const built = await course([[quiz(1)]]);
    const student = await signedInStudent();
    const lessonId = built.lessonIds[0]![0]!;
    const reply = await submit(student, { lessonId, answers: unreadAnswers(built, lessonId) });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(refusal(NOT_ENROLLED, 'not-enrolled'));
  });

  it('stores exactly one result when the same quiz is submitted 5 times at once', async () => {
    const { built, student } = await enrolledIn([[quiz(3)]]);
    const lessonId = built.lessonIds[0]![0]!;
    const sets = [
      await answers(student, built, lessonId, [true, true, false]),
      await answers(student, built, lessonId, [false, true, false]),
    ];
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submit(student, { lessonId, answers: sets[i % 2] })),
    );
    const winners = replies.filter((reply) => reply.status === 200);
    expect(winners).toHaveLength(1);
    const losers = replies.filter((reply) => reply.status !== 200);
    expect(losers).toHaveLength(4);
    for (const reply of losers) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ success: false, message: ALREADY_SUBMITTED, data: winners[0]!.body.data });
    }
    const rows = await quizResults(lessonId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(winners[0]!.body.data.score);
  });
});
