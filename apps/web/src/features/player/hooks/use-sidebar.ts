// The curriculum sidebar: open by default on wide screens, closed on phones (where it is a drawer).
import { useCallback, useState, useSyncExternalStore } from 'react';

const WIDE = '(min-width: 1024px)';

export function isWideScreen(): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE).matches : true;
}

function onWideChange(callback: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener?.('change', callback);
  return () => query.removeEventListener?.('change', callback);
}

/** Whether the sidebar is a column (wide screens) or a drawer, following the window's width. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(onWideChange, isWideScreen, () => true);
}

export function useSidebar() {
  const [open, setOpen] = useState(isWideScreen);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  /** After choosing a lesson on a phone the drawer gets out of the way. */
  const closeIfDrawer = useCallback(() => {
    if (!isWideScreen()) setOpen(false);
  }, []);
  return { open, toggle, show, close, closeIfDrawer };
}
