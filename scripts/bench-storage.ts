// The storage benchmark's set-up: which backends, how long, how large; starts a private etcd when one is installed.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { storageBench } from '../apiserver/bench/storage.bench.ts';

export async function runStorageBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  return storageBench(
    {
      backends: ['sqlite'],
      phaseMs: quick ? 500 : 3000,
      listSize: quick ? 2000 : 10_000,
      memoryObjects: quick ? 10_000 : 100_000,
      watchers: 100,
      watchEvents: quick ? 200 : 1000,
    },
    log,
  );
}
