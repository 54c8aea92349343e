// Part 1 of `npm run bench:video`: how fast this machine turns an upload into the HLS ladder. A 60 s
// 1280x720 clip (lavfi testsrc2 + a sine tone) is generated, then transcoded by the product's own
// `transcode()` (probe, poster, one ffmpeg run for every rendition, rename to hls/), with ffmpeg
// replaced by a recording wrapper (recorded-ffmpeg.ts) for its CPU time and arguments. Each rendition
// is then encoded alone with the ladder run's own arguments cut down to it: `transcode()` picks its
// heights from the source, so it cannot be asked for one.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg } from '../../apps/server/src/modules/video/ffmpeg';
import { ladderFor, transcode, type Transcoded } from '../../apps/server/src/modules/video/transcode';
import { LocalVideoStorage, videoNames } from '../../apps/server/src/modules/video/storage';
import { loadNow } from '../report';
import { ffmpegRecorder, oneRendition, type RecordedRun } from './recorded-ffmpeg';

const run = promisify(execFile);

export const CLIP = { seconds: 60, width: 1280, height: 720, rate: 25 };
/** Where the transcode writes, as an upload of tenant 1's video 1 would be written. */
export const TENANT_ID = 1;
export const VIDEO_ID = 1;

export type SpeedRow = {
  /** 'ladder (240+360+480+720)', or one height alone. */
  name: string;
  wallSeconds: number;
  /** Seconds of video per second of wall time (> 1: faster than real time). */
  speed: number;
  cpuSeconds: number;
  /** CPU seconds over wall seconds: how many cores ffmpeg kept busy on average. */
  coresBusy: number;
  loadAverage: number;
};

export type TranscodeBench = {
  sourceFile: string;
  sourceBytes: number;
  keyHex: string;
  transcoded: Transcoded;
  /** The finished ladder (`hls/`): master-less, as the storage keeps it. */
  hlsDir: string;
  /** The whole transcode() call: probe, poster, ladder, rename. */
  transcodeWallSeconds: number;
  /** The poster's own ffmpeg run. */
  poster: RecordedRun;
  rows: SpeedRow[];
  /** The ladder run's arguments (for the JSON report: what was measured). */
  ladderArgs: string[];
};

const speedRow = (name: string, recorded: RecordedRun, loadAverage = loadNow()): SpeedRow => ({
  name,
  wallSeconds: round(recorded.wallSeconds, 2),
  speed: round(CLIP.seconds / recorded.wallSeconds, 2),
  cpuSeconds: round(recorded.cpuSeconds, 2),
  coresBusy: round(recorded.cpuSeconds / recorded.wallSeconds, 2),
  loadAverage,
});

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The test clip, encoded near-losslessly fast so the source costs the transcode little to decode. */
async function makeClip(file: string): Promise<void> {
  const { seconds, width, height, rate } = CLIP;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-f', 'mp4', file],
  ]);
}

export async function benchTranscode(workDir: string): Promise<TranscodeBench> {
  const storage = new LocalVideoStorage(join(workDir, 'videos'));
  const sourceName = videoNames.source(TENANT_ID, VIDEO_ID);
  const sourceFile = storage.localPath(sourceName);
  mkdirSync(join(sourceFile, '..'), { recursive: true });
  process.stdout.write(
    `[bench:video] generating the ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} clip ... `,
  );
  await makeClip(sourceFile);
  const sourceBytes = (await storage.stat(sourceName))!.size;
  console.log(`${(sourceBytes / 1e6).toFixed(1)} MB`);

  const recorder = ffmpegRecorder(join(workDir, 'recorder'));
  const keyHex = randomBytes(16).toString('hex');
  process.stdout.write('[bench:video] transcode() of the whole ladder ... ');
  const started = performance.now();
  const transcoded = await transcode(
    { storage, ffmpeg: { ffmpegPath: recorder.program, ffprobePath: 'ffprobe' } },
    { tenantId: TENANT_ID, videoId: VIDEO_ID, attempt: 1, keyHex },
  );
  const transcodeWallSeconds = (performance.now() - started) / 1000;
  const runs = recorder.take();
  const ladder = runs.find((recorded) => recorded.args.includes('-var_stream_map'));
  const poster = runs.find((recorded) => recorded !== ladder);
  if (!ladder || !poster) throw new Error(`expected a poster run and a ladder run, recorded ${runs.length}`);
  const rows = [speedRow(`ladder (${transcoded.renditions.join('+')})`, ladder)];
  console.log(`${transcodeWallSeconds.toFixed(1)} s (${rows[0]!.speed}× real time)`);

  // Each rendition alone, with the ladder run's arguments for it (and a key of the same kind).
  const keyDir = join(workDir, 'key');
  mkdirSync(keyDir, { recursive: true });
  writeFileSync(join(keyDir, 'key'), Buffer.from(keyHex, 'hex'));
  writeFileSync(join(keyDir, 'key-info'), `../key\n${join(keyDir, 'key')}\n`);
  const heights = ladderFor(CLIP.height).map((rung) => rung.height);
  for (const [index, height] of heights.entries()) {
    process.stdout.write(`[bench:video] ${height}p alone ... `);
    const outDir = join(workDir, `alone-${height}`);
    mkdirSync(outDir, { recursive: true });
    const args = oneRendition(ladder.args, index, outDir, join(keyDir, 'key-info'));
    await runFfmpeg(recorder.program, args);
    const [alone] = recorder.take();
    const row = speedRow(`${height}p alone`, alone!);
    rows.push(row);
    console.log(`${row.wallSeconds} s (${row.speed}× real time)`);
  }
  return {
    sourceFile,
    sourceBytes,
    keyHex,
    transcoded,
    hlsDir: storage.localPath(videoNames.hlsDir(TENANT_ID, VIDEO_ID)),
    transcodeWallSeconds: round(transcodeWallSeconds, 2),
    poster,
    rows,
    ladderArgs: ladder.args,
  };
}
