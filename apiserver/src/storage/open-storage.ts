// Opens the store that the storage flags describe (--storage-backend, --data-dir, --etcd-servers),
// with the flag names and values of kube-apiserver where the meaning is the same.

import { integrityChecks, type IntegrityCheck } from './sqlite/integrity-check.ts';
import { SqliteStore, type WriteHealthChange } from './sqlite/sqlite-store.ts';
import type { Storage } from './storage.ts';

export const storageBackends = ['sqlite', 'etcd3'] as const;
export type StorageBackend = (typeof storageBackends)[number];

export interface StorageConfig {
  readonly backend: StorageBackend;
  readonly dataDir: string;
  readonly etcdServers: readonly string[];
  /** How the embedded store's file is checked at open; quick when absent. */
  readonly integrityCheck?: IntegrityCheck;
  /** The embedded store is opened for reads only, beside a server that may be writing it. */
  readonly readOnly?: boolean;
  /** Told when the embedded store's writes start failing and when they work again. */
  readonly onWriteHealthChange?: (change: WriteHealthChange) => void;
}

export const storageFlags = {
  'storage-backend': { type: 'string', default: 'sqlite', help: 'The storage backend: sqlite (embedded) or etcd3', choices: storageBackends },
  'data-dir': { type: 'string', default: 'capstan-data', help: 'The directory of the embedded store' },
  'etcd-servers': { type: 'strings', default: [] as readonly string[], help: 'The etcd servers to use with --storage-backend=etcd3 (scheme://ip:port, comma separated)' },
  'storage-integrity-check': {
    type: 'string',
    default: 'quick',
    help: "How the embedded store's file is checked before use: quick (SQLite's quick_check), full (integrity_check, also every index) or none",
    choices: integrityChecks,
  },
} as const;

/** etcd's client (gRPC, protobufjs) is loaded only when asked for: it costs the embedded default ~30 MiB and ~200 ms. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  switch (config.backend) {
    case 'sqlite':
      return new SqliteStore({
        dataDir: config.dataDir,
        ...(config.integrityCheck === undefined ? {} : { integrityCheck: config.integrityCheck }),
        ...(config.readOnly === undefined ? {} : { readOnly: config.readOnly }),
        ...(config.onWriteHealthChange === undefined ? {} : { onWriteHealthChange: config.onWriteHealthChange }),
      });
    case 'etcd3': {
      if (config.etcdServers.length === 0) throw new Error('--etcd-servers must be set with --storage-backend=etcd3');
      const { EtcdStore } = await import('./etcd/etcd-store.ts');
      return EtcdStore.connect({ endpoints: config.etcdServers });
    }
  }
}
