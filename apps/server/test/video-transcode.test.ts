// The transcode itself (decision 0012), on a source the upload tests do not send: a clip without
// sound still gets an audio track in every rendition (the master playlist's CODECS names AAC, and a
// player switching renditions needs the same streams in each), and every segment is encrypted under
// its own IV (its sequence number), not all under the first one's.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localVideoStorage, videoNames } from '../src/modules/video/storage';
import { transcode } from '../src/modules/video/transcode';
import { decryptAndProbe, segmentsOf } from './support/video-fixtures';

let dataDir: string;
const job = { tenantId: 1, videoId: 7, attempt: 0, keyHex: randomBytes(16).toString('hex') };

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lp-transcode-'));
  const storage = localVideoStorage(dataDir);
  const source = storage.localPath(videoNames.source(job.tenantId, job.videoId));
  mkdirSync(join(source, '..'), { recursive: true });
  // 9 s of picture and no sound at all.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=426x240:rate=25'],
    ...['-t', '9', '-c:v', 'libx264', '-preset', 'ultrafast', '-an', '-f', 'mp4', source],
  ]);
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('gives a silent source a silent AAC track, and each segment its own IV', async () => {
  const storage = localVideoStorage(dataDir);
  const done = await transcode({ storage, ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' } }, job);
  expect(done.renditions).toEqual([240]);
  expect(done.hasAudio).toBe(false);
  const folder = storage.localPath(videoNames.hlsDir(job.tenantId, job.videoId));
  const playlist = readFileSync(join(folder, '240', 'index.m3u8'), 'utf8');
  const segments = segmentsOf(playlist);
  expect(segments.length).toBeGreaterThanOrEqual(3);
  // Sequence numbers 1, 2, 3…, each written beside its segment.
  expect(segments.map((segment) => segment.iv.readBigUInt64BE(8))).toEqual(
    segments.map((_, index) => BigInt(index + 1)),
  );
  for (const segment of segments) {
    const { streams } = decryptAndProbe(
      join(folder, '240', segment.file),
      job.keyHex,
      segment.iv,
      join(dataDir, `plain-${segment.file}`),
    );
    expect(streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  }
}, 90_000);
