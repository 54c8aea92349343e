// An uploaded source becomes an encrypted HLS ladder (decision 0012): one ffmpeg run writes every
// rendition (H.264/AAC, 4 s segments, AES-128 with the key URI `../key`) into `hls.partial-<attempt>/`,
// a second takes the poster, and only then is the folder renamed to `hls/`: nothing partly written is
// ever served. The key file ffmpeg reads sits in a temporary folder outside the storage.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegError, probeVideo, runFfmpeg, type FfmpegPaths, type Probe } from './ffmpeg';
import { videoNames, type VideoStorage } from './storage';

const LADDER = [
  { height: 240, videoKbps: 300, audioKbps: 64 },
  { height: 360, videoKbps: 600, audioKbps: 96 },
  { height: 480, videoKbps: 1000, audioKbps: 96 },
  { height: 720, videoKbps: 2200, audioKbps: 128 },
] as const;
const SEGMENT_SECONDS = 4;

export type Rung = { height: number; videoKbps: number; audioKbps: number };

/** The renditions of a source: the ladder's heights up to its own (no upscaling); a source under
 * 240 lines gets one rendition at its own (even) height. */
export function ladderFor(sourceHeight: number): Rung[] {
  const rungs: Rung[] = LADDER.filter((rung) => rung.height <= sourceHeight);
  return rungs.length > 0
    ? rungs
    : [{ ...LADDER[0], height: Math.max(2, sourceHeight - (sourceHeight % 2)) }];
}

export type TranscodeJob = { tenantId: number; videoId: number; attempt: number; keyHex: string };
export type Transcoded = Probe & { renditions: number[] };

export async function transcode(
  deps: { storage: VideoStorage; ffmpeg: FfmpegPaths },
  job: TranscodeJob,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<Transcoded> {
  const { storage, ffmpeg } = deps;
  const source = storage.localPath(videoNames.source(job.tenantId, job.videoId));
  const probe = await probeVideo(ffmpeg.ffprobePath, source);
  if (!probe) throw new FfmpegError('ffprobe found no video stream in the upload');
  const partial = videoNames.partialDir(job.tenantId, job.videoId, job.attempt);
  await storage.removePrefix(partial);
  const out = storage.localPath(partial);
  const keyDir = await mkdtemp(join(tmpdir(), 'lp-video-key-'));
  try {
    const keyFile = join(keyDir, 'key');
    const keyInfo = join(keyDir, 'key-info');
    await writeFile(keyFile, Buffer.from(job.keyHex, 'hex'), { mode: 0o600 });
    await writeFile(keyInfo, `../key\n${keyFile}\n`);
    const rungs = ladderFor(probe.height);
    // The poster first, at 10 % of the duration (it is small and quick).
    await mkdir(out, { recursive: true });
    await runFfmpeg(ffmpeg.ffmpegPath, posterArgs(source, probe, join(out, 'poster.jpg')), {
      signal: options.signal,
    });
    await runFfmpeg(ffmpeg.ffmpegPath, ladderArgs(source, probe, rungs, out, keyInfo), {
      ...options,
      onProgress: (outMs) => options.onProgress?.(Math.min(99, Math.floor((outMs / probe.durationMs) * 100))),
    });
    await storage.renameDir(partial, videoNames.hlsDir(job.tenantId, job.videoId));
    return { ...probe, renditions: rungs.map((rung) => rung.height) };
  } catch (error) {
    await storage.removePrefix(partial).catch(() => undefined);
    throw error;
  } finally {
    await rm(keyDir, { recursive: true, force: true });
  }
}

function posterArgs(source: string, probe: Probe, file: string): string[] {
  const at = ((probe.durationMs / 1000) * 0.1).toFixed(2);
  const height = Math.min(720, probe.height - (probe.height % 2));
  return ['-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '4', file];
}

/** One process, every rendition: the video split and scaled per rung, the audio encoded per rung. */
function ladderArgs(source: string, probe: Probe, rungs: Rung[], out: string, keyInfo: string): string[] {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[v${i}]`).join('')}`;
  const scales = rungs.map((rung, i) => `[v${i}]scale=-2:${rung.height}[v${i}out]`);
  // A source without sound gets a silent track, so every ladder has the audio its master playlist's
  // CODECS names and a player switching renditions finds the same streams in each.
  const silence = probe.hasAudio
    ? []
    : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  const audio = probe.hasAudio ? '0:a:0' : '1:a:0';
  const args = ['-i', source, ...silence, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((rung, i) => {
    args.push('-map', `[v${i}out]`, `-b:v:${i}`, `${rung.videoKbps}k`);
    args.push(`-maxrate:v:${i}`, `${Math.round(rung.videoKbps * 1.1)}k`);
    args.push(`-bufsize:v:${i}`, `${rung.videoKbps * 2}k`);
  });
  rungs.forEach((rung, i) => args.push('-map', audio, `-b:a:${i}`, `${rung.audioKbps}k`));
  const streamMap = rungs.map((rung, i) => `v:${i},a:${i},name:${rung.height}`).join(' ');
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  );
  args.push('-c:a', 'aac', '-ar', '48000', '-ac', '2');
  // The silent track never ends: the ladder ends with the picture.
  if (!probe.hasAudio) args.push('-shortest');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_key_info_file',
    keyInfo,
    // The key info is read again for each segment, so each gets its own IV (its sequence number);
    // read once, ffmpeg encrypts every segment under the first one's IV.
    '-hls_flags',
    'periodic_rekey',
    '-start_number',
    '1',
    '-hls_segment_filename',
    join(out, '%v', 'seg-%05d.ts'),
    '-var_stream_map',
    streamMap,
    join(out, '%v', 'index.m3u8'),
  );
  return args;
}
