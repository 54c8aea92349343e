// The cheer overlay after a completed lesson, shown for CELEBRATION_MS.
import { CELEBRATION_MS } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export function useCelebration() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const celebrate = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), CELEBRATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { visible, celebrate };
}
