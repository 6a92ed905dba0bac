// The test environment benchmark's set-up: 50 control planes in the process one at a time and at
// once; as child processes 5 one at a time and 10 at once (each its own Node.js, ~150 MiB: 50
// would take ~8 GiB).

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { testenvBench } from '../testenv/bench/testenv.bench.ts';

export async function runTestenvBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return testenvBench({ inProcess: quick ? 10 : 50, childOneByOne: quick ? 1 : 5, childAtOnce: quick ? 2 : 10 }, log);
}
