// When each student started each quiz (issue 16): the first time they were sent its questions, so the
// admin sees how long an attempt took (the result's submitted_at minus this). One row per student and
// quiz, written insert-if-absent: the primary key makes parallel first openings record one start.
// A tenant table like the others (tenant_id): migrate.ts gives it the row-level security policy.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quiz_attempts')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_attempts_pk', ['user_id', 'lesson_id'])
    .execute();
  // Deleting a lesson cascades here by lesson_id.
  await db.schema.createIndex('quiz_attempts_lesson_ix').on('quiz_attempts').column('lesson_id').execute();
}
