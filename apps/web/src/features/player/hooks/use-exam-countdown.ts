import { useEffect, useRef, useState } from 'react';
import { msUntil } from '../lib/exam-time';

/**
 * Milliseconds until `at` on the server's clock (the phone's clock plus `offsetMs`), or null without
 * `at`. It re-renders as each whole second of the time left passes (when mm:ss changes) and stops at
 * zero.
 */
export function useExamCountdown(at: string | null, offsetMs: number): number | null {
  const [phoneNow, setPhoneNow] = useState(() => Date.now());

  useEffect(() => {
    if (at === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = Date.now();
      setPhoneNow(now);
      const left = msUntil(at, offsetMs, now);
      if (left <= 0) return;
      // The next whole second of the time left, a little after it so it is not read early.
      timer = setTimeout(tick, (left % 1000 || 1000) + 5);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [at, offsetMs]);

  return at === null ? null : msUntil(at, offsetMs, phoneNow);
}

/**
 * Runs `action` at once and then every `everyMs` while `active`: the exam's content is read again when
 * the countdown reaches zero, and again while the server's answer still shows the moment not reached
 * (an attempt still open, an exam not yet open).
 */
export function useRepeatWhile(active: boolean, action: () => void, everyMs = 2000): void {
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  useEffect(() => {
    if (!active) return;
    actionRef.current();
    const timer = setInterval(() => actionRef.current(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
}
