import { useEffect, useRef } from 'react';

/** Moves keyboard focus to the returned ref's element when it first appears. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
