// `npm run bench -- --quiz-start [--students 5000] [--db sqlite|postgres|both] [--overload] [--cold]`: a
// grade opening the weekly quiz at the announced time. N distinct students (bench/direct-seed.ts: written
// straight into a fresh database with a live session each and a minted token, no logins), all enrolled
// in one course whose unit ends with a quiz of 5 questions. Phase 1: each student opens the quiz
// (GET /api/Student/contentlesson/{id}) at a random moment of a 10 s window; phase 2: each one whose
// quiz arrived submits it (POST /api/quizresult/submit, the first shown answer to every question) at a
// random moment of the next 10 s, or as soon as its quiz arrives if that is later. The offer is open
// loop (bench/open-loop.ts): a slow server does not slow it down. The client gives up after 10 s.
// Before the window, 200 other students open the quiz ten at a time (the servers warmed as by a
// day's work: compiled code, open pool connections, the course cached); `--cold` skips that and
// measures servers started a moment ago, whose first second is the slowest.
//
// Configurations: SQLite with one server process; PostgreSQL + Redis with two processes, the students
// split between them (as a load balancer would; `--processes n` runs n, which share the server's core).
// `--overload` offers twice the students in the same
// windows: beyond capacity the server should answer 503 with Retry-After, never 500, and never answer
// a client that already left. Reported per configuration and phase: p50/p99, answers by status (500s
// and 503s with and without Retry-After apart), client timeouts and network errors; for the whole run
// the requests whose client left before the answer and those the server answered after the client
// left (counted in the server, bench/server.ts), the statements and CPU per request of the servers,
// their peak RSS (bench/memory.ts), and the load average at the end. Written to
// .bench/quiz-start[-overload].json.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { startNginx } from '../test-support/nginx';
import { REDIS_TEST_URL, redisAvailability } from '../test-support/redis-availability';
import {
  ask,
  cleanUp,
  cleanups,
  ROOT,
  serversWindow,
  startServer,
  waitUntilServing,
  type ServerChild,
} from './children';
import { createBenchDatabase, type DbKind } from './database';
import { processesCpuMicros } from './database-cpu';
import type { DirectStudent } from './direct-seed';
import { memoryWindow, type MemoryPeak } from './memory';
import {
  PHONE_HEADERS,
  phoneAgent,
  send,
  sleepUntil,
  summarise,
  bySecond,
  type PhaseSecond,
  warmUpAgent,
  type Outcome,
  type PhaseSummary,
} from './open-loop';
import { describePinning } from './pinning';
import { formatTable, loadNow, runInfo, writeReport } from './report';
import { TENANT } from './scenarios';
import { EXAM_FLOW, EXAM_FLOW_DESCRIPTION, EXAM_FLOW_WITH_RETRIES } from './exam-start';
import { answersOf, CLIENT_TIMEOUT_MS, WINDOW_MS, type StartFlow } from './start-flow';

/**
 * An announced exam's opening comes this long after the announcement: past the servers' next look for
 * due openings (EXAM_REHEARSAL_CHECK_MS, 15 s) and their rehearsal (a few seconds).
 */
const ANNOUNCE_LEAD_MS = 30_000;
/** Students outside the measured grade whose reads warm the servers up before the window. */
const WARM_UP_STUDENTS = 200;
const WARM_UP_CONCURRENCY = 10;
/** Writing 10,000 students with sessions: seconds on SQLite, longer on a busy PostgreSQL. */
const SEED_TIMEOUT_MS = 10 * 60_000;
/** The generator's own event-loop delay above which its latencies and timeouts are not to be trusted. */
const STARVED_GENERATOR_MS = 100;

export type QuizStartOptions = {
  dbs: DbKind[];
  students: number;
  overload: boolean;
  /** Write a V8 CPU profile of each server child over the run, under .bench/profiles/. */
  profile: boolean;
  /** Skip the warm-up: the window opens on servers that have answered nothing but a health read. */
  cold: boolean;
  /** The timed exam drawn from a bank (bench/exam-start.ts) instead of the plain weekly quiz. */
  exam: boolean;
  /** With `exam`: students refused with 503 ask again after Retry-After, as the web app does. */
  retry: boolean;
  /** With `exam`: announced for one minute, ANNOUNCE_LEAD_MS after the warm-up; the window opens then. */
  announced: boolean;
  /** With `exam`: the servers rehearse an announced opening, or warm an open exam when it is read (the
   * product's default), or not. */
  rehearsal: boolean;
  /** With `exam`, not `announced`: seconds between the warm-up's reads and the window. */
  readAheadSeconds: number;
  /** The students reach the servers through nginx with deploy/nginx.conf (plain HTTP), as deployed. */
  viaNginx: boolean;
  /** Server processes on PostgreSQL (SQLite has one). */
  processes: number;
};

