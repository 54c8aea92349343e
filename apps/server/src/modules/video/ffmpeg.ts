// The ffmpeg and ffprobe programs (decision 0012): whether they are installed, what a file holds, and
// running ffmpeg with its progress read and its last words kept for the error a failed job shows.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type FfmpegPaths = { ffmpegPath: string; ffprobePath: string };

export type Probe = {
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
};

/** How many of ffmpeg's last stderr lines a failure carries. */
const TAIL_LINES = 12;

/** True when both programs start and answer `-version`. */
export async function ffmpegAvailable(paths: FfmpegPaths): Promise<boolean> {
  const answers = await Promise.all(
    [paths.ffmpegPath, paths.ffprobePath].map((program) =>
      run(program, ['-version'])
        .then((result) => result.code === 0)
        .catch(() => false),
    ),
  );
  return answers.every(Boolean);
}

/** The first video stream's size and the duration, or null when ffprobe finds no video in the file. */
export async function probeVideo(ffprobePath: string, file: string): Promise<Probe | null> {
  const result = await run(ffprobePath, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]).catch(() => null);
  if (!result || result.code !== 0) return null;
  let parsed: {
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
    format?: { duration?: string };
  };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  const seconds = Number(parsed.format?.duration ?? video?.duration);
  if (!video || !Number.isFinite(seconds) || seconds <= 0) return null;
  return {
    durationMs: Math.round(seconds * 1000),
    width: video.width!,
    height: video.height!,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg with `-progress pipe:1` and calls `onProgress` with the time written so far (ms).
 * Rejects with the last stderr lines when ffmpeg fails, and kills it when `signal` aborts.
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: { signal?: AbortSignal; onProgress?: (outMs: number) => void } = {},
): Promise<void> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FfmpegError('Cancelled'));
      return;
    }
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^out_time_us=(\d+)$/.exec(line);
      if (match && onProgress) onProgress(Number(match[1]) / 1000);
    });
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    child.once('error', (error) => {
      signal?.removeEventListener('abort', kill);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.once('close', (code) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) reject(new FfmpegError('Cancelled'));
      else if (code === 0) resolve();
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${tail.join('\n')}`.slice(0, 2000)));
    });
  });
}

function run(program: string, args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(chunks).toString('utf8') }));
  });
}
