// `npm run bench -- --scaling [--sizes 10,100,1000,10000] [--db sqlite|postgres|both]`: how two student
// reads grow with the data one student holds. At each size N (bench/direct-seed.ts, on a fresh database
// per dialect, one server process):
//   my lectures   GET /api/UnitCode/GetMyUnitCodes (first page of 10) for a student holding N unlocked units
//   course tree   GET /api/Course/tree-course-with-progress for a course of N units (a video and a quiz
//                 each), its video completed in the first half of the units
// each measured like the routes of `npm run bench` (autocannon, --connections, --duration, --warmup),
// reporting req/s, p99, statements per request, server CPU per request, and the load average at each
// figure. Written to .bench/scaling-<db>.json.
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
import type { DirectStudent } from './direct-seed';
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
import { checkScenario, TENANT, type Scenario } from './scenarios';

export const DEFAULT_SIZES = [10, 100, 1_000, 10_000];
const SEED_TIMEOUT_MS = 10 * 60_000;

type ScalingRow = Figures & {
  route: 'my lectures' | 'course tree';
  units: number;
  problem: string | null;
};

export async function benchScaling(
  dbs: DbKind[],
  sizes: number[],
  load: LoadOptions,
  checkInterrupted: () => void,
): Promise<void> {
  for (const db of dbs) {
    try {
      await scaleOn(db, sizes, load, checkInterrupted);
    } finally {
      await cleanUp();
    }
  }
}

async function scaleOn(db: DbKind, sizes: number[], load: LoadOptions, checkInterrupted: () => void) {
  const startedAt = new Date();
  const database = await createBenchDatabase(db);
  cleanups.push(() => database.drop());
  const server = await startServer({ ...database.env, ...CLOSED_LOOP_ENV });
  process.stdout.write(`[bench] scaling on ${db}: seeding ${sizes.join(', ')} units ... `);
  const seeded = await ask(
    server.child,
    { type: 'seed-scaling', tenantSlug: TENANT, sizes },
    'scaling-seeded',
    SEED_TIMEOUT_MS,
  );
  console.log(`${(seeded.seedMs / 1000).toFixed(1)} s`);
  const baseUrl = `http://127.0.0.1:${server.appPort}`;
  const cases: { route: ScalingRow['route']; units: number; scenario: Scenario }[] = [
    ...seeded.myLectures.map(({ units, student }) => ({
      route: 'my lectures' as const,
      units,
      scenario: scenarioOf(`/api/UnitCode/GetMyUnitCodes?pageNumber=1&pageSize=10`, student, (data) => {
        const total = (data as { totalCount?: number }).totalCount;
        return total === units ? null : `expected ${units} units, got ${total}`;
      }),
    })),
    ...seeded.trees.map(({ units, courseId, student }) => ({
      route: 'course tree' as const,
      units,
      scenario: scenarioOf(`/api/Course/tree-course-with-progress?courseid=${courseId}`, student, (data) => {
        const got = (data as { units?: unknown[] }).units?.length;
        return got === units ? null : `expected ${units} units, got ${got}`;
      }),
    })),
  ];
  const rows: ScalingRow[] = [];
  for (const { route, units, scenario } of cases) {
    checkInterrupted();
    // A heavy figure before this one can leave load shedding answering 503 for a few seconds.
    await waitUntilServing(baseUrl, TENANT);
    const problem = await checkScenario(baseUrl, scenario);
    process.stdout.write(`[bench] scaling on ${db}: ${route}, ${units} units ... `);
    if (problem) {
      console.log(problem);
      rows.push({ ...NO_FIGURES, route, units, problem });
      continue;
    }
    const target: Target = { url: `${baseUrl}${scenario.path}`, method: 'GET', headers: scenario.headers };
    const m = await measureServers([server.child], target, load);
    console.log(formatMeasurement(m));
    rows.push({ ...figuresOf(m), route, units, problem: null });
  }
  const file = join(ROOT, '.bench', `scaling-${db}.json`);
  const report = {
    kind: 'scaling',
    db,
    database: database.where,
    ...runInfo(startedAt),
    options: load,
    seedMs: seeded.seedMs,
    rows,
  };
  writeReport(file, report as never);
  console.log(`\n${formatScaling(db, rows, load)}\nwritten to ${file}\n`);
}

const scenarioOf = (path: string, student: DirectStudent, expect: Scenario['expect']): Scenario => ({
  name: path,
  method: 'GET',
  path,
  headers: { 'X-Tenant-ID': TENANT, Authorization: `Bearer ${student.token}`, DeviceId: student.deviceId },
  expect,
});

function formatScaling(db: DbKind, rows: ScalingRow[], load: LoadOptions): string {
  const header = ['route', 'units', ...FIGURE_HEADER];
  const body = rows.map((row) => [
    row.route,
    row.units.toLocaleString('en-US'),
    ...figureCells(row, row.problem),
  ]);
  return [
    `Scaling on ${db}: ${load.connections} connections, ${load.durationSeconds} s per figure after ` +
      `${load.warmupSeconds} s warm-up; ${cpus().length} cpus, ${describePinning()}`,
    'my lectures = first page of a student holding N unlocked units; course tree = a course of N units with',
    'progress; 2xx/s = req/s without the non-2xx answers (503s from load shedding: statuses in the JSON);',
    'queries/req = statements the server ran per request; load = 1-minute load average at the figure.',
    '',
    ...formatTable(header, body),
  ].join('\n');
}
