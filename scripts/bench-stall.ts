// The stall benchmark's set-up: how big the heavy requests are and how many run at once.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { stallBench } from '../apiserver/bench/stall.bench.ts';

export async function runStallBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return stallBench(
    { listObjects: quick ? 2000 : 5000, heavyRequests: quick ? 8 : 24, minDurationMs: quick ? 3000 : 10_000, concurrency: 8, labels: 100_000, depth: 100_000 },
    log,
  );
}
