// Administration, quiz results, site settings and the audit log (API.md "Administration"): per-quiz
// attempts and averages, result lists and their CSV, the school's name and contact links (seen by the
// footer at once), and the log of admin writes, newest first.
import { AUDIT_ACTIONS } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  adminSuite,
  enrolDirectly,
  expectAdminOnly,
  failure,
  signedInAdmin,
  signedInStudent,
  submitQuiz,
  type Endpoint,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { type TestApi } from './support/test-api';

let course: BuiltCourse;
let quizA: number;
let quizB: number;
let quizC: number;
let learners: Awaited<ReturnType<typeof signedInStudent>>[];

const wrong = (q: { answerIds: number[]; correctAnswerId: number }) =>
  q.answerIds.find((id) => id !== q.correctAnswerId)!;

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(async () => {
  ({ api, tenant, admin, student, other } = suite);
  course = await buildCourse(api.db, {
    tenantId: tenant.id,
    name: 'رياضيات',
    units: [
      [
        { type: 'Video' },
        { type: 'Quiz', name: 'اختبار أ', questions: [fourOptions('١'), fourOptions('٢')] },
        { type: 'Quiz', name: 'اختبار ب', questions: [fourOptions('٣')] },
      ],
      [{ type: 'Quiz', name: 'اختبار ج', questions: [fourOptions('٤')] }],
    ],
  });
  [quizA, quizB] = [course.lessonIds[0]![1]!, course.lessonIds[0]![2]!];
  quizC = course.lessonIds[1]![0]!;
  learners = [await signedInStudent(api), await signedInStudent(api), await signedInStudent(api)];
  for (const learner of learners) await enrolDirectly(api, tenant.id, learner.id, course.courseId);
  // Quiz A: 100, 50 and 0; quiz B: 100; quiz C: nobody.
  await submitQuiz(learners[0]!, course, quizA);
  api.clock.advanceMinutes(1);
  let n = 0;
  await submitQuiz(learners[1]!, course, quizA, (q) => (n++ === 0 ? q.correctAnswerId : wrong(q)));
  api.clock.advanceMinutes(1);
  await submitQuiz(learners[2]!, course, quizA, wrong);
  api.clock.advanceMinutes(1);
  await submitQuiz(learners[0]!, course, quizB);
});

describe('access to results, site and audit endpoints', () => {
  it('is refused without a token (401) and to a student (403)', async () => {
    const site = {
      name: 'مدرسة',
      whatsappNumber: null,
      facebookPage: null,
      youtubeChannel: null,
      tiktokChannel: null,
    };
    const endpoints: Endpoint[] = [
      ['GET', `/api/Admin/Courses/${course.courseId}/QuizSummary`],
      ['GET', `/api/Admin/QuizResults?courseId=${course.courseId}`],
      ['GET', `/api/Admin/QuizResults/Export?courseId=${course.courseId}`],
      ['GET', '/api/Admin/Site'],
      ['PUT', '/api/Admin/Site', site],
      ['GET', '/api/Admin/AuditLog'],
    ];
    await expectAdminOnly(api, student, endpoints);
    const stored = await api.db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe(tenant.name);
  });
});

describe('GET /api/Admin/Courses/{id}/QuizSummary', () => {
  it('lists every quiz of the course in order with attempts and the average score', async () => {
    const reply = await admin.device.call('GET', `/api/Admin/Courses/${course.courseId}/QuizSummary`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      courseId: course.courseId,
      courseName: 'رياضيات',
      quizzes: [
        { lessonId: quizA, lessonName: 'اختبار أ', unitName: 'الوحدة 1', attempts: 3, averageScore: 50 },
        { lessonId: quizB, lessonName: 'اختبار ب', unitName: 'الوحدة 1', attempts: 1, averageScore: 100 },
        { lessonId: quizC, lessonName: 'اختبار ج', unitName: 'الوحدة 2', attempts: 0, averageScore: null },
      ],
    });
  });

  it("answers 404 for another school's course and 400 for a bad id", async () => {
    const foreign = await admin.device.call('GET', `/api/Admin/Courses/${other.course.courseId}/QuizSummary`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure('Course not found.'));
    expect((await admin.device.call('GET', '/api/Admin/Courses/x/QuizSummary')).status).toBe(400);
  });
});

