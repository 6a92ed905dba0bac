// Benchmark support: timing loops and latency percentiles.

import { performance } from 'node:perf_hooks';

export interface LatencySummary {
  readonly count: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Run `operation` from `concurrency` loops for about `durationMs`; summarise rate and latency. */
export async function measureLoop(concurrency: number, durationMs: number, operation: (n: number) => Promise<unknown>): Promise<LatencySummary> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const began = performance.now();
      await operation(next++);
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/** The median time of `runs` runs of `operation`, in milliseconds. */
export async function medianMs(runs: number, operation: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    await operation();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/** Runs `operation` over and over for `ms`; answers calls per second. */
export function rate(ms: number, operation: () => unknown): number {
  operation();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    operation();
    calls++;
    if ((calls & 7) === 0) now = performance.now();
  }
  return (calls / (performance.now() - start)) * 1000;
}
