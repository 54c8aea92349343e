// Text no person types (issue 16): a NUL or another control character anywhere in a request is a
// 400 naming the field on both databases (PostgreSQL cannot store NUL and used to answer 500 with a
// stack trace in the log), and names and titles refuse bidi controls, invisible format characters
// and letters buried under combining marks, while Arabic with its harakat and Quranic marks passes.
import { sql } from 'kysely';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/errors';
import { signedInAdmin, signedInStudent, type SignedIn } from './support/admin-helpers';
import { INVALID_CREDENTIALS, LOGIN, PROFILE, REGISTER } from './support/auth-helpers';
import { buildCourse, type BuiltCourse } from './support/catalogue-fixture';
import { newStudent, startTestApi, type LogLine, type Reply, type TestApi } from './support/test-api';

let api: TestApi;
let admin: SignedIn;
let student: Awaited<ReturnType<typeof signedInStudent>>;
let course: BuiltCourse;

beforeAll(async () => {
  api = await startTestApi({
    captureLogs: true,
    limits: {
      loginAccount: { points: 10_000, durationSeconds: 60 },
      codeAccount: { points: 10_000, durationSeconds: 60 },
      codeAddress: { points: 10_000, durationSeconds: 60 },
    },
  });
  const tenant = await api.services.tenants.bySlug('tenant8');
  course = await buildCourse(api.db, { tenantId: tenant!.id, units: [[{ type: 'Video' }]] });
  admin = await signedInAdmin(api);
  student = await signedInStudent(api);
});

afterAll(async () => {
  await api?.close();
  expect(errorLines(api?.logs ?? [])).toEqual([]);
});

const errorLines = (logs: LogLine[]) =>
  logs.filter((line) => line.level >= 50).map((line) => `${line.msg}: ${line.err?.message}`);

const NUL = '\u0000';
/** Every C0 control but tab, newline and carriage return, and DEL. */
const FORBIDDEN = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  '\u007f',
];
const BIDI = [...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c'];
const MANY_MARKS = 'a' + '\u0301'.repeat(50);
const ARABIC_NAME = 'مُحَمَّدٌ عَلِيّ';
const QURANIC = 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ ۝١';

/** A 400 envelope whose errors name `field`. */
function expectFieldError(reply: Reply<any>, field: string) {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.body).toMatchObject({ success: false, data: null, errors: { [field]: expect.any(String) } });
  expect(reply.body.errors[field]).toMatch(/^\S/);
}

const q = encodeURIComponent;

/** A quiz lesson's input: one question, its first answer the correct one. */
const quiz = (name: string, question: string, answer: string) => ({
  type: 'Quiz',
  name,
  questions: [
    {
      text: question,
      answers: [
        { text: answer, isCorrect: true },
        { text: 'لا', isCorrect: false },
      ],
    },
  ],
});

