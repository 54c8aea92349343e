// HLS streams through hls.js, which is loaded only now so it never weighs on the player's first chunk;
// natively where hls.js cannot run but the browser plays HLS itself (iOS Safari). hls.js starts at the
// lowest rendition and its bandwidth estimate climbs from there; the player can pin a height, cap at
// the lowest one (data saver) and choose a subtitle track. Tests substitute this module.
import { selectTextTrack } from './text-tracks';

export type HlsPreferences = {
  /** A rendition's height, or null for automatic. */
  quality: number | null;
  dataSaver: boolean;
};

export type HlsSession = {
  /** The renditions' heights, lowest first; empty where the browser plays the stream itself. */
  heights: () => number[];
  apply: (preferences: HlsPreferences) => void;
  /** A caption language, or null for none. */
  showSubtitles: (language: string | null) => void;
  destroy: () => void;
};

export type HlsEvents = {
  onFatal: () => void;
  /** The stream's renditions are known (hls.js only). */
  onLevels: (heights: number[]) => void;
};

export async function attachHls(
  video: HTMLVideoElement,
  url: string,
  preferences: HlsPreferences,
  events: HlsEvents,
): Promise<HlsSession> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
    } else {
      events.onFatal();
    }
    return {
      heights: () => [],
      apply: () => undefined,
      showSubtitles: (language) => selectTextTrack(video, language),
      destroy: () => undefined,
    };
  }
  const hls = new Hls({ startLevel: 0, capLevelToPlayerSize: false });
  let current = preferences;
  let subtitles: string | null = null;
  // hls.js sorts its levels by bitrate, so index 0 is the lowest rendition.
  const indexOf = (height: number) => hls.levels.findLastIndex((level) => level.height === height);
  const apply = (next: HlsPreferences) => {
    current = next;
    if (hls.levels.length === 0) return;
    hls.autoLevelCapping = next.dataSaver ? 0 : -1;
    const pinned = !next.dataSaver && next.quality !== null ? indexOf(next.quality) : -1;
    if (pinned >= 0) hls.currentLevel = pinned;
    // Back to automatic from the next segment (untouched when already automatic: the start level stays).
    else if (!hls.autoLevelEnabled) hls.nextLevel = -1;
  };
  const showSubtitles = (language: string | null) => {
    subtitles = language;
    const index = language === null ? -1 : hls.subtitleTracks.findIndex((track) => track.lang === language);
    hls.subtitleDisplay = index >= 0;
    hls.subtitleTrack = index;
  };
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) events.onFatal();
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    apply(current);
    events.onLevels(heightsOf(hls.levels));
  });
  // Captions are off until the student picks a language, whatever the playlist marks as default.
  hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, () => showSubtitles(subtitles));
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    heights: () => heightsOf(hls.levels),
    apply,
    showSubtitles,
    destroy: () => hls.destroy(),
  };
}

const heightsOf = (levels: { height: number }[]) =>
  [...new Set(levels.map((level) => level.height).filter((height) => height > 0))].sort((a, b) => a - b);
