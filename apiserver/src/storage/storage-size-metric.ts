// apiserver_storage_size_bytes: the store's database size, asked for on each scrape as kube's
// storage monitor asks etcd (Maintenance Status' dbSize); the embedded store's is its file's size.

import { legacyRegistry } from '@capstan/common/metrics';
import type { Storage } from './storage.ts';

/** kube names each storage backend by its place among the configured ones; Capstan has one. */
const storageClusterId = 'etcd-0';

/** How long a scrape waits for the size, as kube's monitor waits (1 s); a failure leaves the sample out. */
const sizeTimeoutMs = 1000;

let current: Pick<Storage, 'databaseSize'> | undefined;

/** Makes `store` the source of apiserver_storage_size_bytes (the latest store opened wins). */
export function monitorStorageSize(store: Pick<Storage, 'databaseSize'>): void {
  current = store;
  legacyRegistry.gauge({
    name: 'apiserver_storage_size_bytes',
    help: 'Size of the storage database file physically allocated in bytes.',
    stabilityLevel: 'STABLE',
    labelNames: ['storage_cluster_id'],
    collect: async (gauge) => {
      gauge.reset();
      const size = current?.databaseSize?.();
      if (size === undefined) return;
      try {
        gauge.set({ storage_cluster_id: storageClusterId }, await withTimeout(size, sizeTimeoutMs));
      } catch {
        // kube logs the failure and writes no sample.
      }
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
