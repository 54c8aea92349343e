// Issue 19: the player's quality menu (only the stream's heights, in Arabic-Indic digits), the data
// saver, and the captions menu — their choices, their persistence on the device, the keyboard, and
// the `<track>` elements of an MP4 lesson. The hls.js wiring (lib/hls) is replaced by a fake session.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HlsEvents, HlsPreferences } from '../../lib/hls';
import { videoContent } from '../../testing/fixtures';
import { NativePlayer } from './native-player';
import { VideoLesson } from './video-lesson';

const wiring = vi.hoisted(() => ({
  heights: [240, 360, 720],
  attached: [] as { url: string; preferences: HlsPreferences; events: HlsEvents }[],
  apply: null as unknown as ReturnType<typeof vi.fn>,
  showSubtitles: null as unknown as ReturnType<typeof vi.fn>,
}));

vi.mock('../../lib/hls', () => ({
  attachHls: (_video: HTMLVideoElement, url: string, preferences: HlsPreferences, events: HlsEvents) => {
    wiring.attached.push({ url, preferences, events });
    events.onLevels(wiring.heights);
    return Promise.resolve({
      heights: () => wiring.heights,
      apply: wiring.apply,
      showSubtitles: wiring.showSubtitles,
      destroy: () => undefined,
    });
  },
}));

const CAPTIONS = [
  { language: 'ar', label: 'العربية', url: '/api/media/captions/t/9/ar.vtt' },
  { language: 'en', label: 'English', url: '/api/media/captions/t/9/en.vtt' },
];

function renderStream() {
  return render(
    <div dir="rtl">
      <NativePlayer
        source={{ kind: 'hls', url: '/api/media/hls/t/7/master.m3u8' }}
        poster="/api/media/hls/t/7/poster.jpg"
        captions={CAPTIONS}
        watermark={null}
        onTime={vi.fn()}
      />
    </div>,
  );
}

const qualityButton = () => screen.getByRole('button', { name: 'الجودة' });
const captionsButton = () => screen.getByRole('button', { name: 'الترجمة' });
const radioNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitemradio')
    .map((item) => item.textContent);

beforeEach(() => {
  wiring.attached.length = 0;
  wiring.heights = [240, 360, 720];
  wiring.apply = vi.fn();
  wiring.showSubtitles = vi.fn();
});

describe('Player: the quality menu and the data saver', () => {
  it("offers automatic and only the stream's heights, in Arabic-Indic digits; the choice is remembered", async () => {
    const user = userEvent.setup();
    const view = renderStream();
    expect(view.container.querySelector('video')).toHaveAttribute('poster', '/api/media/hls/t/7/poster.jpg');
    const button = await screen.findByRole('button', { name: 'الجودة' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'الجودة' });
    expect(radioNames(menu)).toEqual(['تلقائي', '٢٤٠', '٣٦٠', '٧٢٠']);
    expect(within(menu).getByRole('menuitemradio', { name: 'تلقائي' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: '٣٦٠' }));
    expect(wiring.apply).toHaveBeenLastCalledWith({ quality: 360, dataSaver: false });
    expect(localStorage.getItem('video_quality')).toBe('360');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    // Another lesson on this device starts at the remembered height.
    view.unmount();
    renderStream();
    await waitFor(() => expect(wiring.attached).toHaveLength(2));
    expect(wiring.attached[1]!.preferences).toEqual({ quality: 360, dataSaver: false });
    await user.click(await screen.findByRole('button', { name: 'الجودة' }));
    expect(screen.getByRole('menuitemradio', { name: '٣٦٠' })).toHaveAttribute('aria-checked', 'true');
  });

  it('the data saver caps at the lowest height, greys the others out, and is remembered', async () => {
    const user = userEvent.setup();
    renderStream();
    await user.click(await screen.findByRole('button', { name: 'الجودة' }));
    const saver = screen.getByRole('menuitemcheckbox', { name: 'توفير البيانات' });
    expect(saver).toHaveAttribute('aria-checked', 'false');
    await user.click(saver);
    expect(wiring.apply).toHaveBeenLastCalledWith({ quality: null, dataSaver: true });
    expect(localStorage.getItem('video_data_saver')).toBe('true');
    await user.click(qualityButton());
    expect(screen.getByRole('menuitemcheckbox', { name: 'توفير البيانات' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: '٢٤٠' })).toHaveAttribute('aria-checked', 'true');
    const high = screen.getByRole('menuitemradio', { name: '٧٢٠' });
    expect(high).toHaveAttribute('aria-disabled', 'true');
    await user.click(high);
    expect(localStorage.getItem('video_quality')).toBeNull();
  });

  it('works from the keyboard: Enter opens on the chosen item, arrows move without seeking, Escape closes', async () => {
    const user = userEvent.setup();
    const view = renderStream();
    const video = view.container.querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 120 });
    video.currentTime = 60;
    const button = await screen.findByRole('button', { name: 'الجودة' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'تلقائي' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '٣٦٠' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'توفير البيانات' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'توفير البيانات' })).toHaveFocus();
    expect(video.currentTime).toBe(60);
    expect(video.volume).toBe(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(wiring.apply).toHaveBeenLastCalledWith({ quality: 720, dataSaver: false });
  });

  it('has no quality menu when the browser plays the stream itself (no known renditions)', async () => {
    wiring.heights = [];
    renderStream();
    await waitFor(() => expect(wiring.attached).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'الجودة' })).toBeNull();
  });
});

