// Part 3 of `npm run bench:video`: the bytes a student downloads before the first 10 s can play, read
// from the files (response bodies only: no headers, no TLS).
//
// HLS at 240p: the master playlist (written as the API writes it, from the video's renditions, no
// captions), the 240p variant playlist, the 16-byte key and every segment that starts before 10 s
// (from the playlist's EXTINF durations).
//
// Progressive MP4: a browser needs the moov box and the media data of the first 10 s. With ffprobe's
// packet positions (`-show_packets -read_intervals %+10`), the last byte of any packet (either stream)
// whose pts is under 10 s marks how far the file must be read from its start; when moov sits after
// mdat, the browser reads it with a second range request, so its size is added.
import { execFile } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { masterPlaylist } from '../../apps/server/src/modules/video/playback/master-playlist';

const run = promisify(execFile);
export const FIRST_SECONDS = 10;

export type FirstSecondsRow = {
  name: string;
  /** Bytes before the first FIRST_SECONDS s can play. */
  bytes: number;
  /** The whole file or rendition, for scale. */
  totalBytes: number;
  /** What the bytes are made of. */
  parts: Record<string, number>;
  note?: string;
};

/** 240p HLS from a finished ladder folder (`hls/`). */
export function hlsFirstSeconds(
  hlsDir: string,
  video: { renditions: number[]; width: number; height: number },
  height = 240,
): FirstSecondsRow {
  const master = Buffer.byteLength(masterPlaylist(video, []));
  const variantFile = join(hlsDir, String(height), 'index.m3u8');
  const variant = readFileSync(variantFile, 'utf8');
  let start = 0;
  let duration = 0;
  let segments = 0;
  let segmentBytes = 0;
  let allSegmentBytes = 0;
  for (const line of variant.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line.endsWith('.ts')) {
      const size = statSync(join(hlsDir, String(height), line.trim())).size;
      allSegmentBytes += size;
      if (start < FIRST_SECONDS) {
        segments += 1;
        segmentBytes += size;
      }
      start += duration;
    }
  }
  const parts = {
    'master playlist': master,
    [`${height}p playlist`]: Buffer.byteLength(variant),
    key: 16,
    [`${segments} segments`]: segmentBytes,
  };
  const bytes = Object.values(parts).reduce((sum, value) => sum + value, 0);
  return {
    name: `HLS ${height}p (own video)`,
    bytes,
    totalBytes: bytes - segmentBytes + allSegmentBytes,
    parts,
  };
}

type Box = { type: string; start: number; size: number };

/** The file's top-level MP4 boxes. */
function topLevelBoxes(file: string): Box[] {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const boxes: Box[] = [];
  try {
    const header = Buffer.alloc(16);
    for (let at = 0; at + 8 <= size;) {
      readSync(fd, header, 0, 16, at);
      let length = header.readUInt32BE(0);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - at;
      if (length < 8) throw new Error(`${file}: bad box size at ${at}`);
      boxes.push({ type: header.toString('latin1', 4, 8), start: at, size: length });
      at += length;
    }
  } finally {
    closeSync(fd);
  }
  return boxes;
}

/** A progressive MP4's first seconds, estimated from ffprobe's packet positions (see the header). */
export async function mp4FirstSeconds(name: string, file: string): Promise<FirstSecondsRow> {
  const boxes = topLevelBoxes(file);
  const moov = boxes.find((box) => box.type === 'moov');
  const mdat = boxes.find((box) => box.type === 'mdat');
  if (!moov || !mdat) throw new Error(`${file}: no moov or mdat box`);
  const { stdout } = await run(
    'ffprobe',
    [
      ...['-v', 'error', '-read_intervals', `%+${FIRST_SECONDS}`, '-show_packets'],
      ...['-show_entries', 'packet=pts_time,pos,size', '-of', 'json', file],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const packets = (JSON.parse(stdout) as { packets?: { pts_time?: string; pos?: string; size?: string }[] })
    .packets;
  let end = 0;
  for (const packet of packets ?? []) {
    if (Number(packet.pts_time) >= FIRST_SECONDS || packet.pos === undefined) continue;
    end = Math.max(end, Number(packet.pos) + Number(packet.size));
  }
  if (end === 0) throw new Error(`${file}: ffprobe gave no packet positions`);
  const moovFirst = moov.start < mdat.start;
  const mediaBytes = end - mdat.start;
  const parts = {
    [`boxes before mdat${moovFirst ? ' (moov included)' : ''}`]: mdat.start,
    [`mdat up to ${FIRST_SECONDS} s`]: mediaBytes,
    ...(moovFirst ? {} : { 'moov (after mdat: a second range request)': moov.size }),
  };
  return {
    name,
    bytes: Object.values(parts).reduce((sum, value) => sum + value, 0),
    totalBytes: statSync(file).size,
    parts,
    note: `moov ${moov.size.toLocaleString('en-US')} B, ${moovFirst ? 'before' : 'after'} mdat`,
  };
}
