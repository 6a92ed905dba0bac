// Benchmark support: the CPU the etcd backend's client spends per operation, in this process, on
// a given etcd: creates one at a time and many in flight, and gets. The store module is loaded by
// path, so that another checkout's (a baseline, e.g. the one on the etcd3 package) runs the same.

import { performance } from 'node:perf_hooks';
import type { BenchRow } from './bench-row.ts';
import type { Storage } from '../src/storage/storage.ts';

export interface ClientCostOptions {
  /** Path of an etcd-store.ts exporting EtcdStore (with a static connect({ endpoints })). */
  readonly storeModule: string;
  readonly endpoint: string;
  readonly label: string;
  readonly sequential: number;
  readonly inFlight: number;
  readonly concurrent: number;
}

interface StoreModule {
  readonly EtcdStore: { connect(options: { endpoints: string }): Promise<Storage> };
}

const value = new Uint8Array(1024).fill(120);

export async function etcdClientCostRows(options: ClientCostOptions): Promise<BenchRow[]> {
  const { EtcdStore } = (await import(options.storeModule)) as StoreModule;
  const store = await EtcdStore.connect({ endpoints: options.endpoint });
  const prefix = `/registry/bench-client-${options.label.replace(/\W/g, '-')}-${Date.now()}/`;
  try {
    // A warm-up, so that compiling the code is not counted.
    for (let i = 0; i < 200; i++) await store.create(`${prefix}warm-${i}`, value);
    const sequential = await timed(options.sequential, async () => {
      for (let i = 0; i < options.sequential; i++) await store.create(`${prefix}s-${i}`, value);
    });
    let next = 0;
    const concurrent = await timed(options.concurrent, () =>
      Promise.all(
        Array.from({ length: options.inFlight }, async () => {
          for (let i = next++; i < options.concurrent; i = next++) await store.create(`${prefix}c-${i}`, value);
        }),
      ),
    );
    const gets = await timed(options.sequential, async () => {
      for (let i = 0; i < options.sequential; i++) await store.get(`${prefix}s-${i}`);
    });
    const subject = `${options.label} client`;
    return [
      { subject, metric: 'CPU per create, one at a time', value: sequential.cpuUs, unit: 'us', note: `${Math.round(sequential.perSecond)} creates/s` },
      { subject, metric: `CPU per create, ${options.inFlight} in flight`, value: concurrent.cpuUs, unit: 'us', note: `${Math.round(concurrent.perSecond)} creates/s` },
      { subject, metric: 'CPU per get, one at a time', value: gets.cpuUs, unit: 'us', note: `${Math.round(gets.perSecond)} gets/s` },
    ];
  } finally {
    await store.close();
  }
}

async function timed(count: number, run: () => Promise<unknown>): Promise<{ cpuUs: number; perSecond: number }> {
  const cpu = process.cpuUsage();
  const began = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / count, perSecond: (count / (performance.now() - began)) * 1000 };
}
