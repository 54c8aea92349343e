// An exam announced for one minute is rehearsed by each process before it opens (decision 0015,
// modules/exams/exam-rehearsal.ts): the grade's openings and starts run through the real path, and
// nothing is written. An exam open now is warmed the same way when a student reads it. Checked on the rows a real start writes (the attempt, the questions' first
// draw, the result) and on what the students see before and after the opening.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { WARM_AGAIN_AFTER_MS } from '../src/modules/exams/exam-rehearsal';
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

/** A bank exam drawing 3 of 6, five minutes, opening at `opensAt` (null: open now), with two enrolled students. */
async function announcedExam(opensAt: string | null, on: TestApi = api, closesAt: string | null = null) {
  const onTenant = on === api ? tenant : (await on.services.tenants.bySlug(TENANT))!;
  const bank = Array.from({ length: 6 }, (_, i) => ({ text: `سؤال ${i + 1}` }));
  const { built, lessonId, ids } = await bankExamCourse(on, onTenant.id, bank, {
    draw: [{ topic: null, difficulty: null, count: 3 }],
    timeLimitMinutes: 5,
    review: 'immediate',
    opensAt,
    closesAt,
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

describe('an exam open now', () => {
  const warming = (on: TestApi = api) => on.services.examRehearsals.warmingUnderWay;

  it('is warmed when a student reads it: the starts rehearsed, nothing written, once per process until it cools', async () => {
    const { lessonId, ids, students } = await announcedExam(null);

    const read = await content(students[0]!.device, lessonId);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.exam).toMatchObject({ canStart: true, attempt: null });
    expect(await warming()).toBe(RUNS);
    for (const student of students) expect(await attemptRows(api, lessonId, student.id)).toEqual([]);
    expect(await firstDrawn(ids)).toEqual(ids.map(() => null));

    // Warm: the other student's read, and the first one's reload, rehearse nothing more.
    expect((await content(students[1]!.device, lessonId)).status).toBe(200);
    expect(warming()).toBeNull();

    // Cooled: a read warms it again.
    api.clock.set(new Date(Date.parse(START) + WARM_AGAIN_AFTER_MS).toISOString());
    expect((await content(students[1]!.device, lessonId)).status).toBe(200);
    expect(await warming()).toBe(RUNS);

    // The real start after it stores its own draw.
    const started = await start(students[0]!.device, lessonId);
    expect(started.status, started.text).toBe(200);
    expect(await attemptRows(api, lessonId, students[0]!.id)).toHaveLength(1);
  });

  it('is not warmed on a read when it opens later (the timer rehearses it) or has closed', async () => {
    const later = await announcedExam('2026-09-01T09:00:00.000Z');
    expect((await content(later.students[0]!.device, later.lessonId)).status).toBe(200);
    expect(warming()).toBeNull();

    const closed = await announcedExam(null, api, '2026-09-01T07:00:00.000Z');
    expect((await content(closed.students[0]!.device, closed.lessonId)).status).toBe(200);
    expect(warming()).toBeNull();
  });

  it('stops warming when real starts reach the process: they take the path themselves', async () => {
    // Runs enough to last until the start below arrives, and far beyond.
    const runs = 100_000;
    const own = await startTestApi({ env: { EXAM_REHEARSAL_RUNS: String(runs) } });
    try {
      own.clock.set(START);
      const { lessonId, students } = await announcedExam(null, own);
      const rehearsedStart = vi.spyOn(own.services.examAttempts, 'start');
      expect((await content(students[0]!.device, lessonId)).status).toBe(200);
      const underWay = warming(own);
      expect(underWay).not.toBeNull();
      // Once the warming has rehearsed a start (the real start must find it under way, however fast
      // the database answers the warming's first read):
      await vi.waitFor(() => expect(rehearsedStart).toHaveBeenCalled());
      const started = await start(students[1]!.device, lessonId);
      expect(started.status, started.text).toBe(200);
      const rehearsed = await underWay!;
      expect(rehearsed).toBeGreaterThan(0);
      expect(rehearsed).toBeLessThan(runs);
      expect(await attemptRows(own, lessonId, students[0]!.id)).toEqual([]);
      expect(await attemptRows(own, lessonId, students[1]!.id)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
