// YouTube's embed (with enablejsapi=1) speaks the IFrame API over postMessage without loading
// YouTube's script: we announce `{ event: 'listening' }` and it pushes `infoDelivery` messages with
// currentTime, duration and playerState; commands are `{ event: 'command', func: 'playVideo' }`.
import {
  finiteNumber,
  parseMessage,
  type EmbedAdapter,
  type EmbedHandlers,
  type MessageHost,
  type MessageLike,
  type MessageTarget,
} from './embed-messaging';
import { EMBED_POLL_MS } from './player-js-adapter';

/** playerState values of the IFrame API. */
const PLAYING = 1;
/** Stop re-announcing after this many tries if the embed never answers. */
const MAX_HANDSHAKES = 10;

export function connectYouTube(options: {
  target: MessageTarget;
  origin: string;
  host: MessageHost;
  handlers: EmbedHandlers;
  id?: string;
}): EmbedAdapter {
  const { target, origin, host, handlers } = options;
  const id = options.id ?? 'lesson-video';
  let disposed = false;
  let answered = false;
  let handshakes = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let seconds = 0;
  let duration: number | null = null;

  const post = (message: Record<string, unknown>) => {
    if (!disposed) target.postMessage(JSON.stringify({ ...message, id, channel: 'widget' }), origin);
  };
  const command = (func: string) => post({ event: 'command', func, args: [] });

  const announce = () => {
    if (answered || handshakes >= MAX_HANDSHAKES) {
      clearInterval(timer);
      return;
    }
    handshakes += 1;
    post({ event: 'listening' });
  };

  const handleMessage = (event: MessageLike) => {
    if (disposed || event.origin !== origin || event.source !== target) return;
    const message = parseMessage(event.data);
    if (!message || typeof message.event !== 'string') return;
    answered = true;
    if (message.event === 'onStateChange') {
      const state = finiteNumber(message.info);
      if (state !== null) handlers.onPlayingChange?.(state === PLAYING);
      return;
    }
    if (message.event !== 'infoDelivery' && message.event !== 'initialDelivery') return;
    const info = parseMessage(message.info);
    if (!info) return;
    const d = finiteNumber(info.duration);
    if (d !== null && d > 0) duration = d;
    const state = finiteNumber(info.playerState);
    if (state !== null) handlers.onPlayingChange?.(state === PLAYING);
    const s = finiteNumber(info.currentTime);
    if (s !== null) seconds = s;
    if (s !== null || d !== null) handlers.onTime?.(seconds, duration);
  };

  host.addEventListener('message', handleMessage);
  return {
    play: () => command('playVideo'),
    pause: () => command('pauseVideo'),
    handleLoad: () => {
      if (disposed) return;
      clearInterval(timer);
      handshakes = 0;
      answered = false;
      announce();
      timer = setInterval(announce, EMBED_POLL_MS);
    },
    handleMessage,
    dispose() {
      disposed = true;
      clearInterval(timer);
      host.removeEventListener('message', handleMessage);
    },
  };
}
