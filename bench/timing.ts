import { performance } from 'node:perf_hooks';

/** Summary of repeated timings of one piece of work, in milliseconds. */
export interface Timing {
  iterations: number;
  meanMs: number;
  p95Ms: number;
}

/** Nearest-rank percentile of `samples` (any order). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Mean and p95 of timings in ms. */
export function summarize(samplesMs: readonly number[]): Timing {
  const mean = samplesMs.reduce((sum, ms) => sum + ms, 0) / samplesMs.length;
  return { iterations: samplesMs.length, meanMs: mean, p95Ms: percentile(samplesMs, 95) };
}

/**
 * Times `work` `iterations` times after `warmup` untimed runs (so the JIT has compiled it and caches are warm), one
 * sample per call. For work of a few µs the clock's resolution (~1 µs on Linux) is part of the number.
 */
export async function timeRepeatedly(work: () => unknown, { warmup, iterations }: { warmup: number; iterations: number }): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}
