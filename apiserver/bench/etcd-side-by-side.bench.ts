// Capstan on etcd side by side with kube-apiserver on the same etcd, under the same client load:
// creates by one client, watch events delivered, the server's CPU for each, and the lists an
// informer makes. Each round starts a fresh etcd per server; the rows are medians over rounds.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientListFormats, clientListReads, createNamespace, type Target, watchRows } from './api.bench.ts';
import { type BenchApiServer, startBenchApiServer } from './api-server-process.ts';
import { configMapKind } from './bench-object.ts';
import type { BenchRow } from './bench-row.ts';
import { etcdClientCostRows } from './etcd-client-cost.ts';
import { httpLoad as load } from './http-load.ts';
import { kubeApiServerBinary, kubeApiServerPresent, startKubeApiServer } from './kube-apiserver-process.ts';
import { childPidWithArgument, cpuSeconds, residentMemory } from './process-usage.ts';

export interface SideBySideEtcd {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export interface EtcdSideBySideOptions {
  /** Starts a fresh, empty etcd for one server's round. */
  readonly startEtcd: () => Promise<SideBySideEtcd>;
  readonly rounds: number;
  /** The creates of one client run this long, after a warm-up. */
  readonly writeMs: number;
  readonly warmupMs: number;
  readonly settleMs: number;
  readonly watchers: number;
  readonly watchEvents: number;
  readonly watchWriters: number;
  /** ConfigMaps of 1 KiB in the listed namespace. */
  readonly listObjects: number;
  readonly listRuns: number;
  /** bin/capstan.ts of another checkout, measured as a third column (e.g. before a change). */
  readonly baselineEntry?: string;
  /** Where Capstan's CPU profiles go (node --cpu-prof), one per server process; none when absent. */
  readonly cpuProfDir?: string;
  /** Creates (one at a time, and `inFlight` at a time) and gets through the store alone, in this process. */
  readonly clientCost: { readonly sequential: number; readonly inFlight: number; readonly concurrent: number };
}

/** The store module of this checkout, and of a baseline checkout given by its bin/capstan.ts. */
const storeModuleOf = (entry: string | undefined): string =>
  entry === undefined ? new URL('../src/storage/etcd/etcd-store.ts', import.meta.url).pathname : join(entry, '..', '..', 'apiserver', 'src', 'storage', 'etcd', 'etcd-store.ts');

type ServerName = 'capstan' | 'capstan baseline' | 'kube-apiserver';

/** One round's readings of one server, by metric. */
type Readings = Map<string, { readonly value: number; readonly unit: string }>;

export async function etcdSideBySideBench(options: EtcdSideBySideOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const servers: ServerName[] = ['capstan'];
  if (options.baselineEntry !== undefined) servers.push('capstan baseline');
  const rows: BenchRow[] = [];
  if (kubeApiServerPresent()) servers.push('kube-apiserver');
  else {
    log(`no kube-apiserver at ${kubeApiServerBinary()}: its column is skipped`);
    rows.push({ subject: 'kube-apiserver', metric: 'skipped', value: Number.NaN, unit: '', note: `no binary at ${kubeApiServerBinary()} (set KUBE_APISERVER)` });
  }
  const readings = new Map<ServerName, Readings[]>(servers.map((server) => [server, []]));
  // Rounds interleave the servers, so that a slow minute of the machine falls on all of them.
  for (let round = 0; round < options.rounds; round++) {
    for (const server of servers) {
      log(`round ${round + 1} of ${options.rounds}: ${server}`);
      readings.get(server)?.push(await measureRound(server, options, log));
    }
  }
  // The client's own cost: the store on etcd in this process, without an API server around it.
  for (let round = 0; round < options.rounds; round++) {
    for (const server of servers) {
      if (server === 'kube-apiserver') continue;
      log(`round ${round + 1} of ${options.rounds}: ${server}'s etcd client alone`);
      const etcd = await options.startEtcd();
      try {
        const rows = await etcdClientCostRows({
          storeModule: storeModuleOf(server === 'capstan' ? undefined : options.baselineEntry),
          endpoint: etcd.endpoint,
          label: server,
          ...options.clientCost,
        });
        const measured = readings.get(server)?.[round];
        for (const row of rows) measured?.set(`store alone: ${row.metric}`, { value: row.value, unit: row.unit });
      } finally {
        await etcd.stop();
      }
    }
  }
  const kube = readings.get('kube-apiserver');
  const metrics = [...(readings.get('capstan')?.[0]?.keys() ?? [])];
  for (const metric of metrics) {
    const measured = kube?.[0]?.has(metric) === true;
    const kubeMedian = kube === undefined || !measured ? undefined : medianOf(kube, metric);
    for (const server of servers) {
      if (server === 'kube-apiserver' && !measured) continue;
      const runs = readings.get(server) ?? [];
      const median = medianOf(runs, metric);
      const unit = runs[0]?.get(metric)?.unit ?? '';
      const ratio = kubeMedian === undefined || server === 'kube-apiserver' ? '' : `; ${(median / kubeMedian).toFixed(2)}x kube-apiserver`;
      const all = runs.map((run) => round2(run.get(metric)?.value ?? Number.NaN)).join(', ');
      rows.push({ subject: server, metric, value: median, unit, note: `median of ${runs.length} (${all})${ratio}` });
    }
  }
  return rows;
}

async function measureRound(name: ServerName, options: EtcdSideBySideOptions, log: (line: string) => void): Promise<Readings> {
  const etcd = await options.startEtcd();
  const dataDir = mkdtempSync(join(tmpdir(), 'capstan-bench-etcd-'));
  let server: BenchApiServer | undefined;
  try {
    server = await startServer(name, dataDir, etcd.endpoint, options);
    const etcdPid = childPidWithArgument(etcd.endpoint);
    const target: Target = { backend: 'etcd3', server, etcdPid };
    const readings: Readings = new Map();
    const set = (metric: string, value: number, unit: string): void => void readings.set(metric, { value, unit });
    for (const namespace of ['bench-write', 'bench-watch', 'bench-list']) await createNamespace(server.url, namespace);
    await sleep(options.settleMs);

    log(`${name}: creates by one client for ${options.writeMs} ms`);
    const cpuBefore = cpuSeconds(server.pid);
    const etcdBefore = etcdPid === undefined ? 0 : cpuSeconds(etcdPid);
    const began = performance.now();
    const writes = await load({
      url: server.url,
      request: { kind: 'create', namespaces: ['bench-write'], namePrefix: 'w-', payloadBytes: 1024 },
      concurrency: 1,
      durationMs: options.writeMs,
      warmupMs: options.warmupMs,
    });
    if (writes.errors > 0) throw new Error(`${writes.errors} creates failed on ${name}, the first: ${writes.firstError}`);
    // Every create of the phase, warm-up included, was on the server's CPU meanwhile.
    const creates = writes.count + (writes.perSecond * options.warmupMs) / 1000;
    set('creates by one client', writes.perSecond, 'creates/s');
    set('create latency p50, one client', writes.p50Ms, 'ms');
    set('server CPU per create', ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / creates, 'us');
    if (etcdPid !== undefined) set("etcd's CPU per create", ((cpuSeconds(etcdPid) - etcdBefore) * 1e6) / creates, 'us');
    set('server CPU share during the creates', (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - began) / 1000), 'cores');

    const watchCpuBefore = cpuSeconds(server.pid);
    const watch = await watchRows(target, residentMemory(server.pid).rssMiB, options, log, { kind: configMapKind, namespace: 'bench-watch', label: name });
    const watchCpu = cpuSeconds(server.pid) - watchCpuBefore;
    const delivered = watch.find((row) => row.metric.startsWith('events delivered'));
    const p99 = watch.find((row) => row.metric.endsWith('p99'));
    if (delivered !== undefined) {
      set(`watch events delivered, ${options.watchEvents} writes x ${options.watchers} watchers`, delivered.value, 'events/s');
      set('server CPU per watch event delivered (opening the watches included)', (watchCpu * 1e6) / (options.watchEvents * options.watchers), 'us');
    }
    if (p99 !== undefined) set("watch delay from the write's answer, p99", p99.value, 'ms');

    log(`${name}: ${options.listObjects} ConfigMaps of 1 KiB to list`);
    const filled = await load({
      url: server.url,
      request: { kind: 'create', namespaces: ['bench-list'], namePrefix: 'cm-', payloadBytes: 1024 },
      concurrency: 32,
      count: options.listObjects,
    });
    if (filled.errors > 0) throw new Error(`${filled.errors} creates failed on ${name}, the first: ${filled.firstError}`);
    await sleep(options.settleMs);
    for (const [format, accept] of clientListFormats) {
      for (const [read, query] of clientListReads) {
        const path = `/api/v1/namespaces/bench-list/configmaps${query}`;
        const lists = await load({ url: server.url, request: { kind: 'get', path, accept, gzip: true }, concurrency: 1, count: options.listRuns });
        if (lists.errors > 0) throw new Error(`${lists.errors} lists failed on ${name}, the first: ${lists.firstError}`);
        set(`${format} list of ${options.listObjects}, ${read}, gzip, p50`, lists.p50Ms, 'ms');
      }
    }
    return readings;
  } finally {
    await server?.stop();
    await etcd.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function startServer(name: ServerName, dataDir: string, etcdEndpoint: string, options: EtcdSideBySideOptions): Promise<BenchApiServer> {
  if (name === 'kube-apiserver') return startKubeApiServer(dataDir, etcdEndpoint);
  const profile = options.cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(options.cpuProfDir, name.replace(' ', '-'))}`];
  return startBenchApiServer({
    backend: 'etcd3',
    dataDir,
    etcdEndpoint,
    nodeArgs: profile,
    ...(name === 'capstan baseline' && options.baselineEntry !== undefined ? { entry: options.baselineEntry } : {}),
  });
}

function medianOf(runs: readonly Readings[], metric: string): number {
  const values = runs.map((run) => run.get(metric)?.value ?? Number.NaN).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
