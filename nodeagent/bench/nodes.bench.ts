// `npm run bench -- nodes`: how many simulated nodes one machine holds with their Leases renewed
// on time. A real API server process, a simulating process (simulated-nodes-process.ts: the
// agent's heartbeats for sim-node-<i>, one client, one runtime-sim) and this one, which raises the
// number of nodes in steps and measures each step over a window: the Leases' freshness as a
// controller watching them sees it, the requests the nodes make, and the CPU and memory of the
// API server and of the simulating process. At one step, a batch of pods bound to the nodes that
// run pod workers measures pod start latency. It stops raising at the first step whose Leases
// fall behind.

import { RestClient } from '@capstan/common/client';
import { readFileSync } from 'node:fs';
import { simulatedNodeName } from '../src/simulated-nodes/index.ts';
import { LeaseFreshness, type LeaseSample } from './lease-freshness.ts';
import { machineCpu, mainThreadSchedule } from './machine-usage.ts';
import { podBatch, type PodBatchOptions } from './pod-batch.ts';
import { SimulatedNodesChild } from './simulated-nodes-child.ts';
import type { SimulatedNodesStats } from './simulated-nodes-messages.ts';

export interface NodesBenchRow {
  readonly metric: string;
  readonly subject: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
}

/** The API server under test, started fresh for the run. */
export interface NodesBenchApiServer {
  readonly url: string;
  readonly kubeconfig: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Readings of another process from /proc. */
export interface ProcessUsage {
  /** User and system CPU time so far, in seconds. */
  cpuSeconds(pid: number): number;
  rssMiB(pid: number): number;
}

export interface NodesBenchOptions {
  /** Node counts, in increasing order. */
  readonly steps: readonly number[];
  /** A step's new nodes start evenly over this time (one renew interval: their Leases then tick evenly). */
  readonly spreadMs: number;
  /** How long a step may take to have every Lease, from its start. */
  readonly registerTimeoutMs: number;
  /** The wait between the last Lease and the window, for the registration's requests to pass. */
  readonly settleMs: number;
  readonly windowMs: number;
  /** How often the Leases are sampled in a window. */
  readonly sampleMs: number;
  /** No new step starts after this long. */
  readonly maxRunMs: number;
  /** Where the simulating process keeps its runtime-sim and the nodes' root directories. */
  readonly scratchDir: string;
  readonly startApiServer: () => Promise<NodesBenchApiServer>;
  readonly usage: ProcessUsage;
  readonly pods: PodsOptions;
}

export interface PodsOptions {
  /** How many nodes (the first ones) run the agent's pod workers, from their start. */
  readonly workerNodes: number;
  /** The pods created in one batch, spread over those nodes; they keep running afterwards. */
  readonly batch: number;
  /** Then pods created at a steady rate (kwok's published 20/s), for their latency without a queue. */
  readonly paced: { readonly pods: number; readonly perSecond: number };
  /** The batch comes after this step's window, if the step held. */
  readonly atStep: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
}

/** The kubelet's defaults: a 40 s Lease renewed every quarter of it, with up to 4% jitter. */
const leaseDurationMs = 40_000;
const renewIntervalMs = leaseDurationMs / 4;
const jitterFactor = 0.04;
/** The time a renewal takes to reach the store and the watcher. */
const deliveryGraceMs = 1_000;
const onTimeLimitMs = renewIntervalMs * (1 + jitterFactor) + deliveryGraceMs;
/** A step holds while at least this share of the Lease samples is on time (and none is missing). */
const heldShare = 0.99;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const thousands = (n: number): string => n.toLocaleString('en-US');

interface StepResult {
  readonly nodes: number;
  readonly held: boolean;
  readonly rows: NodesBenchRow[];
  readonly why: string;
}

export async function nodesBench(options: NodesBenchOptions, log: (line: string) => void): Promise<NodesBenchRow[]> {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const server = await options.startApiServer();
  const rows: NodesBenchRow[] = [];
  const client = RestClient.fromKubeconfig(server.kubeconfig);
  const leases = new LeaseFreshness(client);
  let child: SimulatedNodesChild | undefined;
  try {
    await leases.start();
    child = await SimulatedNodesChild.start(server.kubeconfig, options.scratchDir, options.pods.workerNodes);
    const began = performance.now();
    const results: StepResult[] = [];
    for (const nodes of options.steps) {
      if (performance.now() - began > options.maxRunMs) {
        log(`stopping before ${thousands(nodes)} nodes: the run is past ${Math.round(options.maxRunMs / 60_000)} min`);
        break;
      }
      const result = await step(nodes, child, leases, server, options, log);
      results.push(result);
      rows.push(...result.rows);
      if (!result.held) break;
      if (nodes === options.pods.atStep) {
        const { batch, paced, workerNodes, concurrency } = options.pods;
        rows.push(
          ...(await pods(`${thousands(batch)} pods on ${workerNodes} nodes, at once`, { prefix: 'burst', pods: batch, concurrency }, client, child, server.pid, options, log)),
        );
        rows.push(
          ...(await pods(
            `${thousands(paced.pods)} pods at ${paced.perSecond}/s`,
            { prefix: 'paced', pods: paced.pods, concurrency, perSecond: paced.perSecond },
            client,
            child,
            server.pid,
            options,
            log,
          )),
        );
      }
    }
    rows.push(...summary(results, loadBefore));
    const { messages } = await child.stats();
    for (const [message, count] of Object.entries(messages)) log(`nodes logged ${thousands(count)}x: ${message}`);
  } finally {
    await child?.stop();
    await leases.stop();
    client.close();
    await server.stop();
  }
  return rows;
}

async function step(
  nodes: number,
  child: SimulatedNodesChild,
  leases: LeaseFreshness,
  server: NodesBenchApiServer,
  options: NodesBenchOptions,
  log: (line: string) => void,
): Promise<StepResult> {
  const serverPid = server.pid;
  const subject = `${thousands(nodes)} nodes`;
  const names = Array.from({ length: nodes }, (_, i) => simulatedNodeName(i));
  const newNodes = nodes - leases.present(names);
  log(`${subject}: starting ${thousands(newNodes)} more over ${options.spreadMs / 1000} s`);
  const started = performance.now();
  await child.scale(nodes, options.spreadMs);
  while (leases.present(names) < nodes && performance.now() - started < options.registerTimeoutMs) await sleep(100);
  const registrationMs = performance.now() - started;
  const present = leases.present(names);
  if (present < nodes) {
    const why = `only ${thousands(present)} of ${thousands(nodes)} Leases after ${options.registerTimeoutMs / 1000} s`;
    log(`${subject}: ${why}`);
    return { nodes, held: false, why, rows: [{ subject, metric: 'Leases present', value: present, unit: 'leases', note: why }] };
  }
  log(`${subject}: every Lease there after ${(registrationMs / 1000).toFixed(1)} s`);
  await sleep(options.settleMs);

  const usageNow = async () => ({
    at: performance.now(),
    serverCpu: options.usage.cpuSeconds(serverPid),
    serverThread: mainThreadSchedule(serverPid),
    simCpu: options.usage.cpuSeconds(child.pid),
    machine: machineCpu(),
    stats: await child.stats(),
  });
  const before = await usageNow();
  const tally = { samples: 0, leaseSamples: 0, onTime: 0, unexpired: 0, missing: 0, oldestAgeMs: 0, worstShare: 1 };
  const livez: number[] = [];
  const windowEnd = before.at + options.windowMs;
  while (performance.now() < windowEnd) {
    await sleep(Math.min(options.sampleMs, Math.max(0, windowEnd - performance.now())));
    const sample: LeaseSample = leases.sample(names, onTimeLimitMs, leaseDurationMs);
    tally.samples += 1;
    tally.leaseSamples += sample.leases;
    tally.onTime += sample.onTime;
    tally.unexpired += sample.unexpired;
    tally.missing += sample.missing;
    tally.oldestAgeMs = Math.max(tally.oldestAgeMs, sample.oldestAgeMs);
    tally.worstShare = Math.min(tally.worstShare, sample.onTime / sample.leases);
    livez.push(await answerTimeMs(`${server.url}/livez`));
  }
  const after = await usageNow();
  const seconds = (after.at - before.at) / 1000;
  const serverCores = (after.serverCpu - before.serverCpu) / seconds;
  const simCores = (after.simCpu - before.simCpu) / seconds;
  const serverThread = {
    onCpu: (after.serverThread.onCpuSeconds - before.serverThread.onCpuSeconds) / seconds,
    runQueue: (after.serverThread.runQueueSeconds - before.serverThread.runQueueSeconds) / seconds,
  };
  const machineBusy = (after.machine.busySeconds - before.machine.busySeconds) / seconds;
  const machineIowait = (after.machine.iowaitSeconds - before.machine.iowaitSeconds) / seconds;
  livez.sort((a, b) => a - b);
  const livezP50 = livez[Math.floor(livez.length / 2)] ?? Number.NaN;
  const perSecond = (kind: string): number => ((after.stats.requests[kind]?.succeeded ?? 0) - (before.stats.requests[kind]?.succeeded ?? 0)) / seconds;
  const failures = sumFailed(after.stats) - sumFailed(before.stats);
  const onTimeShare = tally.onTime / tally.leaseSamples;
  const held = onTimeShare >= heldShare && tally.missing === 0;
  const leasePut = after.stats.latencies['PUT leases'];
  const why = held ? '' : behindBecause({ serverThread, livezP50, simCores, machineBusy, stats: after.stats });
  log(
    `${subject}: Leases on time ${(onTimeShare * 100).toFixed(2)}% (worst sample ${(tally.worstShare * 100).toFixed(1)}%, oldest ${(tally.oldestAgeMs / 1000).toFixed(1)} s), ` +
      `API server ${serverCores.toFixed(2)} cores, simulating process ${simCores.toFixed(2)} cores${held ? '' : `: behind (${why})`}`,
  );
  const rows: NodesBenchRow[] = [
    {
      subject,
      metric: 'Leases renewed on time',
      value: onTimeShare * 100,
      unit: '%',
      note: `${tally.samples} samples of every Lease over ${Math.round(seconds)} s; on time: renewTime within ${onTimeLimitMs / 1000} s of now`,
    },
    { subject, metric: 'worst sample, Leases on time', value: tally.worstShare * 100, unit: '%' },
    { subject, metric: 'oldest renewTime seen', value: tally.oldestAgeMs / 1000, unit: 's', note: `renew interval ${renewIntervalMs / 1000} s (+4% jitter)` },
    { subject, metric: 'Leases within their 40 s duration', value: (tally.unexpired / tally.leaseSamples) * 100, unit: '%' },
    {
      subject,
      metric: 'registration of the step',
      value: registrationMs / 1000,
      unit: 's',
      note: `${thousands(newNodes)} new nodes started over ${options.spreadMs / 1000} s: ${Math.round(newNodes / (registrationMs / 1000))} nodes/s`,
    },
    { subject, metric: 'Lease renewals (PUT)', value: perSecond('PUT leases'), unit: '/s' },
    { subject, metric: 'node status reads (GET, from the cache)', value: perSecond('GET nodes'), unit: '/s' },
    {
      subject,
      metric: 'node status writes (PATCH nodes/status)',
      value: perSecond('PATCH nodes/status'),
      unit: '/s',
      note: 'written on change or every nodeStatusReportFrequency (5 min)',
    },
    { subject, metric: 'failed requests', value: failures, unit: 'requests' },
    {
      subject,
      metric: 'Lease PUT latency p50',
      value: leasePut?.p50Ms ?? Number.NaN,
      unit: 'ms',
      note: `p99 ${(leasePut?.p99Ms ?? Number.NaN).toFixed(1)} ms, max ${(leasePut?.maxMs ?? Number.NaN).toFixed(1)} ms, seen by the nodes`,
    },
    { subject, metric: 'requests in flight at most', value: after.stats.maxInFlight, unit: 'requests', note: `${after.stats.sockets} connections open at the end` },
    { subject, metric: 'API server CPU', value: serverCores, unit: 'cores', note: 'CPU seconds per second, /proc/<pid>/stat' },
    { subject, metric: 'API server CPU per 1,000 nodes', value: (serverCores / nodes) * 1000, unit: 'cores' },
    {
      subject,
      metric: 'API server main thread on a CPU',
      value: serverThread.onCpu,
      unit: 'cores',
      note: `and ${serverThread.runQueue.toFixed(2)} s/s waiting for one (/proc/<pid>/schedstat)`,
    },
    { subject, metric: 'API server /livez answer time p50', value: livezP50, unit: 'ms', note: `max ${(livez.at(-1) ?? Number.NaN).toFixed(1)} ms, one probe per sample` },
    { subject, metric: 'API server RSS', value: options.usage.rssMiB(serverPid), unit: 'MiB' },
    { subject, metric: 'simulating process CPU', value: simCores, unit: 'cores' },
    { subject, metric: 'simulating process CPU per 1,000 nodes', value: (simCores / nodes) * 1000, unit: 'cores' },
    { subject, metric: 'simulating process RSS', value: options.usage.rssMiB(child.pid), unit: 'MiB' },
    {
      subject,
      metric: 'simulating process event loop delay p99',
      value: after.stats.eventLoopDelayP99Ms,
      unit: 'ms',
      note: `max ${after.stats.eventLoopDelayMaxMs.toFixed(0)} ms`,
    },
    {
      subject,
      metric: 'machine CPU busy',
      value: machineBusy,
      unit: 'cores',
      note: `of 2; the rest (this benchmark, other processes): ${(machineBusy - serverCores - simCores).toFixed(2)} cores; I/O wait ${machineIowait.toFixed(2)} cores`,
    },
  ];
  return { nodes, held, rows, why };
}

type BatchShape = Pick<PodBatchOptions, 'prefix' | 'pods' | 'concurrency' | 'perSecond'>;

async function pods(
  subject: string,
  shape: BatchShape,
  client: RestClient,
  child: SimulatedNodesChild,
  serverPid: number,
  options: NodesBenchOptions,
  log: (line: string) => void,
): Promise<NodesBenchRow[]> {
  const { workerNodes, timeoutMs } = options.pods;
  const { concurrency } = shape;
  log(`${subject}: creating them, ${concurrency} at a time${shape.perSecond === undefined ? '' : `, ${shape.perSecond} a second`}`);
  const before = { serverCpu: options.usage.cpuSeconds(serverPid), simCpu: options.usage.cpuSeconds(child.pid) };
  const result = await podBatch(client, { ...shape, nodes: workerNodes, timeoutMs });
  const serverCpu = options.usage.cpuSeconds(serverPid) - before.serverCpu;
  const simCpu = options.usage.cpuSeconds(child.pid) - before.simCpu;
  const latencies = result.startLatenciesMs;
  const at = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  const perSecond = (result.running / result.allRunningMs) * 1000;
  log(
    `${subject}: ${result.running} of ${result.created} Running after ${(result.allRunningMs / 1000).toFixed(1)} s (${perSecond.toFixed(0)} pods/s), start latency p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms`,
  );
  return [
    { subject, metric: 'pods Running', value: result.running, unit: 'pods', note: `of ${result.created} created, within ${timeoutMs / 1000} s` },
    { subject, metric: 'pod start latency p50', value: at(0.5), unit: 'ms', note: 'create call to status.phase Running, as a watcher of pods sees it' },
    { subject, metric: 'pod start latency p99', value: at(0.99), unit: 'ms', note: `max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms` },
    {
      subject,
      metric: 'pods started per second',
      value: perSecond,
      unit: '/s',
      note: `first create to last Running: ${(result.allRunningMs / 1000).toFixed(1)} s; kwok publishes 20 pods/s`,
    },
    { subject, metric: 'pod creates per second', value: (result.created / result.createMs) * 1000, unit: '/s', note: `${concurrency} in flight` },
    { subject, metric: 'API server CPU per pod started', value: (serverCpu / result.running) * 1000, unit: 'ms', note: 'with the heartbeats of every node meanwhile' },
    { subject, metric: 'simulating process CPU per pod started', value: (simCpu / result.running) * 1000, unit: 'ms', note: 'with the heartbeats of every node meanwhile' },
  ];
}

function sumFailed(stats: SimulatedNodesStats): number {
  return Object.values(stats.requests).reduce((sum, kind) => sum + kind.failed, 0);
}

interface Saturation {
  readonly serverThread: { readonly onCpu: number; readonly runQueue: number };
  readonly livezP50: number;
  readonly simCores: number;
  readonly machineBusy: number;
  readonly stats: SimulatedNodesStats;
}

/** Which side ran out: the API server's event loop, the simulating process's, or the machine's cores. */
function behindBecause({ serverThread, livezP50, simCores, machineBusy, stats }: Saturation): string {
  const reasons: string[] = [];
  if (livezP50 > 100) {
    reasons.push(
      `the API server answers late (/livez p50 ${livezP50.toFixed(0)} ms) with its main thread ${serverThread.onCpu.toFixed(2)} s/s on a CPU and ${serverThread.runQueue.toFixed(2)} s/s waiting for one`,
    );
  }
  if (simCores >= 0.9 || stats.eventLoopDelayP99Ms > 200)
    reasons.push(`the simulating process is busy (${simCores.toFixed(2)} cores, event loop delay p99 ${stats.eventLoopDelayP99Ms.toFixed(0)} ms)`);
  if (machineBusy >= 1.8) reasons.push(`the machine's cores are busy (${machineBusy.toFixed(2)} of 2)`);
  return reasons.length === 0 ? 'no process saturated: see the log' : reasons.join('; ');
}

/** One GET, from sending to the end of the answer (Infinity when there is none). */
async function answerTimeMs(url: string): Promise<number> {
  const began = performance.now();
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
    return performance.now() - began;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function summary(results: readonly StepResult[], loadBefore: string): NodesBenchRow[] {
  const held = results.filter((result) => result.held);
  const largest = held.at(-1);
  const broke = results.find((result) => !result.held);
  const rows: NodesBenchRow[] = [
    {
      subject: 'summary',
      metric: 'most nodes with Leases on time',
      value: largest?.nodes ?? 0,
      unit: 'nodes',
      note: `at least ${heldShare * 100}% of Lease samples on time, none missing`,
    },
    {
      subject: 'summary',
      metric: 'first step that fell behind',
      value: broke?.nodes ?? Number.NaN,
      unit: 'nodes',
      note: broke === undefined ? `none up to ${thousands(results.at(-1)?.nodes ?? 0)}` : broke.why,
    },
  ];
  const cpu = largest?.rows.find((row) => row.metric === 'API server CPU per 1,000 nodes');
  if (cpu !== undefined) rows.push({ ...cpu, subject: 'summary', note: `at ${thousands(largest?.nodes ?? 0)} nodes` });
  rows.push({ subject: 'summary', metric: 'machine load average before the run', value: Number(loadBefore.split(' ')[0]), unit: '', note: `1, 5, 15 min: ${loadBefore}` });
  return rows;
}
