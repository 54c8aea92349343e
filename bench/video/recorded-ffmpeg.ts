// The product's own ffmpeg runs, as it made them: `transcode()` takes the ffmpeg program's path, so the
// bench hands it a small shell wrapper that records each run's arguments, wall time and CPU time (bash's
// `times`: user + system of the finished ffmpeg, children included) before passing ffmpeg's exit code
// back. The ladder run recorded this way is then cut down to one rendition (`oneRendition`), so a
// rendition alone is encoded with the very arguments the product used for it, not a copy of them.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type RecordedRun = {
  /** The arguments ffmpeg received, runFfmpeg's own first ones included. */
  args: string[];
  wallSeconds: number;
  /** User + system CPU seconds of ffmpeg (all its threads). */
  cpuSeconds: number;
};

export type FfmpegRecorder = {
  /** The program to hand to the product's code in place of ffmpeg. */
  program: string;
  /** Runs recorded since the last call, oldest first; forgets them. */
  take(): RecordedRun[];
};

/** A wrapper around `ffmpegPath` writing its records under `dir`. */
export function ffmpegRecorder(dir: string, ffmpegPath = 'ffmpeg'): FfmpegRecorder {
  const logs = join(dir, 'runs');
  mkdirSync(logs, { recursive: true });
  const program = join(dir, 'ffmpeg-recorded');
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  writeFileSync(
    program,
    [
      '#!/bin/bash',
      `log=${quote(logs)}/$(date +%s%N)-$$`,
      `printf '%s\\0' "$@" > "$log.args"`,
      'start=$(date +%s.%N)',
      `${quote(ffmpegPath)} "$@"`,
      'code=$?',
      'echo "$start $(date +%s.%N)" > "$log.wall"',
      'times > "$log.times"',
      'exit $code',
      '',
    ].join('\n'),
  );
  chmodSync(program, 0o755);
  let taken = new Set<string>();
  return {
    program,
    take() {
      const names = readdirSync(logs)
        .filter((name) => name.endsWith('.times') && !taken.has(name))
        .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
      taken = new Set([...taken, ...names]);
      return names.map((name) => readRun(join(logs, name.slice(0, -'.times'.length))));
    },
  };
}

/** `1m2.345s` → 62.345 */
const clockSeconds = (text: string) => {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (!match) throw new Error(`unexpected time from bash's times: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

function readRun(base: string): RecordedRun {
  const args = readFileSync(`${base}.args`, 'utf8').split('\0').slice(0, -1);
  const [start, end] = readFileSync(`${base}.wall`, 'utf8').trim().split(' ').map(Number);
  // Second line of `times`: the shell's children (ffmpeg), user then system.
  const children = readFileSync(`${base}.times`, 'utf8').trim().split('\n')[1] ?? '';
  const [user, system] = children.trim().split(/\s+/).map(clockSeconds);
  return { args, wallSeconds: end! - start!, cpuSeconds: (user ?? 0) + (system ?? 0) };
}

/** runFfmpeg adds these before the arguments it is given; replaying a run drops them. */
export function withoutRunnerPrefix(args: string[]): string[] {
  const at = args.indexOf('pipe:1');
  if (args[at - 1] !== '-progress') throw new Error('not a run of runFfmpeg (no -progress pipe:1)');
  return args.slice(at + 1);
}

/**
 * The ladder run's arguments for its rendition `index` alone: its scale of the split, its video and
 * audio maps and per-stream options (renumbered to 0), its entry of the stream map; the output and
 * segment names moved under `outDir`, the key info file replaced by `keyInfo`. Everything shared
 * (codec, preset, profile, keyframes, HLS options) is kept as it was.
 */
export function oneRendition(ladder: string[], index: number, outDir: string, keyInfo: string): string[] {
  const args = withoutRunnerPrefix(ladder);
  const segments = args[args.indexOf('-hls_segment_filename') + 1];
  if (!segments) throw new Error('the ladder run has no -hls_segment_filename');
  const ladderOut = dirname(dirname(segments));
  const moved = (value: string) =>
    value.startsWith(ladderOut) ? outDir + value.slice(ladderOut.length) : value;
  const out: string[] = [];
  const maps = { video: 0, audio: 0 };
  for (let i = 0; i < args.length - 1; i += 2) {
    const option = args[i]!;
    const value = args[i + 1]!;
    if (!option.startsWith('-')) throw new Error(`unexpected argument ${option} in the ladder run`);
    const perStream = /^(-[\w]+:[va]):(\d+)$/.exec(option);
    if (perStream) {
      if (Number(perStream[2]) === index) out.push(`${perStream[1]}:0`, value);
    } else if (option === '-map') {
      const kind = value.startsWith('[') ? 'video' : 'audio';
      if (maps[kind]++ === index) out.push(option, value.replace(`[v${index}out]`, '[v0out]'));
    } else if (option === '-filter_complex') {
      const scale = value.split(';').find((part) => part.startsWith(`[v${index}]`));
      if (!scale) throw new Error(`no scale for rendition ${index} in ${value}`);
      out.push(
        option,
        `[0:v]split=1[v0];${scale.replace(`[v${index}]`, '[v0]').replace(`[v${index}out]`, '[v0out]')}`,
      );
    } else if (option === '-var_stream_map') {
      const entry = value.split(' ')[index];
      if (!entry) throw new Error(`no stream map entry ${index} in ${value}`);
      out.push(option, entry.replace(`v:${index}`, 'v:0').replace(`a:${index}`, 'a:0'));
    } else if (option === '-hls_key_info_file') {
      out.push(option, keyInfo);
    } else {
      out.push(option, moved(value));
    }
  }
  out.push(moved(args.at(-1)!));
  return out;
}

/** HLS output options of the ladder run: dropped when one rendition is written as an MP4 instead. */
const HLS_OPTIONS = new Set(['-f', '-hls_time', '-hls_playlist_type', '-hls_key_info_file', '-start_number']);

/**
 * One rendition's arguments (`oneRendition`) writing a progressive MP4 instead of HLS: the same
 * filter, maps, codec settings, bitrates and keyframes, `-movflags +faststart` (moov first, as a
 * web export writes it).
 */
export function asMp4(rendition: string[], file: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rendition.length - 1; i += 2) {
    const option = rendition[i]!;
    if (HLS_OPTIONS.has(option) || option.startsWith('-hls_') || option === '-var_stream_map') continue;
    out.push(option, rendition[i + 1]!);
  }
  return [...out, '-movflags', '+faststart', '-f', 'mp4', file];
}
