// A server over capacity answers 503 with Retry-After (the API's load shedding, issue 17). A read is
// asked again after that wait, a bounded number of times, while the screen says calmly why it waits;
// a change (POST, PUT, DELETE) is never re-sent behind the student's back: it fails with the same
// message and the student sends it again from its own screen.

/** At most this many tries of one read, the first included. */
export const OVERLOAD_MAX_TRIES = 3;
/** A longer Retry-After is waited only this long (seconds). */
export const OVERLOAD_MAX_WAIT_S = 30;

/** What the screen shows: the client is waiting to try a read again, or a change was refused. */
export type OverloadNotice = { kind: 'retrying' | 'refused'; seconds: number; until: number };

type Listener = () => void;
let notice: OverloadNotice | null = null;
const listeners = new Set<Listener>();

/** The notice shown now (useSyncExternalStore's snapshot), or null. */
export const overloadNotice = {
  get: (): OverloadNotice | null => notice,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set: (next: OverloadNotice | null): void => {
    notice = next;
    for (const listener of listeners) listener();
  },
};

/** The wait a shed answer asks for, in whole seconds within [1, OVERLOAD_MAX_WAIT_S]; null when the
 * answer is not a 503 with a usable Retry-After (seconds; the server never sends a date). */
export function overloadWaitSeconds(response: Response): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(OVERLOAD_MAX_WAIT_S, Math.max(1, Math.ceil(seconds)));
}

export type RetryDeps = {
  /** Resolves after `ms`; rejects with an AbortError when `signal` aborts first. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
};

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends with `attempt`; a read shed with 503 + Retry-After is sent again after the wait, up to
 * OVERLOAD_MAX_TRIES tries in all, with the 'retrying' notice up meanwhile. The last answer is
 * returned as it came (the caller turns a 503 into its error). A refused change puts up the
 * 'refused' notice and is returned at once.
 */
export async function sendWithOverloadRetry(
  method: string,
  attempt: () => Promise<Response>,
  signal?: AbortSignal,
  { sleep: wait = sleep, now = Date.now }: RetryDeps = {},
): Promise<Response> {
  const isRead = method === 'GET' || method === 'HEAD';
  for (let tries = 1; ; tries += 1) {
    const response = await attempt();
    const seconds = overloadWaitSeconds(response);
    if (seconds === null) {
      if (overloadNotice.get()?.kind === 'retrying') overloadNotice.set(null);
      return response;
    }
    const retrying = isRead && tries < OVERLOAD_MAX_TRIES;
    overloadNotice.set({ kind: retrying ? 'retrying' : 'refused', seconds, until: now() + seconds * 1000 });
    if (!retrying) return response;
    await wait(seconds * 1000, signal);
  }
}
