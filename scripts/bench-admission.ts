// The admission benchmark's set-up: the numbers of policies, the load, how long each phase runs.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { admissionBench } from '../apiserver/bench/admission.bench.ts';

export async function runAdmissionBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return admissionBench({ policyCounts: [0, 1, 10, 100], concurrency: 16, phaseMs: quick ? 2000 : 10_000, warmupMs: quick ? 300 : 2000 }, log);
}
