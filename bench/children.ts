// The bench's server children (bench/server.ts), each in its own process, driven over IPC: started
// with a clean environment, asked for CPU readings, profiles and seeds, and stopped. Every child is on
// the cleanup list from the start, so Ctrl-C or a failure leaves none behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { DbKind } from './database';
import { postgresCpuMicros } from './database-cpu';
import { measure, type LoadOptions, type MeasuredWindow, type Target } from './measure';
import { loadNow, type ServerMeasurement } from './report';
import { serverCommandPrefix } from './pinning';
import type { CatalogueSeedReply } from './scenarios';
import type { ControlReply, ControlRequest, ReadyMessage } from './server';

export const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Writing the large catalogue: seconds on SQLite, longer on a busy PostgreSQL. */
const SEED_TIMEOUT_MS = 10 * 60_000;

/** Cleanups of the run in progress, newest first, so Ctrl-C leaves no server or database behind. */
export const cleanups: (() => Promise<void>)[] = [];

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const next = cleanups.pop();
    await next?.().catch((error: unknown) => console.error('[bench] cleanup failed:', error));
  }
}

/**
 * For the closed-loop benches (routes, scaling, cluster): autocannon's N connections each send their
 * next request when the last is answered, so the server's loop is busy every millisecond by design
 * while at most N requests are in flight. The utilization gate (decision 0010) is for arrivals beyond
 * capacity, which a closed loop never makes; left on, it refused most of the very load measured
 * (a tree route "measured" at 0.10 statements a request was mostly 503s). The in-flight cap and the
 * event-loop delay limit stay on. The quiz and exam starts, open loops, keep the server's defaults.
 */
export const CLOSED_LOOP_ENV: Record<string, string> = { MAX_EVENT_LOOP_UTILIZATION: '0' };

export type ServerChild = ReadyMessage & { child: ChildProcess };

/**
 * The settings a run is measuring, given to every server child: BENCH_SERVER_X=v in the bench's
 * environment sets X=v in theirs (BENCH_SERVER_DATABASE_POOL_SIZE=30, BENCH_SERVER_MAX_IN_FLIGHT=512).
 * Printed once, so a figure is never read without them.
 */
function serverOverrides(): Record<string, string> {
  const prefix = 'BENCH_SERVER_';
  const overrides = Object.fromEntries(
    Object.entries(process.env)
      .filter(([name, value]) => name.startsWith(prefix) && value !== undefined)
      .map(([name, value]) => [name.slice(prefix.length), value!]),
  );
  if (Object.keys(overrides).length > 0 && !overridesShown) {
    overridesShown = true;
    console.log(`[bench] server settings from BENCH_SERVER_*: ${JSON.stringify(overrides)}`);
  }
  return overrides;
}
let overridesShown = false;

/**
 * A server child on `databaseEnv`. Children that serve one database together must share `jwtSecret`
 * (a token one signs, the other checks).
 */
export async function startServer(
  databaseEnv: Record<string, string>,
  jwtSecret = randomBytes(48).toString('base64url'),
): Promise<ServerChild> {
  // A clean environment, not the caller's: REDIS_URL, SMTP_URL, PORT and the like would change what
  // is measured.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000000',
    LOAD_DEMO: 'false',
    JWT_SECRET: jwtSecret,
    ...databaseEnv,
    ...serverOverrides(),
  };
  // Under `taskset -c <cores>` when the generator is pinned (bench/pinning.ts): taskset execs node, so
  // the pid stays the server's.
  const [command, ...prefix] = [...serverCommandPrefix(), process.execPath];
  const args = [...prefix, '--import', 'tsx', join(ROOT, 'bench', 'server.ts')];
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => stopServer(child));
  const ready = await answerOf<ReadyMessage>(child, 'ready', START_TIMEOUT_MS);
  return { ...ready, child };
}

