// Administration, students (API.md "Administration"): search, one student's enrolments with progress,
// unlocked units, quiz results and devices, ending their device sessions (their next request is a
// 401), and a manual enrolment.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import {
  adminSuite,
  auditRows,
  enrolDirectly,
  expectAdminOnly,
  failure,
  signedInStudent,
  submitQuiz,
  type Endpoint,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, fourOptions } from './support/catalogue-fixture';
import { registerStudent, type TestApi } from './support/test-api';

const STUDENT_NOT_FOUND = 'Student not found.';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

describe('access to student endpoints', () => {
  it('is refused without a token (401) and to a student (403), ending no session', async () => {
    const course = await buildCourse(api.db, { tenantId: tenant.id, units: [[{ type: 'Video' }]] });
    const endpoints: Endpoint[] = [
      ['GET', '/api/Admin/Students'],
      ['GET', `/api/Admin/Students/${student.id}`],
      ['DELETE', `/api/Admin/Students/${student.id}/Sessions`],
      ['POST', `/api/Admin/Students/${student.id}/Enrollments`, { courseId: course.courseId }],
    ];
    await expectAdminOnly(api, student, endpoints);
    expect((await student.device.call('GET', '/api/Student/profile')).status).toBe(200);
    const enrolled = await api.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_id', '=', course.courseId)
      .execute();
    expect(enrolled).toEqual([]);
  });
});

