// A video lesson's live session (issue 15): the link the player's live-session banner opens, set by
// the school per lesson. Optional; a column of a tenant table that already carries the row-level
// security policy.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').addColumn('live_session_url', 'varchar(1000)').execute();
}
