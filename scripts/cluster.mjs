// `npm run start:cluster`: N API processes sharing one port through Node's cluster module (the primary
// hands incoming connections to the workers in turn). For one machine; across machines, run
// `npm start` on each behind a load balancer (deploy/nginx.conf). Needs PostgreSQL (DATABASE_URL) and
// should have Redis (REDIS_URL): without it each worker keeps its own rate-limit counters and caches.
//
//   WORKERS   how many processes (default: the machine's available parallelism)
//
// The first worker starts alone (it migrates, creates the default tenant, loads the demo on a first
// start); the others follow once it listens. A worker that dies is replaced after a pause that grows
// while they keep dying. SIGTERM or SIGINT is passed to every worker, each finishes its in-flight
// requests (apps/server/src/main.ts), and the primary exits when they all have.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const workers = Number(process.env.WORKERS ?? availableParallelism());
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`[cluster] WORKERS must be a whole number of at least 1, not "${process.env.WORKERS}"`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error(
    '[cluster] set DATABASE_URL (PostgreSQL): several processes on one SQLite file would contend for it',
  );
  process.exit(1);
}
if (!process.env.REDIS_URL && workers > 1) {
  console.warn('[cluster] no REDIS_URL: rate limits and caches are per worker');
}

cluster.setupPrimary({
  exec: join(root, 'apps/server/src/main.ts'),
  execArgv: ['--import', 'tsx'],
});
process.env.NODE_ENV ??= 'production';

let stopping = false;
let started = false;
let failures = 0;
const alive = new Set();

function fork() {
  const worker = cluster.fork();
  alive.add(worker.id);
  worker.once('listening', () => {
    failures = 0;
    if (started) return;
    // The first to listen has migrated and set up the database: the others can start together.
    started = true;
    for (let i = alive.size; i < workers; i += 1) fork();
    console.log(`[cluster] ${workers} worker${workers === 1 ? '' : 's'} on port ${process.env.PORT ?? 3000}`);
  });
}

cluster.on('exit', (worker, code, signal) => {
  alive.delete(worker.id);
  if (stopping) {
    if (alive.size === 0) process.exit(0);
    return;
  }
  failures += 1;
  const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
  console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}); another in ${delay} ms`);
  setTimeout(() => {
    if (!stopping) fork();
  }, delay);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: stopping ${alive.size} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (alive.size === 0) process.exit(0);
  });
}

fork();
