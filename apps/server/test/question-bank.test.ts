// The question bank (issue 20, decision 0013 "Admin calls"; contract question-bank.ts): write, edit and
// delete questions, the list's filters and pages, the counts per topic, the image, answers frozen once
// an attempt drew the question, archive instead of delete, and admins of the tenant only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  adminSuite,
  auditRows,
  expectAdminOnly,
  failure,
  FILES,
  upload,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { addQuestion, bankCourse, bankQuestion, storeDraw, type BankCourse } from './support/bank-fixture';
import type { TestApi } from './support/test-api';

const QUESTION_NOT_FOUND = 'Question not found.';
const COURSE_NOT_FOUND = 'Course not found.';
const FROZEN =
  'This question has been drawn in attempts: its answers can no longer change. Add a new question instead.';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

const list = async (courseId: number, query = '') => {
  const reply = await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data as {
    questions: { id: number; text: string; topic: string; difficulty: string; timesDrawn: number }[];
    totalCount: number;
    totalPages: number;
    currentPage: number;
    pageSize: number;
  };
};
const drawFor = (course: BankCourse, questionIds: number[], source: 'bank' | 'fixed' = 'bank') =>
  storeDraw(api, { tenantId: tenant.id, userId: student.id, lessonId: course.lessonId }, questionIds, source);

