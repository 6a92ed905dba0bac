// The storage benchmark's set-up: which backends, how long, how large; starts a private etcd
// (a real one, on 127.0.0.1 with a temporary directory) when the etcd binary is installed.

import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import type { StorageBackend } from '../apiserver/src/storage/open-storage.ts';
import { storageBench } from '../apiserver/bench/storage.bench.ts';
import { etcdBinary, startEtcd } from '../apiserver/test/storage/etcd-server.ts';
import { existsSync } from 'node:fs';

export async function runStorageBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const withEtcd = existsSync(etcdBinary());
  if (!withEtcd) log('no etcd binary found: benchmarking sqlite only');
  const etcd = withEtcd ? await startEtcd('bench-etcd') : undefined;
  try {
    const backends: StorageBackend[] = etcd === undefined ? ['sqlite'] : ['sqlite', 'etcd3'];
    return await storageBench(
      {
        backends,
        ...(etcd === undefined ? {} : { etcdEndpoint: etcd.endpoint }),
        phaseMs: quick ? 500 : 3000,
        listSize: quick ? 2000 : 10_000,
        memoryObjects: quick ? 10_000 : 100_000,
        watchers: 100,
        watchEvents: quick ? 200 : 1000,
        integrityObjects: quick ? 10_000 : 100_000,
      },
      log,
    );
  } finally {
    await etcd?.stop();
  }
}
