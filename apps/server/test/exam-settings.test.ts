// A quiz's exam settings (decision 0013; contract exams.ts QuizSettings): GET answers a plain quiz's
// defaults, PUT makes the quiz an exam (checked against the quiz's questions or the course's bank,
// whose rules are counted by the draw's own rule), a changed pass mark re-decides the lesson's results,
// DELETE returns to a plain quiz until a student has attempted it; admins of the school only, audited.
// Then the settings cache: TTL on the clock, one load for concurrent misses, tenant scopes, and an edit
// in one process forgetting the entry in another through the cache bus.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Difficulty, Tenant } from '../src/db/schema';
import type { CacheBus } from '../src/lib/cache-bus';
import { runAsTenant } from '../src/lib/tenant-context';
import { ExamSettingsCache } from '../src/modules/exams/settings-cache';
import {
  adminSuite,
  auditRows,
  expectAdminOnly,
  failure,
  type OtherSchool,
  type SignedIn,
  type Student,
  videoLessonInput,
} from './support/admin-helpers';
import { storeDraw } from './support/bank-fixture';
import { buildCourse, fourOptions, type BuiltCourse } from './support/catalogue-fixture';
import { addBank } from './support/exam-fixture';
import { registerStudent, type TestApi } from './support/test-api';
import { TestClock } from './support/test-clock';

const NOT_A_QUIZ = 'This lesson is not a quiz';
const LESSON_NOT_FOUND = 'Lesson not found.';
const IN_USE = 'Students have attempted this exam: its settings can be changed but not removed';
const EXAM_CANNOT_BECOME_VIDEO = 'This quiz has exam settings: remove them before making it a video';
const NO_QUESTIONS =
  'This quiz has no questions of its own: add questions to it, or draw its questions from the bank';

// The caches on, as in production: the app's own settings cache must forget what its writes change.
const suite = adminSuite({ env: { CATALOGUE_CACHE_MS: '60000' } });
let api: TestApi, tenant: Tenant, admin: SignedIn, student: Student, other: OtherSchool;
beforeAll(() => void ({ api, tenant, admin, student, other } = suite));

/** Unit 1: a video, a quiz of two questions, a quiz without questions. */
const course = async () => {
  const built = await buildCourse(api.db, {
    tenantId: tenant.id,
    units: [
      [
        { type: 'Video' },
        { type: 'Quiz', name: 'اختبار الوحدة', questions: [fourOptions('س١', 1), fourOptions('س٢', 2)] },
        { type: 'Quiz', questions: [] },
      ],
    ],
  });
  const [videoId, quizId, emptyQuizId] = built.lessonIds[0] as [number, number, number];
  return { built, videoId, quizId, emptyQuizId };
};

const path = (lessonId: number) => `/api/Admin/Lessons/${lessonId}/QuizSettings`;
const getSettings = (lessonId: number) => admin.device.call('GET', path(lessonId));
const putSettings = (lessonId: number, json: unknown) => admin.device.call('PUT', path(lessonId), { json });
const deleteSettings = (lessonId: number) => admin.device.call('DELETE', path(lessonId));

const fixedExam = (overrides: Record<string, unknown> = {}) => ({
  source: 'fixed',
  draw: [],
  timeLimitMinutes: 20,
  passMark: 60,
  attemptsAllowed: 3,
  counts: 'last',
  review: 'after-deadline',
  showExplanations: true,
  opensAt: '2026-09-02T09:00:00+03:00',
  closesAt: '2026-09-02T12:30:00+03:00',
  ...overrides,
});

/** `count` bank questions of the course with this topic and difficulty, inserted directly. */
async function bankQuestions(
  built: BuiltCourse,
  count: number,
  tag: { topic: string; difficulty: Difficulty; archived?: boolean; tenantId?: number },
) {
  const specs = Array.from({ length: count }, (_, i) => ({ ...tag, text: `سؤال من البنك ${i + 1}` }));
  const ids = await addBank(api, tag.tenantId ?? tenant.id, built.courseId, specs);
  if (tag.archived)
    await api.db
      .updateTable('bank_questions')
      .set({ archived_at: api.clock.now().toISOString() })
      .where('id', 'in', ids)
      .execute();
}