describe('writing questions', () => {
  it('adds, edits and deletes a question, with an audit entry for each', async () => {
    const course = await bankCourse(api, tenant.id);
    const added = await admin.device.call('POST', `/api/Admin/Courses/${course.courseId}/Questions`, {
      json: bankQuestion('  ما ناتج ٢ + ٢؟  ', {
        answers: ['٣', '٤', '٥'],
        correct: 1,
        topic: ' الجمع ',
        difficulty: 'easy',
        explanation: 'اثنان واثنان أربعة',
      }),
    });
    expect(added.status, added.text).toBe(200);
    const question = added.body.data;
    expect(question).toMatchObject({
      courseId: course.courseId,
      text: 'ما ناتج ٢ + ٢؟',
      imagePath: null,
      explanation: 'اثنان واثنان أربعة',
      difficulty: 'easy',
      topic: 'الجمع',
      answers: [
        { text: '٣', isCorrect: false },
        { text: '٤', isCorrect: true },
        { text: '٥', isCorrect: false },
      ],
      timesDrawn: 0,
      answersLocked: false,
    });

    const edited = await admin.device.call('PUT', `/api/Admin/Questions/${question.id}`, {
      json: bankQuestion('ما ناتج ٣ + ٣؟', { answers: ['٦', '٧'], correct: 0, difficulty: 'hard' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: question.id,
      text: 'ما ناتج ٣ + ٣؟',
      difficulty: 'hard',
      topic: '',
      explanation: null,
      answers: [
        { text: '٦', isCorrect: true },
        { text: '٧', isCorrect: false },
      ],
    });

    const deleted = await admin.device.call('DELETE', `/api/Admin/Questions/${question.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Question deleted');
    const row = await api.db
      .selectFrom('bank_questions')
      .select('id')
      .where('id', '=', question.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(
      (await admin.device.call('PUT', `/api/Admin/Questions/${question.id}`, { json: bankQuestion('x') }))
        .status,
    ).toBe(404);

    const audit = await auditRows(api, tenant.id);
    expect(audit.slice(0, 3).map((entry) => [entry.action, entry.target_id])).toEqual([
      ['question.delete', question.id],
      ['question.update', question.id],
      ['question.create', question.id],
    ]);
  });

  it('refuses a question the form would refuse: one correct answer, 2–6 answers, hostile text', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const path = `/api/Admin/Courses/${courseId}/Questions`;
    const bad = [
      {
        ...bankQuestion('س'),
        answers: [
          { text: 'أ', isCorrect: true },
          { text: 'ب', isCorrect: true },
        ],
      },
      bankQuestion('س', { answers: ['أ'] }),
      bankQuestion('س', { answers: ['1', '2', '3', '4', '5', '6', '7'] }),
      bankQuestion('س\u0000'),
      bankQuestion('س\u202e'),
      bankQuestion('س', { answers: ['أ\u202e', 'ب'] }),
      bankQuestion('س', { difficulty: 'impossible' }),
      bankQuestion('س', { topic: 'ت'.repeat(101) }),
      bankQuestion('س', { explanation: 'ش'.repeat(2001) }),
    ];
    for (const body of bad) {
      const reply = await admin.device.call('POST', path, { json: body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await list(courseId)).totalCount).toBe(0);
  });
});

describe('GET /api/Admin/Courses/{id}/Questions', () => {
  it('lists newest first with search, topic and difficulty filters and pages; topics counts by difficulty', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const specs = [
      { text: 'الخلية النباتية', topic: 'الخلية', difficulty: 'easy' },
      { text: 'الخلية الحيوانية', topic: 'الخلية', difficulty: 'hard' },
      { text: 'البناء الضوئي', topic: 'النبات', difficulty: 'medium' },
      { text: 'سؤال بلا موضوع 100%', topic: '', difficulty: 'easy' },
      { text: 'الجهاز الهضمي', topic: 'الخلية', difficulty: 'easy' },
    ];
    const ids: number[] = [];
    for (const spec of specs)
      ids.push((await addQuestion(admin.device, courseId, bankQuestion(spec.text, spec))).id);

    const all = await list(courseId);
    expect(all.questions.map((q) => q.id)).toEqual([...ids].reverse());
    expect(all).toMatchObject({ totalCount: 5, totalPages: 1, currentPage: 1 });
    expect(
      (await list(courseId, `?search=${encodeURIComponent('الخلية')}`)).questions.map((q) => q.id),
    ).toEqual([ids[1], ids[0]]);
    // LIKE's wildcards are searched as text.
    expect((await list(courseId, '?search=%25')).questions.map((q) => q.id)).toEqual([ids[3]]);
    expect((await list(courseId, `?topic=${encodeURIComponent('الخلية')}`)).totalCount).toBe(3);
    expect((await list(courseId, '?topic=')).questions.map((q) => q.id)).toEqual([ids[3]]);
    expect(
      (await list(courseId, `?topic=${encodeURIComponent('الخلية')}&difficulty=easy`)).questions.map(
        (q) => q.id,
      ),
    ).toEqual([ids[4], ids[0]]);
    const page2 = await list(courseId, '?pageSize=2&pageNumber=2');
    expect(page2).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 2, pageSize: 2 });
    expect(page2.questions.map((q) => q.id)).toEqual([ids[2], ids[1]]);
    expect(
      (await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions?difficulty=x`)).status,
    ).toBe(400);
    expect(
      (await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions?pageNumber=0`)).status,
    ).toBe(400);

    const topics = await admin.device.call('GET', `/api/Admin/Courses/${courseId}/QuestionTopics`);
    expect(topics.status).toBe(200);
    expect(topics.body.data).toEqual([
      { topic: '', easy: 1, medium: 0, hard: 0 },
      { topic: 'الخلية', easy: 2, medium: 0, hard: 1 },
      { topic: 'النبات', easy: 0, medium: 1, hard: 0 },
    ]);
  });
});

describe('questions drawn in attempts', () => {
  it('counts the bank attempts of the course that drew each question, and nothing else', async () => {
    const course = await bankCourse(api, tenant.id);
    const elsewhere = await bankCourse(api, tenant.id);
    const a = await addQuestion(admin.device, course.courseId, bankQuestion('أ'));
    const b = await addQuestion(admin.device, course.courseId, bankQuestion('ب'));
    await drawFor(course, [a.id, b.id]);
    await drawFor(course, [a.id]);
    // A fixed quiz's draw names quiz_questions ids; another course's lessons do not draw this bank.
    await drawFor(course, [b.id], 'fixed');
    await drawFor(elsewhere, [b.id]);
    // A question id that contains b's digits is another question.
    await drawFor(course, [Number(`${b.id}1`), Number(`1${b.id}`)]);
    const listed = await list(course.courseId);
    expect(Object.fromEntries(listed.questions.map((q) => [q.id, q.timesDrawn]))).toEqual({
      [a.id]: 2,
      [b.id]: 1,
    });
  });

  it('refuses to change the answers of a drawn question (409) but lets the rest change', async () => {
    const course = await bankCourse(api, tenant.id);
    const q = await addQuestion(
      admin.device,
      course.courseId,
      bankQuestion('س', { answers: ['أ', 'ب', 'ج'] }),
    );
    await drawFor(course, [q.id]);
    const path = `/api/Admin/Questions/${q.id}`;
    const changes = [
      bankQuestion('س', { answers: ['أ', 'ب'] }),
      bankQuestion('س', { answers: ['أ', 'ب', 'ج', 'د'] }),
      bankQuestion('س', { answers: ['أ', 'ج', 'ب'] }),
      bankQuestion('س', { answers: ['أ', 'ب', 'ج'], correct: 2 }),
      bankQuestion('س', { answers: ['أ', 'ب', 'جيم'] }),
    ];
    for (const body of changes) {
      const reply = await admin.device.call('PUT', path, { json: body });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual(failure(FROZEN));
    }
    const fine = await admin.device.call('PUT', path, {
      json: bankQuestion('نص جديد', {
        answers: [' أ ', 'ب', 'ج'],
        topic: 'ت',
        difficulty: 'hard',
        explanation: 'ش',
      }),
    });
    expect(fine.status, fine.text).toBe(200);
    expect(fine.body.data).toMatchObject({
      text: 'نص جديد',
      topic: 'ت',
      difficulty: 'hard',
      explanation: 'ش',
      timesDrawn: 1,
      answersLocked: true,
    });
    const image = await upload(api, admin.device, `${path}/Image`, FILES.png, {
      name: 'a.png',
      type: 'image/png',
    });
    expect(image.status).toBe(200);
  });

  it('archives a drawn question on delete: kept for its attempts, gone from lists and topics', async () => {
    const course = await bankCourse(api, tenant.id);
    const drawn = await addQuestion(admin.device, course.courseId, bankQuestion('مسحوب', { topic: 'ت' }));
    await addQuestion(admin.device, course.courseId, bankQuestion('آخر', { topic: 'ت' }));
    await drawFor(course, [drawn.id]);
    const reply = await admin.device.call('DELETE', `/api/Admin/Questions/${drawn.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Question archived: attempts drew it');
    const row = await api.db
      .selectFrom('bank_questions')
      .select(['archived_at', 'text'])
      .where('id', '=', drawn.id)
      .executeTakeFirstOrThrow();
    expect(row.archived_at).toBe(api.clock.now().toISOString());
    expect((await list(course.courseId)).questions.map((q) => q.text)).toEqual(['آخر']);
    const topics = await admin.device.call('GET', `/api/Admin/Courses/${course.courseId}/QuestionTopics`);
    expect(topics.body.data).toEqual([{ topic: 'ت', easy: 0, medium: 1, hard: 0 }]);
    // Archived: no longer the admin's to edit or delete.
    for (const [method, json] of [
      ['PUT', bankQuestion('x')],
      ['DELETE', undefined],
    ] as const) {
      const again = await admin.device.call(method, `/api/Admin/Questions/${drawn.id}`, json ? { json } : {});
      expect(again.status).toBe(404);
      expect(again.body).toEqual(failure(QUESTION_NOT_FOUND));
    }
  });
});

describe('POST|DELETE /api/Admin/Questions/{id}/Image', () => {
  it('stores a real PNG as a public image (absolute URL), replaces it, and removes it', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const q = await addQuestion(admin.device, courseId, bankQuestion('بالصورة'));
    const path = `/api/Admin/Questions/${q.id}/Image`;
    const first = await upload(api, admin.device, path, FILES.png, { name: 'a.png', type: 'image/png' });
    expect(first.status).toBe(200);
    const url = first.body.data.imagePath as string;
    expect(url).toMatch(new RegExp(`^${api.baseUrl}/api/files/images/\\d+-[0-9a-f]{32}\\.png$`));
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(FILES.png)).toBe(true);
    expect((await list(courseId)).questions[0]).toMatchObject({ imagePath: url });
    const stored = await api.db
      .selectFrom('bank_questions')
      .select('image_file')
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(url.endsWith(`/api/files/images/${stored.image_file}`)).toBe(true);

    const second = await upload(api, admin.device, path, FILES.jpg, { name: 'b.png', type: 'image/png' });
    expect(second.status).toBe(200);
    expect(second.body.data.imagePath).toMatch(/\.jpg$/);
    expect((await fetch(url)).status).toBe(404);

    const removed = await admin.device.call('DELETE', path);
    expect(removed.status).toBe(200);
    expect(removed.body.data.imagePath).toBeNull();
    expect((await fetch(second.body.data.imagePath)).status).toBe(404);
    const audit = await auditRows(api, tenant.id);
    expect(audit.slice(0, 3).map((entry) => entry.action)).toEqual([
      'question.image.delete',
      'question.image',
      'question.image',
    ]);
  });

  it('refuses a text file named .png, a missing file and an oversize one, storing nothing', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const q = await addQuestion(admin.device, courseId, bankQuestion('بلا صورة'));
    const path = `/api/Admin/Questions/${q.id}/Image`;
    const text = await upload(api, admin.device, path, Buffer.from('just some text, not an image'), {
      name: 'photo.png',
      type: 'image/png',
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ success: false, message: 'A question image must be png, jpg, webp' });
    const none = await admin.device.call('POST', path, { multipart: { other: 'x' } });
    expect(none.status).toBe(400);
    const huge = await upload(
      api,
      admin.device,
      path,
      Buffer.concat([FILES.png, Buffer.alloc(20 * 1024 * 1024)]),
    );
    expect(huge.status).toBe(413);
    const row = await api.db
      .selectFrom('bank_questions')
      .select('image_file')
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(row.image_file).toBeNull();
  });
});

