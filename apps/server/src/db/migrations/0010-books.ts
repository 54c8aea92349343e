// Printed books a school sells by grade and takes orders for on WhatsApp (issue 18, item 8). A tenant
// table: migrate.ts gives it the row-level security policy after the migrations run, as every table
// with a tenant_id column. The index serves the public list (a tenant's active books of one grade).
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('books'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('grade', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_path', 'varchar(1000)')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('modified_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('books_tenant_active_grade_ix')
    .on('books')
    .columns(['tenant_id', 'active', 'grade', 'id'])
    .execute();
}
