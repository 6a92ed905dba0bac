// Benchmark support: opens the store of a backend by name.

import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import type { Storage } from '../src/storage/storage.ts';

export type BenchBackend = 'sqlite' | 'etcd';

export function openBenchStore(backend: BenchBackend, dataDir: string, _etcdEndpoint: string | undefined): Storage {
  switch (backend) {
    case 'sqlite':
      return new SqliteStore({ dataDir });
    case 'etcd':
      throw new Error('the etcd backend is not wired into the benchmark yet');
  }
}