describe('GET /api/Admin/Students', () => {
  it('searches this school’s students by name, email or phone (Arabic-Indic digits too)', async () => {
    const searched = await registerStudent(api, { UserName: 'ياسمين فريد', PhoneNumber: '01234567890' });
    const list = async (query: string) => {
      const reply = await admin.device.call('GET', `/api/Admin/Students?${query}`);
      expect(reply.status).toBe(200);
      return reply.body.data;
    };
    const byName = await list(`search=${encodeURIComponent('ياسمين')}`);
    expect(byName.students).toEqual([
      {
        id: searched.id,
        name: 'ياسمين فريد',
        email: searched.Email,
        phone: '01234567890',
        parentPhone: '01111111111',
        academicYear: 'Secondary3',
        createdAt: api.clock.now().toISOString(),
        activeSessions: 0,
      },
    ]);
    expect(
      (await list(`search=${encodeURIComponent(searched.Email.toUpperCase())}`)).students.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([searched.id]);
    expect((await list('search=4567890')).students.map((s: { id: number }) => s.id)).toEqual([searched.id]);
    expect(
      (await list(`search=${encodeURIComponent('٤٥٦٧٨٩٠')}`)).students.map((s: { id: number }) => s.id),
    ).toEqual([searched.id]);
    // Admins are not students, and another school's students are not listed.
    expect((await list(`search=${encodeURIComponent(admin.email)}`)).totalCount).toBe(0);
    const foreign = await api.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', other.studentId)
      .executeTakeFirstOrThrow();
    expect((await list(`search=${encodeURIComponent(foreign.email)}`)).totalCount).toBe(0);
  });

  it('does not turn the digits of an email or a name into a phone search', async () => {
    const mailed = await registerStudent(api, { Email: `nour2024-${Date.now().toString(36)}@example.com` });
    const phoned = await registerStudent(api, { PhoneNumber: '01120240000' });
    const ids = async (search: string) => {
      const reply = await admin.device.call(
        'GET',
        `/api/Admin/Students?search=${encodeURIComponent(search)}`,
      );
      expect(reply.status).toBe(200);
      return reply.body.data.students.map((s: { id: number }) => s.id);
    };
    expect(await ids(mailed.Email)).toEqual([mailed.id]);
    expect(await ids('nour2024')).toEqual([mailed.id]);
    // Typed as a phone (spaces, Arabic-Indic digits), it still finds the phone.
    expect(await ids('٠١١ ٢٠٢٤٠٠٠٠')).toEqual([phoned.id]);
  });

  it('pages newest first and counts live sessions', async () => {
    const all = await admin.device.call('GET', '/api/Admin/Students?pageSize=1');
    expect(all.body.data).toMatchObject({ currentPage: 1, pageSize: 1 });
    expect(all.body.data.totalCount).toBeGreaterThanOrEqual(2);
    const newest = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('role', '=', 'student')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(all.body.data.students.map((s: { id: number }) => s.id)).toEqual([newest.id]);
    const mine = await admin.device.call(
      'GET',
      `/api/Admin/Students?search=${encodeURIComponent(student.email)}`,
    );
    expect(mine.body.data.students[0].activeSessions).toBe(1);
  });

  it('refuses bad paging or a long search with 400', async () => {
    for (const query of ['pageNumber=x', 'pageSize=-1', `search=${'a'.repeat(101)}`]) {
      const reply = await admin.device.call('GET', `/api/Admin/Students?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.success).toBe(false);
    }
  });
});

describe('GET /api/Admin/Students/{id}', () => {
  it('shows enrolments with progress, unlocked units, quiz results and live devices', async () => {
    const learner = await signedInStudent(api);
    const course = await buildCourse(api.db, {
      tenantId: tenant.id,
      name: 'تاريخ',
      units: [
        [
          { type: 'Video' },
          { type: 'Video' },
          { type: 'Quiz', name: 'اختبار التاريخ', questions: [fourOptions('س'), fourOptions('ص')] },
        ],
        [{ type: 'Video' }],
      ],
    });
    await enrolDirectly(api, tenant.id, learner.id, course.courseId);
    expect(
      (await learner.device.call('POST', `/api/Student/lesson-complete/${course.lessonIds[0]![0]}`)).status,
    ).toBe(200);
    const quizId = course.lessonIds[0]![2]!;
    let first = true;
    await submitQuiz(learner, course, quizId, (q) => {
      const pick = first ? q.correctAnswerId : q.answerIds.find((id) => id !== q.correctAnswerId)!;
      first = false;
      return pick;
    });
    const unitCourse = await buildCourse(api.db, {
      tenantId: tenant.id,
      name: 'جغرافيا',
      units: [[{ type: 'Video' }]],
    });
    const [code] = await issueCodes(api.db, {
      tenantId: tenant.id,
      target: { table: 'unit_codes', unitId: unitCourse.unitIds[0]! },
      count: 1,
      now: api.clock.now(),
    });
    expect((await learner.device.call('POST', `/api/UnitCode/EnterCode?code=${code}`)).status).toBe(200);

    const reply = await admin.device.call('GET', `/api/Admin/Students/${learner.id}`);
    expect(reply.status).toBe(200);
    const now = api.clock.now().toISOString();
    expect(reply.body.data).toEqual({
      student: expect.objectContaining({
        id: learner.id,
        name: learner.name,
        email: learner.email,
        activeSessions: 1,
      }),
      enrollments: [
        {
          courseId: course.courseId,
          courseName: 'تاريخ',
          enrolledAt: now,
          source: 'admin',
          completedLessons: 2,
          totalLessons: 4,
          percent: 50,
        },
      ],
      unitUnlocks: [
        { unitId: unitCourse.unitIds[0], unitName: 'الوحدة 1', courseName: 'جغرافيا', unlockedAt: now },
      ],
      quizResults: [
        {
          lessonId: quizId,
          lessonName: 'اختبار التاريخ',
          courseName: 'تاريخ',
          score: 50,
          correctCount: 1,
          total: 2,
          submittedAt: now,
        },
      ],
      sessions: [{ deviceId: learner.device.deviceId, createdAt: now, refreshedAt: now }],
    });
  });

  it("answers 404 for another school's student, for an admin, and 400 for a bad id", async () => {
    const foreign = await admin.device.call('GET', `/api/Admin/Students/${other.studentId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(STUDENT_NOT_FOUND));
    expect((await admin.device.call('GET', `/api/Admin/Students/${admin.id}`)).status).toBe(404);
    expect((await admin.device.call('GET', '/api/Admin/Students/1e3x')).status).toBe(400);
  });
});

describe('DELETE /api/Admin/Students/{id}/Sessions', () => {
  it('ends every device session of the student: their next request is a 401 and their refresh fails', async () => {
    const learner = await signedInStudent(api);
    const second = api.device();
    expect((await second.login(learner.email)).status).toBe(200);
    expect((await learner.device.call('GET', '/api/Student/profile')).status).toBe(200);

    const reply = await admin.device.call('DELETE', `/api/Admin/Students/${learner.id}/Sessions`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Sessions ended', data: { ended: 2 } });
    for (const device of [learner.device, second]) {
      const next = await device.call('GET', '/api/Student/profile');
      expect(next.status).toBe(401);
      expect((await device.call('POST', '/api/Auth/refresh-token')).status).toBe(401);
    }
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'student.sessions.end',
      target_type: 'student',
      target_id: learner.id,
      summary: `أُنهيت جلسات الطالب «${learner.name}» على أجهزته (عدد الجلسات: ٢)`,
    });
    // The student may sign in again (the device limit is free).
    expect((await learner.device.login(learner.email)).status).toBe(200);
    // The admin's own session is untouched.
    expect((await admin.device.call('GET', '/api/Admin/Me')).status).toBe(200);
  });

  it("answers 404 for another school's student and ends nothing there", async () => {
    const outsider = api.device();
    outsider.tenant = 'tenant9';
    const email = (
      await api.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', other.studentId)
        .executeTakeFirstOrThrow()
    ).email;
    expect((await outsider.login(email)).status).toBe(200);
    const reply = await admin.device.call('DELETE', `/api/Admin/Students/${other.studentId}/Sessions`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(STUDENT_NOT_FOUND));
    expect((await outsider.call('GET', '/api/Student/profile')).status).toBe(200);
    expect((await admin.device.call('DELETE', '/api/Admin/Students/abc/Sessions')).status).toBe(400);
  });
});

describe('POST /api/Admin/Students/{id}/Enrollments', () => {
  it('enrols the student, who then opens the course; a second time is a 409', async () => {
    const learner = await signedInStudent(api);
    const course = await buildCourse(api.db, {
      tenantId: tenant.id,
      name: 'منطق',
      active: false,
      units: [[{ type: 'Video' }]],
    });
    const reply = await admin.device.call('POST', `/api/Admin/Students/${learner.id}/Enrollments`, {
      json: { courseId: course.courseId },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Enrolled successfully');
    expect(reply.body.data.enrollments).toEqual([
      expect.objectContaining({
        courseId: course.courseId,
        courseName: 'منطق',
        source: 'admin',
        completedLessons: 0,
        totalLessons: 1,
        percent: 0,
      }),
    ]);
    await api.db.updateTable('courses').set({ active: 1 }).where('id', '=', course.courseId).execute();
    const tree = await learner.device.call(
      'GET',
      `/api/Course/tree-course-with-progress?courseid=${course.courseId}`,
    );
    expect(tree.status).toBe(200);
    const again = await admin.device.call('POST', `/api/Admin/Students/${learner.id}/Enrollments`, {
      json: { courseId: course.courseId },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure('Already enrolled'));
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      action: 'student.enrol',
      target_id: learner.id,
      summary: `اشترك الطالب «${learner.name}» في الكورس «منطق»`,
    });
  });

  it('refuses a bad body with 400 and another school’s course or student with 404', async () => {
    const course = await buildCourse(api.db, { tenantId: tenant.id, units: [[{ type: 'Video' }]] });
    for (const json of [{}, { courseId: 'x' }, { courseId: 0 }]) {
      const reply = await admin.device.call('POST', `/api/Admin/Students/${student.id}/Enrollments`, {
        json,
      });
      expect(reply.status, JSON.stringify(json)).toBe(400);
    }
    const foreignCourse = await admin.device.call('POST', `/api/Admin/Students/${student.id}/Enrollments`, {
      json: { courseId: other.course.courseId },
    });
    expect(foreignCourse.status).toBe(404);
    expect(foreignCourse.body).toEqual(failure('Course not found.'));
    const foreignStudent = await admin.device.call(
      'POST',
      `/api/Admin/Students/${other.studentId}/Enrollments`,
      {
        json: { courseId: course.courseId },
      },
    );
    expect(foreignStudent.status).toBe(404);
    expect(foreignStudent.body).toEqual(failure(STUDENT_NOT_FOUND));
    const rows = await api.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_id', 'in', [course.courseId, other.course.courseId])
      .execute();
    expect(rows).toEqual([]);
  });
});
