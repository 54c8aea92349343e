// The tenant setting "existing clients grade quizzes" (API.md, Existing clients; issue 18, difference
// 7). Off (the default), every caller gets server-graded quizzes. On, a call without our web app's
// header gets the spec's quiz (an array of questions, answers with isCorrect) and may submit
// { lessonId, score, notes }, stored as client-graded; our web app (X-Client: madrasa-web) keeps
// server grading. Lesson access, one result per quiz and 409 hold either way.
import { OWN_CLIENT, OWN_CLIENT_HEADER } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  auditRows,
  enrolDirectly,
  signedInAdmin,
  signedInStudent,
  type SignedIn,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse, type LessonSpec } from './support/catalogue-fixture';
import { studentAnswers } from './support/quiz-answers';
import { startTestApi, TENANT, type CallOptions, type TestApi } from './support/test-api';

const ALREADY_SUBMITTED = 'Quiz already submitted';
const PREVIOUS_QUIZ = 'You must complete the previous quiz first';
const NOT_ENROLLED = 'You are not enrolled in this course';
const CLIENT_ORIGIN = 'https://school-app.example';
/** Our own web app's header. */
const OURS = { headers: { [OWN_CLIENT_HEADER]: OWN_CLIENT } } satisfies CallOptions;

type Student = Awaited<ReturnType<typeof signedInStudent>>;

let api: TestApi;
let tenant: Tenant;
let admin: SignedIn;

beforeAll(async () => {
  api = await startTestApi({ env: { CORS_ORIGINS: CLIENT_ORIGIN } });
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await api.close();
});

const quiz: LessonSpec = {
  type: 'Quiz',
  questions: [fourOptions('س١', 1), fourOptions('س٢', 2), fourOptions('س٣', 0)],
};

/** A new course (one unit: `lessons`) and a student enrolled in it now. */
async function enrolledIn(lessons: LessonSpec[] = [quiz]) {
  const built = await buildCourse(api.db, { tenantId: tenant.id, units: [lessons] });
  const student = await signedInStudent(api);
  await enrolDirectly(api, tenant.id, student.id, built.courseId);
  return { built, student, lessonId: built.lessonIds[0]![0]! };
}

const content = (student: Student, lessonId: number, opts: CallOptions = {}) =>
  student.device.call('GET', `/api/Student/contentlesson/${lessonId}`, opts);
const submit = (student: Student, json: unknown, opts: CallOptions = {}) =>
  student.device.call('POST', '/api/quizresult/submit', { json, ...opts });
const setGrading = (clientGradedQuizzes: boolean, device = admin.device) =>
  device.call('PUT', '/api/Admin/Site/QuizGrading', { json: { clientGradedQuizzes } });

/** The quiz as the spec's clients read it, from the fixture: stored order, correctness on each answer. */
const specQuiz = (built: BuiltCourse, lessonId: number) =>
  built.quizzes.get(lessonId)!.map((question, index) => ({
    text: quiz.type === 'Quiz' ? quiz.questions[index]!.text : '',
    answers: question.answerTexts.map((text, i) => ({
      text,
      isCorrect: question.answerIds[i] === question.correctAnswerId,
    })),
  }));

function resultRows(lessonId: number) {
  return api.db.selectFrom('quiz_results').selectAll().where('lesson_id', '=', lessonId).execute();
}

/** Runs `work` with the setting on, and turns it off again (the default the other suites expect). */
async function withClientGrading(work: () => Promise<void>) {
  expect((await setGrading(true)).status).toBe(200);
  try {
    await work();
  } finally {
    expect((await setGrading(false)).status).toBe(200);
  }
}

describe('setting off (the default)', () => {
  it("serves a header-less client today's server-graded quiz and refuses its own score with 400", async () => {
    const { student, lessonId } = await enrolledIn();
    const reply = await content(student, lessonId);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ id: lessonId, type: 'Quiz', result: null });
    for (const question of reply.body.data.questions) {
      expect(question.id).toEqual(expect.any(Number));
      for (const answer of question.answers) expect(answer).not.toHaveProperty('isCorrect');
    }
    const own = await submit(student, { lessonId, score: 100, notes: 'Correct answers: 3/3' });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ success: false, data: null, errors: { answers: expect.any(String) } });
    expect(await resultRows(lessonId)).toHaveLength(0);
  });
});

