// What the login limits trust. `login_devices` remembers the devices that have signed in to an
// account, so that when strangers have used up an account's allowance of wrong passwords, its owner's
// own phone still gets in (OWASP's "device cookie" answer to lockout). `tenants.trusted_networks` is
// the school's own addresses (CIDRs), whose per-address limits are raised: a centre registers and
// signs in a whole class from one NAT address.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_devices')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** SHA-256 of the DeviceId header: the id itself is a client's secret-ish handle. */
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_devices_pk', ['user_id', 'device_hash'])
    .execute();
  await db.schema.alterTable('tenants').addColumn('trusted_networks', 'varchar(2000)').execute();
}
