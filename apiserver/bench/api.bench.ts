// `npm run bench -- api`: the API server as clients see it, a real `capstan apiserver` process per
// backend driven over HTTPS on 127.0.0.1: start time, resident memory, get, create, update, list and
// watch fan-out, beside the ceiling of the load generator itself on the same machine; and the cost
// of client certificates and RBAC beside anonymous requests (security-cost.ts).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchApiServer, type ApiServerSpec, type BenchApiServer } from './api-server-process.ts';
import type { BenchRow } from './bench-row.ts';
import { type BenchKind, collectionPath, configMapKind, objectBody } from './bench-object.ts';
import { httpLoad as load, type LoadOptions, type LoadResult } from './http-load.ts';
import { childPidWithArgument, cpuSeconds, residentMemory } from './process-usage.ts';
import { securityCostRows } from './security-cost.ts';
import { Watchers, writeUpdates, type WriteTimes } from './watch-fanout.ts';
import type { StorageBackend } from '../src/storage/open-storage.ts';

export interface BenchEtcd {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export interface ApiBenchOptions {
  readonly backends: readonly StorageBackend[];
  /** Starts a fresh, empty etcd (data directory on the same disk as sqlite's); needed for etcd3. */
  readonly startEtcd?: () => Promise<BenchEtcd>;
  /** Cold starts on an empty store (at least 2): the first on an empty compile cache, the median of the others. */
  readonly coldStarts: number;
  /** ConfigMaps created before the memory reading, `listSize` per namespace. */
  readonly objects: number;
  readonly listSize: number;
  readonly fillConcurrency: number;
  /** Requests in flight for get, create and update. */
  readonly concurrency: number;
  /** Requests in flight for whole lists. */
  readonly listConcurrency: number;
  /** How long each timed load runs, after its warm-up. */
  readonly phaseMs: number;
  readonly warmupMs: number;
  /** The pause before a memory reading. */
  readonly settleMs: number;
  /** Walks of the paged list. */
  readonly pagedRuns: number;
  /** ConfigMaps of 1 KiB in the namespace that the client's lists read (as client-go asks: gzip accepted). */
  readonly clientListObjects: number;
  /** Lists of each kind (JSON and Protobuf, consistent and resourceVersion=0), one at a time. */
  readonly clientListRuns: number;
  readonly watchers: number;
  /** Updates written while they watch (one event each), by `watchWriters` writers. */
  readonly watchEvents: number;
  readonly watchWriters: number;
  /** ConfigMaps listed in the cost-of-security comparison (security-cost.ts). */
  readonly securityListObjects: number;
}

export async function apiBench(options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-api-'));
  try {
    for (const backend of options.backends) {
      rows.push(...(await startTimes(backend, scratch, options, log)));
      const etcd = backend === 'etcd3' ? await startEtcdFor(options) : undefined;
      try {
        const spec: ApiServerSpec = { backend, dataDir: join(scratch, `${backend}-data`), ...(etcd === undefined ? {} : { etcdEndpoint: etcd.endpoint }) };
        rows.push(...(await serverPhases(spec, etcd, options, log)));
      } finally {
        await etcd?.stop();
      }
    }
    rows.push(
      ...(await securityCostRows(
        scratch,
        {
          concurrency: options.concurrency,
          listConcurrency: options.listConcurrency,
          phaseMs: options.phaseMs,
          warmupMs: options.warmupMs,
          listObjects: options.securityListObjects,
        },
        log,
      )),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

function startEtcdFor(options: ApiBenchOptions): Promise<BenchEtcd> {
  if (options.startEtcd === undefined) throw new Error('the etcd3 backend needs options.startEtcd');
  return options.startEtcd();
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const thousands = (n: number): string => n.toLocaleString('en-US');
const oneDecimal = (n: number): string => n.toFixed(1);
const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** The load generator against a bare node:http server: what it can drive at most on this machine. */
async function loadGeneratorCeiling(options: ApiBenchOptions): Promise<LoadResult> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-http-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('close', resolve));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('close', () => reject(new Error('the bare HTTP server exited')));
    });
    return await load({
      url: `http://127.0.0.1:${port}`,
      request: { kind: 'get', path: '/' },
      concurrency: options.concurrency,
      durationMs: options.phaseMs,
      warmupMs: options.warmupMs,
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Cold starts on an empty store: the first with an empty compile cache (type stripping and
 * compilation of every module), the others with the cache the first one left, as every later
 * start of an installed capstan finds it.
 */
async function startTimes(backend: StorageBackend, scratch: string, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  log(`${backend}: ${options.coldStarts} cold starts on an empty store`);
  const compileCacheDir = join(scratch, `${backend}-compile-cache`);
  const times: number[] = [];
  for (let run = 0; run < options.coldStarts; run++) {
    // etcd3 starts against a fresh, empty etcd too, started (and healthy) before the clock starts.
    const etcd = backend === 'etcd3' ? await startEtcdFor(options) : undefined;
    const dataDir = join(scratch, `${backend}-start-${run}`);
    try {
      const server = await startBenchApiServer({ backend, dataDir, compileCacheDir, ...(etcd === undefined ? {} : { etcdEndpoint: etcd.endpoint }) });
      times.push(server.readyMs);
      await server.stop();
    } finally {
      await etcd?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const [first, ...warm] = times as [number, ...number[]];
  warm.sort((a, b) => a - b);
  return [
    {
      subject: `${backend} start`,
      metric: 'spawn to first /readyz 200, empty store',
      value: warm[Math.floor(warm.length / 2)] as number,
      unit: 'ms',
      note: `median of ${warm.length} (${Math.round(warm[0] as number)}-${Math.round(warm[warm.length - 1] as number)} ms) with Node's compile cache; /readyz polled every 3 ms`,
    },
    {
      subject: `${backend} start`,
      metric: 'the same, first start on an empty compile cache',
      value: first,
      unit: 'ms',
      note: 'one run: type stripping and compilation of every module',
    },
  ];
}

/** The server under test, and the etcd behind it on etcd3: the processes whose CPU use is noted. */
export interface Target {
  readonly backend: StorageBackend;
  readonly server: BenchApiServer;
  readonly etcdPid: number | undefined;
}

/** One server for the memory, watch, get, create, update and list phases, restarted once after the fill. */
async function serverPhases(spec: ApiServerSpec, etcd: BenchEtcd | undefined, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { backend } = spec;
  const etcdPid = etcd === undefined ? undefined : childPidWithArgument(etcd.endpoint);
  const rows: BenchRow[] = [];
  let server: BenchApiServer = await startBenchApiServer(spec);
  try {
    await sleep(options.settleMs);
    rows.push({ subject: `${backend} memory`, metric: 'RSS idle after start, empty store', value: residentMemory(server.pid).rssMiB, unit: 'MiB' });
    rows.push(...(await fillRows({ backend, server, etcdPid }, options, log)));

    // A restart loads every object into the watch cache: the steady state without the fill's garbage.
    log(`${backend}: restart with ${thousands(options.objects)} ConfigMaps`);
    await server.stop();
    server = await startBenchApiServer(spec);
    rows.push({ subject: `${backend} start`, metric: `spawn to first /readyz 200, ${thousands(options.objects)} ConfigMaps`, value: server.readyMs, unit: 'ms', note: 'one run' });
    await sleep(options.settleMs);
    const restarted = residentMemory(server.pid);
    rows.push({
      subject: `${backend} memory`,
      metric: `RSS idle after a restart with ${thousands(options.objects)} ConfigMaps`,
      value: restarted.rssMiB,
      unit: 'MiB',
      note: `peak ${Math.round(restarted.peakMiB)} MiB`,
    });

    const target: Target = { backend, server, etcdPid };
    // Watches first on the fresh process, so that its memory readings are not those of the loads before.
    rows.push(...(await watchRows(target, restarted.rssMiB, options, log)));
    rows.push(...(await requestRows(target, options, log)));
    rows.push(...(await listRows(target, options, log)));
    rows.push(...(await clientListRows(target, options, log)));
  } finally {
    await server.stop();
  }
  return rows;
}

/** Creates `objects` ConfigMaps with high concurrency: the create rate, and the memory it leaves. */
async function fillRows(target: Target, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { backend, server } = target;
  const namespaces = Array.from({ length: Math.ceil(options.objects / options.listSize) }, (_, i) => `bench-${i}`);
  for (const namespace of [...namespaces, 'bench-create', 'bench-update', 'bench-watch']) await createNamespace(server.url, namespace);
  log(`${backend}: creating ${thousands(options.objects)} ConfigMaps, ${options.fillConcurrency} in flight`);
  const [fill, cpu] = await withCpu(target, () =>
    load({ url: server.url, request: { kind: 'create', namespaces, namePrefix: 'cm-' }, concurrency: options.fillConcurrency, count: options.objects }),
  );
  if (fill.errors > 0) throw new Error(`${fill.errors} creates failed, the first: ${fill.firstError}`);
  await sleep(options.settleMs);
  const filled = residentMemory(server.pid);
  const rows = [
    ...latencyRows(`${backend} create`, `fill of ${thousands(options.objects)}, ${options.fillConcurrency} in flight`, fill, 'creates/s', [cpu]),
    {
      subject: `${backend} memory`,
      metric: `RSS after creating ${thousands(options.objects)} ConfigMaps`,
      value: filled.rssMiB,
      unit: 'MiB',
      note: `peak ${Math.round(filled.peakMiB)} MiB`,
    },
  ];
  if (target.etcdPid !== undefined) {
    rows.push({
      subject: `${backend} memory`,
      metric: `etcd's own RSS with ${thousands(options.objects)} ConfigMaps`,
      value: residentMemory(target.etcdPid).rssMiB,
      unit: 'MiB',
      note: 'the etcd process, not the API server',
    });
  }
  return rows;
}

/** Get of one object, create and unconditional update, each with `concurrency` requests in flight for `phaseMs`. */
async function requestRows(target: Target, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { backend, server } = target;
  const timed = (request: LoadOptions['request']): Promise<[LoadResult, string]> =>
    withCpu(target, () => load({ url: server.url, request, concurrency: options.concurrency, durationMs: options.phaseMs, warmupMs: options.warmupMs }));
  // Other work on the machine varies from minute to minute: the ceiling is taken right before.
  log(`${backend}: load generator ceiling, a bare node:http server, ${options.concurrency} in flight`);
  const ceiling = await loadGeneratorCeiling(options);
  log(`${backend}: get of one object, ${options.concurrency} in flight`);
  const [get, getCpu] = await timed({ kind: 'get', path: '/api/v1/namespaces/bench-0/configmaps/cm-0' });
  log(`${backend}: create, ${options.concurrency} in flight`);
  const [create, createCpu] = await timed({ kind: 'create', namespaces: ['bench-create'], namePrefix: 'c-' });
  log(`${backend}: unconditional update, ${options.concurrency} in flight`);
  const targets = await load({
    url: server.url,
    request: { kind: 'create', namespaces: ['bench-update'], namePrefix: 'u-' },
    concurrency: options.concurrency,
    count: options.concurrency,
  });
  if (targets.errors > 0) throw new Error(`creating the objects to update failed: ${targets.firstError}`);
  const [update, updateCpu] = await timed({ kind: 'update', namespace: 'bench-update', namePrefix: 'u-' });
  return [
    {
      subject: 'machine',
      metric: `GET from a bare node:http server, ${options.concurrency} in flight`,
      value: ceiling.perSecond,
      unit: 'req/s',
      note: `the load generator's ceiling, just before ${backend} get; p50 ${oneDecimal(ceiling.p50Ms)} ms, p99 ${oneDecimal(ceiling.p99Ms)} ms; load generator busy ${percent(ceiling.clientBusy)}`,
    },
    ...latencyRows(`${backend} get`, `one object, ${options.concurrency} in flight`, get, 'req/s', [`${percent(get.perSecond / ceiling.perSecond)} of the ceiling`, getCpu]),
    ...latencyRows(`${backend} create`, `${options.concurrency} in flight`, create, 'creates/s', [createCpu]),
    ...latencyRows(`${backend} update`, `PUT without resourceVersion, ${options.concurrency} in flight`, update, 'updates/s', [
      `one object per slot (${options.concurrency} objects)`,
      updateCpu,
    ]),
  ];
}

/** The whole list of one namespace with a few in flight, and one walk through its pages at a time. */
async function listRows(target: Target, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { backend, server } = target;
  const path = '/api/v1/namespaces/bench-0/configmaps';
  const of = `${thousands(options.listSize)} of ${thousands(options.objects)}`;
  log(`${backend}: whole list of ${of}, ${options.listConcurrency} in flight`);
  const [whole, cpu] = await withCpu(target, () =>
    load({ url: server.url, request: { kind: 'get', path }, concurrency: options.listConcurrency, durationMs: options.phaseMs, warmupMs: options.warmupMs }),
  );
  log(`${backend}: paged list (limit=500), ${options.pagedRuns} walks`);
  const paged = await load({ url: server.url, request: { kind: 'list pages', path, limit: 500 }, concurrency: 1, count: options.pagedRuns });
  return [
    ...latencyRows(`${backend} list`, `whole list of ${of}, ${options.listConcurrency} in flight`, whole, 'lists/s', [cpu]),
    {
      subject: `${backend} list`,
      metric: 'whole list, answer size',
      value: whole.bytesPerResponse / 1e6,
      unit: 'MB',
      note: `${Math.round(whole.bytesPerResponse / options.listSize)} B per item`,
    },
    {
      subject: `${backend} list`,
      metric: `all ${Math.ceil(options.listSize / 500)} pages of limit=500, one after the other`,
      value: paged.p50Ms,
      unit: 'ms',
      note: `median of ${paged.count} walks, p99 ${Math.round(paged.p99Ms)} ms; ${(paged.bytesPerResponse / 1e6).toFixed(2)} MB per walk${errorNote(paged)}`,
    },
  ];
}

/** The formats of the client lists: a name and the Accept header. */
export const clientListFormats = [
  ['JSON', 'application/json'],
  ['Protobuf', 'application/vnd.kubernetes.protobuf'],
] as const;

/** The reads of the client lists: consistent, and from the watch cache; a name and the query. */
export const clientListReads = [
  ['consistent', ''],
  ['resourceVersion=0', '?resourceVersion=0'],
] as const;

/**
 * The list a client-go informer or `kubectl get` makes: one namespace's `clientListObjects`
 * ConfigMaps of 1 KiB, gzip accepted and inflated by the client, in JSON and in Protobuf, both as a
 * consistent read (no resourceVersion: the store's current revision is asked first) and from the
 * watch cache (resourceVersion=0); one list at a time, so each latency is one list's alone.
 */
async function clientListRows(target: Target, options: ApiBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { backend, server } = target;
  const namespace = 'bench-client-list';
  await createNamespace(server.url, namespace);
  const filled = await load({
    url: server.url,
    request: { kind: 'create', namespaces: [namespace], namePrefix: 'cm-', payloadBytes: 1024 },
    concurrency: options.fillConcurrency,
    count: options.clientListObjects,
  });
  if (filled.errors > 0) throw new Error(`${filled.errors} creates failed, the first: ${filled.firstError}`);
  const of = `${thousands(options.clientListObjects)} ConfigMaps of 1 KiB`;
  const rows: BenchRow[] = [];
  for (const [format, accept] of clientListFormats) {
    for (const [read, query] of clientListReads) {
      log(`${backend}: ${format} list of ${of}, ${read}, gzip, ${options.clientListRuns} one after the other`);
      const path = `/api/v1/namespaces/${namespace}/configmaps${query}`;
      const [lists, cpu] = await withCpu(target, () =>
        load({ url: server.url, request: { kind: 'get', path, accept, gzip: true }, concurrency: 1, count: options.clientListRuns }),
      );
      if (lists.errors > 0) throw new Error(`${lists.errors} lists failed, the first: ${lists.firstError}`);
      rows.push({
        subject: `${backend} list`,
        metric: `${format} list of ${of}, ${read}, gzip, p50`,
        value: lists.p50Ms,
        unit: 'ms',
        note: `p99 ${oneDecimal(lists.p99Ms)} ms over ${lists.count} lists; ${(lists.bytesPerResponse / 1e6).toFixed(2)} MB inflated; ${cpu}`,
      });
    }
  }
  return rows;
}

/** The watch fan-out's sizes. */
export type WatchOptions = Pick<ApiBenchOptions, 'watchers' | 'watchEvents' | 'watchWriters' | 'settleMs'>;

/** What the watch fan-out watches: one namespace's objects of one kind; `label` begins the rows' subjects. */
export interface WatchedCollection {
  readonly kind: BenchKind;
  readonly namespace: string;
  readonly label: string;
}

/**
 * `watchers` watches of one namespace, then `watchEvents` updates in it: the events delivered per
 * second over all watchers, each event's delay, and the server's memory with the watchers.
 */
export async function watchRows(
  target: Target,
  rssBeforeMiB: number,
  options: WatchOptions,
  log: (line: string) => void,
  watched: WatchedCollection = { kind: configMapKind, namespace: 'bench-watch', label: target.backend },
): Promise<BenchRow[]> {
  const { server } = target;
  const { kind, namespace, label } = watched;
  const subject = `${label} watch`;
  const path = collectionPath(kind, namespace);
  const names = Array.from({ length: options.watchWriters }, (_, i) => `watched-${i}`);
  // Created with a seq the watchers ignore; they start after the last, at its resourceVersion.
  let resourceVersion = '';
  for (const name of names) {
    const created = await requestJson(server.url, 'POST', path, objectBody(kind, name, options.watchEvents));
    resourceVersion = (created.metadata as { resourceVersion: string }).resourceVersion;
  }
  log(`${label}: opening ${thousands(options.watchers)} watches`);
  const watchers = new Watchers({
    url: server.url,
    path,
    resourceVersion,
    watchers: options.watchers,
    events: options.watchEvents,
    openConcurrency: 50,
  });
  try {
    const open = await watchers.opened();
    if (open.failed > 0) log(`${open.failed} watches could not be opened, the first: ${open.firstError}`);
    await sleep(options.settleMs);
    const idle = residentMemory(server.pid);

    log(`${label}: ${options.watchEvents} updates by ${options.watchWriters} writers to ${thousands(options.watchers)} watchers`);
    const [[writes, done], cpu] = await withCpu(target, async () => {
      const written = await writeUpdates(server.url, namespace, names, options.watchEvents, kind);
      return [written, await watchers.delivered(Math.max(30_000, options.watchEvents * options.watchers * 0.1))] as const;
    });
    const busy = residentMemory(server.pid);
    const delays = watchDelays(options, writes, done.receivedAt);
    const elapsed = delays.lastReceipt - (writes.issuedAt[0] as number);
    const writesPerSecond = (options.watchEvents / (writes.answeredAt.reduce((a, b) => Math.max(a, b), 0) - (writes.issuedAt[0] as number))) * 1000;
    const expected = options.watchers * options.watchEvents;
    return [
      { subject, metric: `open ${thousands(options.watchers)} watches, 50 at a time`, value: open.openMs, unit: 'ms', note: `${open.failed} failed` },
      {
        subject,
        metric: `events delivered, ${thousands(options.watchEvents)} writes x ${thousands(options.watchers)} watchers`,
        value: (done.delivered / elapsed) * 1000,
        unit: 'events/s',
        note: [
          `${thousands(done.delivered)} of ${thousands(expected)} in ${Math.round(elapsed)} ms`,
          `${done.endedEarly} watches ended by the server`,
          `${options.watchWriters} writers: ${Math.round(writesPerSecond)} writes/s, p50 ${oneDecimal(writes.p50Ms)} ms`,
          cpu,
          `watch client busy ${percent(done.clientBusy)}`,
        ].join('; '),
      },
      {
        subject,
        metric: "delay from the write's answer to each watcher, p50",
        value: typedPercentile(delays.fromAnswer, 50),
        unit: 'ms',
        note: `from the write's start: ${oneDecimal(typedPercentile(delays.fromStart, 50))} ms; < 0: the event came before the answer`,
      },
      {
        subject,
        metric: "delay from the write's answer to each watcher, p99",
        value: typedPercentile(delays.fromAnswer, 99),
        unit: 'ms',
        note: `from the write's start: ${oneDecimal(typedPercentile(delays.fromStart, 99))} ms`,
      },
      {
        subject: `${label} memory`,
        metric: `RSS with ${thousands(options.watchers)} idle watchers`,
        value: idle.rssMiB,
        unit: 'MiB',
        note: `+${oneDecimal(idle.rssMiB - rssBeforeMiB)} MiB over the idle server`,
      },
      {
        subject: `${label} memory`,
        metric: `RSS with ${thousands(options.watchers)} watchers, after the fan-out`,
        value: busy.rssMiB,
        unit: 'MiB',
        note: `peak ${Math.round(busy.peakMiB)} MiB`,
      },
    ];
  } finally {
    await watchers.close();
  }
}

/** Each delivered event's delay from its write's answer and from its write's start, sorted. */
function watchDelays(options: WatchOptions, writes: WriteTimes, receivedAt: Float64Array): { fromAnswer: Float64Array; fromStart: Float64Array; lastReceipt: number } {
  const fromAnswer: number[] = [];
  const fromStart: number[] = [];
  let lastReceipt = 0;
  for (let w = 0; w < options.watchers; w++) {
    for (let seq = 0; seq < options.watchEvents; seq++) {
      const at = receivedAt[w * options.watchEvents + seq] as number;
      if (Number.isNaN(at)) continue;
      fromAnswer.push(at - (writes.answeredAt[seq] as number));
      fromStart.push(at - (writes.issuedAt[seq] as number));
      if (at > lastReceipt) lastReceipt = at;
    }
  }
  return { fromAnswer: Float64Array.from(fromAnswer).sort(), fromStart: Float64Array.from(fromStart).sort(), lastReceipt };
}

/** Runs `run` and says what share of one core the server (and etcd) used meanwhile. */
export async function withCpu<T>(target: Target, run: () => Promise<T>): Promise<[T, string]> {
  const pids = [target.server.pid, ...(target.etcdPid === undefined ? [] : [target.etcdPid])];
  const before = pids.map(cpuSeconds);
  const began = performance.now();
  const result = await run();
  const seconds = (performance.now() - began) / 1000;
  const shares = pids.map((pid, i) => (cpuSeconds(pid) - (before[i] as number)) / seconds);
  const etcd = shares.length > 1 ? `, etcd ${percent(shares[1] as number)}` : '';
  return [result, `server CPU ${percent(shares[0] as number)}${etcd}`];
}

function typedPercentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function latencyRows(subject: string, what: string, result: LoadResult, unit: string, notes: readonly string[]): BenchRow[] {
  const note = [...notes, `load generator busy ${percent(result.clientBusy)}`, `${thousands(result.count)} requests`, `${Math.round(result.bytesPerResponse)} B answers`].join(
    '; ',
  );
  return [
    { subject, metric: what, value: result.perSecond, unit, note: note + errorNote(result) },
    { subject, metric: 'latency p50', value: result.p50Ms, unit: 'ms' },
    { subject, metric: 'latency p99', value: result.p99Ms, unit: 'ms' },
  ];
}

function errorNote(result: LoadResult): string {
  return result.errors === 0 ? '' : `; ${result.errors} errors, the first: ${result.firstError?.slice(0, 120)}`;
}

export async function createNamespace(url: string, name: string): Promise<void> {
  await requestJson(url, 'POST', '/api/v1/namespaces', Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
}

export async function requestJson(url: string, method: string, path: string, body: Buffer): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}
