// The master playlist, written at request time (decision 0012): the video's renditions as variant
// streams, and the lesson's captions as a SUBTITLES group, so captions added after the transcode
// show without transcoding again. Every URI is relative, so the signed prefix carries over.
import { ladderFor } from '../transcode';

/** H.264 Main (level 3.1) and AAC-LC: what the transcode writes at every height. */
const CODECS = 'avc1.4d401f,mp4a.40.2';
const GROUP = 'subs';

export type MasterVideo = { renditions: number[]; width: number | null; height: number | null };
export type MasterCaption = { language: string; label: string };

/** Text fit for a quoted attribute: no quote, no line break. */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, ' ')}"`;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export function masterPlaylist(video: MasterVideo, captions: MasterCaption[]): string {
  const aspect = video.width && video.height ? video.width / video.height : 16 / 9;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const caption of captions) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME=${quoted(caption.label)},` +
        `LANGUAGE=${quoted(caption.language)},DEFAULT=NO,AUTOSELECT=NO,` +
        `URI=${quoted(`captions/${caption.language}.m3u8`)}`,
    );
  }
  for (const height of [...video.renditions].sort((a, b) => a - b)) {
    // The rung transcode.ts encoded this height with (the last of the ladder up to it).
    const rung = ladderFor(height).at(-1)!;
    const kbits = rung.videoKbps + rung.audioKbps;
    const attributes = [
      `BANDWIDTH=${Math.round(kbits * 1000 * 1.1)}`,
      `AVERAGE-BANDWIDTH=${kbits * 1000}`,
      `RESOLUTION=${even(height * aspect)}x${height}`,
      `CODECS="${CODECS}"`,
      ...(captions.length > 0 ? [`SUBTITLES="${GROUP}"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${height}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** One caption file as a one-segment playlist, as HLS players load subtitles. */
export function captionPlaylist(language: string, durationSeconds: number): string {
  const duration = Math.max(1, durationSeconds);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    `${language}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
