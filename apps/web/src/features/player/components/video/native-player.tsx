// Our own player for files (MP4, WebM) and HLS streams: the video, the watermark and the controls in
// one container that goes full screen together. Keyboard: Space/K play-pause, arrows seek 5 s
// (in the direction the right-to-left seek bar runs) and change the volume, M mute, F full screen.
// A stream has a quality menu (with the data saver), a lesson with captions a captions menu.
import type { LessonCaption } from '@app/contract';
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { playerMessages } from '../../../../i18n/player';
import { useAutoHide } from '../../hooks/use-auto-hide';
import { useFullscreen } from '../../hooks/use-fullscreen';
import { useStream } from '../../hooks/use-stream';
import { PlayIcon } from '../icons';
import { PlayerControls } from './player-controls';
import { StreamMenus } from './stream-menus';

const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.1;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const roundVolume = (value: number) => Math.round(clamp(value, 0, 1) * 10) / 10;

type Props = {
  source: { kind: 'hls' | 'file'; url: string };
  watermark: ReactNode;
  onTime: (seconds: number, duration: number | null) => void;
  poster?: string | null;
  /** For a file, `<track>` elements; a stream brings the same languages as its subtitle tracks. */
  captions?: LessonCaption[];
};

const NO_CAPTIONS: LessonCaption[] = [];

export function NativePlayer({ source, watermark, onTime, poster = null, captions = NO_CAPTIONS }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  // The menus are drawn in the region (over the picture), so they need the element itself.
  const attachRegion = useCallback((element: HTMLDivElement | null) => {
    containerRef.current = element;
    setRegion(element);
  }, []);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const { visible, poke } = useAutoHide(playing);
  const fullscreen = useFullscreen(containerRef, videoRef);

  const stream = useStream(videoRef, source, () => setFailed(true));

  const video = () => videoRef.current;

  const togglePlay = useCallback(() => {
    const element = videoRef.current;
    if (!element) return;
    if (element.paused || element.ended) void element.play()?.catch(() => undefined);
    else element.pause();
    poke();
  }, [poke]);

  const seekTo = (seconds: number) => {
    const element = video();
    if (!element) return;
    const end = Number.isFinite(element.duration) ? element.duration : duration;
    element.currentTime = clamp(seconds, 0, end || 0);
    setCurrent(element.currentTime);
  };

  const changeVolume = (value: number) => {
    const element = video();
    if (!element) return;
    const next = roundVolume(value);
    element.volume = next;
    element.muted = next === 0;
  };

  const toggleMute = () => {
    const element = video();
    if (!element) return;
    if (element.muted && element.volume === 0) element.volume = 1;
    element.muted = !element.muted;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const tag = target.tagName;
    // Sliders and the speed menu use the arrows themselves; buttons use Space.
    const ownsArrows = tag === 'INPUT' || tag === 'SELECT';
    const element = video();
    if (!element || event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = containerRef.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
    switch (event.code === 'Space' ? 'Space' : event.key.startsWith('Arrow') ? event.key : event.code) {
      case 'Space':
        if (tag === 'BUTTON' || ownsArrows) return;
        togglePlay();
        break;
      case 'KeyK':
        togglePlay();
        break;
      case 'ArrowLeft':
        if (ownsArrows) return;
        seekTo(element.currentTime + (rtl ? SEEK_STEP_S : -SEEK_STEP_S));
        break;
      case 'ArrowRight':
        if (ownsArrows) return;
        seekTo(element.currentTime + (rtl ? -SEEK_STEP_S : SEEK_STEP_S));
        break;
      case 'ArrowUp':
        if (ownsArrows) return;
        changeVolume((element.muted ? 0 : element.volume) + VOLUME_STEP);
        break;
      case 'ArrowDown':
        if (ownsArrows) return;
        changeVolume((element.muted ? 0 : element.volume) - VOLUME_STEP);
        break;
      case 'KeyM':
        toggleMute();
        break;
      case 'KeyF':
        void fullscreen.toggle();
        break;
      default:
        return;
    }
    event.preventDefault();
    poke();
  };

  const readTime = (element: HTMLVideoElement) => {
    setCurrent(element.currentTime);
    const known = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null;
    if (known) setDuration(known);
    onTime(element.currentTime, known);
  };

  return (
    <div
      ref={attachRegion}
      role="region"
      aria-label={playerMessages.video.region}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={poke}
      onPointerDown={poke}
      onFocus={poke}
      className={`@container relative isolate aspect-video w-full overflow-hidden rounded-xl bg-black select-none [&:fullscreen]:aspect-auto [&:fullscreen]:rounded-none ${
        visible ? '' : 'cursor-none'
      }`}
    >
      <video
        ref={videoRef}
        src={source.kind === 'file' ? source.url : undefined}
        poster={poster ?? undefined}
        preload="metadata"
        playsInline
        controlsList="nodownload"
        onContextMenu={(event) => event.preventDefault()}
        onClick={togglePlay}
        onPlay={() => {
          setPlaying(true);
          poke();
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => readTime(event.currentTarget)}
        onLoadedMetadata={(event) => readTime(event.currentTarget)}
        onDurationChange={(event) => readTime(event.currentTarget)}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
        onRateChange={(event) => setRate(event.currentTarget.playbackRate)}
        onError={() => setFailed(true)}
        data-controls={visible ? 'shown' : 'hidden'}
        className="player-video h-full w-full object-contain"
      >
        {source.kind === 'file'
          ? captions.map((caption) => (
              <track
                key={caption.language}
                kind="subtitles"
                src={caption.url}
                srcLang={caption.language}
                label={caption.label}
              />
            ))
          : null}
      </video>
      {watermark}
      {!playing && !failed ? (
        // Not where the text is large for the player's width (200 % on a phone): there the control bar
        // fills the picture, and its seek bar and time would cross this icon.
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-10 grid place-items-center @max-[20rem]:hidden"
        >
          <span
            data-testid="play-overlay"
            className="grid size-16 place-items-center rounded-full bg-black/55 text-white"
          >
            <PlayIcon className="size-8" />
          </span>
        </div>
      ) : null}
      {failed ? (
        <p
          role="alert"
          className="absolute inset-x-4 top-4 z-30 rounded-lg bg-red-700/90 px-3 py-2 text-sm text-white"
        >
          {playerMessages.video.playbackError}
        </p>
      ) : null}
      <PlayerControls
        visible={visible}
        playing={playing}
        current={current}
        duration={duration}
        volume={volume}
        muted={muted}
        rate={rate}
        fullscreen={fullscreen.active}
        onTogglePlay={togglePlay}
        onSeek={seekTo}
        onToggleMute={toggleMute}
        onVolume={changeVolume}
        onRate={(value) => {
          const element = video();
          if (element) element.playbackRate = value;
        }}
        onToggleFullscreen={() => void fullscreen.toggle()}
        menus={<StreamMenus stream={stream} captions={captions} container={region} />}
      />
    </div>
  );
}
