// One runner for the whole suite. The API suite runs twice: on SQLite (the embedded default) and on
// PostgreSQL. PostgreSQL is required when REQUIRE_POSTGRES=1 (CI); elsewhere a missing server skips
// that project with a printed reason instead of passing silently.
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
  apiProject('sqlite'),
];
if (pg.ok) projects.push(apiProject('postgres'));

export default defineConfig({
  test: {
    projects,
    reporters: ['default', new ClosingLineReporter()],
  },
});