type QuizStartRun = {
  configuration: string;
  db: DbKind;
  processes: number;
  students: number;
  seedMs: number;
  /** By phase, in the flow's order (open and submit; for the exam open, start, save and submit). */
  phases: Record<string, PhaseSummary>;
  /** Students whose quiz never arrived, so who had nothing to submit. */
  noQuizToSubmit: number;
  clientsLeft: number;
  answeredAfterClientLeft: number;
  queriesPerRequest: number;
  serverCpuMicrosPerRequest: number;
  /** With --via-nginx: nginx's own CPU (master and workers) per request. */
  nginxCpuMicrosPerRequest: number | null;
  memory: MemoryPeak;
  /** The first phase (the opening) second by second of its window: where its slow answers were. */
  openingBySecond: PhaseSecond[];
  /**
   * This process's own event-loop delay while offering the load: when it is large, the generator (not
   * only the server) was short of CPU, and latencies and timeouts are late by up to that much.
   */
  generatorLoopDelay: { p99Ms: number; maxMs: number };
  loadAverageAtStart: number;
  loadAverage: number;
};

export async function benchQuizStart(options: QuizStartOptions, checkInterrupted: () => void): Promise<void> {
  const startedAt = new Date();
  const students = options.students * (options.overload ? 2 : 1);
  const runs: QuizStartRun[] = [];
  for (const db of options.dbs) {
    checkInterrupted();
    try {
      runs.push(await runConfiguration(db, students, options));
    } finally {
      await cleanUp();
    }
  }
  const name = `${options.exam ? 'exam-start' : 'quiz-start'}${options.overload ? '-overload' : ''}${options.exam && options.retry ? '-retry' : ''}${options.announced ? '-announced' : ''}${options.exam && !options.rehearsal ? '-unrehearsed' : ''}${options.readAheadSeconds > 0 ? `-ahead${options.readAheadSeconds}` : ''}${options.viaNginx ? '-nginx' : ''}`;
  const file = join(ROOT, '.bench', `${name}.json`);
  const report = {
    kind: name,
    ...runInfo(startedAt),
    windowMs: WINDOW_MS,
    clientTimeoutMs: CLIENT_TIMEOUT_MS,
    runs,
  };
  writeReport(file, report as never);
  console.log(`\n${formatQuizStart(runs, options)}\nwritten to ${file}\n`);
}

