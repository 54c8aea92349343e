// `npm run bench -- --schools 1,4,8,16 [--db postgres]`: the video read of several schools at once, one
// server process. Each school (bench-school-<i>, bench/direct-seed.ts) has a one-video course and one
// student; autocannon's connections each cycle through the first N schools' reads, so N schools are
// busy together. On PostgreSQL it shows how each client shares its connections among schools (decision
// 0016): `pg`'s pool sets the tenant per checkout, the pipelined client switches a connection's tenant
// when nothing is in flight on it. Compare the clients by running it twice, once with
// BENCH_SERVER_DATABASE_DRIVER=pg. Written to .bench/schools-<db>-<driver>.json.
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  ask,
  cleanUp,
  cleanups,
  CLOSED_LOOP_ENV,
  measureServers,
  ROOT,
  startServer,
  waitUntilServing,
} from './children';
import { createBenchDatabase, type DbKind } from './database';
import type { SchoolSeed } from './direct-seed';
import type { LoadOptions, Target } from './measure';
import { describePinning } from './pinning';
import {
  FIGURE_HEADER,
  figureCells,
  figuresOf,
  formatMeasurement,
  formatTable,
  NO_FIGURES,
  runInfo,
  writeReport,
  type Figures,
} from './report';
import { checkScenario, type Scenario } from './scenarios';

const SEED_TIMEOUT_MS = 5 * 60_000;

type SchoolsRow = Figures & { schools: number; problem: string | null };

export async function benchSchools(
  dbs: DbKind[],
  counts: number[],
  load: LoadOptions,
  checkInterrupted: () => void,
): Promise<void> {
  for (const db of dbs) {
    try {
      await schoolsOn(db, counts, load, checkInterrupted);
    } finally {
      await cleanUp();
    }
  }
}

const readOf = (school: SchoolSeed): Scenario => ({
  name: `video read of ${school.slug}`,
  method: 'GET',
  path: `/api/Student/contentlesson/${school.lessonId}`,
  headers: {
    'X-Tenant-ID': school.slug,
    Authorization: `Bearer ${school.student.token}`,
    DeviceId: school.student.deviceId,
  },
  expect: () => null,
});

async function schoolsOn(db: DbKind, counts: number[], load: LoadOptions, checkInterrupted: () => void) {
  const startedAt = new Date();
  const driver = db === 'postgres' ? (process.env.BENCH_SERVER_DATABASE_DRIVER ?? 'pipelined') : 'sqlite';
  const database = await createBenchDatabase(db);
  cleanups.push(() => database.drop());
  const server = await startServer({ ...database.env, ...CLOSED_LOOP_ENV });
  const most = Math.max(...counts);
  process.stdout.write(`[bench] schools on ${db} (${driver}): seeding ${most} schools ... `);
  const seeded = await ask(
    server.child,
    { type: 'seed-schools', count: most },
    'schools-seeded',
    SEED_TIMEOUT_MS,
  );
  console.log(`${(seeded.seedMs / 1000).toFixed(1)} s`);
  const baseUrl = `http://127.0.0.1:${server.appPort}`;
  const rows: SchoolsRow[] = [];
  for (const count of counts) {
    checkInterrupted();
    const schools = seeded.schools.slice(0, count);
    await waitUntilServing(baseUrl, schools[0]!.slug);
    process.stdout.write(`[bench] schools on ${db} (${driver}): ${count} at once ... `);
    let problem: string | null = null;
    for (const school of schools) problem ??= await checkScenario(baseUrl, readOf(school));
    if (problem) {
      console.log(problem);
      rows.push({ ...NO_FIGURES, schools: count, problem });
      continue;
    }
    const target: Target = {
      url: baseUrl,
      method: 'GET',
      headers: {},
      requests: schools.map((school) => ({ path: readOf(school).path, headers: readOf(school).headers })),
    };
    const m = await measureServers([server.child], target, load);
    console.log(formatMeasurement(m));
    rows.push({ ...figuresOf(m), schools: count, problem: null });
  }
  const file = join(ROOT, '.bench', `schools-${db}-${driver}.json`);
  const report = {
    kind: 'schools',
    db,
    driver,
    database: database.where,
    ...runInfo(startedAt),
    options: load,
    rows,
  };
  writeReport(file, report as never);
  console.log(`\n${formatSchools(db, driver, rows, load)}\nwritten to ${file}\n`);
}

function formatSchools(db: DbKind, driver: string, rows: SchoolsRow[], load: LoadOptions): string {
  const header = ['schools', ...FIGURE_HEADER];
  const body = rows.map((row) => [String(row.schools), ...figureCells(row, row.problem)]);
  return [
    `Schools at once on ${db} (${driver}): the video read, ${load.connections} connections each cycling ` +
      `through the schools, ${load.durationSeconds} s per figure after ${load.warmupSeconds} s warm-up; ` +
      `${cpus().length} cpus, ${describePinning()}`,
    '2xx/s = req/s without the non-2xx answers (503s: statuses in the JSON); queries/req = statements the',
    'server ran per request; load = 1-minute load average at the figure.',
    '',
    ...formatTable(header, body),
  ].join('\n');
}
