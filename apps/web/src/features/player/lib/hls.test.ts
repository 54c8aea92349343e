// Issue 19: the hls.js wiring — start at the lowest rendition and let the bandwidth estimate climb,
// pin a height, cap at the lowest for the data saver, captions off until chosen. hls.js itself
// cannot run in jsdom: a fake stands in for it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attachHls } from './hls';

const fake = vi.hoisted(() => ({
  supported: true,
  instance: null as null | {
    config: Record<string, unknown>;
    handlers: Record<string, () => void>;
    levels: { height: number }[];
    subtitleTracks: { lang: string }[];
    autoLevelCapping: number;
    currentLevel: number;
    nextLevel: number;
    subtitleTrack: number;
    subtitleDisplay: boolean;
    readonly autoLevelEnabled: boolean;
    loadSource: ReturnType<typeof vi.fn>;
    attachMedia: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
  },
}));

vi.mock('hls.js', () => ({
  default: class FakeHls {
    static isSupported = () => fake.supported;
    static Events = {
      ERROR: 'hlsError',
      MANIFEST_PARSED: 'hlsManifestParsed',
      SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
    };
    handlers: Record<string, () => void> = {};
    levels = [{ height: 240 }, { height: 360 }, { height: 360 }, { height: 720 }];
    subtitleTracks = [{ lang: 'ar' }, { lang: 'en' }];
    autoLevelCapping = -1;
    currentLevel = -1;
    nextLevel = -1;
    subtitleTrack = 0;
    subtitleDisplay = true;
    get autoLevelEnabled() {
      return this.currentLevel === -1 && this.nextLevel === -1;
    }
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    constructor(public config: Record<string, unknown>) {
      fake.instance = this;
    }
    on(event: string, handler: () => void) {
      this.handlers[event] = handler;
    }
  },
}));

const URL = 'https://example.test/api/media/hls/t/7/master.m3u8';
const events = () => ({ onFatal: vi.fn(), onLevels: vi.fn() });
const attach = (quality: number | null = null) =>
  attachHls(document.createElement('video'), URL, { quality, dataSaver: false }, events());

beforeEach(() => {
  fake.supported = true;
  fake.instance = null;
});

describe('attachHls', () => {
  it('starts at the lowest rendition, not capped to the player size, and reports the heights', async () => {
    const video = document.createElement('video');
    const on = events();
    await attachHls(video, URL, { quality: null, dataSaver: false }, on);
    const hls = fake.instance!;
    expect(hls.config).toMatchObject({ startLevel: 0, capLevelToPlayerSize: false });
    expect(hls.loadSource).toHaveBeenCalledWith(URL);
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    hls.handlers.hlsManifestParsed!();
    expect(on.onLevels).toHaveBeenCalledWith([240, 360, 720]);
    // Automatic: hls.js's bandwidth estimate chooses, uncapped.
    expect(hls.nextLevel).toBe(-1);
    expect(hls.autoLevelCapping).toBe(-1);
  });

  it('pins a chosen height, caps at the lowest with the data saver, and returns to automatic', async () => {
    const session = await attach(360);
    const hls = fake.instance!;
    hls.handlers.hlsManifestParsed!();
    expect(hls.currentLevel).toBe(2);
    session.apply({ quality: 360, dataSaver: true });
    expect(hls.autoLevelCapping).toBe(0);
    expect(hls.nextLevel).toBe(-1);
    hls.nextLevel = 5;
    session.apply({ quality: null, dataSaver: false });
    expect(hls.autoLevelCapping).toBe(-1);
    expect(hls.nextLevel).toBe(-1);
  });

  it("keeps captions off until one is chosen, then shows the stream's track of that language", async () => {
    const session = await attach();
    const hls = fake.instance!;
    hls.handlers.hlsSubtitleTracksUpdated!();
    expect(hls.subtitleTrack).toBe(-1);
    expect(hls.subtitleDisplay).toBe(false);
    session.showSubtitles('en');
    expect(hls.subtitleTrack).toBe(1);
    expect(hls.subtitleDisplay).toBe(true);
    session.showSubtitles(null);
    expect(hls.subtitleTrack).toBe(-1);
  });

  it('plays natively where hls.js is not supported but the browser plays HLS, else fails', async () => {
    fake.supported = false;
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const on = events();
    const session = await attachHls(video, URL, { quality: null, dataSaver: false }, on);
    expect(video.src).toBe(URL);
    expect(session.heights()).toEqual([]);
    expect(fake.instance).toBeNull();

    const other = document.createElement('video');
    vi.spyOn(other, 'canPlayType').mockReturnValue('');
    const failing = events();
    await attachHls(other, URL, { quality: null, dataSaver: false }, failing);
    expect(failing.onFatal).toHaveBeenCalled();
  });
});
