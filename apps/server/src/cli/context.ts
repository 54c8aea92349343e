// Opens what a command works with: the configured database (migrated to the latest schema) and the
// output streams. The caller closes it when the command is done.
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { CliError, type CliContext } from './command';

export type Output = { out: (text: string) => void; warn: (text: string) => void };

export async function openContext(
  config: Config,
  output: Output,
): Promise<{ ctx: CliContext; close: () => Promise<void> }> {
  const database = connectDatabase(config.database);
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
        return tenant;
      },
    };
    return { ctx, close: () => database.close() };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
