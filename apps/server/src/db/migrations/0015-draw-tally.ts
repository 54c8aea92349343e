// The bank page's drawn counts without expanding every attempt (decision 0013, "Known limits"):
// `bank_questions.times_drawn` holds the attempts folded into it so far, and `exam_attempts.tallied`
// says which are. The exam sweeper folds submitted bank attempts in batches
// (question-bank/draw-tally.ts); the page reads each question's count plus the attempts of its course
// not yet folded, found by the partial index below, which holds only those: during an exam, the
// attempts under way and the ones submitted since the last sweep; otherwise, none.
//
// Nothing is back-filled here: every bank attempt stored before starts unfolded, the page stays exact
// by counting it in the tail, and the sweeper folds the backlog a batch at a time.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bank_questions')
    .addColumn('times_drawn', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('tallied', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('exam_attempts_untallied_ix')
    .on('exam_attempts')
    .columns(['tenant_id', 'lesson_id'])
    .where(sql<boolean>`tallied = 0 and source = 'bank'`)
    .execute();
}
