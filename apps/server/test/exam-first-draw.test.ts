// A bank question's first draw (decision 0013, "Known limits"; migration 0014-bank-first-draw): an exam
// start marks the questions it draws (`first_drawn_at`) before it stores the attempt, once per process;
// that mark, not a scan of every attempt of the course, freezes the answers and archives on delete;
// an answer edit racing the first draw never leaves an attempt holding positions into the answers the
// edit replaced; and migration 0014 marks what existing attempts drew. With the caches on, as in
// production (the other API tests turn them off).
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import type { Tenant } from '../src/db/schema';
import { runAsTenant } from '../src/lib/tenant-context';
import { otherSchool, signedInAdmin, type SignedIn } from './support/admin-helpers';
import { bankQuestion } from './support/bank-fixture';
import {
  addBank,
  attemptRows,
  bankExamCourse,
  examCourse,
  examStudent,
  start,
  type ShownQuestion,
} from './support/exam-fixture';
import { holdLock, tracked, waitingOnLock } from './support/held-lock';
import { startTestApi, type TestApi } from './support/test-api';
import { testDbKind } from './support/test-database';

const START = '2026-09-01T08:00:00.000Z';
const FROZEN =
  'This question has been drawn in attempts: its answers can no longer change. Add a new question instead.';

let api: TestApi;
let tenant: Tenant;
let admin: SignedIn;

