// An embedded player (the media delivery host, or YouTube's privacy-enhanced embed) driven over
// postMessage by a small adapter. The frame and the watermark share one container, and full screen
// is ours (the frame may not go full screen alone, which would leave the watermark behind).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { playerMessages } from '../../../../i18n/player';
import { useFullscreen } from '../../hooks/use-fullscreen';
import type { EmbedAdapter, EmbedHandlers, MessageHost, MessageTarget } from '../../lib/embed-messaging';
import { ExitFullscreenIcon, FullscreenIcon, PauseIcon, PlayIcon } from '../icons';

export type ConnectEmbed = (options: {
  target: MessageTarget;
  origin: string;
  host: MessageHost;
  handlers: EmbedHandlers;
}) => EmbedAdapter;

type Props = {
  src: string;
  origin: string;
  title: string;
  connect: ConnectEmbed;
  watermark: ReactNode;
  onTime: (seconds: number, duration: number | null) => void;
};

const t = playerMessages.video;

export function EmbedPlayer({ src, origin, title, connect, watermark, onTime }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const adapterRef = useRef<EmbedAdapter | null>(null);
  const onTimeRef = useRef(onTime);
  const [playing, setPlaying] = useState(false);
  const fullscreen = useFullscreen(containerRef);

  useEffect(() => {
    onTimeRef.current = onTime;
  }, [onTime]);

  useEffect(() => {
    const target = frameRef.current?.contentWindow;
    if (!target) return;
    const adapter = connect({
      target,
      origin,
      host: window,
      handlers: {
        onTime: (seconds, duration) => onTimeRef.current(seconds, duration),
        onPlayingChange: setPlaying,
      },
    });
    adapterRef.current = adapter;
    return () => {
      adapter.dispose();
      adapterRef.current = null;
    };
  }, [connect, origin, src]);

  const togglePlay = () => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    if (playing) adapter.pause();
    else adapter.play();
    setPlaying(!playing);
  };

  return (
    <div
      ref={containerRef}
      className="isolate flex flex-col overflow-hidden rounded-xl bg-black [&:fullscreen]:rounded-none"
    >
      <div className="relative aspect-video w-full [:fullscreen_&]:aspect-auto [:fullscreen_&]:flex-1">
        <iframe
          ref={frameRef}
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => adapterRef.current?.handleLoad()}
          className="absolute inset-0 h-full w-full border-0"
        />
        {watermark}
      </div>
      <div className="flex items-center justify-between gap-2 bg-slate-900 px-2 py-1 text-white">
        <button
          type="button"
          onClick={togglePlay}
          aria-label={playing ? t.pause : t.play}
          className="grid size-10 place-items-center rounded-full hover:bg-white/20 focus-visible:outline-white"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          onClick={() => void fullscreen.toggle()}
          aria-label={fullscreen.active ? t.exitFullscreen : t.fullscreen}
          className="grid size-10 place-items-center rounded-full hover:bg-white/20 focus-visible:outline-white"
        >
          {fullscreen.active ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        </button>
      </div>
    </div>
  );
}
