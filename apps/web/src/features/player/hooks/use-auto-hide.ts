// Player controls hide CONTROLS_HIDE_MS after the last interaction while the video plays.
import { CONTROLS_HIDE_MS } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export function useAutoHide(playing: boolean) {
  const [recent, setRecent] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const poke = useCallback(() => {
    setRecent(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRecent(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { visible: !playing || recent, poke };
}
