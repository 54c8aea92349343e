// One runner for the whole suite. The API suite runs three times: on SQLite (the embedded default), on
// PostgreSQL with its default client (pipelined, decision 0016) and on PostgreSQL with `pg`. PostgreSQL is required when REQUIRE_POSTGRES=1 (CI); elsewhere a missing server skips
// that project with a printed reason instead of passing silently.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { postgresAvailability } from './test-support/postgres-availability.ts';
import { ClosingLineReporter, type LeftOut } from './test-support/closing-line-reporter.ts';
import { redisAvailability } from './test-support/redis-availability.ts';

/** Projects left out on this machine: the closing line counts each as skipped, with its reason. */
const leftOut: LeftOut[] = [];

const pg = await postgresAvailability();
if (!pg.ok) {
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable: ${pg.reason}`);
  }
  console.warn(`[tests] PostgreSQL project skipped: ${pg.reason} (set REQUIRE_POSTGRES=1 to fail instead)`);
  leftOut.push({ project: 'api-postgres', reason: pg.reason });
  leftOut.push({ project: 'api-postgres-pg', reason: pg.reason });
}

// The browser journeys need Debian's Chromium (.ci/run installs it); elsewhere its absence skips them
// with a printed reason, and in CI it is a failure.
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  if (process.env.CI) throw new Error(`CI but no Chromium at ${chromiumPath}`);
  console.warn(`[tests] e2e project skipped: no Chromium at ${chromiumPath} (apt-get install chromium)`);
  leftOut.push({ project: 'e2e', reason: `no Chromium at ${chromiumPath} (apt-get install chromium)` });
}

// The multi-process tests (several API processes on one PostgreSQL and one Redis, nginx in front, a
// crash under load, a graceful shutdown) need Redis too; with REQUIRE_POSTGRES=1 it is required, and
// so is nginx under CI (.ci/run installs it). Elsewhere what is missing skips its part, said here.
const redis = await redisAvailability();
if (!redis.ok) {
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but Redis is not reachable (multi-instance test): ${redis.reason}`);
  }
  console.warn(`[tests] multi-instance test skipped: Redis ${redis.reason}`);
}
const hasNginx = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
if (!hasNginx) {
  if (process.env.CI) throw new Error('CI but no nginx on PATH (apt-get install nginx-light)');
  console.warn(
    '[tests] nginx part of the multi-instance test skipped: no nginx (apt-get install nginx-light)',
  );
}
const MULTI_PROCESS = 'apps/server/test/multi-instance/**';

/** `driver`: PostgreSQL's client, when not the default pipelined one (decision 0016). */
const apiProject = (db: 'sqlite' | 'postgres', driver?: 'pg'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `api-${db}${driver ? `-${driver}` : ''}`,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, MULTI_PROCESS],
    env: { TEST_DB: db, ...(driver ? { TEST_DB_DRIVER: driver } : {}) },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: { name: 'domain', include: ['packages/*/src/**/*.test.ts', 'test-support/**/*.test.ts'] },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
    },
  },
  apiProject('sqlite'),
  {
    extends: true,
    test: {
      name: 'processes',
      include: [`${MULTI_PROCESS}/*.test.ts`],
      // Why a part cannot run (empty: it can); the files skip that part with this reason in its name.
      env: {
        SKIP_POSTGRES: pg.ok ? '' : `PostgreSQL: ${pg.reason}`,
        SKIP_REDIS: redis.ok ? '' : `Redis: ${redis.reason}`,
        SKIP_NGINX: hasNginx ? '' : 'no nginx (apt-get install nginx-light)',
      },
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
];
// PostgreSQL twice: with the pipelined client (the default) and with `pg` (DATABASE_DRIVER=pg).
if (pg.ok) projects.push(apiProject('postgres'), apiProject('postgres', 'pg'));
if (hasChromium) {
  projects.push({
    extends: true,
    test: {
      name: 'e2e',
      include: ['e2e/**/*.e2e.ts'],
      globalSetup: ['./e2e/support/global-setup.ts'],
      // One journey file at a time: each starts a server and a browser on a 2-core machine.
      fileParallelism: false,
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    reporters: ['default', new ClosingLineReporter(leftOut)],
  },
});