describe('GET /api/Admin/QuizResults', () => {
  it('lists a course’s results newest first with the average over all of them', async () => {
    const reply = await admin.device.call(
      'GET',
      `/api/Admin/QuizResults?courseId=${course.courseId}&pageSize=2`,
    );
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data).toMatchObject({
      totalCount: 4,
      totalPages: 2,
      currentPage: 1,
      pageSize: 2,
      averageScore: 62.5,
    });
    expect(
      data.results.map((r: { student: { id: number }; lessonId: number; score: number }) => [
        r.student.id,
        r.lessonId,
        r.score,
      ]),
    ).toEqual([
      [learners[0]!.id, quizB, 100],
      [learners[2]!.id, quizA, 0],
    ]);
    expect(data.results[0]).toMatchObject({
      student: {
        id: learners[0]!.id,
        name: learners[0]!.name,
        email: learners[0]!.email,
        phone: learners[0]!.phone,
      },
      lessonName: 'اختبار ب',
      courseName: 'رياضيات',
      correctCount: 1,
      total: 1,
    });
  });

  it('narrows to one quiz and searches students', async () => {
    const byQuiz = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${quizA}`);
    expect(byQuiz.body.data).toMatchObject({ totalCount: 3, averageScore: 50 });
    const searched = await admin.device.call(
      'GET',
      `/api/Admin/QuizResults?courseId=${course.courseId}&search=${encodeURIComponent(learners[1]!.email)}`,
    );
    expect(searched.body.data.results.map((r: { score: number }) => r.score)).toEqual([50]);
    expect(searched.body.data.averageScore).toBe(50);
    const none = await admin.device.call('GET', `/api/Admin/QuizResults?lessonId=${quizC}`);
    expect(none.body.data).toMatchObject({ totalCount: 0, results: [], averageScore: null });
  });

  it('needs a course or a quiz (400) of this school (404)', async () => {
    const missing = await admin.device.call('GET', '/api/Admin/QuizResults');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: 'courseId or lessonId is required' });
    expect((await admin.device.call('GET', '/api/Admin/QuizResults?courseId=abc')).status).toBe(400);
    const foreignCourse = await admin.device.call(
      'GET',
      `/api/Admin/QuizResults?courseId=${other.course.courseId}`,
    );
    expect(foreignCourse.status).toBe(404);
    const foreignQuiz = await admin.device.call(
      'GET',
      `/api/Admin/QuizResults?lessonId=${other.course.lessonIds[0]![1]}`,
    );
    expect(foreignQuiz.status).toBe(404);
    expect(foreignQuiz.body).toEqual(failure('Lesson not found.'));
  });
});

describe('GET /api/Admin/QuizResults/Export', () => {
  it('downloads the results as CSV', async () => {
    const reply = await admin.device.call('GET', `/api/Admin/QuizResults/Export?lessonId=${quizA}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toContain(
      `attachment; filename="quiz-results-lesson-${quizA}.csv"`,
    );
    const rows = reply.text.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      'اسم الطالب,البريد الإلكتروني,رقم الهاتف,الكورس,الدرس,الدرجة,الإجابات الصحيحة,عدد الأسئلة,وقت التسليم,وقت البدء,المدة بالثواني,صحّحه',
    );
    const [newest, , oldest] = rows.slice(1);
    expect(rows).toHaveLength(4);
    // Opened and submitted at the same moment of the test clock: a start and 0 seconds.
    const submitted = new Date(Date.parse('2026-09-01T08:02:00.000Z')).toISOString();
    expect(newest).toBe(
      `${learners[2]!.name},${learners[2]!.email},${learners[2]!.phone},رياضيات,اختبار أ,0,0,2,${submitted},${submitted},0,الخادم`,
    );
    expect(oldest).toContain(`${learners[0]!.email},${learners[0]!.phone},رياضيات,اختبار أ,100,2,2,`);
  });

  it('needs a course or quiz of this school', async () => {
    expect((await admin.device.call('GET', '/api/Admin/QuizResults/Export')).status).toBe(400);
    const foreign = await admin.device.call(
      'GET',
      `/api/Admin/QuizResults/Export?courseId=${other.course.courseId}`,
    );
    expect(foreign.status).toBe(404);
  });
});