beforeAll(async () => {
  api = await startTestApi({ env: { CATALOGUE_CACHE_MS: '60000' } });
  tenant = (await api.services.tenants.bySlug('tenant8'))!;
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

const questionsOf = (reply: { body: any }) => reply.body.data.questions as ShownQuestion[];
const bankUpdates = (queries: string[]) => queries.filter((q) => /^update "bank_questions"/i.test(q));
/** The statement that expands the stored draws of the course's attempts (bank-rows.ts, timesDrawn). */
const scans = (queries: string[]) => queries.filter((q) => /json_each|jsonb_array_elements/i.test(q));

/** A course whose quiz lesson is a bank exam drawing `count` of `size` questions (4 answers each). */
async function bankExam(size: number, count = size) {
  const bank = Array.from({ length: size }, (_, i) => ({ text: `سؤال ${i + 1}` }));
  const { built, lessonId, ids } = await bankExamCourse(api, tenant.id, bank, {
    draw: [{ topic: null, difficulty: null, count }],
  });
  return { courseId: built.courseId, lessonId, ids };
}

const firstDrawn = async (ids: number[]) =>
  Object.fromEntries(
    (
      await api.db
        .selectFrom('bank_questions')
        .select(['id', 'first_drawn_at'])
        .where('id', 'in', ids)
        .execute()
    ).map((row) => [row.id, row.first_drawn_at]),
  );

/** The one attempt of the student at the lesson, as stored: its draw. */
async function storedDraw(lessonId: number, userId: number) {
  const rows = await attemptRows(api, lessonId, userId);
  expect(rows).toHaveLength(1);
  return JSON.parse(rows[0]!.draw_json) as { questionId: number; answers: number[] }[];
}

const answersOf = async (questionId: number) =>
  JSON.parse(
    (
      await api.db
        .selectFrom('bank_questions')
        .select('answers_json')
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow()
    ).answers_json,
  ) as { text: string; isCorrect: boolean }[];

describe('a start marks its draw', () => {
  it('marks the questions with one UPDATE before the attempt is stored; the next start writes nothing', async () => {
    const { courseId, lessonId, ids } = await bankExam(4);
    const first = await examStudent(api, tenant.id, courseId);
    const { result, queries } = await api.queriesDuring(() => start(first.device, lessonId));
    expect(result.status, result.text).toBe(200);
    expect(bankUpdates(queries), queries.join('\n')).toHaveLength(1);
    const mark = queries.findIndex((q) => /^update "bank_questions"/i.test(q));
    const insert = queries.findIndex((q) => /^insert into "exam_attempts"/i.test(q));
    expect(mark).toBeGreaterThanOrEqual(0);
    expect(mark).toBeLessThan(insert);
    expect(await firstDrawn(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, START])));

    // Another student, a minute later: the same four questions, already known drawn.
    api.clock.advanceMinutes(1);
    const second = await examStudent(api, tenant.id, courseId);
    const again = await api.queriesDuring(() => start(second.device, lessonId));
    expect(again.result.status, again.result.text).toBe(200);
    expect(bankUpdates(again.queries), again.queries.join('\n')).toEqual([]);
    expect(await firstDrawn(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, START])));

    // An edit of a text forgets the course's bank everywhere; the reload reads the marks.
    const edited = await admin.device.call('PUT', `/api/Admin/Questions/${ids[0]}`, {
      json: bankQuestion('نص جديد', { answers: (await answersOf(ids[0]!)).map((a) => a.text) }),
    });
    expect(edited.status, edited.text).toBe(200);
    const third = await examStudent(api, tenant.id, courseId);
    const reloaded = await api.queriesDuring(() => start(third.device, lessonId));
    expect(reloaded.result.status, reloaded.result.text).toBe(200);
    expect(reloaded.queries.some((q) => /^select .* from "bank_questions"/i.test(q))).toBe(true);
    expect(bankUpdates(reloaded.queries), reloaded.queries.join('\n')).toEqual([]);

    const listed = await admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions`);
    expect(listed.body.data.questions.map((q: { timesDrawn: number }) => q.timesDrawn)).toEqual([3, 3, 3, 3]);
  });

  it('students starting together on a fresh exam mark its questions once', async () => {
    const { courseId, lessonId, ids } = await bankExam(5);
    const students = await Promise.all(
      Array.from({ length: 6 }, () => examStudent(api, tenant.id, courseId)),
    );
    const { result, queries } = await api.queriesDuring(() =>
      Promise.all(students.map((student) => start(student.device, lessonId))),
    );
    expect(result.map((reply) => reply.status)).toEqual(students.map(() => 200));
    expect(bankUpdates(queries), queries.join('\n')).toHaveLength(1);
    expect(Object.values(await firstDrawn(ids))).toEqual(ids.map(() => START));
  });
});

describe('a drawn question, by its mark', () => {
  it('refuses an answer edit (409) and archives on delete without reading any attempt', async () => {
    const { courseId, ids } = await bankExam(2);
    const [drawn, fresh] = ids as [number, number];
    // Marked, with no attempt at all: the mark alone decides.
    await api.db
      .updateTable('bank_questions')
      .set({ first_drawn_at: START })
      .where('id', '=', drawn)
      .execute();
    const texts = (await answersOf(drawn)).map((a) => a.text);

    const refused = await api.queriesDuring(() =>
      admin.device.call('PUT', `/api/Admin/Questions/${drawn}`, {
        json: bankQuestion('س', { answers: texts.slice(0, 2) }),
      }),
    );
    expect(refused.result.status).toBe(409);
    expect(refused.result.body.message).toBe(FROZEN);
    expect(scans(refused.queries), refused.queries.join('\n')).toEqual([]);
    expect(await answersOf(drawn)).toHaveLength(4);

    // Not drawn: the answers change, and the page reads no attempt for it.
    const changed = await api.queriesDuring(() =>
      admin.device.call('PUT', `/api/Admin/Questions/${fresh}`, {
        json: bankQuestion('س', { answers: ['أ', 'ب'] }),
      }),
    );
    expect(changed.result.status, changed.result.text).toBe(200);
    expect(changed.result.body.data.timesDrawn).toBe(0);
    expect(scans(changed.queries), changed.queries.join('\n')).toEqual([]);

    // The page counts only the drawn questions it shows: one scan, or none when it shows none drawn.
    const page = await api.queriesDuring(() =>
      admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions`),
    );
    expect(page.result.body.data.questions.map((q: { timesDrawn: number }) => q.timesDrawn)).toEqual([0, 0]);
    // Marked with no attempt: counted 0, and said locked, so the admin's form does not offer the edit.
    const locked = page.result.body.data.questions.map((q: { id: number; answersLocked: boolean }) => [
      q.id,
      q.answersLocked,
    ]);
    expect(Object.fromEntries(locked)).toEqual({ [drawn]: true, [fresh]: false });
    expect(scans(page.queries)).toHaveLength(1);
    const undrawnPage = await api.queriesDuring(() =>
      admin.device.call('GET', `/api/Admin/Courses/${courseId}/Questions?pageSize=1`),
    );
    expect(undrawnPage.result.body.data.questions.map((q: { id: number }) => q.id)).toEqual([fresh]);
    expect(scans(undrawnPage.queries), undrawnPage.queries.join('\n')).toEqual([]);

    const archived = await api.queriesDuring(() =>
      admin.device.call('DELETE', `/api/Admin/Questions/${drawn}`),
    );
    expect(archived.result.body.message).toBe('Question archived: attempts drew it');
    expect(scans(archived.queries)).toEqual([]);
    const deleted = await api.queriesDuring(() =>
      admin.device.call('DELETE', `/api/Admin/Questions/${fresh}`),
    );
    expect(deleted.result.body.message).toBe('Question deleted');
    expect(scans(deleted.queries)).toEqual([]);
  });

  it('after a real start, an answer edit of a drawn question is 409', async () => {
    const { courseId, lessonId, ids } = await bankExam(1);
    const student = await examStudent(api, tenant.id, courseId);
    expect((await start(student.device, lessonId)).status).toBe(200);
    const reply = await admin.device.call('PUT', `/api/Admin/Questions/${ids[0]}`, {
      json: bankQuestion('س', { answers: ['أ', 'ب'] }),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(FROZEN);
  });
});