describe('setting on', () => {
  it('serves a header-less client the spec array with isCorrect, and our web app the server-graded quiz', async () => {
    const { built, student, lessonId } = await enrolledIn();
    // The tenant row is cached: warm it, so the change must reach the cache.
    expect((await content(student, lessonId)).body.data.type).toBe('Quiz');
    await withClientGrading(async () => {
      const spec = await content(student, lessonId);
      expect(spec.status).toBe(200);
      expect(spec.body).toEqual({ success: true, message: null, data: specQuiz(built, lessonId) });

      const ours = await content(student, lessonId, OURS);
      expect(ours.body.data).toMatchObject({ id: lessonId, type: 'Quiz', result: null });
      for (const question of ours.body.data.questions) {
        for (const answer of question.answers) expect(answer).not.toHaveProperty('isCorrect');
      }
    });
    // Off again: at once.
    expect((await content(student, lessonId)).body.data.type).toBe('Quiz');
  });

  it('stores { lessonId, score, notes } as a client-graded result, shown so to the admin; a second is 409', async () => {
    const { student, lessonId } = await enrolledIn();
    await withClientGrading(async () => {
      const reply = await submit(student, { lessonId, score: 66.67, notes: 'Correct answers: 2/3' });
      expect(reply.status).toBe(200);
      const result = { score: 67, correctCount: 2, total: 3, notes: 'Correct answers: 2/3', review: [] };
      expect(reply.body).toEqual({ success: true, message: 'Quiz submitted', data: result });
      const rows = await resultRows(lessonId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        user_id: student.id,
        score: 67,
        correct_count: 2,
        total: 3,
        client_graded: 1,
        client_notes: 'Correct answers: 2/3',
      });

      const again = await submit(student, { lessonId, score: 100, notes: 'Correct answers: 3/3' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: ALREADY_SUBMITTED, data: result });
      expect(await resultRows(lessonId)).toHaveLength(1);
    });

    const list = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${lessonId}`);
    expect(list.body.data.results).toEqual([
      expect.objectContaining({ student: expect.objectContaining({ id: student.id }), clientGraded: true }),
    ]);
    const csv = await admin.device.call('GET', `/api/Admin/QuizResults/Export?lessonId=${lessonId}`);
    const lines = csv.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/,صحّحه$/);
    expect(lines[1]).toMatch(/,67,2,3,.*,تطبيق الطالب$/);
  });

  it('keeps server grading for our web app: its answers are graded, its bare score refused', async () => {
    const { built, student, lessonId } = await enrolledIn();
    // Read as our web app reads them (the test helper sends no X-Client header).
    const answers = await studentAnswers(student.device, built, lessonId);
    await withClientGrading(async () => {
      const bare = await submit(student, { lessonId, score: 100, notes: 'Correct answers: 3/3' }, OURS);
      expect(bare.status).toBe(400);
      const graded = await submit(student, { lessonId, answers }, OURS);
      expect(graded.status).toBe(200);
      expect(graded.body.data).toMatchObject({ score: 100, correctCount: 3, total: 3 });
      expect(graded.body.data.review).toHaveLength(3);
    });
    expect(await resultRows(lessonId)).toEqual([
      expect.objectContaining({ client_graded: 0, client_notes: null }),
    ]);
    const list = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${lessonId}`);
    expect(list.body.data.results[0].clientGraded).toBe(false);
  });

  it('still refuses a locked quiz and a student who is not enrolled', async () => {
    const { built, student } = await enrolledIn([quiz, quiz]);
    const second = built.lessonIds[0]![1]!;
    const stranger = await signedInStudent(api);
    await withClientGrading(async () => {
      for (const reply of [
        await content(student, second),
        await submit(student, { lessonId: second, score: 100, notes: 'Correct answers: 3/3' }),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({
          success: false,
          message: PREVIOUS_QUIZ,
          data: { reason: 'previous-quiz' },
        });
      }
      for (const reply of [
        await content(stranger, second),
        await submit(stranger, { lessonId: second, score: 100 }),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({
          success: false,
          message: NOT_ENROLLED,
          data: { reason: 'not-enrolled' },
        });
      }
    });
    expect(await resultRows(second)).toHaveLength(0);
  });

  it('refuses a score outside 0–100, a missing score and overlong notes with 400', async () => {
    const { student, lessonId } = await enrolledIn();
    await withClientGrading(async () => {
      for (const body of [
        { lessonId, score: 101, notes: 'Correct answers: 3/3' },
        { lessonId, score: -1 },
        { lessonId, score: '90' },
        { lessonId, notes: 'Correct answers: 3/3' },
        { lessonId, score: 50, notes: 'x'.repeat(501) },
      ]) {
        const reply = await submit(student, body);
        expect(reply.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(reply.body).toMatchObject({ success: false, data: null });
      }
    });
    expect(await resultRows(lessonId)).toHaveLength(0);
  });
});

describe('PUT /api/Admin/Site/QuizGrading', () => {
  it('is audit-logged, shown on the site settings, and refused to a student', async () => {
    const student = await signedInStudent(api);
    const refused = await setGrading(true, student.device);
    expect(refused.status).toBe(403);
    expect(
      (
        await api.db
          .selectFrom('tenants')
          .select('client_graded_quizzes')
          .where('id', '=', tenant.id)
          .executeTakeFirstOrThrow()
      ).client_graded_quizzes,
    ).toBe(0);

    const on = await setGrading(true);
    expect(on.status).toBe(200);
    expect(on.body.data.clientGradedQuizzes).toBe(true);
    expect((await admin.device.call('GET', '/api/Admin/Site')).body.data.clientGradedQuizzes).toBe(true);
    const off = await setGrading(false);
    expect(off.body.data.clientGradedQuizzes).toBe(false);

    const [last, first] = await auditRows(api, tenant.id);
    expect(first).toMatchObject({ action: 'site.quiz-grading', actor_id: admin.id, target_type: 'site' });
    expect(first!.summary).toBe(
      'تطبيقات الطلاب الحالية تصحّح الاختبارات: تُرسَل إليها الإجابات الصحيحة (من شاشة الموقع)',
    );
    expect(last).toMatchObject({ action: 'site.quiz-grading', actor_id: admin.id });
    expect(last!.summary).toBe('الخادم يصحّح كل الاختبارات (من شاشة الموقع)');

    expect((await admin.device.call('PUT', '/api/Admin/Site/QuizGrading', { json: {} })).status).toBe(400);
  });
});

describe('CORS', () => {
  it("lets an existing client's origin and our web app's header through", async () => {
    const reply = await api.call('OPTIONS', '/api/Student/contentlesson/1', {
      headers: {
        origin: CLIENT_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': `x-tenant-id,deviceid,authorization,${OWN_CLIENT_HEADER.toLowerCase()}`,
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      OWN_CLIENT_HEADER.toLowerCase(),
    );
  });
});
