// The players' page: fixed top bar, the curriculum sidebar (a column on wide screens, a drawer with a
// backdrop on phones) and the main area.
import { useEffect, type ReactNode } from 'react';
import { playerMessages } from '../../../i18n/player';
import { CrossIcon } from './icons';
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
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && window.matchMedia?.('(max-width: 1023.98px)').matches) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <div dir="rtl" className="min-h-dvh bg-slate-50">
      <PlayerTopBar {...topBar} sidebarOpen={open} onToggleSidebar={sidebar.toggle} />
      <div className="pt-14 lg:flex">
        {open ? (
          <button
            type="button"
            aria-label={playerMessages.sidebar.close}
            tabIndex={-1}
            onClick={close}
            className="fixed inset-0 top-14 z-30 bg-slate-900/50 lg:hidden"
          />
        ) : null}
        <aside
          id={topBar.sidebarId}
          hidden={!open}
          aria-label={sidebarTitle}
          className="fixed start-0 top-14 bottom-0 z-30 w-[85vw] max-w-sm overflow-y-auto border-e border-slate-200 bg-white shadow-xl lg:sticky lg:z-10 lg:h-[calc(100dvh-3.5rem)] lg:w-80 lg:max-w-none lg:shrink-0 lg:shadow-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="font-bold text-slate-900">{sidebarTitle}</h2>
            <button
              type="button"
              onClick={close}
              aria-label={playerMessages.sidebar.close}
              className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
            >
              <CrossIcon />
            </button>
          </div>
          {sidebarContent}
        </aside>
        <main className="isolate min-w-0 flex-1 px-3 py-4 md:px-6 md:py-6">
          <div className="mx-auto w-full max-w-4xl">{children}</div>
        </main>
      </div>
      {overlays}
    </div>
  );
}