describe('a NUL or another control character is a 400 naming the field', () => {
  it('login: in EmailorMobile or password, without logging in', async () => {
    const device = api.device();
    expectFieldError(
      await device.call('POST', LOGIN, { json: { EmailorMobile: 'a\u0000@x.test', password: 'x' } }),
      'EmailorMobile',
    );
    expectFieldError(
      await device.call('POST', LOGIN, { json: { EmailorMobile: student.email, password: `x${NUL}` } }),
      'password',
    );
    // The same values without the NUL are the usual wrong-credentials answer.
    const wrong = await device.call('POST', LOGIN, { json: { EmailorMobile: 'a@x.test', password: 'x' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(INVALID_CREDENTIALS);
  });

  it('EnterCode and add-course-by-code: in the code', async () => {
    expectFieldError(await student.device.call('POST', '/api/UnitCode/EnterCode?code=%00'), 'code');
    expectFieldError(
      await student.device.call('POST', `/api/Student/add-course-by-code?Code=%00&StudentId=${student.id}`),
      'Code',
    );
    expect((await student.device.call('POST', '/api/UnitCode/EnterCode?code=NOPE-0000')).status).toBe(404);
    const wrong = await student.device.call(
      'POST',
      `/api/Student/add-course-by-code?Code=NOPE-0000&StudentId=${student.id}`,
    );
    expect(wrong.status).toBe(404);
  });

  it.each([
    '/api/Admin/Students',
    '/api/Admin/Courses',
    '/api/Admin/CodeBatches',
    '/api/Admin/AuditLog',
    '/api/Admin/QuizResults?courseId=1&',
  ])('admin search %s: refused with a NUL, 200 without', async (path) => {
    const join = path.endsWith('&') ? '' : '?';
    expectFieldError(await admin.device.call('GET', `${path}${join}search=%00`), 'search');
    expect((await admin.device.call('GET', `${path}${join}search=nothing`)).status).toBe(200);
  });

  it('every forbidden control character, in a query string', async () => {
    for (const control of FORBIDDEN) {
      expectFieldError(
        await admin.device.call('GET', `/api/Admin/Students?search=a${q(control)}b`),
        'search',
      );
    }
  });

  it('registration and profile text fields', async () => {
    for (const field of ['UserName', 'Email', 'PhoneNumber', 'Password', 'AcademicYear'] as const) {
      const fields = newStudent();
      const reply = await api.call('POST', REGISTER, {
        multipart: { ...fields, [field]: `${fields[field]}${NUL}` },
      });
      expectFieldError(reply, field);
    }
    expectFieldError(await student.device.call('PUT', PROFILE, { json: { name: `أحمد${NUL}` } }), 'name');
  });

  it('admin text fields, each refused with a NUL', async () => {
    const good = { name: 'كيمياء', price: 0, term: 'First', grade: 'Secondary3' };
    for (const field of ['name', 'subject', 'description']) {
      expectFieldError(
        await admin.device.call('POST', '/api/Admin/Courses', { json: { ...good, [field]: `ab${NUL}` } }),
        field,
      );
    }
    const unitPath = `/api/Admin/Courses/${course.courseId}/Units`;
    expectFieldError(await admin.device.call('POST', unitPath, { json: { name: `ab${NUL}` } }), 'name');
    expectFieldError(
      await admin.device.call('POST', unitPath, { json: { name: 'ab', title: `t${NUL}` } }),
      'title',
    );
    const lessonPath = `/api/Admin/Units/${course.unitIds[0]}/Lessons`;
    const lesson = quiz('اختبار', 'سؤال', 'نعم');
    expectFieldError(
      await admin.device.call('POST', lessonPath, { json: { ...lesson, name: `x${NUL}` } }),
      'name',
    );
    const badAnswer = quiz('اختبار', 'سؤال', `نعم${NUL}`);
    expectFieldError(await admin.device.call('POST', lessonPath, { json: badAnswer }), 'questions');
    const batch = { kind: 'enrollment', courseId: course.courseId, count: 1, label: `b${NUL}` };
    expectFieldError(await admin.device.call('POST', '/api/Admin/CodeBatches', { json: batch }), 'label');
    expectFieldError(
      await admin.device.call('PUT', '/api/Admin/Site', { json: { name: `مدرسة${NUL}` } }),
      'name',
    );
  });

  it('route params: a NUL in a path segment is a 400, not a file-system or database error', async () => {
    expectFieldError(await api.call('GET', '/api/files/images/a%00.png'), 'name');
    expectFieldError(await api.call('GET', '/api/files/attachments/1/a%00.pdf?sig=x'), 'name');
    expect((await api.call('GET', '/api/Course/%00')).status).toBe(400);
  });

  it('tab and newline stay allowed where text is multi-line', async () => {
    const reply = await admin.device.call('POST', '/api/Admin/Courses', {
      json: {
        name: 'فيزياء',
        description: 'السطر الأول\n\tالسطر الثاني\r\n',
        price: 0,
        term: 'First',
        grade: 'Secondary3',
      },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.description).toBe('السطر الأول\n\tالسطر الثاني');
  });
});

describe('names and titles refuse invisible characters and stacked marks', () => {
  it('registration: a letter with 50 combining marks or a bidi control in UserName is refused', async () => {
    expectFieldError(
      await api.call('POST', REGISTER, { multipart: newStudent({ UserName: MANY_MARKS }) }),
      'UserName',
    );
    for (const control of BIDI) {
      const reply = await api.call('POST', REGISTER, {
        multipart: newStudent({ UserName: `أحمد${control} علي` }),
      });
      expectFieldError(reply, 'UserName');
    }
    expectFieldError(
      await api.call('POST', REGISTER, { multipart: newStudent({ UserName: 'أحمد\u200b علي' }) }),
      'UserName',
    );
  });

  it('registration and profile: Arabic with harakat and shadda is a name', async () => {
    const reply = await api.call('POST', REGISTER, { multipart: newStudent({ UserName: ARABIC_NAME }) });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.name).toBe(ARABIC_NAME);
    const renamed = await student.device.call('PUT', PROFILE, { json: { name: 'فَاطِمَةُ الزَّهْرَاءِ' } });
    expect(renamed.status, renamed.text).toBe(200);
    expectFieldError(await student.device.call('PUT', PROFILE, { json: { name: `\u202eأحمد` } }), 'name');
    expectFieldError(await student.device.call('PUT', PROFILE, { json: { name: MANY_MARKS } }), 'name');
  });

  it('admin: course, unit, lesson, question, answer, batch and site names', async () => {
    const good = { name: 'كيمياء', price: 0, term: 'First', grade: 'Secondary3' };
    const refused: [string, string, unknown, string][] = [
      ['POST', '/api/Admin/Courses', { ...good, name: '\u202eevil course' }, 'name'],
      ['POST', '/api/Admin/Courses', { ...good, subject: `chem${'\u0301'.repeat(4)}` }, 'subject'],
      ['POST', `/api/Admin/Courses/${course.courseId}/Units`, { name: `وحدة\u2066` }, 'name'],
      [
        'POST',
        `/api/Admin/Courses/${course.courseId}/Units`,
        { name: 'وحدة', title: 'line\nbreak' },
        'title',
      ],
      [
        'POST',
        `/api/Admin/Units/${course.unitIds[0]}/Lessons`,
        { type: 'Video', name: `درس\u200f`, videoUrl: 'https://x.test/v' },
        'name',
      ],
      [
        'POST',
        '/api/Admin/CodeBatches',
        { kind: 'enrollment', courseId: course.courseId, count: 1, label: `دفعة\u061c` },
        'label',
      ],
      ['PUT', '/api/Admin/Site', { name: `\u202aمدرسة` }, 'name'],
    ];
    for (const [method, path, json, field] of refused) {
      expectFieldError(await admin.device.call(method, path, { json }), field);
    }
    const lessons = `/api/Admin/Units/${course.unitIds[0]}/Lessons`;
    expectFieldError(
      await admin.device.call('POST', lessons, { json: quiz('اختبار', MANY_MARKS, 'نعم') }),
      'questions',
    );
    expectFieldError(
      await admin.device.call('POST', lessons, { json: quiz('اختبار', 'سؤال', '\u202eنعم') }),
      'questions',
    );
  });

  it('admin: Quranic text with its marks is a course, unit and lesson name, and a multi-line question', async () => {
    const created = await admin.device.call('POST', '/api/Admin/Courses', {
      json: { name: QURANIC, subject: 'قُرْآن', price: 0, term: 'First', grade: 'Secondary3' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.name).toBe(QURANIC);
    const unit = await admin.device.call('POST', `/api/Admin/Courses/${created.body.data.id}/Units`, {
      json: { name: 'سُورَةُ الفَاتِحَةِ', title: 'ٱلْحَمْدُ لِلَّهِ رَبِّ ٱلْعَٰلَمِينَ' },
    });
    expect(unit.status, unit.text).toBe(200);
    const lesson = await admin.device.call('POST', `/api/Admin/Units/${unit.body.data.id}/Lessons`, {
      json: quiz('تَجْوِيد', 'ما حكم النون في:\nمِنْ رَّبِّهِمْۖ', 'إِدْغَامٌ بِغُنَّةٍ'),
    });
    expect(lesson.status, lesson.text).toBe(200);
  });
});

describe('the error handler, for a route without a schema', () => {
  it("answers the database's invalid-text error with a 400 and no error log", async () => {
    const lines: LogLine[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    registerErrorHandling(app);
    app.get('/raw', async (request) => {
      const { text } = request.query as { text: string };
      const result = await sql<{ text: string }>`select ${text} as text`.execute(api.db);
      return { length: result.rows[0]!.text.length };
    });
    try {
      const reply = await app.inject({ method: 'GET', url: '/raw?text=a%00b' });
      if (api.dialect === 'postgres') {
        // PostgreSQL refuses the NUL itself (SQLSTATE 22021): bad input, not a server fault.
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual({ success: false, message: 'Invalid characters in input', data: null });
        expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
        expect(lines[0]!.err?.stack).toBeUndefined();
      } else {
        expect(reply.statusCode).toBe(200);
        expect(reply.json()).toEqual({ length: 3 });
      }
      expect(errorLines(lines)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
