// Attempts a teacher grants one student beyond the exam's own (decision 0013, "One student's retake"):
// a student below the pass mark with no attempt left stays locked out of the rest of the unit, and
// allowing more attempts for the whole class is not what the teacher wants. One row per student and
// exam, holding how many attempts they have on top of `quiz_settings.attempts_allowed`. The student's
// read of the lesson probes it by its primary key, in the statement it already makes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_extra_attempts')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('extra', 'integer', (c) => c.notNull())
    .addColumn('granted_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_extra_attempts_pk', ['lesson_id', 'user_id'])
    .execute();
}
