// Our own video, the upload and the pipeline (decision 0012): a real clip sent with the tus protocol
// over HTTP in chunks (one PATCH cut off and resumed from the HEAD offset), transcoded by real ffmpeg
// into an encrypted HLS ladder whose segments decrypt with the video's key to playable media; what is
// refused (not a video, too large, a student, another school); retry and cancel's state rules;
// captions; and a server without ffmpeg answering 503.
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { FFMPEG_MISSING } from '../src/modules/video/upload-routes';
import { NOT_A_VIDEO } from '../src/modules/video/video-upload-service';
import { cannotCancel, cannotRetry, NOT_WEBVTT } from '../src/modules/video/video-admin-service';
import {
  failure,
  otherSchool,
  OTHER_TENANT,
  signedInAdmin,
  signedInStudent,
  type SignedIn,
} from './support/admin-helpers';
import { buildCourse } from './support/catalogue-fixture';
import { startTestApi, TENANT, type TestApi } from './support/test-api';
import {
  authHeaders,
  createUpload,
  decryptAndProbe,
  makeClip,
  patchUpload,
  segmentsOf,
  uploadResumably,
  type TusAuth,
} from './support/video-fixtures';

let api: TestApi;
let tenant: Tenant;
let admin: SignedIn;
let work: string;
let clip: Buffer;

const authOf = (who: SignedIn, tenantSlug = TENANT): TusAuth => ({
  baseUrl: api.baseUrl,
  tenant: tenantSlug,
  token: who.device.token,
  deviceId: who.device.deviceId,
});

async function videoLesson(): Promise<number> {
  const built = await buildCourse(api.db, { tenantId: tenant.id, units: [[{ type: 'Video' }]] });
  return built.lessonIds[0]![0]!;
}

async function waitForJob(lessonId: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/Video`);
    expect(reply.status).toBe(200);
    const latest = reply.body.data.latest;
    if (latest && !['queued', 'running'].includes(latest.status)) return reply.body.data;
    if (Date.now() > until) throw new Error(`job still ${latest?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  admin = await signedInAdmin(api);
  work = mkdtempSync(join(tmpdir(), 'lp-video-test-'));
  clip = readFileSync(makeClip(work));
}, 60_000);
afterAll(async () => {
  await api.close();
});

describe('a video uploaded with tus', () => {
  let lessonId: number;
  let videoId: number;

  it('is resumed after a cut-off PATCH, transcoded to an encrypted ladder, and played by the lesson', async () => {
    lessonId = await videoLesson();
    const { last, resumedAt } = await uploadResumably(authOf(admin), lessonId, clip, 96 * 1024);
    expect(resumedAt).toBeGreaterThanOrEqual(96 * 1024);
    expect(resumedAt).toBeLessThan(2 * 96 * 1024);
    expect(last.offset).toBe(clip.length);
    expect(last.videoId).toBeGreaterThan(0);
    videoId = last.videoId!;

    const state = await waitForJob(lessonId);
    expect(state.latest).toMatchObject({
      id: videoId,
      status: 'ready',
      progress: 100,
      renditions: [240, 360],
    });
    expect(state.latest.durationSeconds).toBeCloseTo(10, 0);
    expect(state.playing).toEqual(state.latest);
    const lesson = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}`);
    expect(lesson.body.data.video.playing.id).toBe(videoId);

    const row = await api.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ width: 640, height: 360, attempts: 0, lease_owner: null });
    expect(Number(row.source_bytes)).toBe(clip.length);
    const videoDir = join(api.services.config.dataDir, 'videos', String(tenant.id), String(videoId));
    expect(readdirSync(videoDir).sort()).toEqual(['hls', 'source']);
    expect(readdirSync(join(videoDir, 'hls')).sort()).toEqual(['240', '360', 'poster.jpg']);
    for (const height of [240, 360]) {
      const playlist = readFileSync(join(videoDir, 'hls', String(height), 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('METHOD=AES-128,URI="../key"');
      const segments = segmentsOf(playlist);
      expect(segments.map((segment) => segment.file)).toEqual([
        'seg-00001.ts',
        'seg-00002.ts',
        'seg-00003.ts',
      ]);
      const heads: string[] = [];
      for (const segment of segments) {
        const { head, streams } = decryptAndProbe(
          join(videoDir, 'hls', String(height), segment.file),
          row.key_hex,
          segment.iv,
          join(work, `plain-${height}-${segment.file}`),
        );
        // Every segment opens with the same table (an SDT): a wrong IV would garble this first block
        // (past the sync byte and the packet's continuity counter), which the padding check never sees.
        expect(head[0]).toBe(0x47);
        heads.push(head.subarray(4).toString('hex'));
        expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
          codec_name: 'h264',
          height,
        });
        expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      }
      expect(new Set(heads).size).toBe(1);
    }
  }, 120_000);

  it('a ready video is neither retried nor cancelled (409)', async () => {
    const retry = await admin.device.call('POST', `/api/Admin/Videos/${videoId}/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(failure(cannotRetry('ready')));
    const cancel = await admin.device.call('POST', `/api/Admin/Videos/${videoId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual(failure(cannotCancel('ready')));
  });

  it('a newer upload takes over only once it is ready: until then the lesson plays the one before', async () => {
    const { last } = await uploadResumably(authOf(admin), lessonId, clip, clip.length);
    const newer = last.videoId!;
    expect(newer).toBeGreaterThan(videoId);
    const meanwhile = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/Video`);
    expect(['queued', 'running']).toContain(meanwhile.body.data.latest.status);
    expect(meanwhile.body.data.playing.id).toBe(videoId);

    const state = await waitForJob(lessonId);
    expect(state.latest).toMatchObject({ id: newer, status: 'ready' });
    expect(state.playing.id).toBe(newer);
    videoId = newer;
  }, 120_000);

  it('DELETE …/Video sends the lesson back to its link; deleting the lesson removes the files', async () => {
    const reply = await admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}/Video`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.playing).toBeNull();
    expect(reply.body.data.latest.id).toBe(videoId);
    const videoDir = join(api.services.config.dataDir, 'videos', String(tenant.id), String(videoId));
    expect(existsSync(videoDir)).toBe(true);
    expect((await admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}`)).status).toBe(200);
    expect(existsSync(videoDir)).toBe(false);
  });
});

