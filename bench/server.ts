// The server side of the bench, in its own process so that autocannon (in the parent) never shares its
// event loop. Started by bench/api.ts over IPC with the whole environment chosen by the parent (fresh
// DATA_DIR or DATABASE_URL, LOG_LEVEL=silent, NODE_ENV=production, a very high RATE_LIMIT_MAX).
//
// The bare baseline lives in this same process, on its own plain Fastify instance and port. Routes are
// measured one after another, so the two never compete for the loop; what they do share is everything a
// second process would make different: Node flags, the tsx loader, heap size and GC state, and the core
// the OS schedules this process on. The ratio then isolates what the app's plugins, hooks and queries
// cost, rather than the difference between two processes.
//
// Around each measured window (not the warm-up) the parent reads this process's CPU time, for the
// server CPU per request; with --profile it also asks for a V8 CPU profile of the window, so each route
// gets its own .cpuprofile (open it in Chrome DevTools or speedscope).
//
// For the student reads, the bare instance also sends the route's own answer, as recorded from one
// request (`/bare/same-bytes`): the floor that the answer's size alone sets (bench/api.ts).
//
// Before the load, the parent asks once for the large catalogue (bench/catalogue.ts): it is written
// here, with one argon2 hash computed for every student: through the app's own connection on SQLite,
// and as the schema owner on PostgreSQL (the app's role may not VACUUM), in the tenant's scope either
// way, as row-level security requires.
//
// Several of these children can serve one database (`--cluster`): the parent gives them one JWT secret.
//
// Every statement the app's Kysely runs is counted (buildApp's `onQuery`): the parent reads the count
// with the CPU time, for database round trips per request. On request (`clients:watch`, the quiz start)
// it also counts requests whose client left before the answer, and those the server answered anyway
// after the client had left (work done for nobody). For the quiz start and the scaling figures it
// writes students with live sessions and minted tokens straight into the database (bench/direct-seed.ts).
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, type Db, type DbHandle } from '../apps/server/src/db/connect';
import { systemClock } from '../apps/server/src/lib/clock';
import { listen } from '../apps/server/src/lib/listen';
import { runAsTenant } from '../apps/server/src/lib/tenant-context';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { videoNames } from '../apps/server/src/modules/video/storage';
import { seedCatalogue, type CatalogueSeed } from './catalogue';
import { seedBatchAdmin, type BatchAdmin } from './code-batches';
import {
  seedQuizStart,
  seedScaling,
  seedSchool,
  settle,
  type QuizStartSeed,
  type ScalingSeed,
  type SchoolSeed,
  type SeedScope,
} from './direct-seed';
import { seedVideo, serveFolder, type SeedVideoRequest, type SeededVideo } from './video/seed';

export type ReadyMessage = { type: 'ready'; appPort: number; barePort: number; pid: number };
/** Requests the parent sends around each measured window, and their answers. */
export type ControlRequest =
  | { type: 'usage:read' }
  | { type: 'profile:start' }
  | { type: 'profile:stop'; file: string }
  | { type: 'seed-catalogue'; tenantSlug: string; password: string }
  | { type: 'seed-batch-admin'; tenantSlug: string; password: string }
  | { type: 'seed-quiz-start'; tenantSlug: string; students: number; exam?: boolean }
  | { type: 'seed-scaling'; tenantSlug: string; sizes: number[] }
  /** bench/schools.ts: `count` schools bench-school-1 … each with a course and a student. */
  | { type: 'seed-schools'; count: number }
  | { type: 'clients:watch' }
  /** The answer `/bare/same-bytes` sends from now on: a route's own answer, for its size floor. */
  | { type: 'same-bytes:set'; body: string; contentType: string }
  /** The exam of seed-quiz-start is announced for `opensAt` (ISO): every process forgets its settings. */
  | { type: 'exam:announce'; tenantSlug: string; lessonId: number; opensAt: string }
  // npm run bench:video (bench/video/seed.ts): a ready own video and a bare static server of its ladder.
  | SeedVideoRequest;