describe('Player: the captions menu', () => {
  it("is off by default and shows the stream's track of the chosen language", async () => {
    const user = userEvent.setup();
    renderStream();
    await waitFor(() => expect(wiring.attached).toHaveLength(1));
    await user.click(captionsButton());
    const menu = screen.getByRole('menu', { name: 'الترجمة' });
    expect(radioNames(menu)).toEqual(['إيقاف', 'العربية', 'English']);
    expect(within(menu).getByRole('menuitemradio', { name: 'إيقاف' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(wiring.showSubtitles).toHaveBeenLastCalledWith('en');
    await user.click(captionsButton());
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'إيقاف' }));
    expect(wiring.showSubtitles).toHaveBeenLastCalledWith(null);
  });

  it("starts off again for the next lesson's stream", async () => {
    const user = userEvent.setup();
    const props = { captions: CAPTIONS, watermark: null, onTime: vi.fn() };
    const view = render(<NativePlayer source={{ kind: 'hls', url: '/a/master.m3u8' }} {...props} />);
    await user.click(captionsButton());
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    view.rerender(<NativePlayer source={{ kind: 'hls', url: '/b/master.m3u8' }} {...props} />);
    await waitFor(() => expect(wiring.attached).toHaveLength(2));
    expect(wiring.showSubtitles).toHaveBeenLastCalledWith(null);
    await user.click(captionsButton());
    expect(screen.getByRole('menuitemradio', { name: 'إيقاف' })).toHaveAttribute('aria-checked', 'true');
  });

  it('gives an MP4 lesson <track> elements and shows the chosen one', async () => {
    const user = userEvent.setup();
    const view = render(
      <NativePlayer
        source={{ kind: 'file', url: '/media/a.mp4' }}
        captions={CAPTIONS}
        watermark={null}
        onTime={vi.fn()}
      />,
    );
    const video = view.container.querySelector('video')!;
    const tracks = Array.from(video.querySelectorAll('track'));
    expect(
      tracks.map((track) => [track.kind, track.srclang, track.label, track.getAttribute('src')]),
    ).toEqual([
      ['subtitles', 'ar', 'العربية', '/api/media/captions/t/9/ar.vtt'],
      ['subtitles', 'en', 'English', '/api/media/captions/t/9/en.vtt'],
    ]);
    // jsdom has no TextTrackList: the browser's list of the two tracks stands in.
    const textTracks = CAPTIONS.map(({ language }) => ({ kind: 'subtitles', language, mode: 'disabled' }));
    Object.defineProperty(video, 'textTracks', { configurable: true, value: textTracks });
    expect(screen.queryByRole('button', { name: 'الجودة' })).toBeNull();
    await user.click(captionsButton());
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    expect(textTracks.map((track) => track.mode)).toEqual(['showing', 'disabled']);
    await user.click(captionsButton());
    await user.click(screen.getByRole('menuitemradio', { name: 'إيقاف' }));
    expect(textTracks.map((track) => track.mode)).toEqual(['disabled', 'disabled']);
  });

  it('has no captions menu for a lesson without captions, and closes on a click outside', async () => {
    const user = userEvent.setup();
    const view = render(
      <NativePlayer source={{ kind: 'file', url: '/media/a.mp4' }} watermark={null} onTime={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'الترجمة' })).toBeNull();
    view.unmount();
    renderStream();
    await user.click(await screen.findByRole('button', { name: 'الترجمة' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('VideoLesson with an uploaded video', () => {
  it('plays its stream in our player, with its poster and captions, whatever the video URL says', async () => {
    const hlsUrl = '/api/media/hls/t/7/master.m3u8';
    const view = render(
      <VideoLesson
        content={videoContent(9, {
          videoUrl: 'https://iframe.mediadelivery.net/embed/77/abc-123',
          hlsUrl,
          posterUrl: '/api/media/hls/t/7/poster.jpg',
          captions: CAPTIONS,
        })}
        mode="player"
        isLast={false}
        onComplete={vi.fn()}
      />,
    );
    await waitFor(() => expect(wiring.attached).toHaveLength(1));
    expect(wiring.attached[0]!.url).toBe(hlsUrl);
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(view.container.querySelector('video')).toHaveAttribute('poster', '/api/media/hls/t/7/poster.jpg');
    expect(screen.getByRole('button', { name: 'الترجمة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الجودة' })).toBeInTheDocument();
  });
});
