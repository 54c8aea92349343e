// `npm run bench:video`: our own video (decision 0012) on this machine, with the 1-minute load average
// beside every figure.
//
//   npm run bench:video -- [--duration 10] [--connections 20] [--warmup 2] [--pin on|off]
//
// 1. Transcoding speed (bench/video/transcode-speed.ts): a 60 s 1280x720 lavfi clip through the
//    product's transcode(), seconds of video per second of wall time for the whole ladder, then each
//    rendition alone (the ladder run's own arguments cut down to it), and ffmpeg's CPU seconds.
// 2. Segment serving (bench/video/serving.ts): autocannon on one 240p segment through the API's signed
//    link against a bare static server of the same file, in one server child: req/s, MB/s, p99, the
//    ratio and the child's CPU µs per request. The load generator is pinned (bench/pinning.ts) only for
//    this part, after the transcodes, so ffmpeg has both cores.
// 3. The first 10 s of playback (bench/video/first-seconds.ts): bytes downloaded before 10 s can play,
//    240p HLS against the demo's sample MP4 and a 720p MP4 of the clip encoded with the ladder's 720p
//    settings.
//
// Figures are printed as tables and written to .bench/video.json. Transcodes take minutes on two
// cores; nothing else should run meanwhile, or the load column says it did.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_VIDEO } from '../apps/server/src/demo/types';
import { runFfmpeg } from '../apps/server/src/modules/video/ffmpeg';
import { cleanUp, cleanups, ROOT } from './children';
import { stopAllRuns, type LoadOptions } from './measure';
import { describePinning, pinGenerator } from './pinning';
import { currentLoadAverage, formatTable, loadNow, runInfo } from './report';
import { FIRST_SECONDS, hlsFirstSeconds, mp4FirstSeconds, type FirstSecondsRow } from './video/first-seconds';
import { asMp4, ffmpegRecorder, oneRendition } from './video/recorded-ffmpeg';
import { benchServing, type ServingBench } from './video/serving';
import { benchTranscode, CLIP, type TranscodeBench } from './video/transcode-speed';

const USAGE = 'usage: npm run bench:video -- [--duration s] [--connections n] [--warmup s] [--pin on|off]';

function readOptions(): { load: LoadOptions; pin: boolean } {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '2' },
      pin: { type: 'string', default: 'on' },
    },
  });
  const load = {
    durationSeconds: Number(values.duration),
    connections: Number(values.connections),
    warmupSeconds: Number(values.warmup),
  };
  if (!Object.values(load).every((value) => Number.isInteger(value) && value >= 0) || !load.connections)
    throw new Error(USAGE);
  if (values.pin !== 'on' && values.pin !== 'off') throw new Error(USAGE);
  return { load, pin: values.pin === 'on' };
}

type FirstSecondsResult = FirstSecondsRow & { loadAverage: number };

/** Part 3, with the 720p MP4 encoded from the clip with the ladder's 720p arguments. */
async function benchFirstSeconds(workDir: string, transcoded: TranscodeBench): Promise<FirstSecondsResult[]> {
  const recorder = ffmpegRecorder(join(workDir, 'recorder-mp4'));
  const heights = transcoded.transcoded.renditions;
  const mp4 = join(workDir, 'clip-720p.mp4');
  process.stdout.write('[bench:video] encoding the 720p MP4 ... ');
  const rendition = oneRendition(transcoded.ladderArgs, heights.indexOf(720), join(workDir, 'unused'), '-');
  await runFfmpeg(recorder.program, asMp4(rendition, mp4));
  const [encoded] = recorder.take();
  console.log(`${encoded!.wallSeconds.toFixed(1)} s`);
  const rows = [
    hlsFirstSeconds(transcoded.hlsDir, { ...transcoded.transcoded, renditions: heights }),
    // SAMPLE_VIDEO is the address the server serves apps/server/media under.
    await mp4FirstSeconds(`demo sample MP4 (${SAMPLE_VIDEO})`, join(ROOT, 'apps', 'server', SAMPLE_VIDEO)),
    await mp4FirstSeconds(`720p MP4 of the clip (ladder's 720p settings)`, mp4),
  ];
  return rows.map((row) => ({ ...row, loadAverage: loadNow() }));
}

const kb = (bytes: number) => (bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });

