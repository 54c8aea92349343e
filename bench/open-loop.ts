// Open-loop load for the synchronised quiz start: every request leaves at its own moment, whatever the
// earlier ones are doing (autocannon's closed loop would slow its offer down with the server). Plain
// http.request on one agent with no cap on sockets, so thousands can be in flight, and a client timeout
// after which the client gives up and closes its socket, as a phone whose user left would.
import http from 'node:http';

export type Outcome = {
  /** null: no answer (timeout or network error). */
  status: number | null;
  ms: number;
  /** The Retry-After header of the answer, if any. */
  retryAfter: string | null;
  timedOut: boolean;
  /** Network error code (ECONNRESET, ECONNREFUSED, ...). */
  error: string | null;
  body: string;
};

/** keepAlive reuses a socket freed by an earlier answer; under load, new ones are opened without limit. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });

export function send(
  url: URL,
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, ms: performance.now() - started });
    };
    const request = http.request(url, { method: init.method, headers: init.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          retryAfter: header(response.headers['retry-after']),
          timedOut: false,
          error: null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    });
    const fail = (error: string) =>
      finish({ status: null, retryAfter: null, timedOut: false, error, body: '' });
    const timer = setTimeout(() => {
      finish({ status: null, retryAfter: null, timedOut: true, error: null, body: '' });
      request.destroy();
    }, init.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    request.end(init.body);
  });
}

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
};

export function summarise(outcomes: readonly Outcome[]): PhaseSummary {
  const answered = outcomes.filter((o) => o.status !== null);
  const latencies = answered.map((o) => o.ms).sort((a, b) => a - b);
  const quantile = (q: number) =>
    latencies.length === 0
      ? 0
      : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
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
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    statuses,
    status500: count((o) => o.status === 500),
    status503WithRetryAfter: count((o) => o.status === 503 && o.retryAfter !== null),
    status503WithoutRetryAfter: count((o) => o.status === 503 && o.retryAfter === null),
    otherErrors: count((o) => o.status !== null && o.status >= 300 && o.status !== 500 && o.status !== 503),
    clientTimeouts: count((o) => o.timedOut),
    networkErrors,
  };
}
