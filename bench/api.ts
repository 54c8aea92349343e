// `npm run bench`: requests/s and p99 of the API's routes as ratios to a bare Fastify route measured in
// the same run, on SQLite (default), PostgreSQL or both. The machine is shared and noisy, so only the
// ratios of one run mean anything; budgets are reported (PASS/FAIL) and never change the exit code.
//
//   npm run bench -- [--db sqlite|postgres|both] [--duration 10] [--connections 50] [--warmup 2]
//                    [--only profile,Contact] [--profile] [--cluster] [--pin on|off]
//   npm run bench -- --quiz-start [--exam [--retry] [--announced | --read-ahead s] [--rehearsal off]] [--students 5000] [--overload] [--cold] [--via-nginx] [--processes n]
//                    [--db sqlite|postgres|both]
//   npm run bench -- --scaling [--sizes 10,100,1000,10000] [--db ...] [--duration ...]
//   npm run bench -- --schools 1,4,8,16 [--db postgres] [--duration ...]
//
// Beside each figure: the server's CPU µs per request, its database statements per request (round
// trips, counted through the app's Kysely query observer; with two processes summed) and the machine's
// 1-minute load average. The student reads (tree, video and quiz content) are followed by the bare
// route sending that route's own answer, recorded from one request: the ratio its bytes alone allow,
// so a route's distance from the bare route splits into its answer's size and the work before it.
// With --pin on (the default) the load generator (this process) runs on core 0
// and the server children on the others, where taskset allows (bench/pinning.ts); the report says
// which, or why not.
//
// `--cluster` measures something else, on PostgreSQL only (bench/cluster.ts): the catalogue page and
// content reads with one server process and with two, and with the app's role against a superuser
// (the cost of row-level security). On PostgreSQL the server always connects as the app's role.
//
// `--quiz-start` (bench/quiz-start.ts): 5,000 students (created in the database, no logins) open one
// quiz within 10 s and submit it within the next 10 s; SQLite with one process and PostgreSQL + Redis
// with two; `--overload` offers twice the students; `--exam` makes it the timed exam of issue 20
// (bench/exam-start.ts: open, start an attempt, save each answer, submit within a minute); `--retry`
// has the students refused with 503 ask again after Retry-After, as the web app does; `--announced`
// announces the exam for one minute (its opensAt, 30 s after the warm-up) and opens the window then, so
// the servers rehearse the opening first as they would before a real one; without it the exam is open
// and the warm-up's reads of it have the servers warm its start path (decision 0015), which
// `--read-ahead s` leaves s seconds for before the window (`--rehearsal off`: neither,
// EXAM_REHEARSAL_RUNS=0); `--via-nginx` puts
// nginx with deploy/nginx.conf (in plain HTTP) between the students and the servers, as deployed.
// `--scaling` (bench/scaling.ts): my lectures and the
// course tree with progress for 10 … 10,000 units. `--schools` (bench/schools.ts): the video read of
// 1 … N schools at once (the pipelined client's pools per school, decision 0016).
//
// Environment equivalents: BENCH_DB, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_STUDENTS,
// BENCH_PIN.
//
// Before the load, the server child writes the large catalogue (bench/catalogue.ts: 200 courses ×
// 10 units × 8 lessons, 10,000 students) into its fresh database; --only without a catalogue route
// skips that. Before the load, a batch of 5,000 codes is generated and timed (bench/code-batches.ts:
// median of five requests, printed and written to .bench/codes-<db>.json); `--only codes` runs just
// that. Access tokens live 15 minutes: a student whose token would expire during the next route
// logs in again before it, so long runs stay authenticated.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ask,
  cleanUp,
  cleanups,
  CLOSED_LOOP_ENV,
  measureServers,
  ROOT,
  seedCatalogue,
  startServer,
  type ServerChild,
} from './children';
import { benchCluster } from './cluster';
import { CODES_SCENARIO, formatTiming, timeCodeBatches } from './code-batches';
import { createBenchDatabase, type DbKind } from './database';
import { stopAllRuns, type Target } from './measure';
import { describePinning, pinGenerator } from './pinning';
import { benchQuizStart } from './quiz-start';
import {
  buildReport,
  currentLoadAverage,
  formatMeasurement,
  formatReport,
  notMeasured,
  writeReport,
  type MeasuredScenario,
} from './report';
import { benchScaling } from './scaling';
import { benchSchools } from './schools';
import {
  buildScenarios,
  CATALOGUE_SCENARIOS,
  checkScenario,
  headersOf,
  keepTokenFresh,
  seed,
  TENANT,
  type Scenario,
  type SeedContext,
} from './scenarios';
import { readSettings, type Settings } from './settings';