/** A result of `userId` for the lesson, stored as a submission would store it. */
async function storedResult(lessonId: number, userId: number, score: number) {
  await api.db
    .insertInto('quiz_results')
    .values({
      tenant_id: tenant.id,
      user_id: userId,
      lesson_id: lessonId,
      score,
      correct_count: 0,
      total: 2,
      answers_json: '[]',
      submitted_at: api.clock.now().toISOString(),
    })
    .execute();
}

/** `passed` of the lesson's results, lowest score first. */
const passedOf = async (lessonId: number) =>
  (
    await api.db
      .selectFrom('quiz_results')
      .select('passed')
      .where('lesson_id', '=', lessonId)
      .orderBy('score')
      .execute()
  ).map((row) => row.passed);

describe('who may read and change quiz settings', () => {
  it('is refused without a token (401) and to a student (403), changing nothing', async () => {
    const { quizId } = await course();
    await expectAdminOnly(api, student, [
      ['GET', path(quizId)],
      ['PUT', path(quizId), fixedExam()],
      ['DELETE', path(quizId)],
    ]);
    expect(
      await api.db.selectFrom('quiz_settings').selectAll().where('lesson_id', '=', quizId).execute(),
    ).toEqual([]);
  });

  it("answers 404 for another school's quiz, as for one that does not exist, and leaves it alone", async () => {
    const theirs = other.course.lessonIds[0]![1]!;
    for (const reply of [
      await getSettings(theirs),
      await putSettings(theirs, fixedExam()),
      await deleteSettings(theirs),
      await getSettings(2_000_000_000),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(failure(LESSON_NOT_FOUND));
    }
    expect(
      await api.db.selectFrom('quiz_settings').selectAll().where('lesson_id', '=', theirs).execute(),
    ).toEqual([]);
  });

  it('answers 400 for a video lesson', async () => {
    const { videoId } = await course();
    for (const reply of [
      await getSettings(videoId),
      await putSettings(videoId, fixedExam()),
      await deleteSettings(videoId),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: NOT_A_QUIZ });
    }
  });
});

