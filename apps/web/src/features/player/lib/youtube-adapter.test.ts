import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageHost, MessageLike } from './embed-messaging';
import { EMBED_POLL_MS } from './player-js-adapter';
import { connectYouTube } from './youtube-adapter';

const ORIGIN = 'https://www.youtube-nocookie.com';

function setup() {
  const listeners = new Set<(event: MessageLike) => void>();
  const host: MessageHost = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const frame = { postMessage: vi.fn<(message: string, origin: string) => void>() };
  const handlers = { onTime: vi.fn(), onPlayingChange: vi.fn() };
  const adapter = connectYouTube({ target: frame, origin: ORIGIN, host, handlers });
  const fromYouTube = (data: unknown, origin = ORIGIN) => {
    for (const listener of listeners) listener({ data: JSON.stringify(data), origin, source: frame });
  };
  const sent = () => frame.postMessage.mock.calls.map(([message]) => JSON.parse(message));
  return { adapter, frame, handlers, fromYouTube, sent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('YouTube adapter', () => {
  it('announces itself after the frame loads, until YouTube answers', () => {
    const { adapter, fromYouTube, sent } = setup();
    adapter.handleLoad();
    expect(sent()).toEqual([{ event: 'listening', id: 'lesson-video', channel: 'widget' }]);
    vi.advanceTimersByTime(EMBED_POLL_MS * 2);
    expect(sent()).toHaveLength(3);
    fromYouTube({ event: 'onReady', info: null });
    vi.advanceTimersByTime(EMBED_POLL_MS * 3);
    expect(sent()).toHaveLength(3);
  });

  it('reports current time and duration from infoDelivery, and the playing state', () => {
    const { fromYouTube, handlers } = setup();
    fromYouTube({ event: 'infoDelivery', info: { duration: 600, currentTime: 12.5, playerState: 1 } });
    expect(handlers.onTime).toHaveBeenLastCalledWith(12.5, 600);
    expect(handlers.onPlayingChange).toHaveBeenLastCalledWith(true);
    fromYouTube({ event: 'infoDelivery', info: { currentTime: 560 } });
    expect(handlers.onTime).toHaveBeenLastCalledWith(560, 600);
    fromYouTube({ event: 'onStateChange', info: 2 });
    expect(handlers.onPlayingChange).toHaveBeenLastCalledWith(false);
  });

  it('sends play and pause as IFrame API commands', () => {
    const { adapter, sent } = setup();
    adapter.play();
    adapter.pause();
    expect(sent()).toEqual([
      { event: 'command', func: 'playVideo', args: [], id: 'lesson-video', channel: 'widget' },
      { event: 'command', func: 'pauseVideo', args: [], id: 'lesson-video', channel: 'widget' },
    ]);
  });

  it('ignores other origins', () => {
    const { fromYouTube, handlers } = setup();
    fromYouTube({ event: 'infoDelivery', info: { duration: 600, currentTime: 599 } }, 'https://evil.example');
    expect(handlers.onTime).not.toHaveBeenCalled();
  });
});
