// Administration, units and lessons (API.md "Administration"; contract admin.ts): add, edit, delete
// and reorder units and lessons, quizzes with exactly one correct answer per question, the rule that a
// submitted quiz keeps its questions, and uploaded attachments served to students.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { issueCodes } from '../src/modules/codes/code-issuer';
import {
  adminSuite,
  auditRows,
  enrolDirectly,
  expectAdminOnly,
  failure,
  FILES,
  signedInStudent,
  submitQuiz,
  upload,
  videoLessonInput,
  type Endpoint,
  type OtherSchool,
  type SignedIn,
  type Student,
} from './support/admin-helpers';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { seenAnswerId, seenQuiz, type SeenQuestion } from './support/quiz-answers';
import { type TestApi } from './support/test-api';

const UNIT_NOT_FOUND = 'Unit not found.';
const LESSON_NOT_FOUND = 'Lesson not found.';
const COURSE_NOT_FOUND = 'Course not found.';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

const quizCourse = () =>
  buildCourse(api.db, {
    tenantId: tenant.id,
    units: [
      [
        { type: 'Video', name: 'شرح' },
        { type: 'Quiz', name: 'اختبار', questions: [fourOptions('س١', 1), fourOptions('س٢', 2)] },
      ],
      [{ type: 'Video' }],
    ],
  });

const video = videoLessonInput;
const question = (text: string, correct = 0, answers = ['أ', 'ب', 'ج']) => ({
  text,
  answers: answers.map((answer, index) => ({ text: answer, isCorrect: index === correct })),
});
const quiz = (overrides: Record<string, unknown> = {}) => ({
  type: 'Quiz',
  name: 'اختبار جديد',
  titel: 'اختبار قصير',
  questions: [question('ما ناتج ١+١؟', 1), question('ما لون السماء؟', 0, ['أزرق', 'أحمر'])],
  ...overrides,
});

const studentTree = async (courseId: number) =>
  (await student.device.call('GET', `/api/Course/tree?courseid=${courseId}`)).body.data as {
    units: { id: number; unitName: string; lessons: { id: number; lessonName: string }[] }[];
  };

describe('access to unit and lesson endpoints', () => {
  it('is refused without a token (401) and to a student (403), changing nothing', async () => {
    const built = await quizCourse();
    const [unitId] = built.unitIds;
    const lessonId = built.lessonIds[0]![0]!;
    const endpoints: Endpoint[] = [
      ['POST', `/api/Admin/Courses/${built.courseId}/Units`, { name: 'x' }],
      ['PUT', `/api/Admin/Units/${unitId}`, { name: 'x' }],
      ['DELETE', `/api/Admin/Units/${unitId}`],
      ['PUT', `/api/Admin/Courses/${built.courseId}/UnitOrder`, { ids: [...built.unitIds].reverse() }],
      ['GET', `/api/Admin/Lessons/${lessonId}`],
      ['POST', `/api/Admin/Units/${unitId}/Lessons`, video()],
      ['PUT', `/api/Admin/Lessons/${lessonId}`, video()],
      ['DELETE', `/api/Admin/Lessons/${lessonId}`],
      ['PUT', `/api/Admin/Units/${unitId}/LessonOrder`, { ids: [...built.lessonIds[0]!].reverse() }],
    ];
    await expectAdminOnly(api, student, endpoints);
    const attachment = await upload(
      api,
      student.device,
      `/api/Admin/Lessons/${lessonId}/Attachment`,
      FILES.pdf,
    );
    expect(attachment.status).toBe(403);
    const detail = await admin.device.call('GET', `/api/Admin/Courses/${built.courseId}`);
    expect(detail.body.data.units.map((u: { name: string }) => u.name)).toEqual(['الوحدة 1', 'الوحدة 2']);
    expect(detail.body.data.lessonCount).toBe(3);
  });
});