describe('GET and PUT /api/Admin/Lessons/{id}/QuizSettings', () => {
  it('answers a plain quiz as `exam: false` with the defaults of one untimed attempt', async () => {
    const { quizId } = await course();
    const reply = await getSettings(quizId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: null,
      data: {
        lessonId: quizId,
        exam: false,
        source: 'fixed',
        draw: [],
        timeLimitMinutes: null,
        passMark: null,
        attemptsAllowed: 1,
        counts: 'best',
        review: 'immediate',
        showExplanations: false,
        opensAt: null,
        closesAt: null,
        attemptCount: 0,
        submittedBefore: 0,
      },
    });
  });

  it('stores every field of a fixed exam, answers it, reads it back and audits the change', async () => {
    const { quizId } = await course();
    const put = await putSettings(quizId, fixedExam());
    expect(put.status).toBe(200);
    const expected = {
      lessonId: quizId,
      exam: true,
      source: 'fixed',
      draw: [],
      timeLimitMinutes: 20,
      passMark: 60,
      attemptsAllowed: 3,
      counts: 'last',
      review: 'after-deadline',
      showExplanations: true,
      // Stored and answered in UTC.
      opensAt: '2026-09-02T06:00:00.000Z',
      closesAt: '2026-09-02T09:30:00.000Z',
      attemptCount: 0,
      submittedBefore: 0,
    };
    expect(put.body).toEqual({ success: true, message: 'Quiz settings saved', data: expected });
    expect((await getSettings(quizId)).body.data).toEqual(expected);

    // Changed again: every field takes its new value, nothing of the old one stays.
    const untimed = fixedExam({
      timeLimitMinutes: null,
      passMark: null,
      attemptsAllowed: 1,
      counts: 'best',
      review: 'never',
      showExplanations: false,
      opensAt: null,
      closesAt: null,
    });
    expect((await putSettings(quizId, untimed)).status).toBe(200);
    expect((await getSettings(quizId)).body.data).toEqual({
      ...expected,
      timeLimitMinutes: null,
      passMark: null,
      attemptsAllowed: 1,
      counts: 'best',
      review: 'never',
      showExplanations: false,
      opensAt: null,
      closesAt: null,
    });

    const [latest, first] = await auditRows(api, tenant.id);
    for (const entry of [latest, first])
      expect(entry).toMatchObject({
        action: 'quiz.settings.update',
        target_type: 'lesson',
        target_id: quizId,
        actor_id: admin.id,
      });
    expect(first!.summary).toBe(
      'إعدادات الاختبار «اختبار الوحدة»: أسئلة ثابتة، الوقت: ٢٠ دقيقة، درجة النجاح: ٦٠٪، المحاولات المسموحة: ٣',
    );
  });

  it('draws from the bank: each rule with the questions that match it now', async () => {
    const { built, quizId } = await course();
    await bankQuestions(built, 4, { topic: 'الألكانات', difficulty: 'easy' });
    await bankQuestions(built, 3, { topic: 'الألكانات', difficulty: 'hard' });
    await bankQuestions(built, 2, { topic: 'الكحولات', difficulty: 'easy' });
    // Not counted: archived, or another course's bank.
    await bankQuestions(built, 5, { topic: 'الألكانات', difficulty: 'easy', archived: true });
    await bankQuestions(other.course, 5, {
      topic: 'الألكانات',
      difficulty: 'easy',
      tenantId: other.tenant.id,
    });
    const draw = [
      { topic: 'الألكانات', difficulty: 'easy', count: 3 },
      { topic: null, difficulty: 'hard', count: 2 },
      { topic: 'الكحولات', difficulty: null, count: 2 },
    ];
    const reply = await putSettings(quizId, fixedExam({ source: 'bank', draw }));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({
      source: 'bank',
      draw: [
        { topic: 'الألكانات', difficulty: 'easy', count: 3, available: 4 },
        { topic: null, difficulty: 'hard', count: 2, available: 3 },
        { topic: 'الكحولات', difficulty: null, count: 2, available: 2 },
      ],
    });
    expect((await getSettings(quizId)).body.data.draw).toEqual(reply.body.data.draw);
    const stored = await api.db
      .selectFrom('quiz_settings')
      .select(['source', 'draw_json', 'tenant_id'])
      .where('lesson_id', '=', quizId)
      .executeTakeFirstOrThrow();
    expect({ ...stored, draw_json: JSON.parse(stored.draw_json) }).toEqual({
      source: 'bank',
      draw_json: draw,
      tenant_id: tenant.id,
    });
  });

  it('refuses bad settings with a 400 naming the problem, storing nothing', async () => {
    const { built, quizId, emptyQuizId } = await course();
    await bankQuestions(built, 6, { topic: 'أ', difficulty: 'easy' });
    await bankQuestions(built, 3, { topic: 'ب', difficulty: 'medium' });
    const cases: [unknown, string][] = [
      [fixedExam({ passMark: 101 }), 'The pass mark must be from 0 to 100'],
      [fixedExam({ passMark: -1 }), 'The pass mark must be from 0 to 100'],
      [
        fixedExam({ opensAt: '2026-09-02T12:00:00Z', closesAt: '2026-09-02T11:59:00Z' }),
        'The closing time must be after the opening time',
      ],
      [fixedExam({ source: 'bank', draw: [] }), 'A quiz drawn from the bank needs at least one draw rule'],
      [
        fixedExam({
          source: 'bank',
          draw: [
            { topic: 'أ', difficulty: 'easy', count: 6 },
            { topic: 'ب', difficulty: null, count: 5 },
          ],
        }),
        'Draw rule 2 asks for 5 questions; the bank has 3 that match',
      ],
      [
        fixedExam({ source: 'bank', draw: [{ topic: 'ج', difficulty: null, count: 1 }] }),
        'Draw rule 1 asks for 1 questions; the bank has 0 that match',
      ],
      [fixedExam({ attemptsAllowed: 21 }), 'At most 20 attempts'],
      [fixedExam({ timeLimitMinutes: 0 }), 'The time limit must be at least 1 minute'],
    ];
    for (const [body, message] of cases) {
      const reply = await putSettings(quizId, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message });
    }
    for (const body of [
      {},
      { ...fixedExam(), source: 'random' },
      'x',
      { ...fixedExam(), opensAt: 'tomorrow' },
    ])
      expect((await putSettings(quizId, body)).status, JSON.stringify(body)).toBe(400);

    // A fixed exam needs questions of its own.
    const empty = await putSettings(emptyQuizId, fixedExam());
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: NO_QUESTIONS });

    const rows = await api.db
      .selectFrom('quiz_settings')
      .select('lesson_id')
      .where('lesson_id', 'in', [quizId, emptyQuizId])
      .execute();
    expect(rows).toEqual([]);
  });

  it("re-decides the lesson's results whenever the pass mark changes, and only that lesson's", async () => {
    const { quizId } = await course();
    const otherQuiz = (
      await buildCourse(api.db, {
        tenantId: tenant.id,
        units: [[{ type: 'Quiz', questions: [fourOptions('س')] }]],
      })
    ).lessonIds[0]![0]!;
    const students = await Promise.all([registerStudent(api), registerStudent(api), registerStudent(api)]);
    for (const [index, score] of [40, 60, 80].entries())
      await storedResult(quizId, students[index]!.id, score);
    await storedResult(otherQuiz, students[0].id, 40);
    expect(await passedOf(quizId)).toEqual([1, 1, 1]);

    // The results of 40, 60 and 80 under each pass mark in turn.
    const steps: [number | null, number[]][] = [
      [60, [0, 1, 1]],
      [81, [0, 0, 0]],
      [0, [1, 1, 1]],
      [50, [0, 1, 1]],
      [null, [1, 1, 1]],
      [70, [0, 0, 1]],
    ];
    for (const [passMark, passed] of steps) {
      expect((await putSettings(quizId, fixedExam({ passMark }))).status).toBe(200);
      expect(await passedOf(quizId), `pass mark ${passMark}`).toEqual(passed);
    }
    // Removing the settings of an exam with a pass mark: a plain quiz's results all pass.
    expect((await deleteSettings(quizId)).status).toBe(200);
    expect(await passedOf(quizId)).toEqual([1, 1, 1]);
    expect(await passedOf(otherQuiz)).toEqual([1]);
  });
});