describe('a video cancelled while it waits or transcodes', () => {
  it('stops: its ffmpeg is killed, nothing of it is kept under hls, and the lesson keeps its link', async () => {
    const lessonId = await videoLesson();
    const { last } = await uploadResumably(authOf(admin), lessonId, clip, 256 * 1024);
    const videoId = last.videoId!;
    const cancel = await admin.device.call('POST', `/api/Admin/Videos/${videoId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ id: videoId, status: 'cancelled' });
    const videoDir = join(api.services.config.dataDir, 'videos', String(tenant.id), String(videoId));
    const until = Date.now() + 20_000;
    while (readdirSync(videoDir).some((name) => name.startsWith('hls')) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(videoDir)).toEqual(['source']);
    const state = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/Video`);
    expect(state.body.data).toMatchObject({ playing: null, latest: { id: videoId, status: 'cancelled' } });
  }, 60_000);
});

describe('what an upload refuses', () => {
  it('a file that is not a video: 400, and nothing is queued', async () => {
    const lessonId = await videoLesson();
    const bytes = randomBytes(64 * 1024);
    const created = await createUpload(authOf(admin), lessonId, bytes.length, 'notes.mp4');
    expect(created.status).toBe(201);
    const patch = await patchUpload(authOf(admin), created.location!, 0, bytes);
    expect(patch.status).toBe(400);
    expect(JSON.parse(patch.text)).toEqual(failure(NOT_A_VIDEO));
    const rows = await api.db.selectFrom('videos').select('id').where('lesson_id', '=', lessonId).execute();
    expect(rows).toEqual([]);
  });

  it('an Upload-Length over the limit: 413', async () => {
    const lessonId = await videoLesson();
    const created = await createUpload(authOf(admin), lessonId, api.services.config.video.maxUploadBytes + 1);
    expect(created.status).toBe(413);
  });

  it('a student (403), another school’s admin (401 here, 404 for our lesson in their school), no session (401)', async () => {
    const lessonId = await videoLesson();
    const student = await signedInStudent(api);
    expect((await createUpload(authOf(student), lessonId, 1000)).status).toBe(403);
    await otherSchool(api);
    const stranger = await signedInAdmin(api, OTHER_TENANT);
    expect((await createUpload(authOf(stranger), lessonId, 1000)).status).toBe(401);
    expect((await createUpload(authOf(stranger, OTHER_TENANT), lessonId, 1000)).status).toBe(404);
    expect((await createUpload({ ...authOf(admin), token: null }, lessonId, 1000)).status).toBe(401);
  });

  it('an upload id of another lesson is not found', async () => {
    const [first, second] = [await videoLesson(), await videoLesson()];
    const created = await createUpload(authOf(admin), first, 1000);
    const id = created.location!.split('/').at(-1)!;
    const elsewhere = `${api.baseUrl}/api/Admin/Lessons/${second}/Video/upload/${id}`;
    expect((await patchUpload(authOf(admin), elsewhere, 0, Buffer.alloc(10))).status).toBe(404);
  });
});

