// A fresh database for each test file: a SQLite file in a temporary folder, or a new PostgreSQL
// database on the local server, chosen by the TEST_DB variable the Vitest project sets.
//
// On PostgreSQL the app runs as in production: DATABASE_URL is a role that is neither owner nor
// superuser (row-level security applies to everything the API does) and DATABASE_OWNER_URL the owner
// that migrates. Fixtures and checks that must see every tenant use `fixtureEnv`, a superuser.
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRoleDatabase } from '../../../../test-support/postgres-roles';

export type TestDatabase = {
  kind: 'sqlite' | 'postgres';
  /** The application's configuration. */
  env: Record<string, string>;
  /** The same database as a superuser (PostgreSQL), for fixtures; on SQLite the same as `env`. */
  fixtureEnv: Record<string, string>;
  drop(): Promise<void>;
};

/**
 * Resolves once the libuv thread pool has taken up everything queued before the call: one quick job
 * per pool thread, all finished. The folder must not be removed before that: an app started on it
 * queued the tus upload folder's mkdir (@tus/file-store, fire and forget), and with the pool busy
 * hashing passwords it can still wait there after the app closed; removing the parent under it makes
 * that mkdir fail with ENOENT, thrown from its callback as an uncaught exception in the test file.
 */
const threadPoolTurn = (dir: string) =>
  Promise.all(
    Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE) || 4 }, () =>
      stat(dir).catch(() => undefined),
    ),
  );

export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export async function createTestDatabase(kind = testDbKind()): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-test-'));
  const removeDir = async () => {
    await threadPoolTurn(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (kind === 'sqlite') {
    const env = { DATA_DIR: dataDir };
    return { kind: 'sqlite', env, fixtureEnv: env, drop: removeDir };
  }
  const database = await createRoleDatabase('lp_test');
  return {
    kind: 'postgres',
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database.appUrl,
      DATABASE_OWNER_URL: database.ownerUrl,
      DATABASE_POOL_SIZE: '10',
      // The app's PostgreSQL client: the default (pipelined) unless the run asks for `pg` (vitest's
      // api-postgres-pg project).
      ...(process.env.TEST_DB_DRIVER ? { DATABASE_DRIVER: process.env.TEST_DB_DRIVER } : {}),
    },
    fixtureEnv: { DATA_DIR: dataDir, DATABASE_URL: database.adminUrl, DATABASE_POOL_SIZE: '4' },
    drop: async () => {
      await removeDir();
      await database.drop();
    },
  };
}
