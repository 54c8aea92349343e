// Whether a stored result passed (decision 0013): `quiz_results.passed` is decided by the database in
// the statement that writes it, from the lesson's quiz_settings row as that statement reads it. A score
// below the pass mark fails; without a mark (no settings row, or a null pass_mark) every score passes
// (the domain's isPassed). Every writer of `passed` uses passedBy: a plain quiz's insert, an exam's
// counted-result upsert (a student's submit, a call that met the deadline, the sweeper) and the
// settings write's re-decision of the lesson's results.
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Flag } from '../../db/schema';

/** `passed` of a result of `score` (a value, or the row's own column) at the lesson, as of this write. */
export function passedBy(lessonId: number, score: number | Expression<number>): RawBuilder<Flag> {
  const mark = sql`(select pass_mark from quiz_settings where quiz_settings.lesson_id = ${lessonId})`;
  // Below a null mark is unknown, not true: the ELSE (passed) answers it.
  return sql<Flag>`case when ${score} < ${mark} then 0 else 1 end`;
}
