// Whether an upload's first bytes are a video container ffmpeg reads (decision 0012): MP4/MOV
// (`ftyp` at byte 4), Matroska/WebM (EBML), AVI (RIFF….AVI ) or MPEG-TS (sync bytes 188 apart).
// Never the name or type the browser sent; ffprobe must then find a video stream too.
export type VideoContainer = 'mp4' | 'mkv' | 'avi' | 'ts';

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** How many bytes the sniff needs. */
export const SNIFF_BYTES = 2 * 188 + 1;

export function sniffVideoContainer(bytes: Buffer): VideoContainer | null {
  if (ascii(bytes, 4, 'ftyp')) return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'mkv';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) return 'avi';
  if (bytes.length > 2 * 188 && bytes[0] === 0x47 && bytes[188] === 0x47 && bytes[376] === 0x47) return 'ts';
  return null;
}
