// A student locked out by the device limit signs out a device they no longer have (issue 15):
// `device_sessions.user_agent` is what the browser called itself at login (trimmed; shown as browser
// and OS, never an address or a place), and `users.last_self_signout_at` is when the account last
// used its one self-service sign-out a week. A conditional UPDATE of that column is what makes two
// parallel sign-outs spend the allowance once. Both are columns of tenant tables that already carry
// the row-level security policy.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device_sessions').addColumn('user_agent', 'varchar(400)').execute();
  await db.schema.alterTable('users').addColumn('last_self_signout_at', 'varchar(32)').execute();
}