async function runConfiguration(
  db: DbKind,
  students: number,
  options: QuizStartOptions,
): Promise<QuizStartRun> {
  const { profile, cold } = options;
  const flow = options.exam ? (options.retry ? EXAM_FLOW_WITH_RETRIES : EXAM_FLOW) : QUIZ_FLOW;
  const loadAverageAtStart = loadNow();
  const database = await createBenchDatabase(db);
  cleanups.push(() => database.drop());
  let env = database.env;
  if (db === 'postgres') {
    const redis = await redisAvailability();
    if (!redis.ok) throw new Error(`the quiz start on PostgreSQL needs Redis: ${redis.reason}`);
    // A prefix of its own: other runs and tests share this Redis.
    env = { ...env, REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:` };
  }
  // As deployed behind nginx (README, Reverse proxy): the proxy on this machine is trusted.
  if (options.viaNginx) env = { ...env, TRUST_PROXY: '127.0.0.1' };
  if (options.exam && !options.rehearsal) env = { ...env, EXAM_REHEARSAL_RUNS: '0' };
  const jwtSecret = randomBytes(48).toString('base64url');
  const servers: ServerChild[] = [await startServer(env, jwtSecret)];
  if (db === 'postgres')
    for (let i = 1; i < options.processes; i += 1) servers.push(await startServer(env, jwtSecret));
  const configuration =
    (db === 'sqlite'
      ? '1 process, SQLite'
      : `${servers.length} process${servers.length === 1 ? '' : 'es'}, PostgreSQL + Redis`) +
    (options.viaNginx ? ', via nginx' : '');

  process.stdout.write(
    `[bench] quiz start, ${configuration}: seeding ${students.toLocaleString('en-US')} students ... `,
  );
  const seeded = await ask(
    servers[0]!.child,
    {
      type: 'seed-quiz-start',
      tenantSlug: TENANT,
      students: students + (cold ? 0 : WARM_UP_STUDENTS),
      exam: options.exam,
    },
    'quiz-start-seeded',
    SEED_TIMEOUT_MS,
  );
  console.log(`${(seeded.seedMs / 1000).toFixed(1)} s`);
  for (const server of servers) {
    await waitUntilServing(`http://127.0.0.1:${server.appPort}`, TENANT);
    await ask(server.child, { type: 'clients:watch' }, 'clients:watching');
  }

  const nginx = options.viaNginx
    ? await startNginx(
        servers.map((server) => server.appPort),
        { tls: false },
      )
    : null;
  if (nginx) cleanups.push(() => nginx.stop());
  const baseUrls = nginx
    ? [`http://127.0.0.1:${nginx.proxyPort}`]
    : servers.map((server) => `http://127.0.0.1:${server.appPort}`);
  const measured = seeded.students.slice(0, students);
  if (!cold) {
    const warmUp = seeded.students.slice(students);
    process.stdout.write(
      `[bench] quiz start, ${configuration}: warming up with ${warmUp.length} other students' reads ... `,
    );
    console.log(`${await warm(baseUrls, seeded.lessonId, warmUp)} answered 200`);
    if (options.readAheadSeconds > 0) {
      console.log(
        `[bench] quiz start, ${configuration}: the window opens ${options.readAheadSeconds} s after those reads`,
      );
      await new Promise((resolve) => setTimeout(resolve, options.readAheadSeconds * 1000));
    }
  }

  const children = servers.map((server) => server.child);
  let opensAt: number | undefined;
  if (options.announced) {
    opensAt = Date.now() + ANNOUNCE_LEAD_MS;
    const before = await Promise.all(children.map((child) => ask(child, { type: 'usage:read' }, 'usage')));
    await ask(
      children[0]!,
      {
        type: 'exam:announce',
        tenantSlug: TENANT,
        lessonId: seeded.lessonId,
        opensAt: new Date(opensAt).toISOString(),
      },
      'exam:announced',
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt! - Date.now() - 1_000)));
    const after = await Promise.all(children.map((child) => ask(child, { type: 'usage:read' }, 'usage')));
    const cpuMs = after.reduce((sum, usage, i) => sum + usage.cpuMicros - before[i]!.cpuMicros, 0) / 1000;
    console.log(
      `[bench] quiz start, ${configuration}: exam announced ${ANNOUNCE_LEAD_MS / 1000} s ahead, ` +
        `rehearsal ${options.rehearsal ? 'on' : 'off'}; the servers' CPU until the opening: ${Math.round(cpuMs)} ms`,
    );
  }
  const profiles = profile
    ? children.map((_, i) => join(ROOT, '.bench', 'profiles', `quiz-start-${db}-${i + 1}.cpuprofile`))
    : [];
  if (profile) mkdirSync(join(ROOT, '.bench', 'profiles'), { recursive: true });
  const inServers = serversWindow(children, profiles);
  const usageBefore = await Promise.all(children.map((child) => ask(child, { type: 'usage:read' }, 'usage')));
  const nginxPids = nginx?.pids() ?? [];
  const nginxCpuBefore = processesCpuMicros(nginxPids);
  const memory = memoryWindow(servers.map((server) => server.pid));
  console.log(
    `[bench] quiz start, ${configuration}: pids ${servers.map((s) => s.pid).join(', ')}; ` +
      `opening in ${WINDOW_MS / 1000} s, submitting in the next ${WINDOW_MS / 1000} s ...`,
  );
  await inServers.window.start();
  memory.start();
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const outcomes = await flow.offer(baseUrls, seeded.lessonId, measured, opensAt);
  loopDelay.disable();
  // Answers still being worked on when the clients gave up: let the servers finish before reading.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await inServers.window.stop();
  const peak = memory.stop();
  const usageAfter = await Promise.all(children.map((child) => ask(child, { type: 'usage:read' }, 'usage')));
  const nginxCpu = processesCpuMicros(nginxPids) - nginxCpuBefore;
  const delta = (field: 'clientsLeft' | 'answeredAfterLeft') =>
    usageAfter.reduce((sum, after, i) => sum + after[field] - usageBefore[i]![field], 0);

  const requests = Object.values(outcomes).reduce((sum, phase) => sum + phase.length, 0);
  const phases = Object.fromEntries(flow.phases.map((phase) => [phase, summarise(outcomes[phase] ?? [])]));
  const run: QuizStartRun = {
    configuration,
    db,
    processes: servers.length,
    students,
    seedMs: seeded.seedMs,
    phases,
    noQuizToSubmit: students - (outcomes.submit?.length ?? 0),
    clientsLeft: delta('clientsLeft'),
    answeredAfterClientLeft: delta('answeredAfterLeft'),
    queriesPerRequest: requests > 0 ? Number((inServers.queries() / requests).toFixed(2)) : 0,
    serverCpuMicrosPerRequest: requests > 0 ? Math.round(inServers.cpuMicros() / requests) : 0,
    nginxCpuMicrosPerRequest: nginx && requests > 0 ? Math.round(nginxCpu / requests) : null,
    memory: peak,
    openingBySecond: bySecond(outcomes[flow.phases[0]!] ?? []),
    generatorLoopDelay: {
      p99Ms: Math.round(loopDelay.percentile(99) / 1e6),
      maxMs: Math.round(loopDelay.max / 1e6),
    },
    loadAverageAtStart,
    loadAverage: loadNow(),
  };
  console.log(
    `[bench] ${flow.title}, ${configuration}: ` +
      flow.phases.map((phase) => `${phase} p99 ${phases[phase]!.p99Ms} ms`).join(', ') +
      `, ${Object.values(phases).reduce((sum, phase) => sum + failures(phase), 0)} failed, peak RSS ${peak.totalPeakMiB ?? '?'} MiB, load ${run.loadAverage}, ` +
      `generator loop delay p99 ${run.generatorLoopDelay.p99Ms} ms (max ${run.generatorLoopDelay.maxMs})`,
  );
  return run;
}

