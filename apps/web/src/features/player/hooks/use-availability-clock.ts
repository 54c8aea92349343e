// The one clock of a player page: everything its units' availability decides (the sidebar's status
// lines, the lesson, the countdown banner, the buttons) is derived from one `now`. It moves every
// minute (day counts change at local midnight) and at the exact instant the domain says the next
// window ends or opens, so the whole page turns at once, as the server does.
import { useEffect, useMemo, useState } from 'react';

const REFRESH_MS = 60_000;
/** setTimeout's longest delay (about 24.8 days); a later change is aimed at again when it fires. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * `derive(now)` (memoise it with useCallback), re-run every minute and at `changesAt(derived)`, the
 * next instant at which the result changes (null: only the minute tick).
 */
export function useAvailabilityClock<T>(derive: (now: Date) => T, changesAt: (derived: T) => Date | null): T {
  const [now, setNow] = useState(() => new Date());
  const derived = useMemo(() => derive(now), [derive, now]);
  const at = changesAt(derived)?.getTime() ?? null;

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(
      // Never earlier than the change itself, even if the timer fires a little early.
      () => setNow(new Date(Math.max(Date.now(), at))),
      Math.min(Math.max(at - Date.now(), 0), MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [at]);

  return derived;
}
