// The bank page's drawn counts kept without expanding every attempt (question-bank/draw-tally.ts,
// migration 0015-draw-tally): the exam sweeper folds submitted bank attempts into
// `bank_questions.times_drawn`, and the page adds the course's attempts not folded yet. Whatever has been
// folded, the page's counts are those of the stored draws; each attempt is folded once, also when two
// processes fold together; an attempt under way is left to its saves.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { runAsTenant } from '../src/lib/tenant-context';
import { FOLD_BATCH, foldBatch, foldDraws } from '../src/modules/question-bank/draw-tally';
import { adminSuite, type SignedIn } from './support/admin-helpers';
import {
  answersFor,
  attemptRows,
  bankExamCourse,
  examStudent,
  start,
  submit,
  type ExamStudent,
  type ShownQuestion,
} from './support/exam-fixture';
import { tracked, waitingOnLock } from './support/held-lock';
import { type TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

const suite = adminSuite();
let api: TestApi, tenant: Tenant, admin: SignedIn;
beforeAll(() => void ({ api, tenant, admin } = suite));

/** A course whose quiz is an untimed bank exam drawing 2 of 4 questions. */
async function bankExam() {
  const bank = Array.from({ length: 4 }, (_, i) => ({ text: `سؤال ${i + 1}` }));
  const { built, lessonId, ids } = await bankExamCourse(api, tenant.id, bank, {
    draw: [{ topic: null, difficulty: null, count: 2 }],
  });
  return { courseId: built.courseId, lessonId, ids };
}

type Taker = { student: ExamStudent; questions: ShownQuestion[] };

async function started(courseId: number, lessonId: number, count: number): Promise<Taker[]> {
  const takers: Taker[] = [];
  for (let i = 0; i < count; i++) {
    const student = await examStudent(api, tenant.id, courseId);
    const reply = await start(student.device, lessonId);
    expect(reply.status, reply.text).toBe(200);
    takers.push({ student, questions: reply.body.data.questions });
  }
  return takers;
}

async function submitted(lessonId: number, takers: Taker[]) {
  for (const { student, questions } of takers) {
    const reply = await submit(student.device, lessonId, answersFor(questions, [true, false]));
    expect(reply.status, reply.text).toBe(200);
  }
}

/** What the bank page shows: each question's count. */
async function pageCounts(courseId: number): Promise<Record<number, number>> {
  const page = await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions`);
  expect(page.status, page.text).toBe(200);
  return Object.fromEntries(
    page.body.data.questions.map((q: { id: number; timesDrawn: number }) => [q.id, q.timesDrawn]),
  );
}

/** The counts by the stored draws themselves: what the page must show. */
async function drawnCounts(lessonId: number, takers: Taker[], ids: number[]) {
  const counts: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const { student } of takers)
    for (const row of await attemptRows(api, lessonId, student.id))
      for (const { questionId } of JSON.parse(row.draw_json) as { questionId: number }[])
        counts[questionId]! += 1;
  return counts;
}

const folded = async (ids: number[]) =>
  (await api.db.selectFrom('bank_questions').select('times_drawn').where('id', 'in', ids).execute()).reduce(
    (sum, row) => sum + row.times_drawn,
    0,
  );

const tallied = async (lessonId: number, takers: Taker[]) =>
  (await Promise.all(takers.map(({ student }) => attemptRows(api, lessonId, student.id))))
    .flat()
    .map((row) => row.tallied);

const fold = (limit?: number) =>
  runAsTenant(tenant.id, () =>
    foldDraws(api.services.database.db, api.services.database.dialect, tenant.id, limit),
  );

describe("the bank page's drawn counts", () => {
  it('are the stored draws before and after the sweeper folds them; an attempt under way stays unfolded', async () => {
    const { courseId, lessonId, ids } = await bankExam();
    const takers = await started(courseId, lessonId, 3);
    await submitted(lessonId, takers.slice(0, 2));
    const expected = await drawnCounts(lessonId, takers, ids);
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(6);
    expect(await pageCounts(courseId)).toEqual(expected);

    await api.services.examSweeper.sweepOnce();
    expect(await tallied(lessonId, takers)).toEqual([1, 1, 0]);
    expect(await folded(ids)).toBe(4);
    expect(await pageCounts(courseId)).toEqual(expected);

    await submitted(lessonId, takers.slice(2));
    expect(await pageCounts(courseId)).toEqual(expected);
    await api.services.examSweeper.sweepOnce();
    expect(await tallied(lessonId, takers)).toEqual([1, 1, 1]);
    expect(await folded(ids)).toBe(6);
    expect(await pageCounts(courseId)).toEqual(expected);
    // Nothing left to fold: a sweep adds nothing more.
    await api.services.examSweeper.sweepOnce();
    expect(await folded(ids)).toBe(6);
  });

  it('fold in batches, the rest counted from the draws meanwhile', async () => {
    const { courseId, lessonId, ids } = await bankExam();
    const takers = await started(courseId, lessonId, 3);
    await submitted(lessonId, takers);
    const expected = await drawnCounts(lessonId, takers, ids);
    // Other courses' attempts may wait too: fold until this course's first one is taken.
    let taken = 0;
    while (!(await tallied(lessonId, takers)).includes(1)) taken += await fold(1);
    expect(taken).toBeGreaterThan(0);
    expect((await tallied(lessonId, takers)).filter((flag) => flag === 1)).toHaveLength(1);
    expect(await folded(ids)).toBe(2);
    expect(await pageCounts(courseId)).toEqual(expected);
    while ((await fold(50)) > 0);
    expect(await tallied(lessonId, takers)).toEqual([1, 1, 1]);
    expect(await folded(ids)).toBe(6);
    expect(await pageCounts(courseId)).toEqual(expected);
  });

  it('count each attempt once when two processes fold together', async () => {
    const { courseId, lessonId, ids } = await bankExam();
    const takers = await started(courseId, lessonId, 4);
    await submitted(lessonId, takers);
    const expected = await drawnCounts(lessonId, takers, ids);
    await Promise.all([fold(), fold()]);
    while ((await fold()) > 0);
    expect(await tallied(lessonId, takers)).toEqual([1, 1, 1, 1]);
    expect(await folded(ids)).toBe(8);
    expect(await pageCounts(courseId)).toEqual(expected);
  });

  it('are not folded by a sweep that finds nothing waiting: one question per school, no write, no lock', async () => {
    const { courseId, lessonId } = await bankExam();
    const takers = await started(courseId, lessonId, 2);
    await submitted(lessonId, takers.slice(0, 1));
    const busy = await api.queriesDuring(() => api.services.examSweeper.sweepOnce());
    expect(busy.queries.filter((q) => /set "tallied"/.test(q))).toHaveLength(1);
    // Left: an attempt under way, which is not folded. A sweep now only asks which schools have work
    // (sweep-due.ts), and visits none.
    const idle = await api.queriesDuring(() => api.services.examSweeper.sweepOnce());
    expect(
      idle.queries.filter((q) => /"exam_attempts"|advisory|"bank_questions"/.test(q)),
      idle.queries.join('\n'),
    ).toEqual([]);
    expect(idle.queries.filter((q) => /tallied = 0/.test(q)).length, idle.queries.join('\n')).toBe(
      api.services.database.dialect === 'postgres'
        ? (await api.db.selectFrom('tenants').select('id').execute()).length
        : 1,
    );
  });

  it('reads the counts in one statement, whatever is folded', async () => {
    const { courseId, lessonId } = await bankExam();
    const takers = await started(courseId, lessonId, 2);
    await submitted(lessonId, takers.slice(0, 1));
    await api.services.examSweeper.sweepOnce();
    const { result, queries } = await api.queriesDuring(() =>
      admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions`),
    );
    expect(result.status).toBe(200);
    expect(
      queries.filter((q) => /times_drawn/.test(q)),
      queries.join('\n'),
    ).toHaveLength(1);
  });
});

