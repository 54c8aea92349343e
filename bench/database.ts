// A fresh, empty database for one bench run, owned by the parent so it is removed even when the server
// child dies: a temporary DATA_DIR (SQLite), or a new PostgreSQL database dropped afterwards. On
// PostgreSQL the server runs as in production: as an application role that row-level security holds,
// with the owner migrating (test-support/postgres-roles.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAvailability } from '../test-support/postgres-availability';
import { createRoleDatabase } from '../test-support/postgres-roles';
import { REDIS_TEST_URL, redisAvailability } from '../test-support/redis-availability';

export type DbKind = 'sqlite' | 'postgres';

export type BenchDatabase = {
  kind: DbKind;
  /** Environment for the server child: DATA_DIR, and DATABASE_URL (+ DATABASE_OWNER_URL) on PostgreSQL. */
  env: Record<string, string>;
  /** PostgreSQL: the same database as a superuser, whom row-level security does not hold. */
  superuserEnv: Record<string, string> | null;
  /** Human-readable location, for the report. */
  where: string;
  drop(): Promise<void>;
};

export async function createBenchDatabase(kind: DbKind): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      superuserEnv: null,
      where: join(dataDir, 'app.sqlite'),
      drop: () => Promise.resolve(removeDir()),
    };
  }
  const available = await postgresAvailability();
  if (!available.ok) {
    removeDir();
    throw new Error(`PostgreSQL is not reachable: ${available.reason}`);
  }
  const database = await createRoleDatabase('lp_bench');
  // PostgreSQL is deployed with Redis (shared limits, the session cache's invalidation bus), so it is
  // measured with it; without a reachable Redis the run says so and measures PostgreSQL alone.
  const redis = await redisAvailability();
  const redisEnv: Record<string, string> = redis.ok
    ? { REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:` }
    : {};
  if (!redis.ok) console.warn(`[bench] postgres without Redis (${redis.reason}): no session cache`);
  return {
    kind,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database.appUrl,
      DATABASE_OWNER_URL: database.ownerUrl,
      ...redisEnv,
    },
    superuserEnv: { DATA_DIR: dataDir, DATABASE_URL: database.adminUrl },
    where: `${new URL(database.appUrl).host}/${database.name}${redis.ok ? ' + Redis' : ''}`,
    drop: async () => {
      removeDir();
      await database.drop();
    },
  };
}
