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

export function useSplash(hash: string): { visible: boolean; progress: number; done: boolean } {
  const [visible, setVisible] = useState(() => shouldShowSplash(hash));
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!visible) return;
    // Marked at once: a visitor who leaves mid-splash is not made to wait again.
    storage.session.set(STORAGE_KEYS.splashSeen, '1');
    const tick = setInterval(() => setProgress((value) => Math.min(100, value + SPLASH.step)), SPLASH.stepMs);
    let reveal: ReturnType<typeof setTimeout> | undefined;
    const end = setTimeout(() => {
      clearInterval(tick);
      setProgress(100);
      setDone(true);
      reveal = setTimeout(() => setVisible(false), SPLASH.revealDelayMs);
    }, SPLASH.durationMs);
    return () => {
      clearInterval(tick);
      clearTimeout(end);
      clearTimeout(reveal);
    };
  }, [visible]);

  return { visible, progress, done };
}