// The advisory lock keeps two processes' folds apart, so the test above never has them overlap. This
// one makes them overlap (PostgreSQL, where statements wait on each other's rows): one fold holds its
// batch uncommitted while another, without the lock, runs into it. The second must skip what the first
// committed, by the UPDATE's own `tallied = 0` recheck.
if (testDbKind() === 'postgres')
  describe('two folds that overlap without the advisory lock (PostgreSQL)', () => {
    it('add each attempt once: the second skips the rows the first committed', async () => {
      const { courseId, lessonId, ids } = await bankExam();
      const takers = await started(courseId, lessonId, 4);
      await submitted(lessonId, takers);
      const expected = await drawnCounts(lessonId, takers, ids);

      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let foldedFirst!: (n: number) => void;
      const first = new Promise<number>((resolve) => (foldedFirst = resolve));
      const holder = api.db.transaction().execute(async (trx) => {
        foldedFirst(await foldBatch(trx, tenant.id, FOLD_BATCH));
        await committing;
      });
      let second: ReturnType<typeof tracked<number>> | undefined;
      let waited = false;
      try {
        expect(await first).toBeGreaterThanOrEqual(4);
        const app = api.services.database.db;
        second = tracked(
          runAsTenant(tenant.id, () =>
            app.transaction().execute((trx) => foldBatch(trx, tenant.id, FOLD_BATCH)),
          ),
        );
        waited = await waitingOnLock(api, 'update "exam_attempts"%', second.done);
      } finally {
        commit();
        await holder;
      }
      expect(await second.promise).toBe(0);
      expect(waited, 'the second fold ran into the first').toBe(true);
      expect(await tallied(lessonId, takers)).toEqual([1, 1, 1, 1]);
      expect(await folded(ids)).toBe(8);
      expect(await pageCounts(courseId)).toEqual(expected);
    });
  });
