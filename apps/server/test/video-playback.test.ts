// Playback of our own video, only for the entitled (issue 19, decision 0012): contentlesson hands out
// signed links for the student's session; the master playlist is written from the renditions and the
// captions; segments need only a good mac; the key needs a live session and the lesson open now.
import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../src/db/schema';
import { hmacHex } from '../src/lib/secrets';
import { readAccessToken } from '../src/modules/auth/tokens';
import { MediaLinks } from '../src/modules/video/playback/media-links';
import { enrolDirectly, OTHER_TENANT, signedInStudent, type Student } from './support/admin-helpers';
import { ensureTenant, LOGOUT } from './support/auth-helpers';
import { buildCourse, fourOptions, type LessonSpec } from './support/catalogue-fixture';
import { startTestApi, TENANT, type TestApi } from './support/test-api';
import {
  addCaption,
  attachOwnVideo,
  FIXTURE_KEY_HEX,
  FIXTURE_VTT,
  fixtureLadder,
} from './support/video-fixture';

const run = promisify(execFile);
const START = new Date('2026-09-01T08:00:00.000Z');

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = (await api.services.tenants.bySlug(TENANT))!;
  await fixtureLadder();
}, 60_000);
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.clock.set(START);
});

/**
 * A GET without tenant header, bearer token or DeviceId, as a player loads a link. The body is read at
 * once, even where a test looks only at the status: a segment left unread holds its connection busy,
 * and closing the app after the file waits for it (seen once as a 30 s afterAll under CI's load).
 */
async function load(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  const body = await response.arrayBuffer();
  const empty = response.status === 204 || response.status === 304;
  return new Response(empty ? null : body, { status: response.status, headers: response.headers });
}
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** The path of an absolute link on this server (answers carry absolute URLs, API.md Conventions). */
function pathOf(url: string): string {
  expect(url.startsWith(`${api.baseUrl}/`)).toBe(true);
  return url.slice(api.baseUrl.length);
}

/** A course of `units` in this tenant with `student` enrolled now; unit 1's first video plays an own video. */
async function course(units: LessonSpec[][], student?: Student, tenantId = tenant.id) {
  const built = await buildCourse(api.db, { tenantId, units });
  if (student) await enrolDirectly(api, tenantId, student.id, built.courseId);
  return built;
}

async function ownVideoLesson(student: Student) {
  const built = await course([[{ type: 'Video' }]], student);
  const lessonId = built.lessonIds[0]![0]!;
  const { videoId } = await attachOwnVideo(api, { tenantId: tenant.id, lessonId });
  await addCaption(api, { tenantId: tenant.id, lessonId, language: 'ar', label: 'العربية' });
  return { lessonId, videoId };
}

async function content(student: Student, lessonId: number) {
  const reply = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
  expect(reply.status).toBe(200);
  return reply.body.data as {
    videoUrl: string;
    hlsUrl: string | null;
    posterUrl: string | null;
    captions: { language: string; label: string; url: string }[];
  };
}

/** The folder of a master playlist's link: `/api/media/hls/{token}/{videoId}`. */
const folderOf = (master: string) => master.replace(/\/master\.m3u8$/, '');

/** A link as contentlesson would sign it for `student`'s session (for lessons it refuses to show). */
function signedFolder(student: Student, lessonId: number, videoId: number, tenantId = tenant.id) {
  const links = new MediaLinks({
    key: Buffer.from(hmacHex(api.services.config.jwtSecret, 'media-links'), 'hex'),
    clock: api.clock,
    linkHours: api.services.config.video.linkHours,
  });
  const { sessionId } = readAccessToken(api.services.jwt, student.device.token!, api.clock.now())!;
  return `/api/media/hls/${links.token({ kind: 'hls', videoId }, { tenantId, sessionId, lessonId })}/${videoId}`;
}

/** The first segment of a variant playlist with the IV it was encrypted with. */
function firstSegment(playlist: string): { uri: string; iv: Buffer } {
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
  const uri = playlist.split('\n').find((line) => line.length > 0 && !line.startsWith('#'))!;
  const explicit = /IV=0x([0-9a-fA-F]{32})/.exec(playlist)?.[1];
  const iv = Buffer.alloc(16);
  if (explicit) Buffer.from(explicit, 'hex').copy(iv);
  else iv.writeUInt32BE(sequence, 12);
  return { uri, iv };
}

