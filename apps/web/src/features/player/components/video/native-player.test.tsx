import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CONTROLS_HIDE_MS } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NativePlayer } from './native-player';

const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as {
    loadSource: ReturnType<typeof vi.fn>;
    attachMedia: ReturnType<typeof vi.fn>;
    destroy: ReturnType<typeof vi.fn>;
  }[],
}));

vi.mock('hls.js', () => ({
  default: class FakeHls {
    static isSupported = () => hls.supported;
    static Events = { ERROR: 'hlsError' };
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    on = vi.fn();
    constructor() {
      hls.instances.push(this);
    }
  },
}));

function renderPlayer(source: { kind: 'hls' | 'file'; url: string } = { kind: 'file', url: '/media/a.mp4' }) {
  const onTime = vi.fn();
  const view = render(
    <div dir="rtl">
      <NativePlayer source={source} watermark={<span data-testid="mark" />} onTime={onTime} />
    </div>,
  );
  const video = view.container.querySelector('video')!;
  let currentTime = 0;
  let paused = true;
  Object.defineProperty(video, 'duration', { configurable: true, value: 120 });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => currentTime,
    set: (value: number) => {
      currentTime = value;
    },
  });
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  const play = vi.fn(() => {
    paused = false;
    fireEvent.play(video);
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    paused = true;
    fireEvent.pause(video);
  });
  video.play = play;
  video.pause = pause;
  const region = screen.getByRole('region', { name: 'مشغل الفيديو' });
  return { ...view, video, region, onTime, play, pause };
}

const key = (element: HTMLElement, code: string, keyName = code) =>
  fireEvent.keyDown(element, { key: keyName, code });

beforeEach(() => {
  hls.instances.length = 0;
  hls.supported = true;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('NativePlayer', () => {
  it('labels every control for screen readers', () => {
    renderPlayer();
    for (const name of ['تشغيل', 'كتم الصوت', 'ملء الشاشة']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'شريط التقدم' })).toBeInTheDocument();
    const volume = screen.getByRole('slider', { name: 'مستوى الصوت' });
    expect(volume).toHaveAttribute('min', '0');
    expect(volume).toHaveAttribute('max', '1');
    expect(volume).toHaveAttribute('step', '0.1');
    const speed = screen.getByRole('combobox', { name: 'سرعة التشغيل' });
    expect(Array.from((speed as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '0.5',
      '0.75',
      '1',
      '1.25',
      '1.5',
      '1.75',
      '2',
    ]);
    expect(screen.getByTestId('mark').closest('[role=region]')).toBe(screen.getByRole('region'));
  });

  it('plays and pauses with the button, Space and K, and shows the time in Arabic-Indic digits', () => {
    const { video, region, play, pause } = renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'تشغيل' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'إيقاف مؤقت' })).toBeInTheDocument();
    key(region, 'Space', ' ');
    expect(pause).toHaveBeenCalledTimes(1);
    key(region, 'KeyK', 'ن'); // K on an Arabic keyboard layout
    expect(play).toHaveBeenCalledTimes(2);

    video.currentTime = 75;
    fireEvent.timeUpdate(video);
    expect(screen.getByText('الوقت المنقضي ١:١٥ من ٢:٠٠')).toBeInTheDocument();
  });

  it('seeks 5 s with the arrows in the direction the right-to-left seek bar runs', () => {
    const { video, region, onTime } = renderPlayer();
    video.currentTime = 60;
    key(region, 'ArrowLeft');
    expect(video.currentTime).toBe(65);
    key(region, 'ArrowRight');
    key(region, 'ArrowRight');
    expect(video.currentTime).toBe(55);
    video.currentTime = 2;
    key(region, 'ArrowRight');
    expect(video.currentTime).toBe(0);
    fireEvent.timeUpdate(video);
    expect(onTime).toHaveBeenLastCalledWith(0, 120);
  });

  it('changes the volume by 0.1 with the arrows, mutes with M', () => {
    const { video, region } = renderPlayer();
    video.volume = 0.5;
    key(region, 'ArrowUp');
    expect(video.volume).toBeCloseTo(0.6);
    key(region, 'ArrowDown');
    key(region, 'ArrowDown');
    expect(video.volume).toBeCloseTo(0.4);
    key(region, 'KeyM', 'm');
    expect(video.muted).toBe(true);
    key(region, 'KeyM', 'm');
    expect(video.muted).toBe(false);
  });

  it('seeks with the seek bar and sets the speed from the menu', () => {
    const { video } = renderPlayer();
    fireEvent.durationChange(video);
    fireEvent.change(screen.getByRole('slider', { name: 'شريط التقدم' }), { target: { value: '30' } });
    expect(video.currentTime).toBe(30);
    fireEvent.change(screen.getByRole('combobox', { name: 'سرعة التشغيل' }), { target: { value: '1.5' } });
    expect(video.playbackRate).toBe(1.5);
  });

  it('hides the controls 5 s after the last interaction while playing, and shows them on a touch', () => {
    vi.useFakeTimers();
    const { video, region } = renderPlayer();
    const controls = screen.getByTestId('player-controls');
    act(() => {
      void video.play();
    });
    expect(controls).toHaveAttribute('data-visible', 'true');
    act(() => {
      vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100);
    });
    expect(controls).toHaveAttribute('data-visible', 'true');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(controls).toHaveAttribute('data-visible', 'false');
    fireEvent.pointerMove(region);
    expect(controls).toHaveAttribute('data-visible', 'true');
    // Paused, they stay.
    act(() => {
      video.pause();
    });
    act(() => {
      vi.advanceTimersByTime(CONTROLS_HIDE_MS * 2);
    });
    expect(controls).toHaveAttribute('data-visible', 'true');
  });

  it('goes full screen with F (the container, watermark included) and locks a phone to landscape', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('coarse'), media: query }));
    const lock = vi.fn(() => Promise.reject(new Error('not supported')));
    Object.defineProperty(window.screen, 'orientation', {
      configurable: true,
      value: { lock, unlock: vi.fn() },
    });
    const { region } = renderPlayer();
    const requestFullscreen = vi.fn(() => Promise.resolve());
    region.requestFullscreen = requestFullscreen;
    key(region, 'KeyF', 'f');
    await waitFor(() => expect(lock).toHaveBeenCalledWith('landscape'));
    expect(requestFullscreen).toHaveBeenCalled();
  });

  it('plays an HLS stream with hls.js (loaded only for streams), and releases it', async () => {
    const url = 'https://cdn.example/v/master.m3u8';
    const { video, unmount } = renderPlayer({ kind: 'hls', url });
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]!.loadSource).toHaveBeenCalledWith(url);
    expect(hls.instances[0]!.attachMedia).toHaveBeenCalledWith(video);
    unmount();
    expect(hls.instances[0]!.destroy).toHaveBeenCalled();
  });

  it('plays HLS natively where hls.js is not supported and the browser can', async () => {
    hls.supported = false;
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const url = 'https://cdn.example/v/master.m3u8';
    const { video } = renderPlayer({ kind: 'hls', url });
    await waitFor(() => expect(video.getAttribute('src') ?? video.src).toBe(url));
    expect(hls.instances).toHaveLength(0);
    canPlay.mockRestore();
  });

  it('plays a file directly', () => {
    const { video } = renderPlayer({ kind: 'file', url: '/media/a.mp4' });
    expect(video).toHaveAttribute('src', '/media/a.mp4');
    expect(hls.instances).toHaveLength(0);
  });
});