/** The next message of `type` from the child; fails when the child exits or takes too long. */
export function answerOf<T extends { type: string }>(
  child: ChildProcess,
  type: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolveAnswer, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== type) return;
      done();
      resolveAnswer(message as T);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`the server child exited while waiting for "${type}" (${signal ?? code})`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server child did not answer "${type}" in time`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function ask<T extends ControlReply['type']>(
  child: ChildProcess,
  request: ControlRequest,
  answer: T,
  timeoutMs = STOP_TIMEOUT_MS,
): Promise<Extract<ControlReply, { type: T }>> {
  const answered = answerOf<Extract<ControlReply, { type: T }>>(child, answer, timeoutMs);
  child.send(request);
  return answered;
}

/**
 * The measured window as the server saw it: its CPU time (so CPU per request, which holds steadier than
 * req/s when other work shares the two cores), the statements its Kysely ran (database round trips)
 * and, with --profile, a CPU profile written to `profileFile`.
 */
export function serverWindow(child: ChildProcess, profileFile: string | null) {
  let atStart = { cpuMicros: 0, queries: 0 };
  let cpuMicros = 0;
  let queries = 0;
  const window: MeasuredWindow = {
    async start() {
      if (profileFile) await ask(child, { type: 'profile:start' }, 'profile:started');
      atStart = await ask(child, { type: 'usage:read' }, 'usage');
    },
    async stop() {
      const atStop = await ask(child, { type: 'usage:read' }, 'usage');
      cpuMicros = atStop.cpuMicros - atStart.cpuMicros;
      queries = atStop.queries - atStart.queries;
      if (profileFile) await ask(child, { type: 'profile:stop', file: profileFile }, 'profile:stopped');
    },
  };
  return { window, cpuMicros: () => cpuMicros, queries: () => queries };
}

/**
 * One window over several server children (--cluster, two processes): their figures summed; with
 * `profileFiles`, a CPU profile of each child (by position).
 */
export function serversWindow(children: ChildProcess[], profileFiles: string[] = []) {
  const windows = children.map((child, i) => serverWindow(child, profileFiles[i] ?? null));
  const window: MeasuredWindow = {
    start: async () => {
      await Promise.all(windows.map((w) => w.window.start()));
    },
    stop: async () => {
      await Promise.all(windows.map((w) => w.window.stop()));
    },
  };
  const sum = (read: (w: (typeof windows)[number]) => number) =>
    windows.reduce((total, w) => total + read(w), 0);
  return { window, cpuMicros: () => sum((w) => w.cpuMicros()), queries: () => sum((w) => w.queries()) };
}

/**
 * One measured target on one or more server children: autocannon's figures, and the children's CPU time
 * and statements summed over the measured window, with the load average at its end.
 */
export async function measureServers(
  children: ChildProcess[],
  target: Target,
  load: LoadOptions,
  profileFile: string | null = null,
): Promise<ServerMeasurement> {
  const inServers = children.length === 1 ? serverWindow(children[0]!, profileFile) : serversWindow(children);
  let databaseAtStart = 0;
  let databaseCpuMicros = 0;
  const window: MeasuredWindow = {
    async start() {
      await inServers.window.start();
      databaseAtStart = postgresCpuMicros();
    },
    async stop() {
      databaseCpuMicros = Math.max(0, postgresCpuMicros() - databaseAtStart);
      await inServers.window.stop();
    },
  };
  const measured = await measure(target, load, window);
  return {
    ...measured,
    serverCpuMs: inServers.cpuMicros() / 1000,
    databaseCpuMs: databaseCpuMicros / 1000,
    serverQueries: inServers.queries(),
    loadAverage: loadNow(),
  };
}

/**
 * Waits until the server answers a tenant's read with 2xx: a seed that held the event loop (SQLite
 * writes synchronously) leaves load shedding answering 503 for a few seconds after it, and a route
 * checked then would be reported as an error rather than measured.
 */
export async function waitUntilServing(baseUrl: string, tenant: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/Contact/getAll`, { headers: { 'X-Tenant-ID': tenant } });
    await response.arrayBuffer();
    if (response.ok) return;
    if (Date.now() > deadline)
      throw new Error(`${baseUrl} still answers ${response.status} ${timeoutMs / 1000} s after its seed`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Asks the server child for the large catalogue and prints how long it took. */
export async function seedCatalogue(
  child: ChildProcess,
  kind: DbKind,
  request: { tenantSlug: string; password: string },
): Promise<CatalogueSeedReply> {
  process.stdout.write(`[bench] ${kind}: seeding the catalogue ... `);
  const { type: _type, ...reply } = await ask(
    child,
    { type: 'seed-catalogue', ...request },
    'catalogue-seeded',
    SEED_TIMEOUT_MS,
  );
  const counts = Object.entries(reply.counts)
    .map(([table, count]) => `${count.toLocaleString('en-US')} ${table}`)
    .join(', ');
  const phases = Object.entries(reply.phases)
    .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  console.log(
    `${(reply.totalMs / 1000).toFixed(1)} s (one argon2 hash ${reply.hashMs} ms, ${phases})\n` +
      `[bench] ${kind}: ${counts}; bench student ${reply.student.email} in course ${reply.courseId}`,
  );
  return reply;
}