describe('POST /api/Admin/Courses/{id}/Units', () => {
  it('adds a unit at the end, which students see in the tree', async () => {
    const built = await quizCourse();
    const reply = await admin.device.call('POST', `/api/Admin/Courses/${built.courseId}/Units`, {
      json: { name: ' الوحدة الثالثة ', title: 'الحركة' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Unit added',
      data: { name: 'الوحدة الثالثة', title: 'الحركة', position: 3, lessons: [] },
    });
    const tree = await studentTree(built.courseId);
    expect(tree.units.map((u) => u.unitName)).toEqual(['الوحدة 1', 'الوحدة 2', 'الوحدة الثالثة']);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      action: 'unit.create',
      target_type: 'unit',
      target_id: reply.body.data.id,
      actor_id: admin.id,
    });
  });

  it.each([
    [{}, 'Unit name is required'],
    [{ name: '   ' }, 'Unit name is required'],
    [{ name: 'x', title: 'x'.repeat(301) }, 'Too big: expected string to have <=300 characters'],
  ])('refuses %j with 400', async (json, message) => {
    const built = await quizCourse();
    const reply = await admin.device.call('POST', `/api/Admin/Courses/${built.courseId}/Units`, { json });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toBe(message);
  });

  it("answers 404 for another school's course", async () => {
    const reply = await admin.device.call('POST', `/api/Admin/Courses/${other.course.courseId}/Units`, {
      json: { name: 'دخيلة' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(COURSE_NOT_FOUND));
    const units = await api.db
      .selectFrom('units')
      .select('id')
      .where('course_id', '=', other.course.courseId)
      .execute();
    expect(units).toHaveLength(1);
  });
});

describe('PUT /api/Admin/Units/{id}', () => {
  it('renames the unit', async () => {
    const built = await quizCourse();
    const reply = await admin.device.call('PUT', `/api/Admin/Units/${built.unitIds[1]}`, {
      json: { name: 'المراجعة', title: 'قبل الامتحان' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      id: built.unitIds[1],
      name: 'المراجعة',
      title: 'قبل الامتحان',
      position: 2,
    });
    expect(reply.body.data.lessons).toHaveLength(1);
    expect((await studentTree(built.courseId)).units[1]!.unitName).toBe('المراجعة');
  });

  it("answers 400 for a missing name and 404 for another school's unit", async () => {
    const built = await quizCourse();
    const bad = await admin.device.call('PUT', `/api/Admin/Units/${built.unitIds[0]}`, {
      json: { title: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unit name is required');
    const foreign = await admin.device.call('PUT', `/api/Admin/Units/${other.course.unitIds[0]}`, {
      json: { name: 'x' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(UNIT_NOT_FOUND));
  });
});

describe('DELETE /api/Admin/Units/{id}', () => {
  it('deletes a unit nobody uses, with its lessons, questions and unused codes', async () => {
    const built = await quizCourse();
    const [unitId] = built.unitIds;
    await issueCodes(api.db, {
      tenantId: tenant.id,
      target: { table: 'unit_codes', unitId: unitId! },
      count: 2,
      now: api.clock.now(),
    });
    const reply = await admin.device.call('DELETE', `/api/Admin/Units/${unitId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Unit deleted', data: null });
    const lessonIds = built.lessonIds[0]!;
    expect(await api.db.selectFrom('lessons').select('id').where('id', 'in', lessonIds).execute()).toEqual(
      [],
    );
    expect(
      await api.db.selectFrom('quiz_questions').select('id').where('lesson_id', 'in', lessonIds).execute(),
    ).toEqual([]);
    expect(
      await api.db.selectFrom('unit_codes').select('id').where('unit_id', '=', unitId!).execute(),
    ).toEqual([]);
    expect((await studentTree(built.courseId)).units.map((u) => u.id)).toEqual([built.unitIds[1]]);
  });

  it('refuses 409 while a student has unlocked it with a code, and keeps it', async () => {
    const built = await quizCourse();
    const [code] = await issueCodes(api.db, {
      tenantId: tenant.id,
      target: { table: 'unit_codes', unitId: built.unitIds[1]! },
      count: 1,
      now: api.clock.now(),
    });
    expect((await student.device.call('POST', `/api/UnitCode/EnterCode?code=${code}`)).status).toBe(200);
    const reply = await admin.device.call('DELETE', `/api/Admin/Units/${built.unitIds[1]}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(
      failure(
        'This unit cannot be deleted while students use it (unlocked: 1, codes used: 1, quiz results: 0).',
      ),
    );
    expect(
      await api.db.selectFrom('units').select('id').where('id', '=', built.unitIds[1]!).execute(),
    ).toHaveLength(1);
  });

  it('refuses 409 when a quiz of it has results', async () => {
    const built = await quizCourse();
    const learner = await signedInStudent(api);
    await enrolDirectly(api, tenant.id, learner.id, built.courseId);
    await submitQuiz(learner, built, built.lessonIds[0]![1]!);
    const reply = await admin.device.call('DELETE', `/api/Admin/Units/${built.unitIds[0]}`);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain('quiz results: 1');
  });

  it("answers 404 for another school's unit", async () => {
    const reply = await admin.device.call('DELETE', `/api/Admin/Units/${other.course.unitIds[0]}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(UNIT_NOT_FOUND));
    expect(
      await api.db.selectFrom('units').select('id').where('id', '=', other.course.unitIds[0]!).execute(),
    ).toHaveLength(1);
  });
});

describe('PUT /api/Admin/Courses/{id}/UnitOrder', () => {
  it('puts the units in the given order, for students too', async () => {
    const built = await buildCourse(api.db, { tenantId: tenant.id, units: [[], [], []] });
    const order = [built.unitIds[2]!, built.unitIds[0]!, built.unitIds[1]!];
    const reply = await admin.device.call('PUT', `/api/Admin/Courses/${built.courseId}/UnitOrder`, {
      json: { ids: order },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.units.map((u: { id: number; position: number }) => [u.id, u.position])).toEqual([
      [order[0], 1],
      [order[1], 2],
      [order[2], 3],
    ]);
    expect((await studentTree(built.courseId)).units.map((u) => u.id)).toEqual(order);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({ action: 'unit.reorder', target_type: 'course', target_id: built.courseId });
  });

  it('refuses 400 unless the ids are exactly the course’s units, and keeps the order', async () => {
    const built = await buildCourse(api.db, { tenantId: tenant.id, units: [[], [], []] });
    const [a, b, c] = built.unitIds as [number, number, number];
    const message = 'ids must list every unit of the course exactly once';
    for (const ids of [
      [a, b],
      [a, b, c, c],
      [a, b, other.course.unitIds[0]!],
      [a, a, b],
    ]) {
      const reply = await admin.device.call('PUT', `/api/Admin/Courses/${built.courseId}/UnitOrder`, {
        json: { ids },
      });
      expect(reply.status, JSON.stringify(ids)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message, errors: { ids: message } });
    }
    const empty = await admin.device.call('PUT', `/api/Admin/Courses/${built.courseId}/UnitOrder`, {
      json: { ids: [] },
    });
    expect(empty.status).toBe(400);
    const strings = await admin.device.call('PUT', `/api/Admin/Courses/${built.courseId}/UnitOrder`, {
      json: { ids: ['1'] },
    });
    expect(strings.status).toBe(400);
    expect((await studentTree(built.courseId)).units.map((u) => u.id)).toEqual([a, b, c]);
  });

  it("answers 404 for another school's course", async () => {
    const reply = await admin.device.call('PUT', `/api/Admin/Courses/${other.course.courseId}/UnitOrder`, {
      json: { ids: other.course.unitIds },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(COURSE_NOT_FOUND));
  });
});

describe('GET /api/Admin/Lessons/{id}', () => {
  it('answers everything the form edits, answers with their correctness', async () => {
    const built = await quizCourse();
    const quizId = built.lessonIds[0]![1]!;
    const reply = await admin.device.call('GET', `/api/Admin/Lessons/${quizId}`);
    expect(reply.status).toBe(200);
    const keys = built.quizzes.get(quizId)!;
    expect(reply.body.data).toEqual({
      id: quizId,
      unitId: built.unitIds[0],
      courseId: built.courseId,
      name: 'اختبار',
      titel: 'اختبار قصير',
      type: 'Quiz',
      position: 2,
      videoUrl: null,
      liveSessionUrl: null,
      attachmentUrl: null,
      attachmentTitle: null,
      attachmentFile: null,
      questions: [
        {
          id: keys[0]!.questionId,
          text: 'س١',
          answers: ['أ', 'ب', 'ج', 'د'].map((text, i) => ({
            id: keys[0]!.answerIds[i],
            text,
            isCorrect: i === 1,
          })),
        },
        {
          id: keys[1]!.questionId,
          text: 'س٢',
          answers: ['أ', 'ب', 'ج', 'د'].map((text, i) => ({
            id: keys[1]!.answerIds[i],
            text,
            isCorrect: i === 2,
          })),
        },
      ],
      video: { playing: null, latest: null },
    });
  });

  it("answers 404 for another school's lesson and 400 for a bad id", async () => {
    const foreign = await admin.device.call('GET', `/api/Admin/Lessons/${other.course.lessonIds[0]![0]}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(LESSON_NOT_FOUND));
    expect((await admin.device.call('GET', '/api/Admin/Lessons/-3')).status).toBe(400);
  });
});

describe('POST /api/Admin/Units/{id}/Lessons', () => {
  it('adds a video lesson and a quiz at the end of the unit', async () => {
    const built = await quizCourse();
    const unitId = built.unitIds[0]!;
    const made = await admin.device.call('POST', `/api/Admin/Units/${unitId}/Lessons`, {
      json: video({ attachmentUrl: 'https://example.com/notes.pdf', attachmentTitle: 'ملزمة' }),
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      type: 'Video',
      name: 'درس مصور',
      position: 3,
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      attachmentUrl: 'https://example.com/notes.pdf',
      attachmentTitle: 'ملزمة',
      questions: [],
    });
    const madeQuiz = await admin.device.call('POST', `/api/Admin/Units/${unitId}/Lessons`, { json: quiz() });
    expect(madeQuiz.status).toBe(200);
    expect(madeQuiz.body.data.position).toBe(4);
    expect(
      madeQuiz.body.data.questions.map(
        (q: { text: string; answers: { text: string; isCorrect: boolean }[] }) => [
          q.text,
          q.answers.map((a) => `${a.text}${a.isCorrect ? '*' : ''}`),
        ],
      ),
    ).toEqual([
      ['ما ناتج ١+١؟', ['أ', 'ب*', 'ج']],
      ['ما لون السماء؟', ['أزرق*', 'أحمر']],
    ]);
    const tree = await studentTree(built.courseId);
    expect(tree.units[0]!.lessons.map((l) => l.lessonName)).toEqual([
      'شرح',
      'اختبار',
      'درس مصور',
      'اختبار جديد',
    ]);
  });

  it.each([
    ['no correct answer', quiz({ questions: [question('س', -1)] }), 'Exactly one answer must be correct'],
    [
      'two correct answers',
      quiz({
        questions: [
          {
            text: 'س',
            answers: [
              { text: 'أ', isCorrect: true },
              { text: 'ب', isCorrect: true },
            ],
          },
        ],
      }),
      'Exactly one answer must be correct',
    ],
    ['one answer', quiz({ questions: [question('س', 0, ['أ'])] }), 'A question needs at least 2 answers'],
    [
      'seven answers',
      quiz({ questions: [question('س', 0, ['1', '2', '3', '4', '5', '6', '7'])] }),
      'A question has at most 6 answers',
    ],
    ['no question', quiz({ questions: [] }), 'A quiz needs at least one question'],
    ['an empty answer', quiz({ questions: [question('س', 0, ['أ', ' '])] }), 'Answer is required'],
    ['a script URL', video({ videoUrl: 'javascript:alert(1)' }), 'Video URL must be an http(s) address'],
    [
      'a protocol-relative attachment',
      video({ attachmentUrl: '//evil.example/x' }),
      'Attachment URL must be an http(s) address',
    ],
    ['an unknown type', { ...video(), type: 'Audio' }, undefined],
    ['no name', video({ name: '' }), 'Lesson name is required'],
  ])('refuses %s with 400 and adds nothing', async (_case, json, message) => {
    const built = await quizCourse();
    const reply = await admin.device.call('POST', `/api/Admin/Units/${built.unitIds[1]}/Lessons`, { json });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    if (message) expect(reply.body.message).toBe(message);
    const lessons = await api.db
      .selectFrom('lessons')
      .select('id')
      .where('unit_id', '=', built.unitIds[1]!)
      .execute();
    expect(lessons).toHaveLength(1);
  });

  // Issue 19: a lesson may play only its uploaded video, uploaded once the lesson is saved.
  it('creates a video lesson without a video URL, and clears a URL when it is emptied', async () => {
    const built = await quizCourse();
    const made = await admin.device.call('POST', `/api/Admin/Units/${built.unitIds[0]}/Lessons`, {
      json: video({ videoUrl: undefined }),
    });
    expect(made.status).toBe(200);
    expect(made.body.data.videoUrl).toBeNull();
    const emptied = await admin.device.call('PUT', `/api/Admin/Lessons/${made.body.data.id}`, {
      json: video({ videoUrl: '' }),
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.data.videoUrl).toBeNull();
  });

  // Issue 15, defect 11: each video lesson may name its live session, which students are sent to.
  it("keeps a video's live-session link, clears it when emptied, and refuses one that is not a web link", async () => {
    const built = await quizCourse();
    const unitId = built.unitIds[0]!;
    const made = await admin.device.call('POST', `/api/Admin/Units/${unitId}/Lessons`, {
      json: video({
        videoUrl: 'https://cdn.example.com/lesson.mp4',
        liveSessionUrl: 'https://meet.example.com/live-1',
      }),
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ liveSessionUrl: 'https://meet.example.com/live-1' });
    const id = made.body.data.id as number;
    expect((await admin.device.call('GET', `/api/Admin/Lessons/${id}`)).body.data.liveSessionUrl).toBe(
      'https://meet.example.com/live-1',
    );

    const cleared = await admin.device.call('PUT', `/api/Admin/Lessons/${id}`, {
      json: video({ videoUrl: 'https://cdn.example.com/lesson.mp4', liveSessionUrl: '' }),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.liveSessionUrl).toBeNull();

    const bad = await admin.device.call('PUT', `/api/Admin/Lessons/${id}`, {
      json: video({ liveSessionUrl: 'javascript:alert(1)' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, errors: { liveSessionUrl: expect.any(String) } });
    // A quiz has no live session.
    const madeQuiz = await admin.device.call('POST', `/api/Admin/Units/${unitId}/Lessons`, { json: quiz() });
    expect(madeQuiz.body.data.liveSessionUrl).toBeNull();
  });

  it("answers 404 for another school's unit", async () => {
    const reply = await admin.device.call('POST', `/api/Admin/Units/${other.course.unitIds[0]}/Lessons`, {
      json: video(),
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(UNIT_NOT_FOUND));
  });
});

describe('PUT /api/Admin/Lessons/{id}', () => {
  it('replaces a quiz’s questions while nobody has submitted it; students get the new quiz', async () => {
    const built = await quizCourse();
    const quizId = built.lessonIds[0]![1]!;
    // The student has the old quiz open (the server keeps each student's presentation of it).
    await enrolDirectly(api, tenant.id, student.id, built.courseId);
    const before = await seenQuiz(student.device, quizId);
    expect(before).toHaveLength(built.quizzes.get(quizId)!.length);
    const reply = await admin.device.call('PUT', `/api/Admin/Lessons/${quizId}`, {
      json: quiz({ name: 'اختبار معدل', questions: [question('سؤال وحيد', 2)] }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.name).toBe('اختبار معدل');
    expect(reply.body.data.questions).toHaveLength(1);
    expect(reply.body.data.questions[0].answers.map((a: { isCorrect: boolean }) => a.isCorrect)).toEqual([
      false,
      false,
      true,
    ]);
    const oldQuestions = built.quizzes.get(quizId)!.map((q) => q.questionId);
    expect(
      await api.db.selectFrom('quiz_questions').select('id').where('id', 'in', oldQuestions).execute(),
    ).toEqual([]);

    const content = await student.device.call('GET', `/api/Student/contentlesson/${quizId}`);
    expect(content.body.data.lessonName).toBe('اختبار معدل');
    const after: SeenQuestion[] = content.body.data.questions;
    expect(after.map((q) => q.text)).toEqual(['سؤال وحيد']);
    // The new quiz in ids of the student's own that grade it: the right answer scores 100.
    const submitted = await student.device.call('POST', '/api/quizresult/submit', {
      json: {
        lessonId: quizId,
        answers: [{ questionId: after[0]!.id, answerId: seenAnswerId(after, after[0]!.id, 'ج') }],
      },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.score).toBe(100);
  });

  it('keeps a submitted quiz’s questions (409) but still allows renaming it', async () => {
    const built = await quizCourse();
    const quizId = built.lessonIds[0]![1]!;
    const learner = await signedInStudent(api);
    await enrolDirectly(api, tenant.id, learner.id, built.courseId);
    await submitQuiz(learner, built, quizId);
    const stored = (await admin.device.call('GET', `/api/Admin/Lessons/${quizId}`)).body.data;
    const same = stored.questions.map(
      (q: { text: string; answers: { text: string; isCorrect: boolean }[] }) => ({
        text: q.text,
        answers: q.answers.map((a) => ({ text: a.text, isCorrect: a.isCorrect })),
      }),
    );

    const changed = [...same];
    changed[0] = {
      ...changed[0],
      answers: changed[0].answers.map((a: { text: string }, i: number) => ({ ...a, isCorrect: i === 0 })),
    };
    const refused = await admin.device.call('PUT', `/api/Admin/Lessons/${quizId}`, {
      json: quiz({ questions: changed }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      failure(
        '1 student(s) have submitted this quiz: its questions and answers can no longer change, because their results would no longer match. Add a new quiz instead.',
      ),
    );
    const toVideo = await admin.device.call('PUT', `/api/Admin/Lessons/${quizId}`, { json: video() });
    expect(toVideo.body).toEqual(failure('This quiz cannot become a video: 1 student(s) have submitted it.'));
    const after = (await admin.device.call('GET', `/api/Admin/Lessons/${quizId}`)).body.data;
    expect(after).toEqual(stored);

    const renamed = await admin.device.call('PUT', `/api/Admin/Lessons/${quizId}`, {
      json: quiz({ name: 'اسم جديد', titel: null, questions: same }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...stored, name: 'اسم جديد', titel: null });
  });

  it('turns a video into a quiz and back, and an attachment URL replaces an uploaded file', async () => {
    const built = await quizCourse();
    const lessonId = built.lessonIds[1]![0]!;
    const asQuiz = await admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}`, { json: quiz() });
    expect(asQuiz.body.data).toMatchObject({ type: 'Quiz', videoUrl: null });
    expect(asQuiz.body.data.questions).toHaveLength(2);
    const asVideo = await admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}`, { json: video() });
    expect(asVideo.body.data).toMatchObject({
      type: 'Video',
      videoUrl: 'https://www.youtube.com/watch?v=abc',
      questions: [],
    });
    expect(
      await api.db.selectFrom('quiz_questions').select('id').where('lesson_id', '=', lessonId).execute(),
    ).toEqual([]);

    const uploaded = await upload(api, admin.device, `/api/Admin/Lessons/${lessonId}/Attachment`, FILES.pdf);
    const file = uploaded.body.data.attachmentFile as string;
    const keep = await admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}`, {
      json: video({ name: 'باق', attachmentTitle: 'ملزمة' }),
    });
    expect(keep.body.data).toMatchObject({ attachmentFile: file, attachmentTitle: 'ملزمة' });
    const replaced = await admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}`, {
      json: video({ attachmentUrl: 'https://drive.example.com/notes' }),
    });
    expect(replaced.body.data).toMatchObject({
      attachmentFile: null,
      attachmentUrl: 'https://drive.example.com/notes',
    });
    expect(existsSync(join(api.services.config.dataDir, 'uploads', file))).toBe(false);
  });

  it("answers 400 for a bad body and 404 for another school's lesson", async () => {
    const built = await quizCourse();
    const bad = await admin.device.call('PUT', `/api/Admin/Lessons/${built.lessonIds[0]![1]}`, {
      json: quiz({ questions: [question('س', -1)] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Exactly one answer must be correct');
    const foreign = await admin.device.call('PUT', `/api/Admin/Lessons/${other.course.lessonIds[0]![0]}`, {
      json: video(),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(LESSON_NOT_FOUND));
  });
});

describe('DELETE /api/Admin/Lessons/{id}', () => {
  it('deletes a completed video lesson (its completions go with it)', async () => {
    const built = await quizCourse();
    const lessonId = built.lessonIds[0]![0]!;
    const learner = await signedInStudent(api);
    await enrolDirectly(api, tenant.id, learner.id, built.courseId);
    expect((await learner.device.call('POST', `/api/Student/lesson-complete/${lessonId}`)).status).toBe(200);
    const reply = await admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Lesson deleted', data: null });
    expect(
      await api.db.selectFrom('lesson_completions').select('id').where('lesson_id', '=', lessonId).execute(),
    ).toEqual([]);
    expect((await studentTree(built.courseId)).units[0]!.lessons.map((l) => l.id)).toEqual([
      built.lessonIds[0]![1],
    ]);
  });

  it('refuses 409 for a quiz with results and keeps it', async () => {
    const built = await quizCourse();
    const quizId = built.lessonIds[0]![1]!;
    const learner = await signedInStudent(api);
    await enrolDirectly(api, tenant.id, learner.id, built.courseId);
    await submitQuiz(learner, built, quizId);
    const reply = await admin.device.call('DELETE', `/api/Admin/Lessons/${quizId}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(failure('This quiz cannot be deleted: 1 student(s) have submitted it.'));
    expect(await api.db.selectFrom('lessons').select('id').where('id', '=', quizId).execute()).toHaveLength(
      1,
    );
  });

  it("answers 404 for another school's lesson", async () => {
    const reply = await admin.device.call('DELETE', `/api/Admin/Lessons/${other.course.lessonIds[0]![0]}`);
    expect(reply.status).toBe(404);
    expect(
      await api.db
        .selectFrom('lessons')
        .select('id')
        .where('id', '=', other.course.lessonIds[0]![0]!)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('PUT /api/Admin/Units/{id}/LessonOrder', () => {
  it('puts the lessons in the given order', async () => {
    const built = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [[{ type: 'Video' }, { type: 'Video' }, { type: 'Video' }]],
    });
    const [a, b, c] = built.lessonIds[0] as [number, number, number];
    const reply = await admin.device.call('PUT', `/api/Admin/Units/${built.unitIds[0]}/LessonOrder`, {
      json: { ids: [c, a, b] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.lessons.map((l: { id: number; position: number }) => [l.id, l.position])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    expect((await studentTree(built.courseId)).units[0]!.lessons.map((l) => l.id)).toEqual([c, a, b]);
  });

  it('refuses 400 for ids that are not exactly the unit’s lessons, and 404 for another school', async () => {
    const built = await buildCourse(api.db, {
      tenantId: tenant.id,
      units: [[{ type: 'Video' }, { type: 'Video' }]],
    });
    const [a, b] = built.lessonIds[0] as [number, number];
    const bad = await admin.device.call('PUT', `/api/Admin/Units/${built.unitIds[0]}/LessonOrder`, {
      json: { ids: [a, a] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('ids must list every lesson of the unit exactly once');
    const missing = await admin.device.call('PUT', `/api/Admin/Units/${built.unitIds[0]}/LessonOrder`, {
      json: {},
    });
    expect(missing.status).toBe(400);
    const foreign = await admin.device.call(
      'PUT',
      `/api/Admin/Units/${other.course.unitIds[0]}/LessonOrder`,
      {
        json: { ids: other.course.lessonIds[0] },
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(failure(UNIT_NOT_FOUND));
    expect((await studentTree(built.courseId)).units[0]!.lessons.map((l) => l.id)).toEqual([a, b]);
  });
});

describe('POST /api/Admin/Lessons/{id}/Attachment', () => {
  let built: BuiltCourse;
  beforeAll(async () => {
    built = await quizCourse();
    await enrolDirectly(api, tenant.id, student.id, built.courseId);
  });

  it('stores a PDF that the enrolled student downloads through a signed link', async () => {
    const lessonId = built.lessonIds[0]![0]!;
    const reply = await upload(api, admin.device, `/api/Admin/Lessons/${lessonId}/Attachment`, FILES.pdf, {
      name: 'notes.pdf',
      type: 'application/pdf',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.attachmentFile).toMatch(new RegExp(`^${tenant.id}/[0-9a-f]{32}\\.pdf$`));
    const content = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
    const link = content.body.data.attachmentUrl as string;
    // Absolute, as every media link in an answer (API.md Conventions).
    expect(link.startsWith(`${api.baseUrl}/api/files/attachments/`)).toBe(true);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(FILES.pdf)).toBe(true);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({ action: 'lesson.attachment', target_id: lessonId, actor_id: admin.id });
  });

  it('refuses a page dressed as a PDF, a quiz lesson and a missing file with 400', async () => {
    const lessonId = built.lessonIds[1]![0]!;
    const html = await upload(api, admin.device, `/api/Admin/Lessons/${lessonId}/Attachment`, FILES.html, {
      name: 'notes.pdf',
      type: 'application/pdf',
    });
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(
      'An attachment must be pdf, doc, docx, ppt, pptx, xls, xlsx, zip, png, jpg',
    );
    const onQuiz = await upload(
      api,
      admin.device,
      `/api/Admin/Lessons/${built.lessonIds[0]![1]}/Attachment`,
      FILES.pdf,
    );
    expect(onQuiz.status).toBe(400);
    expect(onQuiz.body).toEqual(failure('Only video lessons carry an attachment'));
    const none = await admin.device.call('POST', `/api/Admin/Lessons/${lessonId}/Attachment`, {
      multipart: { title: 'x' },
    });
    expect(none.status).toBe(400);
    const row = await api.db
      .selectFrom('lessons')
      .select('attachment_file')
      .where('id', '=', lessonId)
      .executeTakeFirst();
    expect(row?.attachment_file).toBeNull();
  });

  it("answers 404 for another school's lesson", async () => {
    const reply = await upload(
      api,
      admin.device,
      `/api/Admin/Lessons/${other.course.lessonIds[0]![0]}/Attachment`,
      FILES.pdf,
    );
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(failure(LESSON_NOT_FOUND));
  });
});
