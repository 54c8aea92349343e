// Full screen for the player's container (so the watermark and our controls come along). On phones
// the screen is also locked to landscape; browsers that refuse the lock are ignored.
import { useEffect, useState, type RefObject } from 'react';

type LockableOrientation = { lock?: (orientation: 'landscape') => Promise<void>; unlock?: () => void };

const orientation = (): LockableOrientation | undefined =>
  (window.screen as { orientation?: LockableOrientation } | undefined)?.orientation;

const isPhone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

export function useFullscreen(
  container: RefObject<HTMLElement | null>,
  video?: RefObject<HTMLVideoElement | null>,
) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [container]);

  const toggle = async () => {
    if (document.fullscreenElement) {
      orientation()?.unlock?.();
      await document.exitFullscreen().catch(() => undefined);
      return;
    }
    const element = container.current;
    if (element && typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen();
      } catch {
        return;
      }
      if (isPhone())
        await orientation()
          ?.lock?.('landscape')
          .catch(() => undefined);
      return;
    }
    // iPhone Safari only lets the video element itself go full screen.
    const fallback = video?.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    fallback?.webkitEnterFullscreen?.();
  };

  return { active, toggle };
}