describe('DELETE /api/Admin/Lessons/{id}/QuizSettings', () => {
  it('returns the quiz to a plain quiz while no student has attempted it, audited', async () => {
    const { quizId } = await course();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    const reply = await deleteSettings(quizId);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Quiz settings removed',
      data: { lessonId: quizId, exam: false, passMark: null, attemptsAllowed: 1, attemptCount: 0 },
    });
    expect((await getSettings(quizId)).body.data.exam).toBe(false);
    const [entry] = await auditRows(api, tenant.id);
    expect(entry).toMatchObject({
      action: 'quiz.settings.delete',
      target_type: 'lesson',
      target_id: quizId,
      actor_id: admin.id,
    });
  });

  it('is 409 once a student has started an attempt: the settings stay, and can still change', async () => {
    const { quizId } = await course();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    await storeDraw(api, { tenantId: tenant.id, userId: student.id, lessonId: quizId }, [], 'fixed');
    const reply = await deleteSettings(quizId);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, message: IN_USE });
    const read = (await getSettings(quizId)).body.data;
    expect(read).toMatchObject({ exam: true, attemptCount: 1 });
    const changed = await putSettings(quizId, fixedExam({ attemptsAllowed: 5 }));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ exam: true, attemptsAllowed: 5, attemptCount: 1 });
    expect((await auditRows(api, tenant.id))[0]).toMatchObject({ action: 'quiz.settings.update' });
  });
});

