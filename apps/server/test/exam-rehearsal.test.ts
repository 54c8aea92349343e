// An exam announced for one minute is rehearsed by each process before it opens (decision 0015,
// modules/exams/exam-rehearsal.ts): the grade's openings and starts run through the real path, and
// nothing is written. Checked on the rows a real start writes (the attempt, the questions' first
// draw, the result) and on what the students see before and after the opening.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import {
  attemptRows,
  bankExamCourse,
  content,
  examStudent,
  pick,
  resultRow,
  save,
  setExam,
  start,
  type ShownQuestion,
} from './support/exam-fixture';
import { startTestApi, TENANT, type TestApi } from './support/test-api';

const START = '2026-09-01T07:59:00.000Z';
/** One minute after START: inside the default lead time (120 s). */
const OPENS = '2026-09-01T08:00:00.000Z';
const RUNS = 8;

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi({ env: { EXAM_REHEARSAL_RUNS: String(RUNS) } });
  tenant = (await api.services.tenants.bySlug(TENANT))!;
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

/** A bank exam drawing 3 of 6, five minutes, opening at `opensAt`, with two enrolled students. */
async function announcedExam(opensAt: string, on: TestApi = api) {
  const onTenant = on === api ? tenant : (await on.services.tenants.bySlug(TENANT))!;
  const bank = Array.from({ length: 6 }, (_, i) => ({ text: `سؤال ${i + 1}` }));
  const { built, lessonId, ids } = await bankExamCourse(on, onTenant.id, bank, {
    draw: [{ topic: null, difficulty: null, count: 3 }],
    timeLimitMinutes: 5,
    review: 'immediate',
    opensAt,
  });
  const students = [
    await examStudent(on, onTenant.id, built.courseId),
    await examStudent(on, onTenant.id, built.courseId),
  ];
  return { built, lessonId, ids, students };
}

const firstDrawn = async (ids: number[]) =>
  (await api.db.selectFrom('bank_questions').select('first_drawn_at').where('id', 'in', ids).execute()).map(
    (row) => row.first_drawn_at,
  );

describe('an exam opening', () => {
  it('is rehearsed within the lead time: every run takes the start path, and nothing is written', async () => {
    const { lessonId, ids, students } = await announcedExam(OPENS);

    // The two students in turn, RUNS times: each run opened the lesson and drew an attempt.
    expect(await api.services.examRehearsals.rehearseDue()).toBe(RUNS);

    for (const student of students) {
      expect(await attemptRows(api, lessonId, student.id)).toEqual([]);
      expect(await resultRow(api, lessonId, student.id)).toBeUndefined();
    }
    // A rehearsed draw is not a draw: the teacher may still edit every question's answers.
    expect(await firstDrawn(ids)).toEqual(ids.map(() => null));

    // Before the opening the students see it closed, as without the rehearsal.
    const before = await content(students[0]!.device, lessonId);
    expect(before.status, before.text).toBe(200);
    expect(before.body.data.exam).toMatchObject({ canStart: false, attempt: null });
    const early = await start(students[0]!.device, lessonId);
    expect(early.status).toBe(403);
    expect(early.body.data).toEqual({ reason: 'exam-not-open' });

    // At the opening the real start stores its draw, and a save lands in that attempt.
    api.clock.set(OPENS);
    const started = await start(students[0]!.device, lessonId);
    expect(started.status, started.text).toBe(200);
    const rows = await attemptRows(api, lessonId, students[0]!.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.draw_json)).toHaveLength(3);
    expect((await firstDrawn(ids)).filter((at) => at !== null)).toHaveLength(3);
    const questions = started.body.data.questions as ShownQuestion[];
    const saved = await save(students[0]!.device, lessonId, [pick(questions[0]!)]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.saved).toBe(1);
  });

  it('is rehearsed once per process, and again when the opening is moved', async () => {
    const { lessonId } = await announcedExam(OPENS);
    expect(await api.services.examRehearsals.rehearseDue()).toBe(RUNS);
    expect(await api.services.examRehearsals.rehearseDue()).toBe(0);

    await setExam(api, tenant.id, lessonId, {
      source: 'bank',
      draw: [{ topic: null, difficulty: null, count: 3 }],
      timeLimitMinutes: 5,
      opensAt: '2026-09-01T08:00:30.000Z',
    });
    api.services.examSettings.invalidate(tenant.id, lessonId);
    expect(await api.services.examRehearsals.rehearseDue()).toBe(RUNS);
  });

  it('is not rehearsed beyond the lead time, once open, or without students', async () => {
    // 121 s ahead: outside the 120 s lead.
    await announcedExam('2026-09-01T08:01:01.000Z');
    // Already open.
    await announcedExam('2026-09-01T07:58:59.000Z');
    expect(await api.services.examRehearsals.rehearseDue()).toBe(0);

    // Inside the lead, but nobody enrolled in its course.
    const bank = [{ text: 'سؤال' }, { text: 'سؤال آخر' }];
    await bankExamCourse(api, tenant.id, bank, {
      draw: [{ topic: null, difficulty: null, count: 1 }],
      opensAt: OPENS,
    });
    expect(await api.services.examRehearsals.rehearseDue()).toBe(0);
  });

  it('logs once when the database fails under it (a refusal is only a skipped student)', async () => {
    const own = await startTestApi({ captureLogs: true, env: { EXAM_REHEARSAL_RUNS: String(RUNS) } });
    try {
      own.clock.set(START);
      await announcedExam(OPENS, own);
      await sql`alter table exam_attempts rename to exam_attempts_away`.execute(own.db);
      try {
        expect(await own.services.examRehearsals.rehearseDue()).toBe(0);
      } finally {
        await sql`alter table exam_attempts_away rename to exam_attempts`.execute(own.db);
      }
      const warned = own.logs.filter((line) => line.msg === 'exam rehearsal met an error');
      expect(warned).toHaveLength(1);
      expect(warned[0]!.err?.message).toMatch(/exam_attempts/);
    } finally {
      await own.close();
    }
  });
});