/**
 * Before the window, other students of the grade open the quiz a few at a time, as a server that has
 * been up all day has served them: code paths compiled, pool connections open, the course's
 * structure and quiz key cached. The measured students' own sessions are still cold. `--cold` skips it.
 */
async function warm(baseUrls: string[], lessonId: number, students: DirectStudent[]): Promise<number> {
  const agent = warmUpAgent();
  let ok = 0;
  for (let start = 0; start < students.length; start += WARM_UP_CONCURRENCY) {
    const batch = students.slice(start, start + WARM_UP_CONCURRENCY);
    const replies = await Promise.all(
      batch.map((student, i) =>
        send(new URL(`${baseUrls[(start + i) % baseUrls.length]}/api/Student/contentlesson/${lessonId}`), {
          method: 'GET',
          headers: {
            'X-Tenant-ID': TENANT,
            Authorization: `Bearer ${student.token}`,
            DeviceId: student.deviceId,
          },
          timeoutMs: CLIENT_TIMEOUT_MS,
          agent,
        }),
      ),
    );
    ok += replies.filter((reply) => reply.status === 200).length;
  }
  agent.destroy();
  return ok;
}

/** Both phases for every student, each on its own schedule; students alternate between the servers. */
async function offerQuiz(baseUrls: string[], lessonId: number, students: DirectStudent[]) {
  const open: Outcome[] = [];
  const submit: Outcome[] = [];
  const start = performance.now() + 200;
  const headersOf = (student: DirectStudent) => ({
    ...PHONE_HEADERS,
    'X-Tenant-ID': TENANT,
    Authorization: `Bearer ${student.token}`,
    DeviceId: student.deviceId,
  });
  await Promise.all(
    students.map(async (student, i) => {
      const base = baseUrls[i % baseUrls.length]!;
      const agent = phoneAgent();
      await sleepUntil(start + Math.random() * WINDOW_MS);
      const opened = await send(new URL(`${base}/api/Student/contentlesson/${lessonId}`), {
        method: 'GET',
        headers: headersOf(student),
        timeoutMs: CLIENT_TIMEOUT_MS,
        agent,
      });
      open.push(opened);
      const answers = opened.status === 200 ? answersOf(opened.body) : null;
      if (answers) {
        await sleepUntil(start + WINDOW_MS + Math.random() * WINDOW_MS);
        submit.push(
          await send(new URL(`${base}/api/quizresult/submit`), {
            method: 'POST',
            headers: { ...headersOf(student), 'Content-Type': 'application/json' },
            body: JSON.stringify({ lessonId, answers }),
            timeoutMs: CLIENT_TIMEOUT_MS,
            agent,
          }),
        );
      }
      agent.destroy();
    }),
  );
  return { open, submit };
}

const QUIZ_FLOW: StartFlow = { title: 'quiz start', phases: ['open', 'submit'], offer: offerQuiz };

export const failures = (phase: PhaseSummary) => phase.offered - phase.ok;

