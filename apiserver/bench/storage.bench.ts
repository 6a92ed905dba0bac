// `npm run bench -- storage`: durable commit rates, concurrent writes, large lists (from the store
// and from the watch cache), watch fan-out and resident memory, beside the machine's physical
// references (fdatasync rate, JSON speed) measured in the same run.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Cacher } from '../src/storage/cacher/cacher.ts';
import { encodeOnce } from '../src/storage/cacher/event-encoding.ts';
import type { KeyValue, Storage, WatchEvent } from '../src/storage/storage.ts';
import type { BenchRow } from './bench-row.ts';
import { openStorage, type StorageBackend } from '../src/storage/open-storage.ts';
import { integrityCheckRows } from './integrity-check.bench.ts';
import { measureLoop, medianMs, percentile } from './measure.ts';
import { fdatasyncRate, jsonRates } from './physical-references.ts';
import { samplePod, samplePodBytes } from './sample-object.ts';

export interface StorageBenchOptions {
  readonly backends: readonly StorageBackend[];
  readonly etcdEndpoint?: string;
  /** How long each timed loop runs. */
  readonly phaseMs: number;
  readonly listSize: number;
  readonly memoryObjects: number;
  readonly watchers: number;
  readonly watchEvents: number;
  /** Objects in the store whose start-up integrity check is timed (sqlite). */
  readonly integrityObjects: number;
}

