// `npm run bench -- --cluster`: what a second API process buys on this machine, and what row-level
// security costs, on PostgreSQL with the large catalogue (bench/catalogue.ts).
//
// Three server children share one database and one JWT secret: P1 and P2 connect as the application's
// role (row-level security applies, as in production); S connects as a superuser (no policy applies).
// For the catalogue page and the two content reads, three runs of the same load (same connections,
// duration and warm-up):
//   1 process   autocannon → P1
//   2 processes autocannon → P1 and P2, its connections split between them
//   no RLS      autocannon → S
// and for each run the CPU time the servers and PostgreSQL's backends of this database spent, per
// request (PostgreSQL's from /proc, so Linux only). The ratios of one run are what counts: autocannon,
// PostgreSQL and the servers all share the machine's cores, so a second process can only go as fast
// as the cores the first one left idle.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from '../test-support/postgres-availability';
import {
  CLOSED_LOOP_ENV,
  cleanups,
  ROOT,
  seedCatalogue,
  serversWindow,
  startServer,
  type ServerChild,
} from './children';
import { createBenchDatabase } from './database';
import { measure, type LoadOptions, type MeasuredWindow, type Measurement } from './measure';
import { describePinning } from './pinning';
import { currentLoadAverage, formatTable, loadNow, runInfo, writeReport } from './report';
import {
  buildScenarios,
  CATALOGUE_SCENARIOS,
  checkScenario,
  headersOf,
  keepTokenFresh,
  seed,
  type Scenario,
  type SeedContext,
} from './scenarios';

/** The catalogue page and the content reads. */
const CLUSTER_SCENARIOS: readonly string[] = [
  CATALOGUE_SCENARIOS[0],
  CATALOGUE_SCENARIOS[2],
  CATALOGUE_SCENARIOS[3],
];

/** 1 process, 2 processes, no RLS, 1 process again. */
const RUNS = 4;

type Run = Measurement & {
  serverCpuMicrosPerRequest: number;
  postgresCpuMicrosPerRequest: number | null;
  /** Statements the servers ran per request (database round trips), both processes summed. */
  queriesPerRequest: number;
  /** 1-minute load average when the run ended. */
  loadAverage: number;
};
type ClusterRow = {
  name: string;
  /** One process, measured first and again last: the mean is compared, the drift says how noisy. */
  one: Run;
  oneAgain: Run;
  two: Run;
  noRls: Run;
  scaling: number;
  rlsCost: number;
  drift: number;
};

export async function benchCluster(load: LoadOptions, checkInterrupted: () => void): Promise<void> {
  const startedAt = new Date();
  const loadAverageAtStart = currentLoadAverage();
  const database = await createBenchDatabase('postgres');
  cleanups.push(() => database.drop());
  const dbName = new URL(database.env.DATABASE_URL!).pathname.slice(1);
  const jwtSecret = randomBytes(48).toString('base64url');
  const p1 = await startServer({ ...database.env, ...CLOSED_LOOP_ENV }, jwtSecret);
  const url = (server: ServerChild) => `http://127.0.0.1:${server.appPort}`;
  const ctx: SeedContext = {
    baseUrl: url(p1),
    db: 'postgres',
    seedCatalogue: (request) => seedCatalogue(p1.child, 'postgres', request),
  };
  const seeded = await seed(ctx, { catalogue: true });
  const scenarios = buildScenarios(seeded, ctx).filter((s) => CLUSTER_SCENARIOS.includes(s.name));
  const p2 = await startServer({ ...database.env, ...CLOSED_LOOP_ENV }, jwtSecret);
  const superuser = await startServer({ ...database.superuserEnv!, ...CLOSED_LOOP_ENV }, jwtSecret);
  for (const scenario of scenarios) {
    for (const server of [p1, p2, superuser]) {
      const problem = await checkScenario(url(server), scenario);
      if (problem) throw new Error(`${scenario.name} on pid ${server.pid}: ${problem}`);
    }
  }
  console.log(
    `[bench] cluster: processes ${p1.pid} and ${p2.pid} as the app role, ${superuser.pid} as a superuser; ` +
      `${scenarios.length} routes × ${RUNS} runs, about ${Math.ceil(scenarios.length * RUNS * (load.durationSeconds + load.warmupSeconds))} s`,
  );

  const run = async (label: string, scenario: Scenario, servers: ServerChild[]): Promise<Run> => {
    checkInterrupted();
    process.stdout.write(`[bench] cluster: ${scenario.name}, ${label} ... `);
    const inServers = serversWindow(servers.map((server) => server.child));
    const postgres = postgresWindow(dbName);
    const window: MeasuredWindow = {
      start: async () => {
        await inServers.window.start();
        await postgres.start();
      },
      stop: async () => {
        await inServers.window.stop();
        await postgres.stop();
      },
    };
    const target = {
      url: servers.map((server) => `${url(server)}${scenario.path}`),
      method: scenario.method,
      headers: headersOf(scenario),
    };
    const measured = await measure(target, load, window);
    const perRequest = (micros: number) => (measured.requests > 0 ? micros / measured.requests : 0);
    const postgresMicros = postgres.cpuMicros();
    const result: Run = {
      ...measured,
      serverCpuMicrosPerRequest: Math.round(perRequest(inServers.cpuMicros())),
      postgresCpuMicrosPerRequest: postgresMicros === null ? null : Math.round(perRequest(postgresMicros)),
      queriesPerRequest: Number(perRequest(inServers.queries()).toFixed(2)),
      loadAverage: loadNow(),
    };
    console.log(
      `${Math.round(result.reqPerSec)} req/s, p99 ${result.p99Ms} ms, server CPU ${result.serverCpuMicrosPerRequest} µs/req, ` +
        `PostgreSQL CPU ${result.postgresCpuMicrosPerRequest ?? '?'} µs/req, ${result.queriesPerRequest} queries/req, ` +
        `load ${result.loadAverage.toFixed(2)}` +
        (result.non2xx + result.errors > 0 ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
    );
    return result;
  };

  const rows: ClusterRow[] = [];
  for (const scenario of scenarios) {
    const perScenario = RUNS * (load.durationSeconds + load.warmupSeconds);
    await keepTokenFresh(ctx, scenario, perScenario);
    const one = await run('1 process', scenario, [p1]);
    const two = await run('2 processes', scenario, [p1, p2]);
    const noRls = await run('1 process, no RLS', scenario, [superuser]);
    const oneAgain = await run('1 process again', scenario, [p1]);
    const single = (one.reqPerSec + oneAgain.reqPerSec) / 2;
    rows.push({
      name: scenario.name,
      one,
      oneAgain,
      two,
      noRls,
      scaling: ratio(two.reqPerSec, single),
      rlsCost: noRls.reqPerSec > 0 ? Number((1 - single / noRls.reqPerSec).toFixed(3)) : 0,
      drift: ratio(oneAgain.reqPerSec, one.reqPerSec),
    });
  }

  const report = {
    kind: 'cluster',
    db: 'postgres',
    database: database.where,
    ...runInfo(startedAt),
    loadAverageAtStart,
    options: load,
    rows,
  };
  const file = join(ROOT, '.bench', 'api-cluster.json');
  writeReport(file, report as never);
  console.log(`\n${formatCluster(rows, load)}\nwritten to ${file}\n`);
}

const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : 0);