let interrupted = false;

function checkInterrupted(): void {
  if (interrupted) throw new Error('interrupted');
}

const slug = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

async function benchDatabase(kind: DbKind, settings: Settings): Promise<void> {
  const startedAt = new Date();
  const loadAverageAtStart = currentLoadAverage();
  const database = await createBenchDatabase(kind);
  cleanups.push(() => database.drop());
  try {
    const server = await startServer({ ...database.env, ...CLOSED_LOOP_ENV });
    const baseUrl = `http://127.0.0.1:${server.appPort}`;
    const bareUrl = `http://127.0.0.1:${server.barePort}/bare`;
    const ctx: SeedContext = {
      baseUrl,
      db: kind,
      seedCatalogue: (request) => seedCatalogue(server.child, kind, request),
    };

    const selected = (name: string) =>
      settings.only.length === 0 || settings.only.some((part) => name.includes(part));
    // Timed one request at a time, on the fresh database, before any load (--only codes runs just this).
    const codes = selected(CODES_SCENARIO);
    if (codes) await benchCodeBatches(server.child, kind, baseUrl, settings);
    const seeded = await seed(ctx, { catalogue: CATALOGUE_SCENARIOS.some(selected) });
    const scenarios = buildScenarios(seeded, ctx).filter((scenario) => selected(scenario.name));
    if (scenarios.length === 0 && codes) return;
    if (scenarios.length === 0) throw new Error(`--only ${settings.only.join(',')} matches no scenario`);
    // One request each before any load: a route that answers an error (a 403 from a locking or
    // enrolment mistake, a 401) is reported as an ERROR row and not measured, rather than timed.
    const problems = new Map<Scenario, string>();
    for (const scenario of scenarios) {
      const problem = await checkScenario(baseUrl, scenario);
      if (problem !== null) {
        problems.set(scenario, problem);
        console.error(`[bench] ${kind}: ${scenario.name} ${problem}`);
      }
    }

    const perRoute = settings.load.durationSeconds + settings.load.warmupSeconds;
    const floors = scenarios.filter((scenario) => scenario.sameBytes && !problems.has(scenario)).length;
    const total = (scenarios.length - problems.size + floors + 2) * perRoute;
    console.log(
      `[bench] ${kind}: server pid ${server.pid}, ${scenarios.length} routes + bare twice, about ${Math.ceil(total)} s`,
    );

    const profileDir = join(ROOT, '.bench', 'profiles');
    if (settings.profile) mkdirSync(profileDir, { recursive: true });
    const profiles: string[] = [];
    const step = async (name: string, target: Target) => {
      checkInterrupted();
      process.stdout.write(`[bench] ${kind}: ${name} ... `);
      const profileFile = settings.profile ? join(profileDir, `api-${kind}-${slug(name)}.cpuprofile`) : null;
      if (profileFile) profiles.push(profileFile);
      const measurement = await measureServers([server.child], target, settings.load, profileFile);
      checkInterrupted();
      console.log(formatMeasurement(measurement));
      return measurement;
    };

    const bareTarget: Target = { url: bareUrl, method: 'GET', headers: {} };
    const bareBefore = await step('bare before', bareTarget);
    const routes: MeasuredScenario[] = [];
    for (const scenario of scenarios) {
      const problem = problems.get(scenario);
      if (problem !== undefined) {
        routes.push({ scenario, measurement: notMeasured(), problem });
        continue;
      }
      if (await keepTokenFresh(ctx, scenario, perRoute))
        console.log(`[bench] ${kind}: logged ${scenario.auth?.email} in again (the access token was ageing)`);
      const measurement = await step(scenario.name, targetOf(baseUrl, scenario));
      const sameBytes = scenario.sameBytes
        ? await step(
            `${scenario.name}: its bytes from bare`,
            await sameBytesTarget(server, baseUrl, scenario),
          )
        : undefined;
      routes.push({ scenario, measurement, ...(sameBytes ? { sameBytes } : {}) });
    }
    const bareAfter = await step('bare after', bareTarget);
    checkInterrupted();

    const report = buildReport({
      db: kind,
      database: database.where,
      startedAt,
      options: settings.load,
      loadAverageAtStart,
      bareBefore,
      bareAfter,
      routes,
    });
    // A filtered or profiled run must not replace the full report: the profiler slows the server.
    const suffix = `${settings.only.length > 0 ? '-partial' : ''}${settings.profile ? '-profiled' : ''}`;
    const file = join(ROOT, '.bench', `api-${kind}${suffix}.json`);
    writeReport(file, report);
    console.log(`\n${formatReport(report)}\nwritten to ${file}`);
    if (profiles.length > 0) console.log(`CPU profiles (measured windows only):\n  ${profiles.join('\n  ')}`);
    console.log('');
  } finally {
    await cleanUp();
  }
}