function formatQuizStart(runs: QuizStartRun[], options: QuizStartOptions): string {
  const header = [
    'configuration, phase',
    'students',
    'p50 ms',
    'p99 ms',
    'p99 new conn ms',
    'ok',
    'errors',
    '500',
    '503+RA',
    '503 no RA',
    'other',
    'timeouts',
    'net err',
    'q/req',
    'CPU µs/req',
    'peak RSS MiB',
    'left / answered after',
    'load',
  ];
  const body = runs.flatMap((run) =>
    Object.entries(run.phases).map(([phase, s], index) => {
      const net = Object.values(s.networkErrors).reduce((a, b) => a + b, 0);
      const perRun = index === 0;
      return [
        `${run.configuration}, ${phase}`,
        s.offered.toLocaleString('en-US'),
        String(s.p50Ms),
        String(s.p99Ms),
        `${s.newConnections.p99Ms} (${s.newConnections.answered.toLocaleString('en-US')})`,
        s.ok.toLocaleString('en-US'),
        String(failures(s)),
        String(s.status500),
        String(s.status503WithRetryAfter),
        String(s.status503WithoutRetryAfter),
        String(s.otherErrors),
        String(s.clientTimeouts),
        String(net),
        perRun ? String(run.queriesPerRequest) : '',
        perRun ? String(run.serverCpuMicrosPerRequest) : '',
        perRun
          ? `${run.memory.totalPeakMiB ?? '?'} (from ${run.memory.startMiB.map((v) => v ?? '?').join('+')})`
          : '',
        perRun ? `${run.clientsLeft} / ${run.answeredAfterClientLeft}` : '',
        perRun ? `${run.loadAverageAtStart.toFixed(2)} → ${run.loadAverage.toFixed(2)}` : '',
      ];
    }),
  );
  const lags = runs.map(
    (run) =>
      `${run.configuration}: the generator's own event-loop delay p99 ${run.generatorLoopDelay.p99Ms} ms, ` +
      `max ${run.generatorLoopDelay.maxMs} ms (latencies and timeouts are late by up to that much)` +
      (run.generatorLoopDelay.p99Ms > STARVED_GENERATOR_MS
        ? ': WARNING, the generator was short of CPU (other load on the machine?): run again when it is quieter'
        : ''),
  );
  const openings = runs.map(
    (run) =>
      `${run.configuration}, open p99 ms by second of the window: ` +
      run.openingBySecond
        .map(({ p99Ms, failed }) => (failed > 0 ? `${p99Ms} (${failed} failed)` : String(p99Ms)))
        .join(', '),
  );
  const proxies = runs
    .filter((run) => run.nginxCpuMicrosPerRequest !== null)
    .map(
      (run) =>
        `${run.configuration}: nginx's own CPU ${run.nginxCpuMicrosPerRequest} µs per request ` +
        "(beside the servers' CPU µs/req above)",
    );
  const notes = runs.flatMap((run) =>
    Object.entries(run.phases)
      .filter(([, s]) => Object.keys(s.networkErrors).length > 0 || s.otherErrors > 0)
      .map(
        ([phase, s]) =>
          `${run.configuration}, ${phase}: statuses ${JSON.stringify(s.statuses)}, ` +
          `network errors ${JSON.stringify(s.networkErrors)}`,
      ),
  );
  return [
    `Synchronised ${options.exam ? EXAM_FLOW_DESCRIPTION : `quiz start: ${WINDOW_MS / 1000} s to open, ${WINDOW_MS / 1000} s to submit`}` +
      `${options.overload ? ', OVERLOAD (twice the students)' : ''}` +
      `${options.cold ? ', COLD (no warm-up)' : `, after ${WARM_UP_STUDENTS} other students' reads`}` +
      `${options.exam ? `, ${options.announced ? 'announced' : 'open'}, rehearsal ${options.rehearsal ? 'on' : 'off'}` : ''}` +
      `${options.readAheadSeconds > 0 ? `, window ${options.readAheadSeconds} s after the warm-up` : ''}; ` +
      `client timeout ${CLIENT_TIMEOUT_MS / 1000} s; ` +
      `${cpus().length} cpus, ${describePinning()}`,
    "p99 new conn = of the answers to requests sent on a new connection (a phone's first), the p99 (and how many);",
    'errors = requests without a 2xx answer; 503+RA = 503 with Retry-After; other = any other non-2xx; net err =',
    'connection errors; q/req and CPU µs/req = statements and CPU of the servers per request, both phases and',
    'processes together; left / answered after = requests whose client left before the answer / of them, answered',
    'by the server all the same; load = 1-minute load average before → after.',
    '',
    ...formatTable(header, body),
    ...openings,
    ...lags,
    ...proxies,
    ...notes,
  ].join('\n');
}
