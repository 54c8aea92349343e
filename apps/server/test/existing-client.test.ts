// A client of the spec's family, driven against our server the way it sends its calls (spec section 7,
// issue 18): multipart registration without IsOnline, login read at the top level, the calls it makes
// without DeviceId, the course page built from Course/tree (price.toFixed), absolute media links, the
// quiz as an array of questions graded by the client and submitted as { lessonId, score, notes } in a
// school that turned "existing clients grade quizzes" on, and the books on its home page. Every answer
// is read the way the spec says the client reads it, never through our own web app's shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import { signedInAdmin, type SignedIn } from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { newStudent, startTestApi, TENANT, type CallOptions, type TestApi } from './support/test-api';

let api: TestApi;
let tenant: Tenant;
let admin: SignedIn;
let course: BuiltCourse;

const QUESTIONS = [fourOptions('س١', 1), fourOptions('س٢', 2), fourOptions('س٣', 0)];

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  admin = await signedInAdmin(api);
  course = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [[{ type: 'Video' }, { type: 'Quiz', questions: QUESTIONS }]],
  });
  await api.db
    .updateTable('courses')
    .set({ image_path: '/media/courses/chemistry.svg', price_cents: 19_950 })
    .where('id', '=', course.courseId)
    .execute();
  // The school that moved: its admin lets the old app grade quizzes (off by default).
  const grading = await admin.device.call('PUT', '/api/Admin/Site/QuizGrading', {
    json: { clientGradedQuizzes: true },
  });
  expect(grading.status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

/** The old client: its own headers only (no DeviceId, no X-Client), the stored token when it has one. */
function oldClient(token: string | null) {
  return (method: string, path: string, opts: CallOptions = {}) =>
    api.call(method, path, { ...opts, token, deviceId: null });
}

describe('a client of the spec’s family, unchanged', () => {
  it('registers, logs in, enrols, studies, grades a quiz itself and reads the books', async () => {
    // Registration: the seven fields of its form, multipart, no IsOnline.
    const fields: Partial<ReturnType<typeof newStudent>> = newStudent();
    delete fields.IsOnline;
    const registered = await oldClient(null)('POST', '/api/Auth/register', { multipart: fields });
    expect(registered.status).toBe(200);
    expect(registered.body.success).toBe(true);

    // Login: it sends its DeviceId here, and reads `user` and `token` at the top level.
    const login = await api.call('POST', '/api/Auth/login', {
      deviceId: 'old-client-device',
      json: { EmailorMobile: fields.Email, password: fields.Password },
    });
    expect(login.status).toBe(200);
    const { user, token } = login.body as { user: { id: number; email: string }; token: string };
    expect(user.email).toBe(fields.Email);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const call = oldClient(token);

    // Start-up validation: my courses with page size 1, without DeviceId.
    const validation = await call(
      'GET',
      `/api/Student/Student-Enrolled-Courses?studentId=${user.id}&pagenumber=1&pagesize=1`,
    );
    expect(validation.status).toBe(200);
    expect(validation.body.data.courses).toEqual([]);

    // The course page from Course/tree: price.toFixed works, the image is absolute.
    const tree = await call('GET', `/api/Course/tree?courseid=${course.courseId}`);
    expect(tree.status).toBe(200);
    expect((tree.body.data.price as number).toFixed(2)).toBe('199.50');
    expect(tree.body.data.imagePath).toBe(`${api.baseUrl}/media/courses/chemistry.svg`);
    expect(tree.body.data.units[0].lessons.map((l: { type: string }) => l.type)).toEqual(['Video', 'Quiz']);

    // Enrolment by code and the enrolled flag, without DeviceId; the flag is the body itself.
    expect(
      (await call('GET', `/api/AdminStudent/IsEnrolled?studentId=${user.id}&courseId=${course.courseId}`))
        .body,
    ).toBe(false);
    const [code] = await issueCodes(api.db, {
      tenantId: tenant.id,
      target: { table: 'enrollment_codes', courseId: course.courseId },
      count: 1,
      now: api.clock.now(),
    });
    const enrolled = await call('POST', `/api/Student/add-course-by-code?Code=${code}&StudentId=${user.id}`);
    expect(enrolled.status).toBe(200);
    expect(
      (await call('GET', `/api/AdminStudent/IsEnrolled?studentId=${user.id}&courseId=${course.courseId}`))
        .body,
    ).toBe(true);

    // The tree with progress and the video, without DeviceId; the video link is absolute.
    const progress = await call('GET', `/api/Course/tree-course-with-progress?courseid=${course.courseId}`);
    expect(progress.status).toBe(200);
    const [videoId, quizId] = course.lessonIds[0] as [number, number];
    const video = await call('GET', `/api/Student/contentlesson/${videoId}`);
    expect(video.status).toBe(200);
    expect(video.body.data.videoUrl).toMatch(new RegExp(`^${api.baseUrl}/`));

    // The quiz: the spec's array of questions with isCorrect on each answer; the client grades it
    // (two of three right) and sends the score and its notes.
    const quiz = await call('GET', `/api/Student/contentlesson/${quizId}`);
    expect(quiz.status).toBe(200);
    const questions = quiz.body.data as { text: string; answers: { text: string; isCorrect: boolean }[] }[];
    expect(questions.map((q) => q.text)).toEqual(['س١', 'س٢', 'س٣']);
    for (const question of questions) expect(question.answers.filter((a) => a.isCorrect)).toHaveLength(1);
    const submitted = await call('POST', '/api/quizresult/submit', {
      json: { lessonId: quizId, score: 67, notes: 'Correct answers: 2/3' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.success).toBe(true);
    const stored = await api.db
      .selectFrom('quiz_results')
      .select(['score', 'client_graded'])
      .where('lesson_id', '=', quizId)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: 67, client_graded: 1 });

    // The home page's books: paged, absolute image links (a 404 here broke its home before).
    const books = await call('GET', '/api/Book/active?pageNumber=1&pageSize=10');
    expect(books.status).toBe(200);
    expect(books.body.data).toMatchObject({ books: [], totalCount: 0, currentPage: 1 });

    // A DeviceId naming another device is still refused: the token stays bound to its session.
    const stolen = await api.call('GET', `/api/Student/contentlesson/${videoId}`, {
      token,
      deviceId: 'another-device',
    });
    expect(stolen.status).toBe(401);
  });

  it('reads a wrong password as a message to show, not as an expired token', async () => {
    const fields = newStudent();
    expect((await oldClient(null)('POST', '/api/Auth/register', { multipart: fields })).status).toBe(200);
    const wrong = await api.call('POST', '/api/Auth/login', {
      deviceId: 'old-client-device-2',
      json: { EmailorMobile: fields.Email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email/mobile or password.', data: null });
  });
});
