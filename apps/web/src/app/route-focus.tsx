// After a client-side route change the focus goes to the new screen's main heading, the way a page
// load starts a screen reader at the top: one place for every screen, the players included. The
// heading may arrive later (a lazy chunk, data, a lesson's content), so a short watch waits for it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WATCH_MS = 10_000;

/**
 * Moves the focus to `main h1` once it is shown, if the focus was lost (the control pressed left the
 * page) or `claim` says the focus is ours to move (a link followed, a new path). Stops as soon as
 * the focus is put anywhere else, by the student or by the screen itself.
 */
export function focusMainHeading(origin: Element | null, claim: boolean): () => void {
  let placed: HTMLElement | null = null;
  const check = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!lost && active !== placed && !(claim && active === origin)) return stop();
    if (active === placed && placed?.isConnected) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    placed = heading;
    heading.focus();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', check);
  const timer = setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', check);
    clearTimeout(timer);
  }
  check();
  return stop;
}

export function RouteFocus() {
  const { pathname, search } = useLocation();
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  // Read while rendering the new location: the control that led here, before effects move anything.
  const origin = typeof document === 'undefined' ? null : document.activeElement;
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search };
    if (!before) return; // The first screen: the page load already starts at the top.
    const claim = before.pathname !== pathname || origin?.closest('a[href]') != null;
    return focusMainHeading(origin, claim);
    // `origin` is read on the render of a new location only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);
  return null;
}
