// Benchmark support, run as a child process with --expose-gc. `fill` writes N objects under a
// prefix; `measure`, in a fresh process as after a restart, puts the watch cache in front of the
// store and prints the resident memory before and after loading them, as JSON.

import { Cacher } from '../src/storage/cacher/cacher.ts';
import type { Storage } from '../src/storage/storage.ts';
import { openStorage, type StorageBackend } from '../src/storage/open-storage.ts';
import { samplePodBytes } from './sample-object.ts';

const [mode, backend, dataDir, endpoint, prefix, countText] = process.argv.slice(2) as [string, StorageBackend, string, string, string, string];
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const megabytes = (n: number): number => Math.round((n / 1048576) * 10) / 10;

const store: Storage = await openStorage({ backend, dataDir, etcdServers: [endpoint] });
if (mode === 'fill') {
  const count = Number(countText);
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      for (let i = next++; i < count; i = next++) await store.create(`${prefix}ns-${i % 10}/p${i}`, samplePodBytes(i));
    }),
  );
  await store.close();
} else {
  await store.currentRevision();
  gc();
  const before = process.memoryUsage();
  const cacher = new Cacher(store, { resourcePrefixes: [prefix] });
  await cacher.ready();
  gc();
  const after = process.memoryUsage();
  process.stdout.write(
    JSON.stringify({
      beforeRssMB: megabytes(before.rss),
      cachedRssMB: megabytes(after.rss),
      cachedHeapMB: megabytes(after.heapUsed),
      cachedBuffersMB: megabytes(after.arrayBuffers),
    }),
  );
  await cacher.close();
}
