// Whether a stored result passed (decision 0013): `quiz_results.passed` is decided by the database in
// the statement that writes it, from the lesson's quiz_settings row as that statement reads it. A score
// below the pass mark fails; without a mark (no settings row, or a null pass_mark) every score passes
// (the domain's isPassed). Every writer of `passed` uses passedBy: a plain quiz's insert, an exam's
// counted-result upsert (a student's submit, a call that met the deadline, the sweeper) and the
// settings write's re-decision of the lesson's results.
//
// A settings write that changes the mark, and results written meanwhile, in one order:
// - SQLite has one writer: a result's statement runs wholly before the settings transaction or after it.
// - PostgreSQL (READ COMMITTED): a result's write is one statement, which holds ROW EXCLUSIVE on
//   quiz_results from before it takes its snapshot until it commits. The settings write first takes
//   SHARE ROW EXCLUSIVE on quiz_results (holdResultWriters), which conflicts with it: a result write
//   already in flight commits first, so the settings write's re-decision, a later statement, sees its
//   row; one that comes later waits until the settings write has committed, and reads the new mark.
//   Readers are not held (ACCESS SHARE does not conflict); writers of every lesson are, for the few
//   milliseconds of a settings write, an admin's rare action. A share lock on the settings row, taken
//   by each result write instead, would not do: there is no row to lock while a plain quiz is first
//   made an exam with a mark, and every submission of an exam would lock the one same row.
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../db/connect';
import type { Flag } from '../../db/schema';

/** `passed` of a result of `score` (a value, or the row's own column) at the lesson, as of this write. */
export function passedBy(lessonId: number, score: number | Expression<number>): RawBuilder<Flag> {
  const mark = sql`(select pass_mark from quiz_settings where quiz_settings.lesson_id = ${lessonId})`;
  // Below a null mark is unknown, not true: the ELSE (passed) answers it.
  return sql<Flag>`case when ${score} < ${mark} then 0 else 1 end`;
}

/**
 * Inside a settings write, before it changes the mark: waits for the results being written now and
 * holds back new ones until the transaction ends (PostgreSQL; the order above). Nothing a result
 * write waits on may be locked before it: the lesson FOR UPDATE is (a new result's foreign key
 * check), FOR NO KEY UPDATE is not.
 */
export async function holdResultWriters(trx: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`lock table quiz_results in share row exclusive mode`.execute(trx);
}
