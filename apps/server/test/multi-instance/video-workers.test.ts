// Transcoding on the Redis queue (decision 0012): an API process in `bullmq` mode only enqueues; two
// `npm run worker` processes share the jobs. Two videos uploaded with tus become ready, each claimed
// by exactly one worker, also when its job is delivered twice (a second job for the same video, as a
// stalled job handed to another worker would be): the row's conditional claim lets one run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords';
import { buildCourse } from '../support/catalogue-fixture';
import { createCaller, Device, PASSWORD, TENANT } from '../support/test-api';
import { makeClip, uploadResumably, type TusAuth } from '../support/video-fixtures';
import { REDIS_TEST_URL } from '../../../../test-support/redis-availability';
import { itWith, processEnvironment } from './support/environment';
import { ROOT, spawnServer, startServer, type LogLine } from './support/processes';

const WORKER = join(ROOT, 'apps/server/test/support/video-worker.mjs');

const claimsOf = (logs: LogLine[], videoId: number) =>
  logs.filter((line) => line.msg === 'video job claimed' && line.videoId === videoId).length;

itWith(['postgres', 'redis'], 'two workers on the Redis queue run each video once', async () => {
  const environment = await processEnvironment('postgres', { redis: true, env: { VIDEO_QUEUE: 'bullmq' } });
  const api = await startServer('api', environment.env);
  const workers = [1, 2].map((n) => spawnServer(`worker-${n}`, environment.env, WORKER));
  const connection = new Redis(REDIS_TEST_URL, { maxRetriesPerRequest: null });
  const queue = new Queue('videos', { connection, prefix: `${environment.env.REDIS_PREFIX}bull` });
  try {
    await Promise.all(
      workers.map((worker) =>
        worker.waitForLog((line) => line.msg === 'video workers started on the Redis queue'),
      ),
    );
    const db = environment.fixtures().db;
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', TENANT)
      .executeTakeFirstOrThrow();
    const course = await buildCourse(db, {
      tenantId: tenant.id,
      units: [[{ type: 'Video' }, { type: 'Video' }]],
    });
    const stamp = new Date().toISOString();
    const email = `vw-${randomBytes(5).toString('hex')}@example.com`;
    await db
      .insertInto('users')
      .values({
        tenant_id: tenant.id,
        name: 'مدير',
        email,
        phone: `0155${String(Date.now() % 10_000_000).padStart(7, '0')}`,
        parent_phone: '',
        academic_year: '',
        is_online: 1,
        role: 'admin',
        password_hash: await hashPassword(PASSWORD),
        email_confirmed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const admin = new Device(createCaller(api.url), 'vw-admin');
    expect((await admin.login(email)).status).toBe(200);
    const auth: TusAuth = { baseUrl: api.url, tenant: TENANT, token: admin.token, deviceId: admin.deviceId };
    const clip = readFileSync(makeClip(mkdtempSync(join(tmpdir(), 'lp-video-workers-'))));

    const videoIds: number[] = [];
    for (const lessonId of course.lessonIds[0]!) {
      const { last } = await uploadResumably(auth, lessonId, clip, 128 * 1024);
      videoIds.push(last.videoId!);
      // The same video's job delivered a second time.
      await queue.add(
        'transcode',
        { videoId: last.videoId!, tenantId: tenant.id },
        { jobId: `duplicate-${last.videoId}` },
      );
    }

    const end = Date.now() + 90_000;
    for (;;) {
      const rows = await db
        .selectFrom('videos')
        .select(['id', 'status', 'error'])
        .where('id', 'in', videoIds)
        .execute();
      if (rows.every((row) => row.status === 'ready')) break;
      const failed = rows.find((row) => row.status === 'failed' || row.status === 'cancelled');
      if (failed) throw new Error(`video ${failed.id} ${failed.status}: ${failed.error}`);
      if (Date.now() > end) throw new Error(`not ready: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const logs = workers.flatMap((worker) => worker.logs);
    for (const videoId of videoIds) expect(claimsOf(logs, videoId), `claims of video ${videoId}`).toBe(1);
    // The API process enqueues only.
    expect(api.logs.filter((line) => line.msg === 'video ready')).toEqual([]);
    const lessons = await db
      .selectFrom('lessons')
      .select('video_id')
      .where('id', 'in', course.lessonIds[0]!)
      .execute();
    expect(lessons.map((lesson) => lesson.video_id).sort()).toEqual([...videoIds].sort());
  } finally {
    await queue.close();
    connection.disconnect();
    await Promise.all([api.stop(), ...workers.map((worker) => worker.stop())]);
    await environment.close();
  }
});
