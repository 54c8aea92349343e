// Open-loop load for the synchronised quiz start: every request leaves at its own moment, whatever the
// earlier ones are doing (autocannon's closed loop would slow its offer down with the server). Plain
// http.request, so thousands can be in flight, and a client timeout after which the client gives up and
// closes its socket, as a phone whose user left would.
//
// Each student has its own agent (`phoneAgent`), as each phone has its own connections: its first
// request opens a new connection, its later ones reuse it. One agent shared by all students would hand
// a socket freed by one student's answer to the next student's first request, so on exam night nearly
// every opening would ride on a connection already accepted, which no phone's does: where a saturated
// server makes newcomers wait (in the kernel's accept queue) would never show.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export type Outcome = {
  /** null: no answer (timeout or network error). */
  status: number | null;
  ms: number;
  /** When it was sent (performance.now()). */
  sentAt: number;
  /** The Retry-After header of the answer, if any. */
  retryAfter: string | null;
  timedOut: boolean;
  /** Whether the request was sent on a connection its agent had already used (kept alive). */
  reusedConnection: boolean;
  /** Network error code (ECONNRESET, ECONNREFUSED, ...). */
  error: string | null;
  body: string;
};

/**
 * One student's phone: its connection is kept alive between its requests and never lent to another
 * student. A browser opens up to six per host; the app's calls here are one at a time, so one is used.
 */
export const phoneAgent = (): http.Agent => new http.Agent({ keepAlive: true, maxSockets: 6 });

/**
 * For the warm-up before the window (other students served earlier in the day, a few at a time): its
 * connections are its own and closed before the window, so they do not count among the students'.
 */
export const warmUpAgent = (): http.Agent =>
  new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });

export function send(
  url: URL,
  init: {
    method: 'GET' | 'POST' | 'PUT';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    agent: http.Agent;
  },
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Outcome, 'ms' | 'sentAt'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, ms: performance.now() - started, sentAt: started });
    };
    const request = http.request(
      url,
      { method: init.method, headers: init.headers, agent: init.agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          finish({
            status: response.statusCode ?? null,
            retryAfter: header(response.headers['retry-after']),
            timedOut: false,
            reusedConnection: request.reusedSocket,
            error: null,
            body: decoded(Buffer.concat(chunks), response.headers['content-encoding']),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
      },
    );
    const fail = (error: string) =>
      finish({
        status: null,
        retryAfter: null,
        timedOut: false,
        reusedConnection: request.reusedSocket,
        error,
        body: '',
      });
    const timer = setTimeout(() => {
      finish({
        status: null,
        retryAfter: null,
        timedOut: true,
        reusedConnection: request.reusedSocket,
        error: null,
        body: '',
      });
      request.destroy();
    }, init.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    request.end(init.body);
  });
}

/**
 * A phone's browser accepts gzip (`PHONE_HEADERS`) and reads the answer decoded: nginx compresses the
 * API's JSON (deploy/nginx.conf), the processes themselves do not.
 */
export const PHONE_HEADERS = { 'Accept-Encoding': 'gzip' } as const;

const decoded = (raw: Buffer, encoding: string | undefined): string =>
  (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');

const header = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? (value[0] ?? null) : (value ?? null);

export const sleepUntil = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** What a phase's outcomes come to. Latencies are of answered requests (any status). */
export type PhaseSummary = {
  offered: number;
  answered: number;
  ok: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  status500: number;
  status503WithRetryAfter: number;
  status503WithoutRetryAfter: number;
  /** Other answers outside 2xx (401, 403, 409, 429, ...). */
  otherErrors: number;
  clientTimeouts: number;
  networkErrors: Record<string, number>;
  /** Of the answered requests, those sent on a new connection (a phone's first request, say): how
   * many and their p99, which includes their wait to be accepted. */
  newConnections: { answered: number; p99Ms: number };
};

/** Latencies in ascending order, sorted once for every quantile read from them. */
const sortedLatencies = (outcomes: readonly Outcome[]): number[] =>
  outcomes.map((o) => o.ms).sort((a, b) => a - b);

const quantileOf = (latencies: readonly number[], q: number): number =>
  latencies.length === 0
    ? 0
    : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);

/** One second of a phase, by when its requests were sent. */
export type PhaseSecond = { second: number; sent: number; p99Ms: number; failed: number };

/**
 * A phase second by second, from its first request: where in the window its slow answers were. On
 * exam night they are in the first seconds, while the process compiles the paths the opening is the
 * first to make hot, and the rest of the window is answered in tens of milliseconds.
 */
export function bySecond(outcomes: readonly Outcome[]): PhaseSecond[] {
  if (outcomes.length === 0) return [];
  const from = outcomes.reduce((first, outcome) => Math.min(first, outcome.sentAt), Infinity);
  const seconds: Outcome[][] = [];
  for (const outcome of outcomes) (seconds[Math.floor((outcome.sentAt - from) / 1000)] ??= []).push(outcome);
  // Each second by the phase's own rules: latencies of answered requests, failed = without a 2xx.
  return Array.from(seconds, (sent = [], second) => {
    const summary = summarise(sent);
    return { second, sent: summary.offered, p99Ms: summary.p99Ms, failed: summary.offered - summary.ok };
  });
}

export function summarise(outcomes: readonly Outcome[]): PhaseSummary {
  const answered = outcomes.filter((o) => o.status !== null);
  const latencies = sortedLatencies(answered);
  const onNew = sortedLatencies(answered.filter((o) => !o.reusedConnection));
  const statuses: Record<string, number> = {};
  const networkErrors: Record<string, number> = {};
  for (const o of outcomes) {
    if (o.status !== null) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    if (o.error !== null) networkErrors[o.error] = (networkErrors[o.error] ?? 0) + 1;
  }
  const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
  return {
    offered: outcomes.length,
    answered: answered.length,
    ok: count((o) => o.status !== null && o.status < 300),
    p50Ms: quantileOf(latencies, 0.5),
    p99Ms: quantileOf(latencies, 0.99),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    statuses,
    status500: count((o) => o.status === 500),
    status503WithRetryAfter: count((o) => o.status === 503 && o.retryAfter !== null),
    status503WithoutRetryAfter: count((o) => o.status === 503 && o.retryAfter === null),
    otherErrors: count((o) => o.status !== null && o.status >= 300 && o.status !== 500 && o.status !== 503),
    clientTimeouts: count((o) => o.timedOut),
    networkErrors,
    newConnections: { answered: onNew.length, p99Ms: quantileOf(onNew, 0.99) },
  };
}
