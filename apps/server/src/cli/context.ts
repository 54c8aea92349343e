// Opens what a command works with: the configured database (migrated to the latest schema) and the
// output streams. The caller runs the command in `scope` and closes the context when it is done.
//
// Commands act for one tenant at a time, like requests: naming the tenant (ctx.tenant) puts the rest of
// the command in its scope, which is what PostgreSQL's row-level security sees. A command that spans
// tenants visits them one by one with ctx.asTenant.
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { runAsTenant, type TenantScope } from '../lib/tenant-context';
import { CliError, type CliContext } from './command';

export type Output = { out: (text: string) => void; warn: (text: string) => void };

export async function openContext(
  config: Config,
  output: Output,
): Promise<{ ctx: CliContext; scope: TenantScope; close: () => Promise<void> }> {
  const database = connectDatabase(config.database);
  const scope: TenantScope = { tenantId: null };
  try {
    const migrated = await migrateToLatest(database);
    const ctx: CliContext = {
      config,
      database,
      db: database.db,
      clock: systemClock,
      migrated,
      ...output,
      async tenant(slug = config.defaultTenant) {
        const tenant = await database.db
          .selectFrom('tenants')
          .selectAll()
          .where('slug', '=', slug)
          .executeTakeFirst();
        if (!tenant) throw new CliError(`unknown tenant '${slug}'`);
        scope.tenantId = tenant.id;
        return tenant;
      },
      asTenant: (tenantId, work) => runAsTenant(tenantId, work),
    };
    return { ctx, scope, close: () => database.close() };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