export async function storageBench(options: StorageBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-'));
  try {
    log('physical references');
    const fsyncs = fdatasyncRate(scratch, options.phaseMs);
    rows.push({ metric: 'raw 4 KiB write+fdatasync', subject: 'machine', value: fsyncs, unit: 'ops/s' });
    const pods = Array.from({ length: options.listSize }, (_, i) => samplePod(i));
    const json = await jsonRates(pods);
    rows.push({ metric: 'JSON.stringify', subject: 'machine', value: json.stringifyMBps, unit: 'MB/s' });
    rows.push({ metric: 'JSON.parse', subject: 'machine', value: json.parseMBps, unit: 'MB/s' });
    rows.push({ metric: `JSON.stringify of ${options.listSize} pods`, subject: 'machine', value: json.stringifyMs, unit: 'ms' });

    for (const backend of options.backends) {
      const dataDir = mkdtempSync(join(scratch, `${backend}-`));
      const store = await openStorage({ backend, dataDir, etcdServers: options.etcdEndpoint === undefined ? [] : [options.etcdEndpoint] });
      // Writes go through the cache as in the API server; the raw store is measured beside it.
      const cacher = new Cacher(store, { resourcePrefixes: [listPrefix, watchPrefix] });
      try {
        await cacher.ready();
        rows.push(...(await writeRates(backend, cacher, options, scratch, log)));
        rows.push(...(await listRates(backend, store, cacher, options, json.stringifyMs, log)));
        rows.push(...(await watchFanOut(backend, cacher, options, log)));
      } finally {
        await cacher.close();
      }
      if (backend === 'sqlite') rows.push(...(await integrityCheckRows(join(scratch, 'sqlite-integrity'), options.integrityObjects, log)));
      log(`${backend}: memory with ${options.memoryObjects} objects`);
      rows.push(...(await memoryRows(backend, join(scratch, `${backend}-memory`), options)));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

async function writeRates(backend: StorageBackend, store: Storage, options: StorageBenchOptions, scratch: string, log: (line: string) => void): Promise<BenchRow[]> {
  log(`${backend}: single writer`);
  // The disk of a virtual machine varies from minute to minute: the reference is taken right before.
  const fsyncs = fdatasyncRate(scratch, options.phaseMs);
  const value = samplePodBytes(0);
  const single = await measureLoop(1, options.phaseMs, (n) => store.create(`/registry/bench-single/k${n}`, value));
  log(`${backend}: 64 writes in flight`);
  const many = await measureLoop(64, options.phaseMs, (n) => store.create(`/registry/bench-64/k${n}`, value));
  return [
    {
      metric: 'durable commits, 1 writer',
      subject: backend,
      value: single.perSecond,
      unit: 'writes/s',
      note: `${Math.round((single.perSecond / fsyncs) * 100)}% of raw fdatasync (${Math.round(fsyncs)}/s just before)`,
    },
    { metric: 'commit latency p50, 1 writer', subject: backend, value: single.p50Ms, unit: 'ms' },
    { metric: 'commit latency p99, 1 writer', subject: backend, value: single.p99Ms, unit: 'ms' },
    { metric: 'durable commits, 64 in flight', subject: backend, value: many.perSecond, unit: 'writes/s', note: `${(many.perSecond / single.perSecond).toFixed(1)}x one writer` },
    { metric: 'commit latency p50, 64 in flight', subject: backend, value: many.p50Ms, unit: 'ms' },
    { metric: 'commit latency p99, 64 in flight', subject: backend, value: many.p99Ms, unit: 'ms' },
  ];
}

const listPrefix = '/registry/pods/';
const watchPrefix = '/registry/bench-watch/';

async function listRates(
  backend: StorageBackend,
  store: Storage,
  cacher: Cacher,
  options: StorageBenchOptions,
  stringifyMs: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  log(`${backend}: list of ${options.listSize} objects`);
  const prefix = listPrefix;
  let next = 0;
  await Promise.all(
    Array.from({ length: 128 }, async () => {
      for (let i = next++; i < options.listSize; i = next++) await cacher.create(`${prefix}ns-${i % 10}/p${i}`, samplePodBytes(i));
    }),
  );
  const pagesFrom = async (storage: Storage): Promise<number> => {
    let page = await storage.list(prefix, { limit: 500 });
    let count = page.items.length;
    while (page.more) {
      const last = page.items[page.items.length - 1] as KeyValue;
      page = await storage.list(prefix, { limit: 500, continueAfter: last.key, revision: page.revision });
      count += page.items.length;
    }
    return count;
  };
  const storeWhole = await medianMs(5, () => store.list(prefix));
  const storePaged = await medianMs(5, () => pagesFrom(store));
  const cacheWhole = await medianMs(11, () => cacher.list(prefix));
  const cachePaged = await medianMs(11, () => pagesFrom(cacher));
  // What the API server will do with the list: join the stored JSON documents into one body.
  const cacheBody = await medianMs(11, async () => listBody((await cacher.list(prefix)).items));
  return [
    { metric: `list ${options.listSize} whole, store`, subject: backend, value: storeWhole, unit: 'ms' },
    { metric: `list ${options.listSize} in pages of 500, store`, subject: backend, value: storePaged, unit: 'ms' },
    { metric: `list ${options.listSize} whole, cache`, subject: backend, value: cacheWhole, unit: 'ms', note: `${(cacheWhole / stringifyMs).toFixed(2)}x JSON.stringify` },
    { metric: `list ${options.listSize} in pages of 500, cache`, subject: backend, value: cachePaged, unit: 'ms' },
    {
      metric: `list ${options.listSize} whole, cache + JSON body`,
      subject: backend,
      value: cacheBody,
      unit: 'ms',
      note: `${(cacheBody / stringifyMs).toFixed(2)}x JSON.stringify`,
    },
  ];
}

function listBody(items: readonly KeyValue[]): Buffer {
  const parts: Uint8Array[] = [Buffer.from('{"kind":"PodList","apiVersion":"v1","items":[')];
  items.forEach((kv, i) => {
    if (i > 0) parts.push(comma);
    parts.push(kv.value);
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}
const comma = Buffer.from(',');

async function watchFanOut(backend: StorageBackend, cacher: Cacher, options: StorageBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  log(`${backend}: watch fan-out to ${options.watchers} watchers`);
  const prefix = watchPrefix;
  const issuedAt = new Map<string, number>();
  const latencies: number[] = [];
  let encodings = 0;
  let delivered = 0;
  const encode = (event: WatchEvent): Uint8Array => {
    encodings++;
    if (event.type !== 'ADDED') return Buffer.alloc(0);
    return Buffer.concat([Buffer.from('{"type":"ADDED","object":'), event.kv.value, Buffer.from('}\n')]);
  };
  const watches = Array.from({ length: options.watchers }, () =>
    cacher.watch(prefix, 0, (event) => {
      if (event.type !== 'ADDED') return;
      encodeOnce(event, 'json', encode);
      delivered++;
      latencies.push(performance.now() - (issuedAt.get(event.kv.key) as number));
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const value = samplePodBytes(1);
  const start = performance.now();
  for (let i = 0; i < options.watchEvents; i++) {
    const key = `${prefix}k${i}`;
    issuedAt.set(key, performance.now());
    await cacher.create(key, value);
  }
  const expected = options.watchEvents * options.watchers;
  while (delivered < expected && performance.now() - start < 60_000) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = performance.now() - start;
  for (const watch of watches) watch.close();
  latencies.sort((a, b) => a - b);
  return [
    { metric: `watch fan-out, 1 writer, ${options.watchers} watchers`, subject: backend, value: (delivered / elapsed) * 1000, unit: 'events/s delivered' },
    { metric: 'watch delivery latency p99 (from write call)', subject: backend, value: percentile(latencies, 99), unit: 'ms' },
    { metric: 'encodings per event', subject: backend, value: encodings / options.watchEvents, unit: 'x', note: `${options.watchers} watchers` },
  ];
}

async function memoryRows(backend: StorageBackend, dataDir: string, options: StorageBenchOptions): Promise<BenchRow[]> {
  const prefix = `/registry/bench-memory-${Date.now()}/`;
  await runChild(['fill', backend, dataDir, options.etcdEndpoint ?? '', prefix, String(options.memoryObjects)]);
  const output = await runChild(['measure', backend, dataDir, options.etcdEndpoint ?? '', prefix]);
  const memory = JSON.parse(output) as { beforeRssMB: number; cachedRssMB: number; cachedHeapMB: number; cachedBuffersMB: number };
  return [
    { metric: 'resident memory, store open, cache empty', subject: backend, value: memory.beforeRssMB, unit: 'MiB' },
    {
      metric: `resident memory, ${options.memoryObjects} objects in the watch cache`,
      subject: backend,
      value: memory.cachedRssMB,
      unit: 'MiB',
      note: `heap ${memory.cachedHeapMB} MiB, buffers ${memory.cachedBuffersMB} MiB`,
    },
  ];
}

async function runChild(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, ['--expose-gc', join(import.meta.dirname, 'memory-child.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the memory benchmark child (${args[0]}) exited with ${String(code)}`);
  return output;
}