describe('an answer edit racing a first draw', () => {
  /** Positions 0..n-1, each once: a draw's answers of a question with n answers. */
  const permutationOf = (answers: number[], n: number) =>
    expect([...answers].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));

  it('a bank read before an edit committed (the edit unheard here): the start draws again from the new answers', async () => {
    const { courseId, lessonId, ids } = await bankExam(1);
    const [questionId] = ids as [number];
    // This process reads the bank (4 answers); then an edit lands that it has not heard of: another
    // process's, without Redis, within the cache's TTL.
    const cached = await runAsTenant(tenant.id, () => api.services.bankCache.bank(tenant.id, courseId));
    expect(cached.byId.get(questionId)!.answerCount).toBe(4);
    await api.db
      .updateTable('bank_questions')
      .set({
        answers_json: JSON.stringify([
          { text: 'صحيح جديد', isCorrect: true },
          { text: 'خطأ جديد', isCorrect: false },
        ]),
      })
      .where('id', '=', questionId)
      .execute();

    const student = await examStudent(api, tenant.id, courseId);
    const { result, queries } = await api.queriesDuring(() => start(student.device, lessonId));
    expect(result.status, result.text).toBe(200);
    expect(
      questionsOf(result)[0]!
        .answers.map((a) => a.text)
        .sort(),
    ).toEqual(['خطأ جديد', 'صحيح جديد'].sort());
    const [drawn] = await storedDraw(lessonId, student.id);
    expect(drawn!.questionId).toBe(questionId);
    permutationOf(drawn!.answers, 2);
    // Marked once; the bank read again after the mark found the answers changed.
    expect(bankUpdates(queries)).toHaveLength(1);
    expect(await firstDrawn([questionId])).toEqual({ [questionId]: START });
  });

  // Row locks: defined on PostgreSQL only. On SQLite the edit's transaction holds the only connection,
  // so a start runs wholly before or after it: the case above, or a 409.
  if (testDbKind() === 'postgres')
    it('an edit holding the row lock makes the first draw wait, and the draw uses its answers', async () => {
      const { courseId, lessonId, ids } = await bankExam(1);
      const [questionId] = ids as [number];
      const student = await examStudent(api, tenant.id, courseId);

      // The edit's transaction is held open after it locked and changed the question: its audit entry
      // waits for a lock on audit_log that this test holds.
      const held = await holdLock(api, sql`lock table audit_log in exclusive mode`);
      let edit: ReturnType<typeof admin.device.call>;
      let waited = false;
      let begun: ReturnType<typeof tracked<Awaited<ReturnType<typeof start>>>>;
      try {
        edit = admin.device.call('PUT', `/api/Admin/Questions/${questionId}`, {
          json: bankQuestion('س', { answers: ['صحيح جديد', 'خطأ جديد'] }),
        });
        expect(await waitingOnLock(api, 'insert into "audit_log"%')).toBe(true);

        begun = tracked(start(student.device, lessonId));
        // With the fix the start's mark waits for the edit's row lock; without it the start would
        // store its attempt now, from the answers the edit is replacing.
        waited = await waitingOnLock(api, 'update "bank_questions"%', begun.done);
      } finally {
        await held.release();
      }
      const edited = await edit;
      expect(edited.status, edited.text).toBe(200);
      const started = await begun.promise;
      expect(started.status, started.text).toBe(200);

      const answers = await answersOf(questionId);
      expect(answers.map((a) => a.text)).toEqual(['صحيح جديد', 'خطأ جديد']);
      const [drawn] = await storedDraw(lessonId, student.id);
      permutationOf(drawn!.answers, answers.length);
      expect(questionsOf(started)[0]!.answers).toHaveLength(2);
      expect((await firstDrawn([questionId]))[questionId]).toBe(START);
      expect(waited, 'the first draw waited for the edit in flight').toBe(true);
    });
});

