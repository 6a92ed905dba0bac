// The flood benchmark's set-up (apiserver/bench/apf.bench.ts): 200 clients listing 5,000 ConfigMaps.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { apfBench } from '../apiserver/bench/apf.bench.ts';

export async function runApfBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return apfBench({ listObjects: quick ? 2000 : 5000, clients: quick ? 50 : 200, durationMs: quick ? 10_000 : 30_000 }, log);
}
