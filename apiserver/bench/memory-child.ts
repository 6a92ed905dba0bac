// Benchmark support, run as a child process with --expose-gc: fills a store with N objects, puts
// the watch cache in front of it, and prints the resident memory before and after as JSON.

import { Cacher } from '../src/storage/cacher/cacher.ts';
import type { Storage } from '../src/storage/storage.ts';
import { openBenchStore } from './bench-stores.ts';
import { samplePodBytes } from './sample-object.ts';

const [backend, dataDir, endpoint, countText] = process.argv.slice(2);
const count = Number(countText);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const megabytes = (n: number): number => Math.round((n / 1048576) * 10) / 10;

gc();
const baseline = process.memoryUsage();
const store: Storage = openBenchStore(backend as 'sqlite' | 'etcd', dataDir as string, endpoint as string);
let next = 0;
await Promise.all(
  Array.from({ length: 256 }, async () => {
    for (let i = next++; i < count; i = next++) await store.create(`/registry/pods/ns-${i % 10}/p${i}`, samplePodBytes(i));
  }),
);
gc();
const filled = process.memoryUsage();
const cacher = new Cacher(store, { resourcePrefixes: ['/registry/pods/'] });
await cacher.ready();
gc();
const cached = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    baselineRssMB: megabytes(baseline.rss),
    storeRssMB: megabytes(filled.rss),
    cachedRssMB: megabytes(cached.rss),
    cachedHeapMB: megabytes(cached.heapUsed),
  }),
);
await cacher.close();
