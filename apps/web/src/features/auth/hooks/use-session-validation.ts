// Spec (Startup): a restored user is validated against the server 100 ms after entering a protected
// page, not again within 5 s. 200 and 404 (no enrolled courses) keep the user; any other status logs
// out. A network failure keeps the user: on a phone that loses signal in a tunnel, being signed out
// would cost more than it protects (the next call decides).
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { validateSession } from '../api/session';

export const VALIDATION_DELAY_MS = 100;
export const VALIDATION_MIN_GAP_MS = 5000;

let lastValidatedAt = 0;

/** For tests: forget when the session was last validated. */
export function resetSessionValidation(): void {
  lastValidatedAt = 0;
}

export function useSessionValidation(userId: number | null): { validating: boolean } {
  const [validating, setValidating] = useState(
    () => userId !== null && Date.now() - lastValidatedAt >= VALIDATION_MIN_GAP_MS,
  );
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      if (Date.now() - lastValidatedAt < VALIDATION_MIN_GAP_MS) {
        setValidating(false);
        return;
      }
      lastValidatedAt = Date.now();
      validateSession(userId)
        .catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.isNetwork)) return;
          authStore.clear();
        })
        .finally(() => {
          if (!cancelled) setValidating(false);
        });
    }, VALIDATION_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [userId]);
  return { validating };
}
