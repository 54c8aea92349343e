// Our player's control bar: play/pause, seek bar, mute and volume (0-1, step 0.1), elapsed/total
// time, speed and full screen, every control labelled for screen readers. The row wraps, so at a
// large text size time, speed and full screen move to a second line instead of off the screen.
import { PLAYBACK_SPEEDS } from '@app/domain';
import type { ReactNode } from 'react';
import { playerMessages } from '../../../../i18n/player';
import { formatMediaTime } from '../../lib/media-time';
import { ExitFullscreenIcon, FullscreenIcon, MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from '../icons';

const t = playerMessages.video;

export type ControlsState = {
  playing: boolean;
  current: number;
  duration: number;
  volume: number;
  muted: boolean;
  rate: number;
  fullscreen: boolean;
};

type Props = ControlsState & {
  visible: boolean;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onRate: (rate: number) => void;
  onToggleFullscreen: () => void;
  /** The stream's quality and captions menus, beside the speed. */
  menus?: ReactNode;
};

const iconButton =
  'grid size-10 shrink-0 place-items-center rounded-full text-white hover:bg-white/20 focus-visible:outline-white';

export function PlayerControls(props: Props) {
  const elapsed = formatMediaTime(props.current);
  const total = formatMediaTime(props.duration);
  const shownVolume = props.muted ? 0 : props.volume;
  return (
    <div
      data-testid="player-controls"
      data-visible={props.visible}
      className={`absolute inset-x-0 bottom-0 z-30 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-2 pt-8 pb-1 text-white transition-opacity duration-300 md:px-4 ${
        props.visible ? 'opacity-100' : 'pointer-events-none opacity-0'
      }`}
    >
      <input
        type="range"
        aria-label={t.seek}
        aria-valuetext={t.timeLabel(elapsed, total)}
        min={0}
        max={props.duration || 0}
        step="any"
        value={Math.min(props.current, props.duration || 0)}
        onChange={(event) => props.onSeek(Number(event.target.value))}
        className="block h-6 w-full cursor-pointer accent-brand-500"
      />
      <div className="mt-1 flex flex-wrap items-center gap-x-1 md:gap-x-2">
        <button
          type="button"
          className={iconButton}
          onClick={props.onTogglePlay}
          aria-label={props.playing ? t.pause : t.play}
        >
          {props.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={props.onToggleMute}
          aria-label={props.muted ? t.unmute : t.mute}
          aria-pressed={props.muted}
        >
          {props.muted || props.volume === 0 ? <MutedIcon /> : <VolumeIcon />}
        </button>
        <input
          type="range"
          aria-label={t.volume}
          aria-valuetext={`${Math.round(shownVolume * 100)}%`}
          min={0}
          max={1}
          step={0.1}
          value={shownVolume}
          onChange={(event) => props.onVolume(Number(event.target.value))}
          className="h-2 w-14 cursor-pointer accent-brand-500 sm:w-24"
        />
        <span data-testid="player-time" className="px-1 text-xs whitespace-nowrap tabular-nums md:text-sm">
          <span aria-hidden="true">
            <span dir="ltr">{elapsed}</span> / <span dir="ltr">{total}</span>
          </span>
          <span className="sr-only">{t.timeLabel(elapsed, total)}</span>
        </span>
        <label className="ms-auto flex items-center">
          <span className="sr-only">{t.speed}</span>
          <select
            value={props.rate}
            onChange={(event) => props.onRate(Number(event.target.value))}
            className="h-9 cursor-pointer rounded-lg border border-white/40 bg-black/60 px-1 text-xs text-white md:text-sm"
          >
            {PLAYBACK_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {t.speedOption(speed)}
              </option>
            ))}
          </select>
        </label>
        {props.menus}
        <button
          type="button"
          className={iconButton}
          onClick={props.onToggleFullscreen}
          aria-label={props.fullscreen ? t.exitFullscreen : t.fullscreen}
        >
          {props.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        </button>
      </div>
    </div>
  );
}
