// The players' top bar: back, curriculum toggle, title, lesson position and overall progress. It grows
// with its title (a unit name and a lesson name wrap rather than being cut off), and at large text
// sizes the title takes a line of its own instead of shrinking to a letter.
import type { Ref } from 'react';
import { Link } from 'react-router';
import { playerMessages } from '../../../i18n/player';
import { BackIcon, MenuIcon } from './icons';

const t = playerMessages.topBar;

export type TopBarProps = {
  backHref: string;
  backLabel: string;
  title: string;
  /** 'n / total' or 'الدرس n من total', read out in full by `positionLabel`. */
  position: string | null;
  positionLabel?: string;
  percent: number | null;
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  ref?: Ref<HTMLElement> | ((element: HTMLElement | null) => void);
};

export function PlayerTopBar({ ref, ...props }: TopBarProps) {
  const { percent } = props;
  return (
    <header ref={ref} className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
      <div className="flex min-h-14 flex-wrap items-center gap-x-1 px-2 py-1 md:gap-x-2 md:px-4">
        <Link
          to={props.backHref}
          aria-label={props.backLabel}
          title={props.backLabel}
          className="grid size-11 shrink-0 place-items-center rounded-xl text-slate-700 hover:bg-slate-100"
        >
          <BackIcon />
        </Link>
        <button
          type="button"
          onClick={props.onToggleSidebar}
          aria-expanded={props.sidebarOpen}
          aria-controls={props.sidebarId}
          aria-label={props.sidebarOpen ? t.hideCurriculum : t.showCurriculum}
          title={props.sidebarOpen ? t.hideCurriculum : t.showCurriculum}
          className="grid size-11 shrink-0 place-items-center rounded-xl text-slate-700 hover:bg-slate-100"
        >
          <MenuIcon />
        </button>
        <p
          data-testid="player-title"
          className="min-w-32 flex-1 text-sm font-bold break-words text-slate-900 md:text-base"
        >
          {props.title}
        </p>
        <div className="ms-auto flex shrink-0 flex-col items-end gap-0.5 text-xs text-slate-600 md:flex-row md:items-center md:gap-3 md:text-sm">
          {props.position ? (
            <span className="font-semibold text-slate-800">
              <span aria-hidden={props.positionLabel ? true : undefined}>{props.position}</span>
              {props.positionLabel ? <span className="sr-only">{props.positionLabel}</span> : null}
            </span>
          ) : null}
          {percent !== null ? <span>{t.percentComplete(percent)}</span> : null}
        </div>
      </div>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={t.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t.percentComplete(percent)}
          className="absolute inset-x-0 bottom-0 h-1 bg-slate-100"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </header>
  );
}
