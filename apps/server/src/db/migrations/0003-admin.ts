// Administration: code batches (a labelled group of codes generated together, so an admin can list,
// export and disable them), the audit log of admin writes, and the indexes the admin screens and the
// delete rules read by (a unit's unlocks, a lesson's completions, a batch's codes).
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const tenantRef = 'tenants.id';

  await withIdColumn(db.schema.createTable('code_batches'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('cascade'))
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Null for batches made by the operator tool, which has no account.
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('code_batches_tenant_ix')
    .on('code_batches')
    .columns(['tenant_id', 'id desc'])
    .execute();
  await db.schema.createIndex('code_batches_course_ix').on('code_batches').column('course_id').execute();

  for (const table of ['enrollment_codes', 'unit_codes'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('batch_id', 'integer', (c) => c.references('code_batches.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex(`${table}_batch_ix`).on(table).columns(['batch_id', 'id']).execute();
  }

  await withIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references(tenantRef).onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_tenant_ix')
    .on('audit_log')
    .columns(['tenant_id', 'id desc'])
    .execute();

  // Delete rules and cascades read these by the parent's id.
  await db.schema.createIndex('unit_unlocks_unit_ix').on('unit_unlocks').column('unit_id').execute();
  await db.schema
    .createIndex('lesson_completions_lesson_ix')
    .on('lesson_completions')
    .column('lesson_id')
    .execute();
  // A student's page in the admin area: the codes they used.
  await db.schema
    .createIndex('enrollment_codes_used_by_ix')
    .on('enrollment_codes')
    .column('used_by')
    .execute();
  await db.schema.createIndex('unit_codes_used_by_ix').on('unit_codes').column('used_by').execute();
}
