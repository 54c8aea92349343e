// The real product for a journey: the server process `npm start` runs, on a fresh SQLite database
// with the demo catalogue, on a free port. Stopped with its whole process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const ROOT = join(import.meta.dirname, '../..');

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Start-up output: the demo accounts and unused codes are printed there. */
  output(): string;
  /** Reads the server's SQLite database (the outbox, codes) the way an operator would. */
  query<T>(sql: string, ...params: unknown[]): T[];
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOAD_DEMO: 'true',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing-000',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        // The journeys test what a student sees, not capacity (overload.test.ts does). Under CI the
        // other suites share the 2 cores, and a server whose event loop lags past the shedding
        // threshold refuses a read for 5–10 s (Retry-After, then the app's retry): longer than a
        // journey's 15 s wait once it happens twice (seen once, oman.e2e, stop 24).
        MAX_EVENT_LOOP_DELAY_MS: '0',
        MAX_EVENT_LOOP_UTILIZATION: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const database = new Database(join(dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
  return {
    url,
    dataDir,
    output: () => output,
    query: <T>(sql: string, ...params: unknown[]) => database.prepare(sql).all(...params) as T[],
    async stop() {
      database.close();
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The unused codes the server printed at start-up, in print order (formatted XXXXX-XXXXX). */
export function printedCodes(output: string, heading: 'enrolment' | 'unit'): string[] {
  const marker = heading === 'enrolment' ? 'Unused enrolment codes' : 'Unused unit codes';
  const start = output.indexOf(marker);
  if (start < 0) return [];
  const rest = output.slice(start + marker.length);
  const end = rest.search(/\n(Unused |─)/);
  return [
    ...(end < 0 ? rest : rest.slice(0, end)).matchAll(/\b[2-9A-HJ-KM-NP-Z]{5}-[2-9A-HJ-KM-NP-Z]{5}\b/g),
  ].map((m) => m[0]);
}
