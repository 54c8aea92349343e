// The announced exams of a tenant (decision 0015): every process asks each tenant every
// EXAM_REHEARSAL_CHECK_MS which exams open within the rehearsal's lead. Without an index that reads all
// of the tenant's quiz settings; this partial one holds only the settings with an opening time, so the
// question is a range probe over those few, whatever the number of quizzes.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('quiz_settings_opens_at_ix')
    .on('quiz_settings')
    .columns(['tenant_id', 'opens_at'])
    .where(sql<boolean>`opens_at is not null`)
    .execute();
}
