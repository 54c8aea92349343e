// The embedded job queue survives a killed process (decision 0012): a runner SIGKILLed (with its
// ffmpeg) mid-transcode leaves its row running under a lease and nothing under hls/; once the lease
// has run out another runner claims the row, transcodes it from the start and marks it ready, and
// hls/ only ever appears complete. Both runners are separate processes with a 3 s lease.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { connectDatabase, type DbHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { localCacheBus } from '../src/lib/cache-bus';
import { TenantDirectory } from '../src/modules/tenants/directory';
import { videoNames } from '../src/modules/video/storage';
import { JWT_SECRET } from './multi-instance/support/environment';
import { ROOT, spawnServer } from './multi-instance/support/processes';
import { buildCourse } from './support/catalogue-fixture';
import { TestClock } from './support/test-clock';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { makeClip } from './support/video-fixtures';

/** Runs the embedded queue with a 3 s lease (its argument, by default). */
const RUNNER = join(ROOT, 'apps/server/test/support/video-runner.mjs');

let database: TestDatabase;
let fixtures: DbHandle;
let env: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  env = { ...database.env, NODE_ENV: 'production', JWT_SECRET, LOAD_DEMO: 'false', LOG_LEVEL: 'info' };
  dataDir = database.env.DATA_DIR!;
  const app = connectDatabase(loadConfig(env).database);
  await migrateToLatest(app);
  await app.close();
  fixtures = connectDatabase(loadConfig({ ...database.fixtureEnv, JWT_SECRET }).database);
}, 60_000);
afterAll(async () => {
  await fixtures?.close();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

it('a job whose process is killed mid-transcode is claimed again after its lease and completes', async () => {
  const db = fixtures.db;
  const tenant = await new TenantDirectory(db, localCacheBus()).ensure(
    { slug: 'tenant8', name: 'School', timeZone: 'Africa/Cairo' },
    new TestClock(),
  );
  const course = await buildCourse(db, { tenantId: tenant.id, units: [[{ type: 'Video' }]] });
  const lessonId = course.lessonIds[0]![0]!;
  const video = await db
    .insertInto('videos')
    .values({
      tenant_id: tenant.id,
      lesson_id: lessonId,
      status: 'queued',
      source_name: 'pending',
      source_bytes: 1,
      key_hex: randomBytes(16).toString('hex'),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const videos = join(dataDir, 'videos');
  const source = join(videos, videoNames.source(tenant.id, video.id));
  mkdirSync(join(source, '..'), { recursive: true });
  copyFileSync(makeClip(mkdtempSync(join(tmpdir(), 'lp-video-jobs-'))), source);
  const hls = join(videos, videoNames.hlsDir(tenant.id, video.id));
  const partialLadder = join(videos, videoNames.partialDir(tenant.id, video.id, 0), '240');
  const row = () => db.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();

  const first = spawnServer('runner-1', env, RUNNER);
  await until('the first runner to write renditions', () => (existsSync(partialLadder) ? true : null));
  first.signal('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  const killed = await row();
  expect(killed.status).toBe('running');
  expect(killed.lease_owner).toMatch(/:\d+:[0-9a-f]{8}$/);
  expect(existsSync(hls)).toBe(false);

  const second = spawnServer('runner-2', env, RUNNER);
  try {
    await second.waitForLog((line) => line.msg === 'video runner ready');
    // While it works, hls/ is either absent or whole (every playlist ends).
    const ready = await until(
      'the second runner to finish',
      async () => {
        const current = await row();
        if (existsSync(hls)) {
          for (const height of ['240', '360'])
            expect(readFileSync(join(hls, height, 'index.m3u8'), 'utf8')).toContain('#EXT-X-ENDLIST');
        }
        return current.status === 'ready' || current.status === 'failed' ? current : null;
      },
      90_000,
    );
    expect(ready).toMatchObject({ status: 'ready', progress: 100, attempts: 0, lease_owner: null });
    expect(ready.started_at! >= killed.lease_until!).toBe(true);
    expect(JSON.parse(ready.renditions)).toEqual([240, 360]);
    expect(readdirSync(join(hls, '..')).sort()).toEqual(['hls', 'source']);
    const lesson = await db
      .selectFrom('lessons')
      .select('video_id')
      .where('id', '=', lessonId)
      .executeTakeFirst();
    expect(lesson?.video_id).toBe(video.id);
  } catch (error) {
    throw new Error(`${String(error)}\n${JSON.stringify(await row())}\n${second.output.join('\n')}`);
  } finally {
    await second.stop();
  }
}, 120_000);