describe('who may call it', () => {
  it('answers 401 without a session and 403 to a student', async () => {
    const { courseId } = await bankCourse(api, tenant.id);
    const q = await addQuestion(admin.device, courseId, bankQuestion('س'));
    await expectAdminOnly(api, student, [
      ['GET', `/api/Admin/Courses/${courseId}/Questions`],
      ['GET', `/api/Admin/Courses/${courseId}/QuestionTopics`],
      ['POST', `/api/Admin/Courses/${courseId}/Questions`, bankQuestion('س')],
      ['PUT', `/api/Admin/Questions/${q.id}`, bankQuestion('س')],
      ['DELETE', `/api/Admin/Questions/${q.id}`],
      ['DELETE', `/api/Admin/Questions/${q.id}/Image`],
      ['GET', `/api/Admin/Courses/${courseId}/Questions/Export`],
    ]);
    const image = await upload(api, student.device, `/api/Admin/Questions/${q.id}/Image`, FILES.png);
    expect(image.status).toBe(403);
    expect((await list(courseId)).totalCount).toBe(1);
  });

  it("answers 404 for another school's course and question, and leaves them", async () => {
    const foreignCourse = other.course.courseId;
    const foreign = await api.db
      .insertInto('bank_questions')
      .values({
        tenant_id: other.tenant.id,
        course_id: foreignCourse,
        text: 'سؤال مدرسة أخرى',
        image_file: null,
        explanation: null,
        difficulty: 'medium',
        topic: '',
        answers_json: JSON.stringify([
          { text: 'أ', isCorrect: true },
          { text: 'ب', isCorrect: false },
        ]),
        archived_at: null,
        created_at: api.clock.now().toISOString(),
        updated_at: api.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [method, path, json] of [
      ['GET', `/api/Admin/Courses/${foreignCourse}/Questions`],
      ['GET', `/api/Admin/Courses/${foreignCourse}/QuestionTopics`],
      ['POST', `/api/Admin/Courses/${foreignCourse}/Questions`, bankQuestion('س')],
      ['GET', `/api/Admin/Courses/${foreignCourse}/Questions/Export`],
    ] as const) {
      const reply = await admin.device.call(method, path, json ? { json } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toEqual(failure(COURSE_NOT_FOUND));
    }
    for (const [method, path, json] of [
      ['PUT', `/api/Admin/Questions/${foreign.id}`, bankQuestion('س')],
      ['DELETE', `/api/Admin/Questions/${foreign.id}`],
      ['DELETE', `/api/Admin/Questions/${foreign.id}/Image`],
    ] as const) {
      const reply = await admin.device.call(method, path, json ? { json } : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toEqual(failure(QUESTION_NOT_FOUND));
    }
    const image = await upload(api, admin.device, `/api/Admin/Questions/${foreign.id}/Image`, FILES.png);
    expect(image.status).toBe(404);
    const row = await api.db
      .selectFrom('bank_questions')
      .selectAll()
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ text: 'سؤال مدرسة أخرى', archived_at: null, image_file: null });
    expect((await admin.device.call('GET', '/api/Admin/Courses/2147483648/Questions')).status).toBe(400);
  });
});
