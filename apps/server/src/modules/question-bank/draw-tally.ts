// How many exam attempts drew each bank question: the count the bank page shows (decision 0013). What
// freezes a question is its own `first_drawn_at` (bank-rows.ts, isDrawn); this is only the number.
//
// Counting by expanding the stored draw of every bank attempt of the course grew with the course's
// history (157 ms for a page over 50,000 attempts on PostgreSQL). So the count is kept in two parts
// (migration 0015-draw-tally):
// - `bank_questions.times_drawn`: the attempts folded in so far. The exam sweeper folds the tenant's
//   submitted, unfolded bank attempts after its sweep, a batch at a time, marking them `tallied` and
//   adding to their questions' counts in one transaction.
// - the tail: the course's bank attempts not folded yet (the partial index exam_attempts_untallied_ix
//   holds only those), expanded as before. During an exam that is the attempts under way and those
//   submitted since the last sweep; otherwise none.
// The page reads both in one statement, so a fold committing meanwhile is counted once, in one part
// or the other. Only submitted attempts are folded: an open attempt's row is still written by every
// save, and the fold would wait on it and add a row version to each.
//
// A folded count stays when its attempt is later deleted with its student or lesson: it says how
// often the question was drawn, as an exam's statistics do.
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/connect';

/** Attempts one fold takes at most (one transaction); the sweeper folds again while a batch was full. */
export const FOLD_BATCH = 500;

/** Any number, as long as nothing else in the database takes the same advisory lock. */
const FOLD_LOCK_KEY = 7_310_415;

/**
 * How many attempts drew each of `questionIds` (all of one course), in one statement: the folded count
 * plus the course's unfolded attempts. Only bank attempts count: a fixed quiz's draw names
 * quiz_questions ids, which may equal a bank id by chance. The draw is read with each database's JSON
 * functions, element by element, comparing the `questionId` field itself: a text match on draw_json
 * would also find 12 inside 112, or an answer index. An attempt holds a question at most once;
 * `count(distinct)` keeps the count right even if one did not.
 */
export async function timesDrawn(
  db: Db,
  dialect: DialectName,
  tenantId: number,
  courseId: number,
  questionIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (questionIds.length === 0) return counts;
  const postgres = dialect === 'postgres';
  const element = postgres
    ? sql`cross join lateral jsonb_array_elements(a.draw_json::jsonb) as d(value)`
    : sql`cross join json_each(a.draw_json) as d`;
  // Text on PostgreSQL (->> gives text) and the JSON number on SQLite.
  const drawnId = postgres ? sql`d.value ->> 'questionId'` : sql`json_extract(d.value, '$.questionId')`;
  const questionId = postgres ? sql`q.id::text` : sql`q.id`;
  const ids = postgres
    ? sql`= any(${questionIds.map(String)}::text[])`
    : sql`in (${sql.join(questionIds.map((id) => sql`${id}`))})`;
  // `tallied = 0 and source = 'bank'` written as literals: the partial index's own predicate, which
  // PostgreSQL matches only against constants.
  const { rows } = await sql<{ id: number; n: number | string }>`
    select q.id, q.times_drawn + coalesce(tail.n, 0) as n
    from bank_questions as q
    left join (
      select ${drawnId} as question_id, count(distinct a.id) as n
      from exam_attempts as a
      inner join lessons as l on l.id = a.lesson_id
      inner join units as u on u.id = l.unit_id
      ${element}
      where a.tenant_id = ${tenantId} and a.tallied = 0 and a.source = 'bank' and u.course_id = ${courseId}
        and ${drawnId} ${ids}
      group by ${drawnId}
    ) as tail on tail.question_id = ${questionId}
    where q.tenant_id = ${tenantId} and ${questionId} ${ids}`.execute(db);
  for (const row of rows) counts.set(Number(row.id), Number(row.n));
  return counts;
}

/** The tenant's submitted bank attempts not folded yet, through the partial index. */
const submittedUnfolded = (db: Db, tenantId: number) =>
  db
    .selectFrom('exam_attempts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`tallied = 0 and source = 'bank'`)
    .where('submitted_at', 'is not', null);

/**
 * Folds up to `limit` of the tenant's submitted, unfolded bank attempts into their questions'
 * `times_drawn`, in one transaction: the number folded. Run inside the tenant's scope (row-level
 * security). On PostgreSQL one process folds a tenant at a time (a transaction-scoped advisory lock;
 * a process that does not get it leaves the batch to the one that did), so two folds never add the
 * same attempt twice nor lock the same questions in two orders; SQLite has one writer.
 */
export async function foldDraws(
  db: Db,
  dialect: DialectName,
  tenantId: number,
  limit = FOLD_BATCH,
): Promise<number> {
  // The sweeper asks every few seconds in every process, and most times nothing waits: one read
  // through the partial index then, rather than a transaction (and on PostgreSQL its advisory lock).
  const waiting = await submittedUnfolded(db, tenantId).limit(1).executeTakeFirst();
  if (!waiting) return 0;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${FOLD_LOCK_KEY}, ${tenantId}) as locked`.execute(trx);
      if (!rows[0]?.locked) return 0;
    }
    return foldBatch(trx, tenantId, limit);
  });
}

/**
 * One fold's statements, in the caller's transaction. The `tallied = 0` recheck on the UPDATE itself
 * is what keeps an attempt from being added twice if two folds ever overlap (the advisory lock is one
 * guard, this is the other): PostgreSQL re-evaluates it on the row version a committed fold left,
 * which the batch's sub-select, read before that commit, would not. Exported for that test.
 */
export async function foldBatch(trx: Db, tenantId: number, limit: number): Promise<number> {
  const folded = await trx
    .updateTable('exam_attempts')
    .set({ tallied: 1 })
    .where('id', 'in', submittedUnfolded(trx, tenantId).limit(limit))
    .where('tallied', '=', 0)
    .returning('draw_json')
    .execute();
  const perQuestion = new Map<number, number>();
  for (const { draw_json } of folded)
    for (const { questionId } of JSON.parse(draw_json) as { questionId: number }[])
      perQuestion.set(questionId, (perQuestion.get(questionId) ?? 0) + 1);
  if (perQuestion.size > 0) {
    const increments = [...perQuestion].map(([questionId, n]) => sql`when ${questionId} then ${n}`);
    await trx
      .updateTable('bank_questions')
      .set({ times_drawn: sql`times_drawn + case id ${sql.join(increments, sql` `)} else 0 end` })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...perQuestion.keys()])
      .execute();
  }
  return folded.length;
}
