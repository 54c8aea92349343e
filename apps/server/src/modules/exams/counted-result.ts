// The result that counts (decision 0013): quiz_results keeps one row per student and quiz, which
// locking, progress, the admin's results and existing clients read. A closed exam attempt upserts it
// in one statement, `ON CONFLICT (user_id, lesson_id) DO UPDATE … WHERE` the new attempt replaces the
// counted one: `last` always, `best` only with a higher score (replacesCounted, as the database
// applies it, so two closes that race are settled by the row itself and not by what either read).
// `passed` is decided in that statement, from the settings row as it reads it (pass-verdict.ts), and
// returned, so a submit's reply says what was stored even while the pass mark is being changed. The
// review is stored in stored ids, as a plain quiz's result keeps it.
import type { QuizReviewItem } from '@app/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { passedBy } from './pass-verdict';

export type CountedAttempt = {
  tenantId: number;
  userId: number;
  lessonId: number;
  attemptId: number;
  score: number;
  correctCount: number;
  total: number;
  /** The review in stored ids. */
  review: QuizReviewItem[];
  submittedAt: string;
  counts: 'best' | 'last';
};

export class CountedResults {
  constructor(private readonly db: Db) {}

  /**
   * Stores the attempt as the counted result where it replaces the one counted now: the verdict the
   * statement stored then (what locking and progress read from now on), or null when it did not replace.
   * `db` is the transaction that closed the attempt, so the two are seen together.
   */
  async offer(attempt: CountedAttempt, db: Db = this.db): Promise<boolean | null> {
    const values = {
      score: attempt.score,
      correct_count: attempt.correctCount,
      total: attempt.total,
      answers_json: JSON.stringify(attempt.review),
      submitted_at: attempt.submittedAt,
      attempt_id: attempt.attemptId,
    };
    const written = await db
      .insertInto('quiz_results')
      .values({
        tenant_id: attempt.tenantId,
        user_id: attempt.userId,
        lesson_id: attempt.lessonId,
        ...values,
        passed: passedBy(attempt.lessonId, attempt.score),
      })
      .onConflict((oc) => {
        const update = oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
          ...values,
          passed: eb.ref('excluded.passed'),
          // An exam's result is the server's grading, whatever stood before (a plain quiz's, kept).
          client_graded: 0,
          client_notes: null,
        }));
        // `best`: only a higher score replaces (an equal one keeps the earlier attempt).
        return attempt.counts === 'best'
          ? update.where(sql<boolean>`quiz_results.score < ${attempt.score}`)
          : update;
      })
      .returning('passed')
      .executeTakeFirst();
    return written ? written.passed !== 0 : null;
  }
}
