// One runner for the whole suite. The API suite runs twice: on SQLite (the embedded default) and on
// PostgreSQL. PostgreSQL is required when REQUIRE_POSTGRES=1 (CI); elsewhere a missing server skips
// that project with a printed reason instead of passing silently.
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { postgresAvailability } from './test-support/postgres-availability.ts';
import { ClosingLineReporter } from './test-support/closing-line-reporter.ts';

const pg = await postgresAvailability();
if (!pg.ok) {
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable: ${pg.reason}`);
  }
  console.warn(`[tests] PostgreSQL project skipped: ${pg.reason} (set REQUIRE_POSTGRES=1 to fail instead)`);
}

// The browser journeys need Debian's Chromium (.ci/run installs it); elsewhere its absence skips them
// with a printed reason, and in CI it is a failure.
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  if (process.env.CI) throw new Error(`CI but no Chromium at ${chromiumPath}`);
  console.warn(`[tests] e2e project skipped: no Chromium at ${chromiumPath} (apt-get install chromium)`);
}

const apiProject = (db: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `api-${db}`,
    include: ['apps/server/test/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] } },
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
];
if (pg.ok) projects.push(apiProject('postgres'));
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
    reporters: ['default', new ClosingLineReporter()],
  },
});
