// The media delivery host's embedded player speaks the player.js protocol over postMessage: JSON
// strings `{ context: 'player.js', version, method, value?, listener? }` out, and
// `{ context: 'player.js', event, value?, listener? }` back ('ready', 'play', 'pause', 'ended',
// 'timeupdate', or the name of a getter answering its listener). We send play/pause and poll the
// current time every second once the player is ready.
import {
  finiteNumber,
  parseMessage,
  type EmbedAdapter,
  type EmbedHandlers,
  type MessageHost,
  type MessageLike,
  type MessageTarget,
} from './embed-messaging';

export const PLAYER_JS_CONTEXT = 'player.js';
export const PLAYER_JS_VERSION = '0.0.11';
/** Spec: embedded player time polling every 1 s. */
export const EMBED_POLL_MS = 1000;

export function connectPlayerJs(options: {
  target: MessageTarget;
  origin: string;
  host: MessageHost;
  handlers: EmbedHandlers;
}): EmbedAdapter {
  const { target, origin, host, handlers } = options;
  let started = false;
  let disposed = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  let seconds = 0;
  let duration: number | null = null;
  let nextListener = 0;

  const post = (method: string, value?: unknown, withListener = false) => {
    if (disposed) return;
    const message: Record<string, unknown> = {
      context: PLAYER_JS_CONTEXT,
      version: PLAYER_JS_VERSION,
      method,
    };
    if (value !== undefined) message.value = value;
    if (withListener) message.listener = `${method}-${++nextListener}`;
    target.postMessage(JSON.stringify(message), origin);
  };

  const poll = () => {
    post('getCurrentTime', undefined, true);
    if (duration === null) post('getDuration', undefined, true);
  };

  const start = () => {
    if (started || disposed) return;
    started = true;
    for (const event of ['play', 'pause', 'ended', 'timeupdate']) post('addEventListener', event);
    poll();
    timer = setInterval(poll, EMBED_POLL_MS);
  };

  const report = () => handlers.onTime?.(seconds, duration);

  const handleMessage = (event: MessageLike) => {
    if (disposed || event.origin !== origin || event.source !== target) return;
    const message = parseMessage(event.data);
    if (!message || message.context !== PLAYER_JS_CONTEXT) return;
    switch (message.event) {
      case 'ready':
        start();
        break;
      case 'getCurrentTime': {
        const value = finiteNumber(message.value);
        if (value !== null) {
          seconds = value;
          report();
        }
        break;
      }
      case 'getDuration': {
        const value = finiteNumber(message.value);
        if (value !== null && value > 0) {
          duration = value;
          report();
        }
        break;
      }
      case 'timeupdate': {
        const value = parseMessage(message.value);
        const s = finiteNumber(value?.seconds);
        const d = finiteNumber(value?.duration);
        if (d !== null && d > 0) duration = d;
        if (s !== null) {
          seconds = s;
          report();
        }
        break;
      }
      case 'play':
        handlers.onPlayingChange?.(true);
        break;
      case 'pause':
      case 'ended':
        handlers.onPlayingChange?.(false);
        break;
      default:
        break;
    }
  };

  host.addEventListener('message', handleMessage);
  return {
    play: () => post('play'),
    pause: () => post('pause'),
    // A player that loaded before we listened may have sent 'ready' already: start anyway.
    handleLoad: () => {
      clearTimeout(loadTimer);
      loadTimer = setTimeout(start, EMBED_POLL_MS);
    },
    handleMessage,
    dispose() {
      disposed = true;
      clearInterval(timer);
      clearTimeout(loadTimer);
      host.removeEventListener('message', handleMessage);
    },
  };
}
