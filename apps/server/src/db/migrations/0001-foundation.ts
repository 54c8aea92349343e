// Tenants, accounts, device sessions, password resets and the mail outbox.
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('tenants'), dialect)
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('require_email_confirmation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp_number', 'varchar(64)')
    .addColumn('facebook_page', 'varchar(500)')
    .addColumn('youtube_channel', 'varchar(500)')
    .addColumn('tiktok_channel', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('parent_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('academic_year', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('student'))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('email_confirmed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_tenant_email_uq')
    .on('users')
    .columns(['tenant_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('users_tenant_phone_uq')
    .on('users')
    .columns(['tenant_id', 'phone'])
    .unique()
    .execute();

  await db.schema
    .createTable('device_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('previous_refresh_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('refreshed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The device limit lives in these two constraints: one session per slot, one per device.
  await db.schema
    .createIndex('device_sessions_user_slot_uq')
    .on('device_sessions')
    .columns(['user_id', 'slot'])
    .unique()
    .execute();
  await db.schema
    .createIndex('device_sessions_user_device_uq')
    .on('device_sessions')
    .columns(['user_id', 'device_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('device_sessions_refresh_uq')
    .on('device_sessions')
    .column('refresh_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('device_sessions_previous_refresh_ix')
    .on('device_sessions')
    .column('previous_refresh_hash')
    .execute();

  await withIdColumn(db.schema.createTable('password_resets'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('outbox'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('set null'))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('outbox_created_ix').on('outbox').column('created_at').execute();
}
