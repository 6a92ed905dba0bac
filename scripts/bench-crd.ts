// The CRD benchmark's set-up: how many CRDs are timed, how many rounds, how long each load runs,
// how large the lists and the watch fan-out are.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { crdBench } from '../apiserver/bench/crd.bench.ts';

export async function runCrdBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return crdBench(
    {
      crds: quick ? 4 : 21,
      rounds: quick ? 1 : 3,
      concurrency: 64,
      listConcurrency: 4,
      listSize: quick ? 2000 : 10_000,
      phaseMs: quick ? 2000 : 10_000,
      warmupMs: quick ? 300 : 2000,
      settleMs: quick ? 300 : 2000,
      watchers: quick ? 100 : 500,
      watchEvents: quick ? 200 : 1000,
      watchWriters: 4,
    },
    log,
  );
}
