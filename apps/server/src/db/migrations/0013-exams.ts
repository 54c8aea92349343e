// Exams (issue 20, decision 0013): a question bank per course, settings that make a quiz an exam, and
// the stored attempts such a quiz runs on. A quiz without a quiz_settings row is unchanged (one
// untimed attempt at its fixed list). An attempt stores its draw once (a reload or a second device
// sees the same questions and order) and its saved answers as the student goes; the sweeper closes
// the open ones whose deadline has passed by a conditional UPDATE, found through the partial index.
// quiz_results stays the result that counts: `passed` against the pass mark, `attempt_id` the
// attempt it came from (null for a plain quiz). Tenant tables: migrate.ts gives them their policies.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('bank_questions'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .addColumn('image_file', 'varchar(300)')
    .addColumn('explanation', 'varchar(2000)')
    .addColumn('difficulty', 'varchar(8)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('topic', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_questions_course_ix')
    .on('bank_questions')
    .columns(['tenant_id', 'course_id', 'topic', 'difficulty'])
    .execute();

  await db.schema
    .createTable('quiz_settings')
    .addColumn('lesson_id', 'integer', (c) => c.primaryKey().references('lessons.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('fixed'))
    .addColumn('draw_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('time_limit_minutes', 'integer')
    .addColumn('pass_mark', 'integer')
    .addColumn('attempts_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('counts', 'varchar(8)', (c) => c.notNull().defaultTo('best'))
    .addColumn('review', 'varchar(16)', (c) => c.notNull().defaultTo('immediate'))
    .addColumn('show_explanations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opens_at', 'varchar(32)')
    .addColumn('closes_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('exam_attempts'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deadline_at', 'varchar(32)')
    .addColumn('draw_json', 'text', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('saved_at', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('submitted_by', 'varchar(8)')
    .addColumn('score', 'integer')
    .addColumn('correct_count', 'integer')
    .addColumn('total', 'integer')
    .addColumn('review_json', 'text')
    .addUniqueConstraint('exam_attempts_user_lesson_number_uq', ['user_id', 'lesson_id', 'number'])
    .execute();
  await db.schema
    .createIndex('exam_attempts_lesson_ix')
    .on('exam_attempts')
    .columns(['lesson_id', 'user_id'])
    .execute();
  // What the sweeper reads: the open timed attempts, by deadline (a partial index on both databases).
  await db.schema
    .createIndex('exam_attempts_open_deadline_ix')
    .on('exam_attempts')
    .columns(['deadline_at', 'tenant_id'])
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('quiz_results')
    .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('quiz_results')
    .addColumn('attempt_id', 'integer', (c) => c.references('exam_attempts.id').onDelete('set null'))
    .execute();
}