function printTables(
  transcoded: TranscodeBench,
  serving: ServingBench,
  firstSeconds: FirstSecondsResult[],
  load: LoadOptions,
): void {
  console.log(
    `\nVideo bench: node ${process.version}, ${runInfo(new Date()).cpus} cpus, ${describePinning()}\n\n` +
      `1. Transcoding a ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} clip (${(transcoded.sourceBytes / 1e6).toFixed(1)} MB) ` +
      `with transcode(): ${transcoded.transcodeWallSeconds} s in all (probe, poster ` +
      `${transcoded.poster.wallSeconds.toFixed(2)} s, ladder, rename); speed = video s ÷ wall s; ` +
      'CPU = ffmpeg user + system; cores = CPU ÷ wall; "alone" = the ladder run\'s arguments for that rendition only\n',
  );
  for (const line of formatTable(
    ['run', 'wall s', 'speed ×', 'ffmpeg CPU s', 'cores', 'load'],
    transcoded.rows.map((row) => [
      row.name,
      row.wallSeconds.toFixed(2),
      row.speed.toFixed(2),
      row.cpuSeconds.toFixed(2),
      row.coresBusy.toFixed(2),
      row.loadAverage.toFixed(2),
    ]),
  ))
    console.log(line);
  console.log(
    `\n2. One 240p segment (${kb(serving.segmentBytes)} KB), ${load.connections} connections, ` +
      `${load.durationSeconds} s after ${load.warmupSeconds} s warm-up; MB/s = req/s × segment bytes; ` +
      "ratio = req/s ÷ the static server's; CPU = the server child's per request\n",
  );
  for (const line of formatTable(
    ['target', 'req/s', 'MB/s', 'p50 ms', 'p99 ms', 'ratio', 'CPU µs/req', 'load'],
    serving.rows.map((row) => [
      row.name,
      row.reqPerSec.toLocaleString('en-US'),
      row.megabytesPerSec.toFixed(1),
      String(row.p50Ms),
      String(row.p99Ms),
      row.ratio.toFixed(2),
      String(row.serverCpuMicrosPerRequest),
      row.loadAverage.toFixed(2),
    ]),
  ))
    console.log(line);
  for (const row of serving.rows)
    if (row.non2xx + row.errors + row.timeouts > 0)
      console.log(
        `ERROR: ${row.name}: ${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} timeouts`,
      );
  console.log(
    `\n3. Bytes before the first ${FIRST_SECONDS} s play (bodies only; MP4: moov + mdat up to the last ` +
      `packet under ${FIRST_SECONDS} s, from ffprobe's packet positions)\n`,
  );
  for (const line of formatTable(
    ['source', `first ${FIRST_SECONDS} s KB`, 'whole KB', 'made of', 'load'],
    firstSeconds.map((row) => [
      row.name,
      kb(row.bytes),
      kb(row.totalBytes),
      Object.entries(row.parts)
        .map(([part, bytes]) => `${part} ${bytes.toLocaleString('en-US')} B`)
        .concat(row.note ? [row.note] : [])
        .join('; '),
      row.loadAverage.toFixed(2),
    ]),
  ))
    console.log(line);
}

async function main(): Promise<void> {
  const { load, pin } = readOptions();
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error('\n[bench:video] interrupted: stopping and cleaning up (Ctrl-C again to quit at once)');
    stopAllRuns();
  });
  const startedAt = new Date();
  const loadAverageAtStart = currentLoadAverage();
  console.log(`[bench:video] load average ${loadAverageAtStart.map((v) => v.toFixed(2)).join(' ')}`);
  const workDir = mkdtempSync(join(tmpdir(), 'lp-bench-video-'));
  cleanups.push(() => Promise.resolve(rmSync(workDir, { recursive: true, force: true })));
  try {
    const transcoded = await benchTranscode(workDir);
    const firstSeconds = await benchFirstSeconds(workDir, transcoded);
    console.log(`[bench:video] ${describePinning(pinGenerator(pin))}`);
    const serving = await benchServing(transcoded, load);
    printTables(transcoded, serving, firstSeconds, load);
    const file = join(ROOT, '.bench', 'video.json');
    mkdirSync(dirname(file), { recursive: true });
    const report = {
      ...runInfo(startedAt),
      loadAverageAtStart,
      clip: CLIP,
      transcode: {
        sourceBytes: transcoded.sourceBytes,
        renditions: transcoded.transcoded.renditions,
        transcodeWallSeconds: transcoded.transcodeWallSeconds,
        poster: { wallSeconds: transcoded.poster.wallSeconds, cpuSeconds: transcoded.poster.cpuSeconds },
        rows: transcoded.rows,
        ladderArgs: transcoded.ladderArgs,
      },
      serving: { options: load, ...serving },
      firstSeconds,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n[bench:video] written to ${file}`);
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(`[bench:video] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp();
    process.exit(1);
  },
);