describe('results from before the quiz became an exam', () => {
  it('are counted for the admin (submittedBefore): plain results only, not the results of exam attempts', async () => {
    const { quizId } = await course();
    const result = (userId: number, attemptId: number | null) =>
      api.db
        .insertInto('quiz_results')
        .values({
          tenant_id: tenant.id,
          user_id: userId,
          lesson_id: quizId,
          score: 50,
          correct_count: 1,
          total: 2,
          answers_json: '[]',
          submitted_at: api.clock.now().toISOString(),
          attempt_id: attemptId,
        })
        .execute();
    await result(student.id, null);
    expect((await getSettings(quizId)).body.data).toMatchObject({ exam: false, submittedBefore: 1 });

    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    const later = await registerStudent(api);
    await storeDraw(api, { tenantId: tenant.id, userId: later.id, lessonId: quizId }, [], 'fixed');
    const attempt = await api.db
      .selectFrom('exam_attempts')
      .select('id')
      .where('user_id', '=', later.id)
      .executeTakeFirstOrThrow();
    await result(later.id, attempt.id);
    expect((await getSettings(quizId)).body.data).toMatchObject({
      exam: true,
      attemptCount: 1,
      submittedBefore: 1,
    });
  });
});

describe('an exam lesson made a video (PUT /api/Admin/Lessons/{id})', () => {
  const asVideo = (lessonId: number) =>
    admin.device.call('PUT', `/api/Admin/Lessons/${lessonId}`, { json: videoLessonInput() });
  const typeOf = async (lessonId: number) =>
    (await api.db.selectFrom('lessons').select('type').where('id', '=', lessonId).executeTakeFirstOrThrow())
      .type;

  it('is 409 while the quiz has exam settings, even a bank exam with no questions of its own', async () => {
    const { built, emptyQuizId } = await course();
    await bankQuestions(built, 2, { topic: 'ت', difficulty: 'easy' });
    const bankExam = fixedExam({ source: 'bank', draw: [{ topic: 'ت', difficulty: null, count: 2 }] });
    expect((await putSettings(emptyQuizId, bankExam)).status).toBe(200);
    const refused = await asVideo(emptyQuizId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(failure(EXAM_CANNOT_BECOME_VIDEO));
    expect(await typeOf(emptyQuizId)).toBe('Quiz');
    expect((await getSettings(emptyQuizId)).body.data.exam).toBe(true);

    // With its settings removed (nobody attempted it), it becomes a video and carries no settings.
    expect((await deleteSettings(emptyQuizId)).status).toBe(200);
    const done = await asVideo(emptyQuizId);
    expect(done.status, done.text).toBe(200);
    expect(await typeOf(emptyQuizId)).toBe('Video');
    expect((await getSettings(emptyQuizId)).status).toBe(400);
  });

  it('stays a quiz once a student has attempted it: neither the lesson nor its settings can go', async () => {
    const { quizId } = await course();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    await storeDraw(api, { tenantId: tenant.id, userId: student.id, lessonId: quizId }, [], 'fixed');
    expect((await asVideo(quizId)).body).toEqual(failure(EXAM_CANNOT_BECOME_VIDEO));
    expect((await deleteSettings(quizId)).status).toBe(409);
    expect(await typeOf(quizId)).toBe('Quiz');
  });
});

/** Two caches joined like two processes on one Redis: what one publishes, the other hears. */
function linkedBuses(): [CacheBus, CacheBus] {
  const handlers: Map<string, ((payload: unknown) => void)[]>[] = [new Map(), new Map()];
  const bus = (self: number): CacheBus => ({
    publish: (topic, payload) => {
      for (const handler of handlers[1 - self]!.get(topic) ?? [])
        handler(JSON.parse(JSON.stringify(payload)));
    },
    publishAndWait: async (topic, payload) => bus(self).publish(topic, payload),
    listening: () => true,
    subscribe: (topic, handler) => {
      handlers[self]!.set(topic, [...(handlers[self]!.get(topic) ?? []), handler]);
    },
    onResync: () => undefined,
    close: async () => undefined,
  });
  return [bus(0), bus(1)];
}

describe('ExamSettingsCache', () => {
  const TTL = 30_000;
  /** As a request of the tenant reads it (row-level security on PostgreSQL). */
  const read = (cache: ExamSettingsCache, lessonId: number, tenantId = tenant.id) =>
    runAsTenant(tenantId, () => cache.get(tenantId, lessonId));
  const db = () => api.services.database.db;

  it('reads a plain quiz as null and an exam as its settings, with the course of its unit', async () => {
    const { built, quizId, videoId } = await course();
    const cache = new ExamSettingsCache(db(), TTL, undefined, new TestClock());
    expect(await read(cache, quizId)).toBeNull();
    expect(await read(cache, videoId)).toBeNull();
    expect(await read(cache, 2_000_000_000)).toBeNull();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    // This cache is not the app's: it still holds null until the TTL or an invalidation.
    expect(await read(cache, quizId)).toBeNull();
    cache.invalidate(tenant.id, quizId);
    expect(await read(cache, quizId)).toEqual({
      lessonId: quizId,
      courseId: built.courseId,
      source: 'fixed',
      draw: [],
      timeLimitMinutes: 20,
      passMark: 60,
      attemptsAllowed: 3,
      counts: 'last',
      review: 'after-deadline',
      showExplanations: true,
      opensAt: new Date('2026-09-02T06:00:00.000Z'),
      closesAt: new Date('2026-09-02T09:30:00.000Z'),
    });
    // Another school asking for this lesson reads nothing, and does not spoil the entry.
    expect(await read(cache, quizId, other.tenant.id)).toBeNull();
    expect(await read(cache, quizId)).toMatchObject({ passMark: 60 });
  });

  it('serves from memory until the TTL on its clock, loading once for requests that miss together', async () => {
    const { quizId } = await course();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    const clock = new TestClock();
    const cache = new ExamSettingsCache(db(), TTL, undefined, clock);
    const { result, queries } = await api.queriesDuring(() =>
      Promise.all(Array.from({ length: 5 }, () => read(cache, quizId))),
    );
    expect(result.map((settings) => settings?.passMark)).toEqual([60, 60, 60, 60, 60]);
    expect(queries.filter((sql) => /quiz_settings/.test(sql))).toHaveLength(1);

    await api.db
      .updateTable('quiz_settings')
      .set({ pass_mark: 75 })
      .where('lesson_id', '=', quizId)
      .execute();
    clock.advanceSeconds(TTL / 1000 - 1);
    const warm = await api.queriesDuring(() => read(cache, quizId));
    expect(warm.result?.passMark).toBe(60);
    expect(warm.queries).toEqual([]);
    clock.advanceSeconds(2);
    expect((await read(cache, quizId))?.passMark).toBe(75);
  });

  it("forgets an admin's edit in another process at once, through the cache bus", async () => {
    const { quizId } = await course();
    expect((await putSettings(quizId, fixedExam())).status).toBe(200);
    const [busA, busB] = linkedBuses();
    const clock = new TestClock();
    const a = new ExamSettingsCache(db(), TTL, busA, clock);
    const b = new ExamSettingsCache(db(), TTL, busB, clock);
    expect((await read(a, quizId))?.passMark).toBe(60);
    expect((await read(b, quizId))?.passMark).toBe(60);

    await api.db
      .updateTable('quiz_settings')
      .set({ pass_mark: 90 })
      .where('lesson_id', '=', quizId)
      .execute();
    a.invalidate(tenant.id, quizId);
    expect((await read(a, quizId))?.passMark).toBe(90);
    expect((await read(b, quizId))?.passMark).toBe(90);
  });

  it("is forgotten by the app's own writes: PUT and DELETE are seen by the next read", async () => {
    const { quizId } = await course();
    const cache = api.services.examSettings;
    expect(await read(cache, quizId)).toBeNull();
    expect((await putSettings(quizId, fixedExam({ passMark: 55 }))).status).toBe(200);
    expect((await read(cache, quizId))?.passMark).toBe(55);
    expect((await deleteSettings(quizId)).status).toBe(200);
    expect(await read(cache, quizId)).toBeNull();
  });
});
