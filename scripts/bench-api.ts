// The API benchmark's set-up: which backends, how long, how large; each etcd3 measurement gets a
// fresh private etcd (a real one, on 127.0.0.1, its data directory in the same temporary folder
// as sqlite's) when the etcd binary is installed.

import { existsSync } from 'node:fs';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { apiBench } from '../apiserver/bench/api.bench.ts';
import type { StorageBackend } from '../apiserver/src/storage/open-storage.ts';
import { etcdBinary, startEtcd } from '../apiserver/test/storage/etcd-server.ts';

export async function runApiBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const withEtcd = existsSync(etcdBinary());
  if (!withEtcd) log('no etcd binary found: benchmarking sqlite only');
  const backends: StorageBackend[] = withEtcd ? ['sqlite', 'etcd3'] : ['sqlite'];
  return apiBench(
    {
      backends,
      startEtcd: () => startEtcd('bench-api-etcd'),
      coldStarts: quick ? 3 : 6,
      objects: quick ? 5000 : 100_000,
      listSize: quick ? 2500 : 10_000,
      fillConcurrency: 128,
      concurrency: 64,
      listConcurrency: 4,
      phaseMs: quick ? 2000 : 10_000,
      warmupMs: quick ? 300 : 2000,
      settleMs: quick ? 300 : 2000,
      pagedRuns: quick ? 5 : 21,
      clientListObjects: 2000,
      clientListRuns: quick ? 11 : 51,
      watchers: quick ? 100 : 1000,
      watchEvents: quick ? 200 : 1000,
      watchWriters: 4,
      securityListObjects: quick ? 500 : 2000,
    },
    log,
  );
}
