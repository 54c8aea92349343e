// Catalogue (teachers, courses, units, lessons, quizzes), enrolments and codes, and progress.
// Indexes follow the endpoints' access paths: courses by (tenant, grade, active), units by course,
// lessons by unit, a student's enrolments/unlocks/completions/results by (user, ...).
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const tenantColumn = 'tenant_id';
  const tenantRef = 'tenants.id';

  await withIdColumn(db.schema.createTable('teachers'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('photo_url', 'varchar(1000)')
    .addColumn('bio', 'text')
    .addColumn('credentials_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('methods_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teachers_tenant_ix').on('teachers').column(tenantColumn).execute();

  await withIdColumn(db.schema.createTable('courses'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.references('teachers.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_path', 'varchar(1000)')
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('term', 'varchar(16)', (c) => c.notNull().defaultTo('First'))
    .addColumn('grade', 'varchar(16)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_to_all', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('modified_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courses_tenant_grade_active_ix')
    .on('courses')
    .columns([tenantColumn, 'grade', 'active', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('units'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('units_course_position_ix')
    .on('units')
    .columns(['course_id', 'position', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('lessons'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('video_url', 'varchar(1000)')
    .addColumn('attachment_url', 'varchar(1000)')
    .addColumn('attachment_title', 'varchar(200)')
    .addColumn('attachment_file', 'varchar(300)')
    .addColumn('titel', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lessons_unit_position_ix')
    .on('lessons')
    .columns(['unit_id', 'position', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('quiz_questions'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_questions_lesson_ix')
    .on('quiz_questions')
    .columns(['lesson_id', 'position', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('quiz_answers'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('quiz_questions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('quiz_answers_question_ix')
    .on('quiz_answers')
    .columns(['question_id', 'position', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('enrollment_codes'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('batch_label', 'varchar(100)')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'varchar(32)')
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('enrollment_codes_course_ix')
    .on('enrollment_codes')
    .columns(['course_id', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('enrollments'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('enrolled_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_id', 'integer', (c) => c.references('enrollment_codes.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('enrollments_user_course_uq')
    .on('enrollments')
    .columns(['user_id', 'course_id'])
    .unique()
    .execute();
  await db.schema.createIndex('enrollments_course_ix').on('enrollments').column('course_id').execute();

  await withIdColumn(db.schema.createTable('unit_codes'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('batch_label', 'varchar(100)')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'varchar(32)')
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unit_codes_unit_ix').on('unit_codes').columns(['unit_id', 'id']).execute();

  await withIdColumn(db.schema.createTable('unit_unlocks'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('code_id', 'integer', (c) => c.references('unit_codes.id').onDelete('set null'))
    .addColumn('unlocked_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unit_unlocks_user_unit_uq')
    .on('unit_unlocks')
    .columns(['user_id', 'unit_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('unit_unlocks_user_time_ix')
    .on('unit_unlocks')
    .columns(['user_id', 'unlocked_at'])
    .execute();

  await withIdColumn(db.schema.createTable('lesson_completions'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_completions_user_lesson_uq')
    .on('lesson_completions')
    .columns(['user_id', 'lesson_id'])
    .unique()
    .execute();

  await withIdColumn(db.schema.createTable('quiz_results'), dialect)
    .addColumn(tenantColumn, 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('correct_count', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_results_user_lesson_uq')
    .on('quiz_results')
    .columns(['user_id', 'lesson_id'])
    .unique()
    .execute();
  await db.schema.createIndex('quiz_results_lesson_ix').on('quiz_results').column('lesson_id').execute();
}
