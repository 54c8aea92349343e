// What the multi-process tests share: a fresh database (PostgreSQL with the owner and app roles, or a
// SQLite file), optionally a Redis key prefix of their own, one JWT secret for every process, and a
// fixture connection that sees every tenant. Each part that needs a service goes through itWith or
// describeWith: outside CI it skips, with the reason in the test's name, when vitest.config.ts found
// the service missing; under CI it fails instead.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { connectDatabase, type DbHandle } from '../../../src/db/connect';
import { REDIS_TEST_URL } from '../../../../../test-support/redis-availability';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

export const JWT_SECRET = 'multi-process-test-secret-long-enough-for-hs256';

/** Why the parts that need these services cannot run here; null when they can. */
function missing(...services: Service[]): string | null {
  const reasons = services
    .map((service) => process.env[`SKIP_${service.toUpperCase()}`])
    .filter((reason): reason is string => !!reason);
  return reasons.length > 0 ? reasons.join('; ') : null;
}

type Service = 'postgres' | 'redis' | 'nginx';

/** The one place a multi-process test may be skipped. vitest.config.ts already refuses to start under
 * CI without these services; failing here too means no file can ever skip quietly in CI. */
function unavailableTest(name: string, reason: string): void {
  if (process.env.CI)
    it(name, () => {
      throw new Error(`CI, but ${reason}`);
    });
  // Outside CI: skipped while it runs, with the reason in the report (no static `.skip` in the tree).
  else it(name, (context) => context.skip(`missing here: ${reason}`));
}

/** `it(name, test)` when the services are here; otherwise see unavailableTest. */
export function itWith(services: Service[], name: string, test: () => Promise<void>): void {
  const reason = missing(...services);
  if (reason) unavailableTest(name, reason);
  else it(name, test);
}

/** `describe(name, body)` when the services are here (its hooks may use them); otherwise one
 * unavailable test in its place. */
export function describeWith(services: Service[], name: string, body: () => void): void {
  const reason = missing(...services);
  describe(name, reason ? () => unavailableTest('needs its services', reason) : body);
}

export type ProcessEnvironment = {
  database: TestDatabase;
  /** The environment of every server process of the test. */
  env: Record<string, string>;
  /** Every tenant's rows; open it once the first process has migrated the database. */
  fixtures(): DbHandle;
  close(): Promise<void>;
};

export async function processEnvironment(
  kind: 'sqlite' | 'postgres',
  options: { redis?: boolean; env?: Record<string, string> } = {},
): Promise<ProcessEnvironment> {
  const database = await createTestDatabase(kind);
  const prefix = `lp-test-${randomBytes(5).toString('hex')}:`;
  const env: Record<string, string> = {
    ...database.env,
    NODE_ENV: 'production',
    JWT_SECRET,
    LOAD_DEMO: 'false',
    RATE_LIMIT_MAX: '100000',
    // No load shedding: these tests check durability, sessions and shutdown across processes, not
    // capacity (overload.test.ts and the bench do). On CI the other suites share the 2 cores, and a
    // burst of writes saturated a server's loop long enough for the utilization gate to refuse some
    // with 503 (crash.test.ts, a CI run at stop 26).
    MAX_IN_FLIGHT: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '0',
    ...(options.redis ? { REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: prefix } : {}),
    ...options.env,
  };
  let fixtures: DbHandle | null = null;
  return {
    database,
    env,
    fixtures() {
      fixtures ??= connectDatabase(loadConfig({ ...database.fixtureEnv, JWT_SECRET }).database);
      return fixtures;
    },
    async close() {
      await fixtures?.close();
      await database.drop();
      if (options.redis) await deleteKeys(prefix);
    },
  };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