describe('an entitled student', () => {
  it('is handed signed HLS, poster and caption links, and plays the whole ladder with its key', async () => {
    const student = await signedInStudent(api);
    const { lessonId, videoId } = await ownVideoLesson(student);

    const data = await content(student, lessonId);
    const master = pathOf(data.hlsUrl!);
    expect(master).toMatch(
      new RegExp(
        `^/api/media/hls/\\d+\\.${tenant.id}\\.[\\w-]+\\.${lessonId}\\.[\\w-]{43}/${videoId}/master\\.m3u8$`,
      ),
    );
    expect(data.videoUrl).toBe(data.hlsUrl);
    const folder = folderOf(master);
    expect(pathOf(data.posterUrl!)).toBe(`${folder}/poster.jpg`);
    expect(data.captions).toEqual([
      { language: 'ar', label: 'العربية', url: `${api.baseUrl}${folder}/captions/ar.vtt` },
    ]);

    const masterReply = await load(master);
    expect(masterReply.status).toBe(200);
    expect(masterReply.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const text = await masterReply.text();
    const variants = text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatch(
      /BANDWIDTH=\d+,.*RESOLUTION=426x240,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",SUBTITLES="subs"/,
    );
    expect(variants[1]).toContain('RESOLUTION=640x360');
    expect(text).toContain('240/index.m3u8\n');
    expect(text).toContain('360/index.m3u8\n');
    expect(text).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="العربية",LANGUAGE="ar",DEFAULT=NO,AUTOSELECT=NO,URI="captions/ar.m3u8"',
    );

    const captionPlaylist = await load(`${folder}/captions/ar.m3u8`);
    expect(captionPlaylist.status).toBe(200);
    expect(await captionPlaylist.text()).toContain('\nar.vtt\n');
    const vtt = await load(`${folder}/captions/ar.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toBe(FIXTURE_VTT);

    const poster = await load(`${folder}/poster.jpg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await bytesOf(poster)).subarray(0, 2).toString('hex')).toBe('ffd8');

    for (const height of [240, 360]) {
      const variant = await load(`${folder}/${height}/index.m3u8`);
      expect(variant.status).toBe(200);
      const playlist = await variant.text();
      expect(playlist).toContain('#EXT-X-KEY:METHOD=AES-128,URI="../key"');
      const { uri } = firstSegment(playlist);
      expect(uri).toMatch(/^seg-\d{5}\.ts$/);
      const segment = await load(`${folder}/${height}/${uri}`);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(segment.headers.get('cache-control')!)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(api.services.config.video.linkHours * 3600 + 600);
    }

    const key = await load(`${folder}/key`);
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toBe('no-store');
    const keyBytes = await bytesOf(key);
    expect(keyBytes.toString('hex')).toBe(FIXTURE_KEY_HEX);

    // The key decrypts a segment into media ffprobe reads.
    const playlist = await (await load(`${folder}/360/index.m3u8`)).text();
    const { uri, iv } = firstSegment(playlist);
    const encrypted = await bytesOf(await load(`${folder}/360/${uri}`));
    const decipher = createDecipheriv('aes-128-cbc', keyBytes, iv);
    const dir = mkdtempSync(join(tmpdir(), 'lp-segment-'));
    const file = join(dir, 'segment.ts');
    writeFileSync(file, Buffer.concat([decipher.update(encrypted), decipher.final()]));
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,height',
      '-of',
      'json',
      file,
    ]);
    rmSync(dir, { recursive: true, force: true });
    const streams = (JSON.parse(probe.stdout) as { streams: { codec_name: string; height?: number }[] })
      .streams;
    expect(streams).toContainEqual({ codec_name: 'h264', height: 360 });
    expect(streams.map((s) => s.codec_name)).toContain('aac');
  });

  it("is read its video and captions in the lesson content's one statement", async () => {
    const student = await signedInStudent(api);
    const { lessonId } = await ownVideoLesson(student);
    const read = () => student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
    await read();
    // query-budget.test.ts counts the budget with the catalogue cached; here (cache off) the check is
    // that the video and its captions add no statement: they come in the lesson's own read.
    const { result, queries } = await api.queriesDuring(read);
    expect(result.status).toBe(200);
    const lessonReads = queries.filter((sql) => /from "lessons" as "l" inner join "units"/.test(sql));
    expect(lessonReads).toHaveLength(1);
    expect(lessonReads[0]).toContain('"l"."video_id"');
    expect(lessonReads[0]).toContain('"lesson_captions"');
    expect(queries.filter((sql) => /"videos"|"lesson_captions"/.test(sql))).toEqual(lessonReads);
  });

  it('seeks within a segment with byte ranges, outside the flood limit', async () => {
    const student = await signedInStudent(api);
    const { lessonId } = await ownVideoLesson(student);
    const folder = folderOf(pathOf((await content(student, lessonId)).hlsUrl!));
    const whole = await bytesOf(await load(`${folder}/240/seg-00001.ts`));

    // Segments do not spend the address's flood allowance (a school shares one address).
    expect((await load(`${folder}/master.m3u8`)).headers.get('x-ratelimit-limit')).not.toBeNull();
    expect((await load(`${folder}/240/seg-00001.ts`)).headers.get('x-ratelimit-limit')).toBeNull();

    const part = await load(`${folder}/240/seg-00001.ts`, { range: 'bytes=188-375' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 188-375/${whole.length}`);
    expect((await bytesOf(part)).equals(whole.subarray(188, 376))).toBe(true);
    const tail = await load(`${folder}/240/seg-00001.ts`, { range: 'bytes=-100' });
    expect((await bytesOf(tail)).equals(whole.subarray(whole.length - 100))).toBe(true);
    const outside = await load(`${folder}/240/seg-00001.ts`, { range: `bytes=${whole.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('is served captions of a link video through signed .vtt links', async () => {
    const student = await signedInStudent(api);
    const built = await course([[{ type: 'Video' }]], student);
    const lessonId = built.lessonIds[0]![0]!;
    await addCaption(api, {
      tenantId: tenant.id,
      lessonId,
      language: 'en',
      label: 'English',
      text: 'WEBVTT\n',
    });
    await addCaption(api, { tenantId: tenant.id, lessonId, language: 'ar', label: 'العربية' });

    const data = await content(student, lessonId);
    expect(data).toMatchObject({
      videoUrl: `${api.baseUrl}/media/sample-lesson.mp4`,
      hlsUrl: null,
      posterUrl: null,
    });
    expect(data.captions.map((c) => c.language)).toEqual(['ar', 'en']);
    const url = pathOf(data.captions[0]!.url);
    expect(url).toMatch(new RegExp(`^/api/media/captions/[\\w.-]+/${lessonId}/ar\\.vtt$`));
    const vtt = await load(url);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toBe(FIXTURE_VTT);
    expect((await load(url.replace('/ar.vtt', '/fr.vtt'))).status).toBe(404);
    // The token names its lesson: another lesson's captions are refused.
    expect((await load(url.replace(`/${lessonId}/`, `/${lessonId + 1}/`))).status).toBe(403);
  });

  it('gets paths, not absolute links, when the server renders its own page', async () => {
    const student = await signedInStudent(api);
    const { lessonId } = await ownVideoLesson(student);
    const reply = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`, {
      headers: { 'x-same-origin-render': '1' },
    });
    expect(reply.body.data.hlsUrl).toMatch(/^\/api\/media\/hls\//);
    expect(reply.body.data.captions[0].url).toMatch(/^\/api\/media\/hls\//);
  });
});

describe('the key', () => {
  it('is refused to a student not enrolled in the course', async () => {
    const owner = await signedInStudent(api);
    const { lessonId, videoId } = await ownVideoLesson(owner);
    const outsider = await signedInStudent(api);
    const folder = signedFolder(outsider, lessonId, videoId);
    expect((await load(`${folder}/master.m3u8`)).status).toBe(200);
    expect((await load(`${folder}/key`)).status).toBe(403);
  });

  it('is refused while the unit is not open yet', async () => {
    const student = await signedInStudent(api);
    // Enrolled from tomorrow: today nothing of the course is open yet.
    api.clock.advanceDays(1);
    const built = await course([[{ type: 'Video' }]], student);
    api.clock.set(START);
    const lessonId = built.lessonIds[0]![0]!;
    const { videoId } = await attachOwnVideo(api, { tenantId: tenant.id, lessonId });
    const refused = await student.device.call('GET', `/api/Student/contentlesson/${lessonId}`);
    expect(refused.body.data).toEqual({ reason: 'unit-not-yet-open' });

    const key = await load(`${signedFolder(student, lessonId, videoId)}/key`);
    expect(key.status).toBe(403);
    expect(await key.json()).toMatchObject({ data: { reason: 'unit-not-yet-open' } });
  });

  it('is refused for a lesson behind an unsubmitted quiz', async () => {
    const student = await signedInStudent(api);
    const built = await course(
      [[{ type: 'Quiz', questions: [fourOptions('س')] }, { type: 'Video' }]],
      student,
    );
    const lessonId = built.lessonIds[0]![1]!;
    const { videoId } = await attachOwnVideo(api, { tenantId: tenant.id, lessonId });
    const key = await load(`${signedFolder(student, lessonId, videoId)}/key`);
    expect(key.status).toBe(403);
    expect(await key.json()).toMatchObject({ data: { reason: 'previous-quiz' } });
  });
});

describe('a link', () => {
  it('expires: playlists, segments and the key are refused after VIDEO_LINK_HOURS', async () => {
    const student = await signedInStudent(api);
    const { lessonId } = await ownVideoLesson(student);
    const folder = folderOf(pathOf((await content(student, lessonId)).hlsUrl!));
    expect((await load(`${folder}/240/seg-00001.ts`)).status).toBe(200);

    api.clock.advanceMinutes(api.services.config.video.linkHours * 60 + 11);
    for (const file of ['master.m3u8', '240/index.m3u8', '240/seg-00001.ts', 'key', 'poster.jpg']) {
      expect((await load(`${folder}/${file}`)).status, file).toBe(403);
    }
  });

  it('is refused with an altered mac, tenant, lesson or video, and never reaches outside its folder', async () => {
    const student = await signedInStudent(api);
    const { lessonId, videoId } = await ownVideoLesson(student);
    const folder = folderOf(pathOf((await content(student, lessonId)).hlsUrl!));
    const token = folder.split('/')[4];
    const [expires, tenantId, sessionId, lesson, mac] = token!.split('.');
    const flipped = `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    const variants = [
      [expires, tenantId, sessionId, lesson, flipped],
      [Number(expires) + 600, tenantId, sessionId, lesson, mac],
      [expires, Number(tenantId) + 1, sessionId, lesson, mac],
      [expires, tenantId, sessionId, Number(lesson) + 1, mac],
    ];
    for (const parts of variants) {
      const altered = `/api/media/hls/${parts.join('.')}/${videoId}`;
      expect((await load(`${altered}/master.m3u8`)).status).toBe(403);
      expect((await load(`${altered}/240/seg-00001.ts`)).status).toBe(403);
    }
    expect((await load(`/api/media/hls/${token}/${videoId + 1}/key`)).status).toBe(403);
    expect((await load(`/api/media/hls/garbage/${videoId}/key`)).status).toBe(403);

    expect((await load(`${folder}/240/seg-99999.ts`)).status).toBe(404);
    expect((await load(`${folder}/720/index.m3u8`)).status).toBe(404);
    for (const name of ['..%2Fkey', '..%2F..%2F..%2Fjwt-secret', 'index.m3u8.bak', 'seg-1.ts']) {
      expect((await load(`${folder}/240/${name}`)).status, name).toBe(404);
    }
    expect((await load(`${folder}/..%2F..%2F${videoId}/seg-00001.ts`)).status).toBe(404);
    expect((await load(`${folder}/captions/..%2F..%2Fx.vtt`)).status).toBe(404);
    expect((await load(`${folder}/240/index.m3u8%00`)).status).toBe(400);
  });

  it('dies with its session: after logout the playlists, captions and key are refused', async () => {
    const student = await signedInStudent(api);
    const { lessonId } = await ownVideoLesson(student);
    const folder = folderOf(pathOf((await content(student, lessonId)).hlsUrl!));
    expect((await load(`${folder}/key`)).status).toBe(200);

    expect((await student.device.call('POST', LOGOUT)).status).toBe(200);
    for (const file of ['master.m3u8', '360/index.m3u8', 'captions/ar.vtt', 'key']) {
      expect((await load(`${folder}/${file}`)).status, file).toBe(403);
    }
  });

  it("of another school's student opens nothing of this school's video", async () => {
    const student = await signedInStudent(api);
    const { videoId } = await ownVideoLesson(student);
    const other = await ensureTenant(api, OTHER_TENANT);
    const outsider = await signedInStudent(api, OTHER_TENANT);
    const built = await course([[{ type: 'Video' }]], outsider, other.id);
    const otherLesson = built.lessonIds[0]![0]!;
    await attachOwnVideo(api, { tenantId: other.id, lessonId: otherLesson });
    const own = folderOf(pathOf((await content(outsider, otherLesson)).hlsUrl!));
    expect((await load(`${own}/key`)).status).toBe(200);

    // Their own link with this school's video in its path, and one signed for their session naming
    // this school's lesson: refused.
    const token = own.split('/')[4];
    expect((await load(`/api/media/hls/${token}/${videoId}/master.m3u8`)).status).toBe(403);
    expect((await load(`/api/media/hls/${token}/${videoId}/240/seg-00001.ts`)).status).toBe(403);
    const [lessonOfThisSchool] = (
      await api.db.selectFrom('videos').select('lesson_id').where('id', '=', videoId).execute()
    ).map((row) => row.lesson_id);
    const crossed = signedFolder(outsider, lessonOfThisSchool!, videoId, tenant.id);
    expect((await load(`${crossed}/master.m3u8`)).status).toBe(403);
    expect((await load(`${crossed}/key`)).status).toBe(403);
  });
});
