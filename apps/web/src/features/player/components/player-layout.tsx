// The players' page: fixed top bar, the curriculum sidebar (a column on wide screens; on phones a
// modal dialog, so Tab cannot reach the player hidden under it and Escape gives the focus back to
// the curriculum button) and the main area.
import { useLayoutEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { MAIN_ID } from '../../../components/ui/skip-link';
import { playerMessages } from '../../../i18n/player';
import { useWideScreen } from '../hooks/use-sidebar';
import { PlayerTopBar, type TopBarProps } from './player-top-bar';

type Props = Omit<TopBarProps, 'sidebarOpen' | 'onToggleSidebar'> & {
  sidebar: { open: boolean; toggle: () => void; close: () => void };
  sidebarTitle: string;
  sidebarContent: ReactNode;
  /** Toasts and overlays, above the top bar and the drawer (outside the main area's stacking). */
  overlays?: ReactNode;
  children: ReactNode;
};

export function PlayerLayout({
  sidebar,
  sidebarTitle,
  sidebarContent,
  overlays,
  children,
  ...topBar
}: Props) {
  const { open, close } = sidebar;
  const wide = useWideScreen();
  const [measureBar, barHeight] = useBarHeight();

  return (
    <div
      dir="rtl"
      className="min-h-dvh bg-slate-50"
      style={{ '--player-bar': `${barHeight}px` } as CSSProperties}
    >
      <PlayerTopBar {...topBar} ref={measureBar} sidebarOpen={open} onToggleSidebar={sidebar.toggle} />
      <div className="lg:flex">
        {wide ? (
          <aside
            id={topBar.sidebarId}
            hidden={!open}
            aria-label={sidebarTitle}
            className="sticky top-(--player-bar) z-10 h-[calc(100dvh-var(--player-bar))] w-80 shrink-0 overflow-y-auto border-e border-slate-200 bg-white"
          >
            <h2 className="border-b border-slate-100 px-4 py-3 font-bold text-slate-900">{sidebarTitle}</h2>
            {sidebarContent}
          </aside>
        ) : (
          <Dialog open={open} onClose={close} title={sidebarTitle} closeLabel={playerMessages.sidebar.close}>
            <aside id={topBar.sidebarId} aria-label={sidebarTitle} className="-mx-4">
              {sidebarContent}
            </aside>
          </Dialog>
        )}
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="isolate min-w-0 flex-1 px-3 py-4 focus:outline-none md:px-6 md:py-6"
        >
          <div className="mx-auto w-full max-w-4xl">{children}</div>
        </main>
      </div>
      {overlays}
    </div>
  );
}

/** The top bar's height, kept current: the sidebar column starts below a bar that grows with its
 * title and with the text size. */
function useBarHeight() {
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(56);
  useLayoutEffect(() => {
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(bar.offsetHeight));
    observer.observe(bar);
    return () => observer.disconnect();
  }, [bar]);
  return [setBar, height] as const;
}