function formatCluster(rows: ClusterRow[], load: LoadOptions): string {
  const header = [
    'route',
    '1 proc req/s',
    '2 procs req/s',
    '2 ÷ 1',
    'drift',
    'no-RLS req/s',
    'RLS cost',
    'PG µs/req (RLS / none)',
    'server µs/req (1 / 2)',
    'queries/req (1 / 2)',
    'load (1 / 2)',
  ];
  const body = rows.map((row) => [
    row.name,
    Math.round((row.one.reqPerSec + row.oneAgain.reqPerSec) / 2).toLocaleString('en-US'),
    Math.round(row.two.reqPerSec).toLocaleString('en-US'),
    row.scaling.toFixed(2),
    row.drift.toFixed(2),
    Math.round(row.noRls.reqPerSec).toLocaleString('en-US'),
    `${(row.rlsCost * 100).toFixed(0)}%`,
    `${row.one.postgresCpuMicrosPerRequest ?? '?'} / ${row.noRls.postgresCpuMicrosPerRequest ?? '?'}`,
    `${row.one.serverCpuMicrosPerRequest} / ${row.two.serverCpuMicrosPerRequest}`,
    `${row.one.queriesPerRequest} / ${row.two.queriesPerRequest}`,
    `${row.one.loadAverage.toFixed(2)} / ${row.two.loadAverage.toFixed(2)}`,
  ]);
  return [
    `Cluster bench on PostgreSQL: ${load.connections} connections, ${load.durationSeconds} s per run after ${load.warmupSeconds} s warm-up, ${cpus().length} cpus`,
    '1 proc = mean of the first and the last run on one process (drift = last ÷ first: far from 1.00, the',
    'machine was busy and the row is shaky); 2 ÷ 1 = req/s with two processes over req/s with one; RLS cost =',
    "throughput lost to row-level security (the app's role against a superuser); µs/req = CPU per request of",
    "this database's PostgreSQL backends, and of the server processes together; queries/req = statements the",
    'servers ran per request (both processes summed); load = 1-minute load average at the end of the run.',
    `${describePinning()}. autocannon, PostgreSQL and the`,
    'servers share the same cores: a second process only helps as far as the first left cores idle. A page',
    'served from the catalogue cache never reaches PostgreSQL (0 µs/req), so row-level security cannot cost it.',
    '',
    ...formatTable(header, body),
  ].join('\n');
}

/**
 * CPU time PostgreSQL's backends for one database spent during a window, read from /proc (utime +
 * stime of each backend pid); null where /proc is not there (not Linux) or PostgreSQL runs elsewhere.
 */
function postgresWindow(dbName: string) {
  const ticksPerSecond = 100;
  let atStart = new Map<number, number>();
  let micros: number | null = null;
  const backends = async (): Promise<Map<number, number> | null> => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [dbName],
      );
      const ticks = new Map<number, number>();
      for (const { pid } of rows) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          // After "pid (comm) ": state is field 0; utime and stime are fields 11 and 12.
          ticks.set(pid, Number(fields[11]) + Number(fields[12]));
        } catch {
          return null;
        }
      }
      return ticks;
    } finally {
      await client.end();
    }
  };
  return {
    async start() {
      atStart = (await backends()) ?? new Map();
    },
    async stop() {
      const atStop = await backends();
      if (!atStop) {
        micros = null;
        return;
      }
      let ticks = 0;
      for (const [pid, value] of atStop) ticks += value - (atStart.get(pid) ?? 0);
      micros = (ticks / ticksPerSecond) * 1_000_000;
    },
    cpuMicros: () => micros,
  };
}