describe('retry and cancel', () => {
  async function videoRow(lessonId: number, status: 'running' | 'failed' | 'cancelled') {
    const row = await api.db
      .insertInto('videos')
      .values({
        tenant_id: tenant.id,
        lesson_id: lessonId,
        status,
        source_name: 'none',
        source_bytes: 1,
        key_hex: '00'.repeat(16),
        // Held by a runner elsewhere for long: this process cannot claim it.
        lease_owner: status === 'running' ? 'elsewhere' : null,
        lease_until: status === 'running' ? '2099-01-01T00:00:00.000Z' : null,
        created_at: api.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('running: retry 409, cancel 200 (then cancelled: cancel 409, retry 200 and queued again)', async () => {
    const lessonId = await videoLesson();
    const id = await videoRow(lessonId, 'running');
    expect((await admin.device.call('POST', `/api/Admin/Videos/${id}/retry`)).body).toEqual(
      failure(cannotRetry('running')),
    );
    const cancel = await admin.device.call('POST', `/api/Admin/Videos/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ id, status: 'cancelled' });
    const again = await admin.device.call('POST', `/api/Admin/Videos/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure(cannotCancel('cancelled')));
    const retry = await admin.device.call('POST', `/api/Admin/Videos/${id}/retry`);
    expect(retry.status).toBe(200);
    const row = await api.db
      .selectFrom('videos')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    // Its source does not exist: the job fails, with ffprobe's word for it.
    const state = await waitForJob(lessonId);
    expect(state.latest).toMatchObject({ id, status: 'failed' });
    expect(state.latest.error).toMatch(/no video stream/);
  });

  it('another school’s video is not found', async () => {
    const other = await otherSchool(api);
    const lessonId = other.course.lessonIds[0]![0]!;
    const row = await api.db
      .insertInto('videos')
      .values({
        tenant_id: other.tenant.id,
        lesson_id: lessonId,
        status: 'failed',
        source_name: 'none',
        source_bytes: 1,
        key_hex: '00'.repeat(16),
        created_at: api.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.device.call('POST', `/api/Admin/Videos/${row.id}/retry`)).status).toBe(404);
    expect((await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/Video`)).status).toBe(404);
  });
});

describe('captions', () => {
  async function sendCaption(lessonId: number, text: string | Buffer, fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([text]), 'captions.vtt');
    const response = await fetch(`${api.baseUrl}/api/Admin/Lessons/${lessonId}/Captions`, {
      method: 'POST',
      headers: authHeaders(authOf(admin)),
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('WebVTT per language: added, replaced, listed, removed; anything else refused', async () => {
    const lessonId = await videoLesson();
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nمرحبا\n';
    const added = await sendCaption(lessonId, vtt, { language: 'ar', label: 'العربية' });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([{ language: 'ar', label: 'العربية', createdAt: expect.any(String) }]);
    const first = await api.db.selectFrom('lesson_captions').select('file_name').executeTakeFirstOrThrow();
    const replaced = await sendCaption(lessonId, vtt, { language: 'ar', label: 'عربي' });
    expect(replaced.body.data).toEqual([{ language: 'ar', label: 'عربي', createdAt: expect.any(String) }]);
    expect(existsSync(join(api.services.config.dataDir, 'videos', first.file_name))).toBe(false);
    await sendCaption(lessonId, `\ufeff${vtt}`, { language: 'en', label: 'English' });

    expect((await sendCaption(lessonId, 'not captions', { language: 'fr', label: 'Français' })).body).toEqual(
      {
        ...failure(NOT_WEBVTT),
        errors: { file: NOT_WEBVTT },
      },
    );
    expect(
      (
        await sendCaption(lessonId, Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff]), {
          language: 'fr',
          label: 'x',
        })
      ).status,
    ).toBe(400);
    expect((await sendCaption(lessonId, vtt, { language: 'not a tag', label: 'x' })).status).toBe(400);

    const list = await admin.device.call('GET', `/api/Admin/Lessons/${lessonId}/Captions`);
    expect(list.body.data.map((caption: { language: string }) => caption.language)).toEqual(['ar', 'en']);
    const removed = await admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}/Captions/ar`);
    expect(removed.body.data.map((caption: { language: string }) => caption.language)).toEqual(['en']);
    expect((await admin.device.call('DELETE', `/api/Admin/Lessons/${lessonId}/Captions/ar`)).status).toBe(
      404,
    );
  });
});

describe('a server without ffmpeg', () => {
  it('says so at GET /Video/support and answers an upload 503 with the reason', async () => {
    const bare = await startTestApi({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    try {
      const bareAdmin = await signedInAdmin(bare);
      const support = await bareAdmin.device.call('GET', '/api/Admin/Video/support');
      expect(support.body.data).toEqual({ ffmpeg: false, maxUploadBytes: 4 * 1024 ** 3 });
      const bareTenant = (await bare.services.tenants.bySlug(TENANT))!;
      const built = await buildCourse(bare.db, { tenantId: bareTenant.id, units: [[{ type: 'Video' }]] });
      const created = await createUpload(
        {
          baseUrl: bare.baseUrl,
          tenant: TENANT,
          token: bareAdmin.device.token,
          deviceId: bareAdmin.device.deviceId,
        },
        built.lessonIds[0]![0]!,
        1000,
      );
      expect(created.status).toBe(503);
      expect(JSON.parse(created.text)).toEqual(failure(FFMPEG_MISSING));
    } finally {
      await bare.close();
    }
  });
});
