// Opens the store that the storage flags describe (--storage-backend, --data-dir, --etcd-servers,
// --etcd-cafile/--etcd-certfile/--etcd-keyfile), with the flag names and values of kube-apiserver
// where the meaning is the same.

import { readFile } from 'node:fs/promises';
import { integrityChecks, type IntegrityCheck } from './sqlite/integrity-check.ts';
import { SqliteStore, type WriteHealthChange } from './sqlite/sqlite-store.ts';
import type { EtcdTlsOptions } from './etcd/etcd-endpoints.ts';
import type { Storage } from './storage.ts';

export const storageBackends = ['sqlite', 'etcd3'] as const;
export type StorageBackend = (typeof storageBackends)[number];

export interface StorageConfig {
  readonly backend: StorageBackend;
  readonly dataDir: string;
  readonly etcdServers: readonly string[];
  /** PEM files for https etcd servers: the CA that signs their certificates, this client's certificate and key. */
  readonly etcdTls?: { readonly caFile?: string; readonly certFile?: string; readonly keyFile?: string };
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
  'etcd-cafile': { type: 'string', default: '', help: 'SSL Certificate Authority file used to secure etcd communication.' },
  'etcd-certfile': { type: 'string', default: '', help: 'SSL certification file used to secure etcd communication.' },
  'etcd-keyfile': { type: 'string', default: '', help: 'SSL key file used to secure etcd communication.' },
  'storage-integrity-check': {
    type: 'string',
    default: 'quick',
    help: "How the embedded store's file is checked before use: quick (SQLite's quick_check), full (integrity_check, also every index) or none",
    choices: integrityChecks,
  },
} as const;

/** The storage settings of parsed storage flags. */
export function storageConfigOf(f: {
  readonly 'storage-backend': StorageBackend;
  readonly 'data-dir': string;
  readonly 'etcd-servers': readonly string[];
  readonly 'etcd-cafile': string;
  readonly 'etcd-certfile': string;
  readonly 'etcd-keyfile': string;
  readonly 'storage-integrity-check': IntegrityCheck;
}): StorageConfig {
  return {
    backend: f['storage-backend'],
    dataDir: f['data-dir'],
    etcdServers: f['etcd-servers'],
    etcdTls: {
      ...(f['etcd-cafile'] === '' ? {} : { caFile: f['etcd-cafile'] }),
      ...(f['etcd-certfile'] === '' ? {} : { certFile: f['etcd-certfile'] }),
      ...(f['etcd-keyfile'] === '' ? {} : { keyFile: f['etcd-keyfile'] }),
    },
    integrityCheck: f['storage-integrity-check'],
  };
}

/** The PEM files of --etcd-cafile, --etcd-certfile and --etcd-keyfile, read. */
async function etcdTlsOf(files: NonNullable<StorageConfig['etcdTls']>): Promise<EtcdTlsOptions> {
  if ((files.certFile === undefined) !== (files.keyFile === undefined)) throw new Error('--etcd-certfile and --etcd-keyfile must be given together');
  const read = async (flag: string, path: string): Promise<Buffer> => {
    try {
      return await readFile(path);
    } catch (error) {
      throw new Error(`--${flag}: cannot read ${path}: ${(error as Error).message}`);
    }
  };
  return {
    ...(files.caFile === undefined ? {} : { ca: await read('etcd-cafile', files.caFile) }),
    ...(files.certFile === undefined ? {} : { cert: await read('etcd-certfile', files.certFile) }),
    ...(files.keyFile === undefined ? {} : { key: await read('etcd-keyfile', files.keyFile) }),
  };
}

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
      return EtcdStore.connect({ endpoints: config.etcdServers, tls: await etcdTlsOf(config.etcdTls ?? {}) });
    }
  }
}
