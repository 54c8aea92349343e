// One migration set for both dialects, applied at start-up and by `npm run migrate`. On PostgreSQL,
// Kysely's migrator holds an advisory lock, so processes starting together migrate once.
import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { DbHandle } from './connect';
import * as foundation from './migrations/0001-foundation';
import * as learning from './migrations/0002-learning';
import * as admin from './migrations/0003-admin';

type Step = { up: (db: Parameters<Migration['up']>[0], dialect: DbHandle['dialect']) => Promise<void> };

const STEPS: Record<string, Step> = {
  '0001-foundation': foundation,
  '0002-learning': learning,
  '0003-admin': admin,
};

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(STEPS).map(([name, step]) => [name, { up: (db) => step.up(db, handle.dialect) }]),
        ),
      ),
  };
  const { error, results } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