/** The bare route primed with one answer of `scenario`, byte for byte, with its content type. */
async function sameBytesTarget(server: ServerChild, baseUrl: string, scenario: Scenario): Promise<Target> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: headersOf(scenario),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${scenario.name} answered ${response.status} for its bytes`);
  const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
  await ask(server.child, { type: 'same-bytes:set', body, contentType }, 'same-bytes:ready');
  return { url: `http://127.0.0.1:${server.barePort}/bare/same-bytes`, method: 'GET', headers: {} };
}

/** The 5,000-code batch: an admin written by the server child, then timed requests; printed and kept. */
async function benchCodeBatches(child: ChildProcess, kind: DbKind, baseUrl: string, settings: Settings) {
  const password = `bench-${randomBytes(6).toString('hex')}`;
  const { type: _type, ...admin } = await ask(
    child,
    { type: 'seed-batch-admin', tenantSlug: TENANT, password },
    'batch-admin-seeded',
  );
  process.stdout.write(`[bench] ${kind}: ${CODES_SCENARIO} ... `);
  const timing = await timeCodeBatches(baseUrl, TENANT, { ...admin, password });
  console.log(`median ${timing.medianMs} ms`);
  console.log(formatTiming(kind, timing));
  const suffix = settings.only.length > 0 ? '-partial' : '';
  const file = join(ROOT, '.bench', `codes-${kind}${suffix}.json`);
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ db: kind, scenario: CODES_SCENARIO, at: new Date().toISOString(), ...timing }, null, 2)}\n`,
  );
}

export const targetOf = (baseUrl: string | string[], scenario: Scenario): Target => ({
  url: Array.isArray(baseUrl) ? baseUrl.map((url) => `${url}${scenario.path}`) : `${baseUrl}${scenario.path}`,
  method: scenario.method,
  headers: headersOf(scenario),
  ...(scenario.body === undefined ? {} : { body: scenario.body }),
});

async function main(): Promise<void> {
  const settings = readSettings();
  process.on('SIGINT', () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error('\n[bench] interrupted: stopping the load and cleaning up (Ctrl-C again to quit at once)');
    stopAllRuns();
  });
  console.log(`[bench] ${describePinning(pinGenerator(settings.pin))}`);
  if (settings.quizStart) {
    await benchQuizStart(
      {
        dbs: settings.dbs,
        students: settings.students,
        overload: settings.overload,
        profile: settings.profile,
        cold: settings.cold,
        exam: settings.exam,
        retry: settings.retry,
        announced: settings.announced,
        rehearsal: settings.rehearsal,
        readAheadSeconds: settings.readAheadSeconds,
        viaNginx: settings.viaNginx,
        processes: settings.processes,
      },
      checkInterrupted,
    );
    return;
  }
  if (settings.scaling) {
    await benchScaling(settings.dbs, settings.sizes, settings.load, checkInterrupted);
    return;
  }
  if (settings.schools.length > 0) {
    await benchSchools(settings.dbs, settings.schools, settings.load, checkInterrupted);
    return;
  }
  if (settings.cluster) {
    try {
      await benchCluster(settings.load, checkInterrupted);
    } finally {
      await cleanUp();
    }
    return;
  }
  for (const kind of settings.dbs) await benchDatabase(kind, settings);
}

main().then(
  // Budgets are reported, not enforced: a FAIL still exits 0.
  () => process.exit(0),
  async (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    await cleanUp();
    process.exit(interrupted ? 130 : 1);
  },
);
