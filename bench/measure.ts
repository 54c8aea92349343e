// autocannon, wrapped: a discarded warm-up, then one measured run, summarised as the figures the
// report needs. One run at a time: the machine has two cores, one for the server and one for this.
import autocannon, { type Instance, type Options, type Result } from 'autocannon';

export type Method = NonNullable<Options['method']>;

export type Target = {
  /** Several URLs (processes): autocannon spreads its connections over them. */
  url: string | string[];
  method: Method;
  headers: Record<string, string>;
  body?: string;
  /** Requests each connection sends in turn, on `url` (several schools' reads, bench/schools.ts). */
  requests?: { path: string; headers: Record<string, string> }[];
};

export type LoadOptions = {
  connections: number;
  /** Seconds measured. */
  durationSeconds: number;
  /** Seconds of load before measuring, thrown away (JIT, pools, caches). */
  warmupSeconds: number;
};

export type Measurement = {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Responses outside 2xx, network errors and timeouts: any of them makes the figures meaningless. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  seconds: number;
};

let current: Instance | null = null;
let stopping = false;

/** Ends the run in progress early (Ctrl-C) and refuses any later one. */
export function stopAllRuns(): void {
  stopping = true;
  current?.stop();
}

async function run(target: Target, connections: number, durationSeconds: number): Promise<Result> {
  if (stopping) throw new Error('interrupted');
  const instance = autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.requests
      ? { requests: target.requests.map((request) => ({ method: target.method, ...request })) }
      : {}),
    connections,
    duration: durationSeconds,
    timeout: 10,
  });
  current = instance;
  try {
    return await instance;
  } finally {
    current = null;
  }
}

/** Called around the measured run only (not the warm-up): the server's CPU profiler, for one. */
export type MeasuredWindow = { start(): Promise<void>; stop(): Promise<void> };

export async function measure(
  target: Target,
  options: LoadOptions,
  window?: MeasuredWindow,
): Promise<Measurement> {
  if (options.warmupSeconds > 0) await run(target, options.connections, options.warmupSeconds);
  await window?.start();
  let result: Result;
  try {
    result = await run(target, options.connections, options.durationSeconds);
  } finally {
    await window?.stop();
  }
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  );
  return {
    // Completed requests over the measured time, not the mean of per-second samples (which drops the
    // partial last second).
    reqPerSec: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    seconds: result.duration,
  };
}
