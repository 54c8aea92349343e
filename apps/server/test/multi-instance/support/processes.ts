// Real server processes for the tests that need more than one, or need to kill one: each is
// `node --import tsx apps/server/src/main.ts` (what `npm start` runs), in its own process group, on
// an ephemeral port it reports in its start-up log line. Its JSON log lines are kept for assertions.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = resolve(import.meta.dirname, '../../../../..');
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const CLI = join(ROOT, 'apps/server/src/cli/index.ts');

export type LogLine = { msg?: string; level?: number; [key: string]: unknown };
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** Every JSON line it logged so far, and the other lines verbatim. */
  logs: LogLine[];
  output: string[];
  exited: Promise<Exit>;
  /** Resolves with the first log line (past or future) for which `match` holds. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends `signal` to its process group. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
};

/** The environment every server process starts from: nothing inherited but PATH and HOME. */
const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

/**
 * Starts `script` (the server's main.ts by default; scripts/cluster.mjs runs several; a TypeScript
 * one runs through tsx).
 */
export function spawnServer(
  name: string,
  env: Record<string, string>,
  script = MAIN,
): Omit<ServerProcess, 'port' | 'url'> {
  const child = spawn(process.execPath, script.endsWith('.ts') ? ['--import', 'tsx', script] : [script], {
    cwd: ROOT,
    env: { ...baseEnv(), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logs: LogLine[] = [];
  const output: string[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const take = (text: string) => {
    output.push(text);
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    logs.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', take);
  createInterface({ input: child.stderr }).on('line', take);
  const exited = new Promise<Exit>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const pid = child.pid!;
  const signal = (sig: NodeJS.Signals) => {
    if (done) return;
    try {
      process.kill(-pid, sig);
    } catch {
      // Already gone.
    }
  };
  return {
    name,
    pid,
    logs,
    output,
    exited,
    signal,
    waitForLog(match, timeoutMs = 60_000) {
      const past = logs.find(match);
      if (past) return Promise.resolve(past);
      return new Promise<LogLine>((resolveLine, reject) => {
        const waiter = {
          match,
          resolve: (line: LogLine) => {
            clearTimeout(timer);
            resolveLine(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name}: no such log line in ${timeoutMs} ms; output:\n${output.join('\n')}`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then((exit) => {
          if (!waiters.delete(waiter)) return;
          clearTimeout(timer);
          reject(new Error(`${name} exited (${exit.signal ?? exit.code}); output:\n${output.join('\n')}`));
        });
      });
    },
    async stop(graceMs = 15_000) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}

const LISTENING = /^Server listening at http:\/\/127\.0\.0\.1:(\d+)$/;

/** Starts a server process and resolves once it listens (migrations and start-up done). */
export async function startServer(
  name: string,
  env: Record<string, string>,
  script = MAIN,
): Promise<ServerProcess> {
  const server = spawnServer(name, env, script);
  const line = await server.waitForLog((l) => typeof l.msg === 'string' && LISTENING.test(l.msg));
  const port = Number(LISTENING.exec(line.msg!)![1]);
  return { ...server, port, url: `http://127.0.0.1:${port}` };
}

/** Runs the operator tool once, as `npm run admin -- …` would. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

export { freePort } from '../../../../../test-support/free-port';