/** Counters since the process started; the parent subtracts readings. */
export type Usage = {
  cpuMicros: number;
  /** Statements the app's Kysely ran. */
  queries: number;
  /** With clients:watch: responses whose connection closed before they were finished. */
  clientsLeft: number;
  /** With clients:watch: answers the server started writing after the client had left. */
  answeredAfterLeft: number;
};
export type ControlReply =
  | ({ type: 'usage' } & Usage)
  | { type: 'profile:started' }
  | { type: 'profile:stopped'; file: string }
  | ({ type: 'catalogue-seeded'; hashMs: number; totalMs: number } & CatalogueSeed)
  | ({ type: 'batch-admin-seeded' } & BatchAdmin)
  | ({ type: 'quiz-start-seeded'; seedMs: number } & QuizStartSeed)
  | ({ type: 'scaling-seeded'; seedMs: number } & ScalingSeed)
  | { type: 'schools-seeded'; seedMs: number; schools: SchoolSeed[] }
  | { type: 'clients:watching' }
  | { type: 'exam:announced' }
  | { type: 'same-bytes:ready' }
  | ({ type: 'video-seeded' } & SeededVideo);

const portOf = (instance: FastifyInstance) => (instance.server.address() as AddressInfo).port;

function isControlRequest(message: unknown): message is ControlRequest {
  const type = (message as { type?: unknown } | null)?.type;
  return (
    type === 'usage:read' ||
    type === 'profile:start' ||
    type === 'profile:stop' ||
    type === 'seed-catalogue' ||
    type === 'seed-batch-admin' ||
    type === 'seed-quiz-start' ||
    type === 'seed-scaling' ||
    type === 'seed-schools' ||
    type === 'clients:watch' ||
    type === 'same-bytes:set' ||
    type === 'exam:announce' ||
    type === 'seed-video'
  );
}

const usage: Omit<Usage, 'cpuMicros'> = { queries: 0, clientsLeft: 0, answeredAfterLeft: 0 };

/** Counts responses whose client left first, and answers written all the same (see the header). */
function watchClients(server: Server): void {
  server.on('request', (_request, response) => {
    let left = false;
    response.once('close', () => {
      if (response.writableFinished) return;
      left = true;
      usage.clientsLeft += 1;
    });
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => typeof response;
    response.writeHead = (...args: unknown[]) => {
      if (left) usage.answeredAfterLeft += 1;
      return writeHead(...args);
    };
  });
}

/** The profiler session is opened on first use, so runs without --profile never attach it. */
let session: Session | null = null;

function profiler(): Session {
  if (!session) {
    session = new Session();
    session.connect();
  }
  return session;
}

/** Runs a seed in the tenant's scope, as the schema owner when there is one (PostgreSQL). */
async function asSeeder<T>(
  database: DbHandle,
  tenantSlug: string,
  work: (db: Db, tenantId: number) => Promise<T>,
): Promise<T> {
  const seeder = database.ownerUrl
    ? connectDatabase({
        kind: 'postgres',
        url: database.ownerUrl,
        poolSize: 4,
        driver: 'pg',
        ownerUrl: null,
      })
    : database;
  try {
    const tenant = await seeder.db
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', tenantSlug)
      .executeTakeFirstOrThrow();
    return await runAsTenant(tenant.id, () => work(seeder.db, tenant.id));
  } finally {
    if (seeder !== database) await seeder.close();
  }
}

/** What `/bare/same-bytes` answers (same-bytes:set), as a string, so Fastify measures and encodes it
 * as it does a serialized route answer. */
let sameBytes = { body: '{}', contentType: 'application/json; charset=utf-8' };

