// autocannon ships no types and @types/autocannon is not a dependency; this declares only what the benchmarks use
// (autocannon 9, promise form).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** An hdr-histogram summary; latency values are whole milliseconds. */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    title?: string;
    /** Seconds before a request counts as a timeout (and an error). */
    timeout?: number;
    /** A run before the measured one whose numbers are kept apart, under `result.warmup`. */
    warmup?: { connections?: number; duration?: number };
  }

  interface Result {
    title?: string;
    url: string;
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    warmup?: Result;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Histogram, Instance, Options, Result };
}