describe('GET and PUT /api/Admin/Site', () => {
  it('changes the school name and contact links, which the footer shows at once', async () => {
    const before = await admin.device.call('GET', '/api/Admin/Site');
    expect(before.body.data).toEqual({
      name: tenant.name,
      whatsappNumber: null,
      facebookPage: null,
      youtubeChannel: null,
      tiktokChannel: null,
      trustedNetworks: [],
      clientGradedQuizzes: false,
    });
    // The footer reads the tenant through its cache: warm it first.
    expect((await api.call('GET', '/api/Contact/getAll')).body.data[0].whatsApp_Number).toBeNull();
    const settings = {
      name: 'مدرسة النور',
      whatsappNumber: '+20 100 000 0000',
      facebookPage: 'https://facebook.com/alnour',
      youtubeChannel: '',
      tiktokChannel: null,
    };
    const reply = await admin.device.call('PUT', '/api/Admin/Site', { json: settings });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: 'Settings saved',
      data: { ...settings, youtubeChannel: null, trustedNetworks: [], clientGradedQuizzes: false },
    });
    const footer = await api.call('GET', '/api/Contact/getAll');
    expect(footer.body.data).toEqual([
      {
        whatsApp_Number: '+20 100 000 0000',
        facebook_Page: 'https://facebook.com/alnour',
        youTube_Channel: null,
        tiktokChannel: null,
      },
    ]);
    expect((await admin.device.call('GET', '/api/Admin/Me')).body.data.tenantName).toBe('مدرسة النور');
    const otherSite = await api.call('GET', '/api/Contact/getAll', { tenant: 'tenant9' });
    expect(otherSite.body.data[0].whatsApp_Number).toBeNull();
    const entry = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.update')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      tenant_id: tenant.id,
      actor_id: admin.id,
      summary: 'عُدّلت بيانات الموقع: اسم المدرسة، رقم واتساب، صفحة فيسبوك',
    });
  });

  it.each([
    [{ name: '' }, 'School name is required'],
    [{ whatsappNumber: 'call me' }, 'WhatsApp number must be digits'],
    [{ facebookPage: 'javascript:alert(1)' }, 'Facebook page must be an http(s) address'],
    [{ tiktokChannel: 'ftp://x' }, 'TikTok channel must be an http(s) address'],
  ])('refuses %j with 400 and stores nothing', async (change, message) => {
    const stored = await api.db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    const reply = await admin.device.call('PUT', '/api/Admin/Site', {
      json: {
        name: 'x',
        whatsappNumber: null,
        facebookPage: null,
        youtubeChannel: null,
        tiktokChannel: null,
        ...change,
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(
      await api.db.selectFrom('tenants').selectAll().where('id', '=', tenant.id).executeTakeFirstOrThrow(),
    ).toEqual(stored);
  });
});

describe('GET /api/Admin/AuditLog', () => {
  it('lists this school’s admin writes newest first, with the actor’s name, and searches them', async () => {
    const auditor = await signedInAdmin(api);
    await auditor.device.call('POST', '/api/Admin/Courses', {
      json: { name: 'مادة مسجلة', price: 0, term: 'First', grade: 'Secondary1' },
    });
    await auditor.device.call('PUT', '/api/Admin/Site', {
      json: {
        name: 'مدرسة النور',
        whatsappNumber: null,
        facebookPage: null,
        youtubeChannel: null,
        tiktokChannel: null,
      },
    });
    const otherAdmin = await signedInAdmin(api, 'tenant9');
    await otherAdmin.device.call('POST', `/api/Admin/Courses/${other.course.courseId}/Active`, {
      json: { active: false },
    });

    const reply = await admin.device.call('GET', '/api/Admin/AuditLog?pageSize=2');
    expect(reply.status).toBe(200);
    const { entries, totalCount } = reply.body.data;
    expect(totalCount).toBe(3);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['site.update', 'course.create']);
    expect(entries[1]).toMatchObject({
      actor: { id: auditor.id, name: auditor.name },
      targetType: 'course',
      summary: 'أُنشئ الكورس «مادة مسجلة»',
    });
    expect(entries[0].id).toBeGreaterThan(entries[1].id);
    expect(entries[0].at).toBe(api.clock.now().toISOString());

    const searched = await admin.device.call(
      'GET',
      `/api/Admin/AuditLog?search=${encodeURIComponent('مسجلة')}`,
    );
    expect(searched.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['course.create']);
    const byAction = await admin.device.call('GET', '/api/Admin/AuditLog?search=SITE.');
    expect(byAction.body.data.totalCount).toBe(2);
    const foreign = await otherAdmin.device.call('GET', '/api/Admin/AuditLog');
    expect(foreign.body.data.entries.map((e: { action: string }) => e.action)).toEqual(['course.deactivate']);
  });

  it('matches the actions named in `actions` as well as the search, and nothing for unknown names', async () => {
    const auditor = await signedInAdmin(api);
    await auditor.device.call('POST', '/api/Admin/Courses', {
      json: { name: 'مادة للبحث', price: 0, term: 'First', grade: 'Secondary1' },
    });
    const actionsOf = async (query: string) => {
      const reply = await auditor.device.call('GET', `/api/Admin/AuditLog?${query}`);
      expect(reply.status, reply.text).toBe(200);
      return (reply.body.data.entries as { action: string }[]).map((e) => e.action);
    };
    // The screen's search «إنشاء كورس» is in no English entry; its Arabic name sends the action.
    const arabic = encodeURIComponent('إنشاء كورس');
    expect(await actionsOf(`search=${arabic}`)).toEqual([]);
    const found = await actionsOf(`search=${arabic}&actions=course.create`);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(['course.create']));
    // Either criterion matches: the search still finds its own entries beside the named actions.
    expect(new Set(await actionsOf('search=site.&actions=course.create'))).toEqual(
      new Set(['course.create', 'site.update']),
    );
    expect(await actionsOf('actions=no.such.action')).toEqual([]);
    expect(await actionsOf(`search=${arabic}&actions=no.such.action,`)).toEqual([]);
  });

  it('refuses bad paging and malformed action names with 400', async () => {
    expect((await admin.device.call('GET', '/api/Admin/AuditLog?pageNumber=-1')).status).toBe(400);
    const reply = await admin.device.call('GET', '/api/Admin/AuditLog?actions=course.create%20OR%201=1');
    expect(reply.status).toBe(400);
    // Every action at once (a one-letter search on the screen) is the longest list taken.
    const all = AUDIT_ACTIONS.join(',');
    expect((await admin.device.call('GET', `/api/Admin/AuditLog?actions=${all}`)).status).toBe(200);
    expect((await admin.device.call('GET', `/api/Admin/AuditLog?actions=${all},`)).status).toBe(400);
  });
});