describe('migration 0014-bank-first-draw', () => {
  it('marks each question existing bank attempts of its course drew, at the first such start, in every school', async () => {
    const own = await startTestApi();
    try {
      const school = (await own.services.tenants.bySlug('tenant8'))!;
      const other = await otherSchool(own);
      const a = await examCourse(own, school.id);
      const b = await examCourse(own, school.id);
      const [lessonA, lessonB] = [a.lessonIds[0]![0]!, b.lessonIds[0]![0]!];
      const bankA = await addBank(own, school.id, a.courseId, [{ text: '1' }, { text: '2' }, { text: '3' }]);
      const [a1, a2, a3] = bankA as [number, number, number];
      const [b1] = (await addBank(own, school.id, b.courseId, [{ text: 'ب' }])) as [number];
      const otherLesson = other.course.lessonIds[0]![1]!;
      const [o1] = (await addBank(own, other.tenant.id, other.course.courseId, [{ text: 'أ' }])) as [number];
      const student = await examStudent(own, school.id, a.courseId);

      let number = 0;
      const attempt = (
        at: { tenantId: number; userId: number; lessonId: number },
        startedAt: string,
        questionIds: number[],
        source: 'bank' | 'fixed' = 'bank',
      ) =>
        own.db
          .insertInto('exam_attempts')
          .values({
            tenant_id: at.tenantId,
            user_id: at.userId,
            lesson_id: at.lessonId,
            number: ++number,
            source,
            started_at: startedAt,
            deadline_at: null,
            draw_json: JSON.stringify(questionIds.map((questionId) => ({ questionId, answers: [1, 0] }))),
          })
          .execute();
      const inA = { tenantId: school.id, userId: student.id, lessonId: lessonA };
      await attempt(inA, '2026-03-02T10:00:00.000Z', [a2, a1]);
      await attempt(inA, '2026-03-01T10:00:00.000Z', [a1]);
      // A fixed quiz's draw names quiz_questions ids; another course's exam does not draw this bank.
      await attempt(inA, '2026-03-01T09:00:00.000Z', [a3], 'fixed');
      await attempt({ ...inA, lessonId: lessonB }, '2026-03-01T08:00:00.000Z', [a3, b1]);
      // An id holding a3's digits is another question.
      await attempt(inA, '2026-03-01T07:00:00.000Z', [Number(`${a3}1`), Number(`1${a3}`)]);
      await attempt(
        { tenantId: other.tenant.id, userId: other.studentId, lessonId: otherLesson },
        '2026-03-03T10:00:00.000Z',
        [o1],
      );

      // The database as it was before 0014 (and those that follow it), then the migrations as a
      // start-up runs them (on PostgreSQL as the schema owner, whom row-level security holds).
      await sql`drop table exam_extra_attempts`.execute(own.db);
      await sql`drop index quiz_settings_opens_at_ix`.execute(own.db);
      await sql`drop index exam_attempts_untallied_ix`.execute(own.db);
      await sql`alter table exam_attempts drop column tallied`.execute(own.db);
      await sql`alter table bank_questions drop column times_drawn`.execute(own.db);
      await sql`alter table bank_questions drop column first_drawn_at`.execute(own.db);
      await sql`delete from kysely_migration where name >= '0014'`.execute(own.db);
      expect(await migrateToLatest(own.services.database)).toEqual([
        '0014-bank-first-draw',
        '0015-draw-tally',
        '0016-announced-exams',
        '0017-extra-attempts',
      ]);

      const rows = await own.db
        .selectFrom('bank_questions')
        .select(['id', 'first_drawn_at'])
        .where('id', 'in', [a1, a2, a3, b1, o1])
        .execute();
      expect(Object.fromEntries(rows.map((row) => [row.id, row.first_drawn_at]))).toEqual({
        [a1]: '2026-03-01T10:00:00.000Z',
        [a2]: '2026-03-02T10:00:00.000Z',
        [a3]: null,
        [b1]: '2026-03-01T08:00:00.000Z',
        [o1]: '2026-03-03T10:00:00.000Z',
      });
    } finally {
      await own.close();
    }
  });
});
