import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageHost, MessageLike } from './embed-messaging';
import { connectPlayerJs, EMBED_POLL_MS } from './player-js-adapter';

const ORIGIN = 'https://iframe.mediadelivery.net';

/** A fake page window and the embedded player's window. */
function setup() {
  const listeners = new Set<(event: MessageLike) => void>();
  const host: MessageHost = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const frame = { postMessage: vi.fn<(message: string, origin: string) => void>() };
  const handlers = { onTime: vi.fn(), onPlayingChange: vi.fn() };
  const adapter = connectPlayerJs({ target: frame, origin: ORIGIN, host, handlers });
  const fromPlayer = (data: unknown, options: { origin?: string; source?: unknown } = {}) => {
    for (const listener of listeners)
      listener({
        data: JSON.stringify(data),
        origin: options.origin ?? ORIGIN,
        source: options.source ?? frame,
      });
  };
  const sent = () =>
    frame.postMessage.mock.calls.map(([message, origin]) => ({ ...JSON.parse(message), origin }));
  return { adapter, frame, handlers, fromPlayer, sent, listeners };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('player.js adapter', () => {
  it('sends play and pause as player.js messages to the player origin', () => {
    const { adapter, sent } = setup();
    adapter.play();
    adapter.pause();
    expect(sent()).toEqual([
      { context: 'player.js', version: '0.0.11', method: 'play', origin: ORIGIN },
      { context: 'player.js', version: '0.0.11', method: 'pause', origin: ORIGIN },
    ]);
  });

  it('once ready, subscribes to play/pause and polls the current time every second', () => {
    const { fromPlayer, sent, frame } = setup();
    expect(frame.postMessage).not.toHaveBeenCalled();
    fromPlayer({ context: 'player.js', event: 'ready', value: { src: 'x' } });
    const subscribed = sent()
      .filter((m) => m.method === 'addEventListener')
      .map((m) => m.value);
    expect(subscribed).toEqual(expect.arrayContaining(['play', 'pause', 'ended']));
    const polls = () => sent().filter((m) => m.method === 'getCurrentTime');
    expect(polls()).toHaveLength(1);
    expect(polls()[0].listener).toEqual(expect.any(String));
    vi.advanceTimersByTime(EMBED_POLL_MS * 3);
    expect(polls()).toHaveLength(4);
  });

  it('reports the polled time with the duration, and play/pause events', () => {
    const { fromPlayer, handlers } = setup();
    fromPlayer({ context: 'player.js', event: 'ready' });
    fromPlayer({ context: 'player.js', event: 'getDuration', value: 200, listener: 'getDuration-2' });
    fromPlayer({ context: 'player.js', event: 'getCurrentTime', value: 185, listener: 'getCurrentTime-3' });
    expect(handlers.onTime).toHaveBeenLastCalledWith(185, 200);
    fromPlayer({ context: 'player.js', event: 'timeupdate', value: { seconds: 190, duration: 200 } });
    expect(handlers.onTime).toHaveBeenLastCalledWith(190, 200);
    fromPlayer({ context: 'player.js', event: 'play' });
    expect(handlers.onPlayingChange).toHaveBeenLastCalledWith(true);
    fromPlayer({ context: 'player.js', event: 'pause' });
    expect(handlers.onPlayingChange).toHaveBeenLastCalledWith(false);
  });

  it('stops asking for the duration once known', () => {
    const { fromPlayer, sent } = setup();
    fromPlayer({ context: 'player.js', event: 'ready' });
    fromPlayer({ context: 'player.js', event: 'getDuration', value: 200 });
    const before = sent().filter((m) => m.method === 'getDuration').length;
    vi.advanceTimersByTime(EMBED_POLL_MS * 2);
    expect(sent().filter((m) => m.method === 'getDuration')).toHaveLength(before);
  });

  it('ignores messages from another origin, another window, or another protocol', () => {
    const { fromPlayer, handlers, frame } = setup();
    fromPlayer({ context: 'player.js', event: 'ready' }, { origin: 'https://evil.example' });
    fromPlayer({ context: 'player.js', event: 'ready' }, { source: {} });
    fromPlayer({ event: 'infoDelivery', info: { currentTime: 3 } });
    expect(frame.postMessage).not.toHaveBeenCalled();
    fromPlayer(
      { context: 'player.js', event: 'getCurrentTime', value: 5 },
      { origin: 'https://evil.example' },
    );
    expect(handlers.onTime).not.toHaveBeenCalled();
  });

  it('starts polling after the frame loads even if the ready message was missed', () => {
    const { adapter, sent } = setup();
    adapter.handleLoad();
    vi.advanceTimersByTime(EMBED_POLL_MS);
    expect(sent().some((m) => m.method === 'getCurrentTime')).toBe(true);
  });

  it('stops polling and listening when disposed', () => {
    const { adapter, fromPlayer, frame, listeners } = setup();
    fromPlayer({ context: 'player.js', event: 'ready' });
    adapter.dispose();
    const count = frame.postMessage.mock.calls.length;
    vi.advanceTimersByTime(EMBED_POLL_MS * 5);
    adapter.play();
    expect(frame.postMessage.mock.calls.length).toBe(count);
    expect(listeners.size).toBe(0);
  });
});
