// Our own video (issue 19): an uploaded lecture file becomes an encrypted HLS ladder on a job queue.
// `videos` is both the asset and its transcoding job: one row per upload, its state moving
// queued → running → ready | failed | cancelled (a failed or cancelled one may be queued again). The
// embedded queue claims rows by a conditional UPDATE with a lease, so a process killed mid-transcode
// leaves a lease that runs out and the row is claimed again; under Redis the same row is the job's
// record and BullMQ only carries its id. `lessons.video_id` names the ready video a lesson plays: a
// newer upload takes over only when it is ready, so a replaced video keeps playing until then.
// `lesson_captions` are WebVTT files per lesson and language, for our own videos and for links alike.
// Tenant tables: migrate.ts gives them the row-level security policy after the migrations run.
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { withIdColumn } from './column-types';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('videos'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(2000)')
    .addColumn('source_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('source_bytes', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('renditions', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('key_hex', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('videos_status_ix').on('videos').columns(['status', 'lease_until']).execute();
  await db.schema
    .createIndex('videos_lesson_ix')
    .on('videos')
    .columns(['tenant_id', 'lesson_id', 'id'])
    .execute();

  await db.schema
    .alterTable('lessons')
    .addColumn('video_id', 'integer', (c) => c.references('videos.id').onDelete('set null'))
    .execute();

  await withIdColumn(db.schema.createTable('lesson_captions'), dialect)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('lesson_captions_lesson_language_uq', ['lesson_id', 'language'])
    .execute();
}
