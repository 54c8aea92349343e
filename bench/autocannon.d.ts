// The part of autocannon's API the bench uses (the package ships no types and @types/autocannon is not
// installed). Shapes follow autocannon 8's lib/run.js and lib/aggregateResult.js.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    /** Several URLs: the connections are spread over them, round robin. */
    url: string | string[];
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  };

  /** A histogram summary; latency values are milliseconds, request values are per-second samples. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };

  export type Result = {
    url: string;
    connections: number;
    /** Seconds, measured. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  export type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };

  export default function autocannon(options: Options): Instance;
}
