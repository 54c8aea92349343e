// An own video as a finished transcode leaves it (decision 0012), made without the upload and the job
// queue: ffmpeg encodes a 4 s test clip once per test process into the ladder's layout (240 and 360,
// AES-128 with a known key, key URI `../key`, a poster), and each fixture video copies it into the
// storage under its own tenant and id, with its `videos` row ready and the lesson playing it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { videoNames } from '../../src/modules/video/storage';
import type { TestApi } from './test-api';

const run = promisify(execFile);

export const FIXTURE_RENDITIONS = [240, 360];
export const FIXTURE_KEY_HEX = '00112233445566778899aabbccddeeff';

let ladder: Promise<string> | null = null;

/** Where the encoded ladder is kept between runs (its name changes with the encoding below). */
const KEPT = join(tmpdir(), 'lp-video-fixture-v1');

/** The encoded ladder's folder (the layout of `hls/`), encoded once and kept for later runs. */
export function fixtureLadder(): Promise<string> {
  ladder ??= keptLadder();
  return ladder;
}

async function keptLadder(): Promise<string> {
  if (!existsSync(KEPT)) {
    const dir = mkdtempSync(join(tmpdir(), 'lp-video-fixture-'));
    await encodeLadder(dir);
    // Whole or not at all: a run that encoded it at the same time has put its own there first.
    try {
      renameSync(dir, KEPT);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return join(KEPT, 'hls');
}

async function encodeLadder(dir: string): Promise<void> {
  const keyFile = join(dir, 'key.bin');
  writeFileSync(keyFile, Buffer.from(FIXTURE_KEY_HEX, 'hex'));
  writeFileSync(join(dir, 'key-info'), `../key\n${keyFile}\n`);
  const out = join(dir, 'hls');
  const clip = ['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=12:duration=4'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'];
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', ...clip, ...tone],
    ...['-filter_complex', '[0:v]split=2[a][b];[a]scale=-2:240[v0];[b]scale=-2:360[v1]'],
    ...['-map', '[v0]', '-map', '[v1]', '-map', '1:a', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '150k', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-c:a', 'aac', '-b:a', '32k'],
    ...['-ar', '48000', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-start_number', '1'],
    ...['-hls_key_info_file', join(dir, 'key-info')],
    ...['-hls_segment_filename', join(out, '%v', 'seg-%05d.ts')],
    ...['-var_stream_map', 'v:0,a:0,name:240 v:1,a:1,name:360', join(out, '%v', 'index.m3u8')],
  ]);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', ...clip],
    ...['-frames:v', '1', '-q:v', '4', join(out, 'poster.jpg')],
  ]);
}

/** A ready own video of `lessonId`, its files in the storage; the lesson plays it. */
export async function attachOwnVideo(
  api: TestApi,
  input: { tenantId: number; lessonId: number },
): Promise<{ videoId: number }> {
  const source = await fixtureLadder();
  const now = api.clock.now().toISOString();
  const row = await api.db
    .insertInto('videos')
    .values({
      tenant_id: input.tenantId,
      lesson_id: input.lessonId,
      status: 'ready',
      progress: 100,
      error: null,
      source_name: 'lecture.mp4',
      source_bytes: 1000,
      duration_ms: 4000,
      width: 640,
      height: 360,
      renditions: JSON.stringify(FIXTURE_RENDITIONS),
      key_hex: FIXTURE_KEY_HEX,
      attempts: 1,
      lease_owner: null,
      lease_until: null,
      created_at: now,
      started_at: now,
      finished_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storage = api.services.videoStorage;
  const target = videoNames.hlsDir(input.tenantId, row.id);
  for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(m3u8|ts|jpg)$/.test(file)) continue;
    await storage.put(`${target}/${file}`, readFileSync(join(source, file)));
  }
  await api.db.updateTable('lessons').set({ video_id: row.id }).where('id', '=', input.lessonId).execute();
  return { videoId: row.id };
}

export const FIXTURE_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nمرحبا بكم\n';

/** A WebVTT caption of `lessonId` in `language`, its file placed through the storage. */
export async function addCaption(
  api: TestApi,
  input: { tenantId: number; lessonId: number; language: string; label: string; text?: string },
): Promise<void> {
  const name = videoNames.caption(input.tenantId, randomBytes(8).toString('hex'));
  await api.services.videoStorage.put(name, input.text ?? FIXTURE_VTT);
  await api.db
    .insertInto('lesson_captions')
    .values({
      tenant_id: input.tenantId,
      lesson_id: input.lessonId,
      language: input.language,
      label: input.label,
      file_name: name,
      created_at: api.clock.now().toISOString(),
    })
    .execute();
}
