// The CEL benchmark's set-up: how long each measurement runs.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { celBench } from '../apiserver/bench/cel.bench.ts';

export async function runCelBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return celBench(quick ? 300 : 2000, log);
}
