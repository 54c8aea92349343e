// Spec (home, constants): a splash whose progress rises 4 points every 30 ms; it ends at 1.5 s and
// the page shows 300 ms later. Shown once per browser session, and not at all to people who ask for
// reduced motion or who open a link to a section of the page.
import { useEffect, useState } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

export const SPLASH = { stepMs: 30, step: 4, durationMs: 1500, revealDelayMs: 300 } as const;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Also read by the prerendered page's boot script (apps/web/build/boot.js), which must agree. */
export function shouldShowSplash(hash: string): boolean {
  // Prerendering at build time (no window) renders the page itself, which is what a second visit shows.
  if (typeof window === 'undefined') return false;
  return !hash && storage.session.get(STORAGE_KEYS.splashSeen) === null && !prefersReducedMotion();
}

/** Progress after `elapsedMs`: 4 points every 30 ms, at most 100. */
const progressAfter = (elapsedMs: number) =>
  Math.min(100, Math.floor(elapsedMs / SPLASH.stepMs) * SPLASH.step);

/**
 * How long the splash has already been on screen: the page's own splash (index.html, shown by
 * build/boot.js from the first paint) counts, so the app's continues it rather than starting again.
 * The mark is still on <html> during the app's first render (app.tsx clears it after).
 */
function alreadyShownMs(): number {
  const booted = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-splash');
  return booted ? Math.max(0, Math.round(performance.now())) : 0;
}

export function useSplash(hash: string): { visible: boolean; progress: number; done: boolean } {
  const [visible, setVisible] = useState(() => shouldShowSplash(hash));
  const [shownMs] = useState(alreadyShownMs);
  const [progress, setProgress] = useState(() => progressAfter(shownMs));
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!visible) return;
    // Marked at once: a visitor who leaves mid-splash is not made to wait again.
    storage.session.set(STORAGE_KEYS.splashSeen, '1');
    const tick = setInterval(() => setProgress((value) => Math.min(100, value + SPLASH.step)), SPLASH.stepMs);
    let reveal: ReturnType<typeof setTimeout> | undefined;
    const end = setTimeout(
      () => {
        clearInterval(tick);
        setProgress(100);
        setDone(true);
        reveal = setTimeout(() => setVisible(false), SPLASH.revealDelayMs);
      },
      Math.max(0, SPLASH.durationMs - shownMs),
    );
    return () => {
      clearInterval(tick);
      clearTimeout(end);
      clearTimeout(reveal);
    };
  }, [visible, shownMs]);

  return { visible, progress, done };
}
