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
  cpuPerRequest,
  formatMeasurement,
  formatTable,
  queriesPerRequest,
  runInfo,
  writeReport,
} from './report';
import { checkScenario, TENANT, type Scenario } from './scenarios';

export const DEFAULT_SIZES = [10, 100, 1_000, 10_000];
const SEED_TIMEOUT_MS = 10 * 60_000;

type ScalingRow = {
  route: 'my lectures' | 'course tree';
  units: number;
  reqPerSec: number;
  /** Answers with 2xx per second: what is left of req/s once load shedding's 503s are taken out. */
  okPerSec: number;
  p50Ms: number;
  p99Ms: number;
  queriesPerRequest: number;
  serverCpuMicrosPerRequest: number;
  loadAverage: number;
  requests: number;
  /** Answers by status in the measured window (503s: load shedding). */
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
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
      rows.push({ ...emptyRow(route, units), problem });
      continue;
    }
    const target: Target = { url: `${baseUrl}${scenario.path}`, method: 'GET', headers: scenario.headers };
    const m = await measureServers([server.child], target, load);
    console.log(formatMeasurement(m));
    rows.push({
      route,
      units,
      reqPerSec: Math.round(m.reqPerSec),
      okPerSec: m.seconds > 0 ? Math.round((m.requests - m.non2xx) / m.seconds) : 0,
      p50Ms: m.p50Ms,
      p99Ms: m.p99Ms,
      queriesPerRequest: Number(queriesPerRequest(m).toFixed(2)),
      serverCpuMicrosPerRequest: Math.round(cpuPerRequest(m)),
      loadAverage: m.loadAverage,
      requests: m.requests,
      statusCodes: m.statusCodes,
      non2xx: m.non2xx,
      errors: m.errors + m.timeouts,
      problem: null,
    });
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

const emptyRow = (route: ScalingRow['route'], units: number): Omit<ScalingRow, 'problem'> => ({
  route,
  units,
  reqPerSec: 0,
  okPerSec: 0,
  p50Ms: 0,
  p99Ms: 0,
  queriesPerRequest: 0,
  serverCpuMicrosPerRequest: 0,
  loadAverage: 0,
  requests: 0,
  statusCodes: {},
  non2xx: 0,
  errors: 0,
});

function formatScaling(db: DbKind, rows: ScalingRow[], load: LoadOptions): string {
  const header = [
    'route',
    'units',
    'req/s',
    '2xx/s',
    'p50 ms',
    'p99 ms',
    'queries/req',
    'CPU µs/req',
    'non-2xx',
    'load',
  ];
  const body = rows.map((row) => [
    row.route,
    row.units.toLocaleString('en-US'),
    row.reqPerSec.toLocaleString('en-US'),
    row.okPerSec.toLocaleString('en-US'),
    String(row.p50Ms),
    String(row.p99Ms),
    row.queriesPerRequest.toFixed(2),
    String(row.serverCpuMicrosPerRequest),
    String(row.non2xx + row.errors),
    row.problem ? `ERROR: ${row.problem}` : row.loadAverage.toFixed(2),
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
