// Existing clients grade quizzes (issue 18, difference 7): a tenant setting, off by default, under
// which a client that is not our own web app is sent the spec's quiz (answers with isCorrect) and may
// submit its own score; and, on each result, whether it was graded by such a client (0: by the
// server) and the notes that client sent. Columns of tenant tables that already carry their policies.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('client_graded_quizzes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('quiz_results')
    .addColumn('client_graded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('quiz_results').addColumn('client_notes', 'varchar(500)').execute();
}