async function answer(request: ControlRequest, built: BuiltApp): Promise<ControlReply> {
  const { database, jwt } = built.services;
  if (request.type === 'seed-catalogue') {
    const started = performance.now();
    // One argon2 hash for all 10,000 students: hashing each would take minutes.
    const passwordHash = await hashPassword(request.password);
    const hashMs = Math.round(performance.now() - started);
    const seeded = await asSeeder(database, request.tenantSlug, (db) =>
      seedCatalogue(db, database.dialect, { tenantSlug: request.tenantSlug, passwordHash, now: new Date() }),
    );
    return { type: 'catalogue-seeded', hashMs, totalMs: Math.round(performance.now() - started), ...seeded };
  }
  if (request.type === 'seed-batch-admin') {
    const passwordHash = await hashPassword(request.password);
    const admin = await asSeeder(database, request.tenantSlug, (db) =>
      seedBatchAdmin(db, { tenantSlug: request.tenantSlug, passwordHash, now: new Date() }),
    );
    return { type: 'batch-admin-seeded', ...admin };
  }
  if (request.type === 'seed-quiz-start' || request.type === 'seed-scaling') {
    const started = performance.now();
    const seeded = await asSeeder(database, request.tenantSlug, async (db, tenantId) => {
      const scope: SeedScope = { db, jwt, tenantId, now: new Date() };
      const result =
        request.type === 'seed-quiz-start'
          ? ({
              type: 'quiz-start-seeded',
              ...(await seedQuizStart(scope, request.students, request.exam === true)),
            } as const)
          : ({ type: 'scaling-seeded', ...(await seedScaling(scope, request.sizes)) } as const);
      await settle(db, database.dialect);
      return result;
    });
    return { ...seeded, seedMs: Math.round(performance.now() - started) };
  }
  if (request.type === 'seed-schools') {
    const started = performance.now();
    const schools: SchoolSeed[] = [];
    for (let i = 1; i <= request.count; i++) {
      const slug = `bench-school-${i}`;
      await built.services.tenants.ensure(
        { slug, name: `مدرسة ${i}`, timeZone: 'Africa/Cairo' },
        systemClock,
      );
      schools.push(
        await asSeeder(database, slug, async (db, tenantId) => {
          const seeded = await seedSchool({ db, jwt, tenantId, now: new Date() }, slug);
          if (i === request.count) await settle(db, database.dialect);
          return seeded;
        }),
      );
    }
    return { type: 'schools-seeded', seedMs: Math.round(performance.now() - started), schools };
  }
  if (request.type === 'exam:announce') {
    const tenantId = await asSeeder(database, request.tenantSlug, async (db, id) => {
      await db
        .updateTable('quiz_settings')
        .set({ opens_at: request.opensAt })
        .where('lesson_id', '=', request.lessonId)
        .execute();
      return id;
    });
    // As an admin's change: forgotten here at once and, through the cache bus, in the other process.
    built.services.examSettings.invalidate(tenantId, request.lessonId);
    return { type: 'exam:announced' };
  }
  if (request.type === 'seed-video') {
    const { videoStorage } = built.services;
    const seeded = await asSeeder(database, request.tenantSlug, (db, tenantId) =>
      seedVideo(db, tenantId, videoStorage, request),
    );
    const hlsDir = videoStorage.localPath(videoNames.hlsDir(seeded.tenantId, seeded.videoId));
    return { type: 'video-seeded', ...seeded, staticPort: await serveFolder(hlsDir) };
  }
  if (request.type === 'same-bytes:set') {
    sameBytes = { body: request.body, contentType: request.contentType };
    return { type: 'same-bytes:ready' };
  }
  if (request.type === 'clients:watch') {
    watchClients(built.app.server);
    return { type: 'clients:watching' };
  }
  if (request.type === 'usage:read') {
    // CPU time of the whole process (all threads: the libuv pool included), user + system.
    const { user, system } = process.cpuUsage();
    return { type: 'usage', cpuMicros: user + system, ...usage };
  }
  const inspector = profiler();
  if (request.type === 'profile:start') {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    return { type: 'profile:started' };
  }
  const { profile } = await inspector.post('Profiler.stop');
  await inspector.post('Profiler.disable');
  writeFileSync(request.file, JSON.stringify(profile));
  return { type: 'profile:stopped', file: request.file };
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('bench/server.ts must be started by bench/api.ts (IPC channel)');
  const send = process.send.bind(process);
  const config = loadConfig(process.env);
  const built = await buildApp(config, {
    onQuery: () => {
      usage.queries += 1;
    },
  });
  const { app } = built;
  // As the product listens (main.ts): its accept backlog (with Node's default of 511 a burst of new
  // connections overflows it and the kernel drops their SYNs, which clients retry after 1, 3 and 7 s)
  // and its descriptors of the socket (lib/listen.ts: a busy loop still takes newcomers at once).
  await listen(app, {
    host: '127.0.0.1',
    port: 0,
    backlog: config.listenBacklog,
    acceptsPerTurn: config.acceptsPerTurn,
  });

  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  // A route's own answer, already serialized: what sending its bytes costs with no work before it.
  bare.get('/bare/same-bytes', (_request, reply) => reply.type(sameBytes.contentType).send(sameBytes.body));
  await bare.listen({ host: '127.0.0.1', port: 0, backlog: config.listenBacklog });

  process.on('message', (message) => {
    if (!isControlRequest(message)) return;
    answer(message, built).then(
      (reply) => send(reply),
      (error: unknown) => {
        console.error(`[bench server] ${message.type} failed`, error);
        process.exit(1);
      },
    );
  });

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    session?.disconnect();
    Promise.all([app.close(), bare.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[bench server] close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // The parent went away (crash, Ctrl-C): do not linger holding the database.
  process.on('disconnect', shutdown);

  const ready: ReadyMessage = {
    type: 'ready',
    appPort: portOf(app),
    barePort: portOf(bare),
    pid: process.pid,
  };
  send(ready);
}

main().catch((error: unknown) => {
  console.error('[bench server] failed to start', error);
  process.exit(1);
});
