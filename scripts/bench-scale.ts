// `npm run bench -- scale`: Kubernetes' scalability envelope (issue 23 §5) on this machine. One
// sqlite API server, simulated nodes running the real agent code with its pod workers (one
// process, nodeagent/bench), and a supervised `capstan controllers`; then steps of growing size,
// 30 pods a node as kube's density test: the nodes scaled up, small Deployments created at a
// steady pod rate up to the step's pods, a reader at a fixed rate, until every pod is Running.
// Each step reports kube's SLIs (API call latency from the server's own histogram, pod startup
// latency as a watch sees it) against kube's SLOs, and the memory of each process per node and
// per pod. The run stops at the first step that breaks an SLO, cannot be reached within its
// time, or would not fit in the memory left. `--quick`: the smallest step alone.

import { mkdtempSync, rmSync } from 'node:fs';
import { freemem, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RestClient } from '@capstan/common/client';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { cpuSeconds, residentMemory } from '../apiserver/bench/process-usage.ts';
import { SimulatedNodesChild } from '../nodeagent/bench/simulated-nodes-child.ts';
import { percentile, until } from './bench-controllers.ts';
import { apiCallLatencies, type CallKind, type CallLatency, scrapeRequestDurations } from './bench-scale-api-latency.ts';
import { createDeployments, LoadReader, replicasPerDeployment, scaleLabel } from './bench-scale-load.ts';
import { PodStartupWatch } from './bench-scale-pod-startup.ts';
import { startClusterServer } from './bench-cluster-server.ts';
import { SupervisedControllers } from './bench-supervised-controllers.ts';

const capstan = join(import.meta.dirname, '..', 'bin', 'capstan.ts');

/** kube's density: 30 pods a node. */
const podsPerNode = 30;
// Finer steps below 1,000 nodes, where this 2-core machine's limit is.
const steps = [100, 200, 300, 500, 1000, 2000, 5000];
/** Pods created a second (kube's load test default throughput is of this order). */
const podsPerSecond = 20;
const readerQps = 5;
/** kube's pod startup SLO: p99 of creation to Running, image pull excluded. */
const podStartupSloSeconds = 5;

interface StepResult {
  readonly rows: BenchRow[];
  /** Why the next step is not run; undefined when this one held. */
  readonly broken?: string;
  /** Resident memory of the three processes, MiB. */
  readonly residentMiB: number;
}

export async function runScaleBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const sizes = quick ? steps.slice(0, 1) : steps;
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-scale-'));
  const { server, nodesKubeconfig: kubeconfig, controllersKubeconfig } = await startClusterServer(scratch);
  const client = new RestClient({ server: server.url, timeoutMs: 60_000 });
  const readerClient = new RestClient({ server: server.url, timeoutMs: 60_000 });
  let simulated: SimulatedNodesChild | undefined;
  let controllers: SupervisedControllers | undefined;
  let startup: PodStartupWatch | undefined;
  const rows: BenchRow[] = [];
  try {
    // Every node runs the agent's pod workers from its registration on.
    simulated = await SimulatedNodesChild.start(kubeconfig, join(scratch, 'nodes'), sizes.at(-1) as number);
    controllers = new SupervisedControllers(capstan, controllersKubeconfig, join(scratch, 'controllers.log'), log);
    startup = new PodStartupWatch(client, `${scaleLabel}=load`);
    await startup.start();
    let held: { nodes: number; pods: number } | undefined;
    let stopReason = quick ? 'the quick run has one step' : `every step held up to ${sizes.at(-1)} nodes`;
    let deployments = 0;
    let previous: { pods: number; residentMiB: number } = { pods: 0, residentMiB: 0 };
    for (const nodes of sizes) {
      const pods = nodes * podsPerNode;
      // Memory: what the last step cost per pod, times this step's pods, must fit in what is free.
      if (previous.pods > 0) {
        const neededMiB = (previous.residentMiB / previous.pods) * (pods - previous.pods) * 1.2;
        const freeMiB = freemem() / 2 ** 20;
        if (neededMiB > freeMiB) {
          stopReason = `memory: ${nodes} nodes would need about ${Math.round(neededMiB)} MiB more at the last step's cost, ${Math.round(freeMiB)} MiB are free`;
          break;
        }
      }
      const result = await runStep({ nodes, pods, fromDeployment: deployments, simulated, controllers, startup, client, readerClient, server: server.pid }, log).catch(
        (error: unknown) => ({ rows: [], broken: `${nodes} nodes / ${pods} pods not reached: ${error instanceof Error ? error.message : String(error)}`, residentMiB: 0 }),
      );
      deployments = pods / replicasPerDeployment;
      rows.push(...result.rows);
      if (result.broken !== undefined) {
        stopReason = result.broken;
        break;
      }
      held = { nodes, pods };
      previous = { pods, residentMiB: result.residentMiB };
    }
    rows.push({
      subject: 'largest size holding the SLOs',
      metric: 'nodes',
      value: held?.nodes ?? 0,
      unit: 'nodes',
      note: `${held?.pods ?? 0} pods; stopped: ${stopReason}`,
    });
    return rows;
  } catch (error) {
    log(`the API server, ${server.lastWords()}`);
    throw error;
  } finally {
    await startup?.stop();
    await controllers?.stop();
    await simulated?.stop();
    client.close();
    readerClient.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

interface Step {
  readonly nodes: number;
  readonly pods: number;
  /** Deployments made by the steps before. */
  readonly fromDeployment: number;
  readonly simulated: SimulatedNodesChild;
  readonly controllers: SupervisedControllers;
  readonly startup: PodStartupWatch;
  readonly client: RestClient;
  readonly readerClient: RestClient;
  readonly server: number;
}

async function runStep(step: Step, log: (line: string) => void): Promise<StepResult> {
  const { nodes, pods, simulated, startup, client } = step;
  const subject = `${nodes} nodes, ${pods} pods`;
  const newPods = pods - step.fromDeployment * replicasPerDeployment;
  // The step's time: its creates at the steady rate twice over, the nodes' start, and five minutes.
  const budgetMs = (2 * newPods * 1000) / podsPerSecond + nodes * 60 + 300_000;
  const deadline = Date.now() + budgetMs;
  const left = (): number => Math.max(1, deadline - Date.now());
  log(
    `${subject}: up to ${Math.round(budgetMs / 1000)} s; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  await simulated.scale(nodes, nodes * 10);
  await until(
    async () => (await simulated.stats()).registered >= nodes,
    left(),
    `${nodes} nodes to register`,
    () =>
      void simulated.stats().then(
        (stats) => log(`${stats.registered} of ${stats.count} nodes registered`),
        (error: unknown) => log(String(error)),
      ),
  );
  log(`${nodes} nodes registered`);

  const before = await scrapeRequestDurations(client);
  startup.takeLatencies();
  const toDeployment = pods / replicasPerDeployment;
  // The reader asks for Deployments made so far only (most of them: creates may finish out of order).
  const progress = { created: step.fromDeployment };
  const reader = new LoadReader(step.readerClient, readerQps, () => ({ nodes, deployments: progress.created - 16, pod: (i) => startup.somePod(i) }));
  const began = performance.now();
  // What each process used of the machine during the step: which of them is the limit.
  const cpuBefore = { server: cpuSeconds(step.server), controllers: step.controllers.cpuSeconds(), nodes: cpuSeconds(simulated.pid) };
  let load: Awaited<ReturnType<typeof createDeployments>>;
  let allRunningMs: number;
  let cpuUsed = { server: 0, controllers: 0, nodes: 0 };
  try {
    load = await createDeployments(client, step.fromDeployment, toDeployment, podsPerSecond, left(), progress);
    const createMs = performance.now() - began;
    log(`${load.created} Deployments created in ${Math.round(createMs)} ms (${load.failed} failed${load.lastError === undefined ? '' : `: ${load.lastError}`})`);
    // A create that failed makes no pods (it already breaks the step); a timed-out one may have.
    const expected = Math.min(pods, (step.fromDeployment + load.created) * replicasPerDeployment);
    await until(
      async () => startup.running >= expected,
      left(),
      `${expected} pods Running`,
      () =>
        void simulated.stats().then(
          (stats) =>
            log(
              `${startup.running} Running, ${startup.pending().all} not yet (${startup.pending().bound} of them bound); nodes' event loop p99 ${Math.round(stats.eventLoopDelayP99Ms)} ms, ${stats.inFlight} requests in flight`,
            ),
          (error: unknown) => log(String(error)),
        ),
    );
    allRunningMs = performance.now() - began;
  } finally {
    cpuUsed = {
      server: cpuSeconds(step.server) - cpuBefore.server,
      controllers: step.controllers.cpuSeconds() - cpuBefore.controllers,
      nodes: cpuSeconds(simulated.pid) - cpuBefore.nodes,
    };
    const read = await reader.stop();
    log(`reader: ${read.reads} reads, ${read.failed} failed${read.lastError === undefined ? '' : ` (${read.lastError})`}`);
  }
  const latencies = apiCallLatencies(before, await scrapeRequestDurations(client));
  const { startup: startupMs, bind: bindMs } = startup.takeLatencies();
  const nodeStats = await simulated.stats();
  const memory = { server: residentMemory(step.server).rssMiB, controllers: residentMemory(step.controllers.pid).rssMiB, nodes: residentMemory(simulated.pid).rssMiB };

  const rows: BenchRow[] = [];
  const broken: string[] = [];
  for (const kind of ['mutating', 'get', 'namespace list', 'cluster list'] satisfies CallKind[]) {
    const ofKind = latencies.filter((latency) => latency.kind === kind);
    const worst = ofKind.reduce<CallLatency | undefined>((max, latency) => (max === undefined || latency.p99Seconds > max.p99Seconds ? latency : max), undefined);
    if (worst === undefined) continue;
    const calls = ofKind.reduce((sum, latency) => sum + latency.count, 0);
    rows.push({
      subject,
      metric: `${kind} calls p99, worst`,
      value: worst.p99Seconds,
      unit: 's',
      note: `${worst.call} (${worst.count} calls; ${calls} ${kind} calls in all); SLO ${worst.sloSeconds} s`,
    });
    for (const latency of ofKind) if (latency.p99Seconds > latency.sloSeconds) broken.push(`${latency.call} p99 ${latency.p99Seconds.toFixed(2)} s > ${latency.sloSeconds} s`);
  }
  const startupP99 = percentile(startupMs, 0.99) / 1000;
  rows.push(
    { subject, metric: 'pod startup p50', value: percentile(startupMs, 0.5) / 1000, unit: 's', note: `${startupMs.length} pods, creationTimestamp to Running seen by a watch` },
    { subject, metric: 'pod startup p99', value: startupP99, unit: 's', note: `SLO ${podStartupSloSeconds} s` },
    { subject, metric: 'pod creation to bound p50', value: percentile(bindMs, 0.5) / 1000, unit: 's', note: "the scheduler's share of the startup" },
    { subject, metric: 'pod creation to bound p99', value: percentile(bindMs, 0.99) / 1000, unit: 's' },
    {
      subject,
      metric: 'all Running',
      value: allRunningMs / 1000,
      unit: 's',
      note: `${load.created} Deployments of ${replicasPerDeployment} created at ${podsPerSecond} pods/s (${load.failed} failed), reader ${readerQps}/s`,
    },
    { subject, metric: 'API server resident memory', value: memory.server, unit: 'MiB', note: `${Math.round((memory.server * 1024) / pods)} KiB a pod` },
    {
      subject,
      metric: 'controllers resident memory',
      value: memory.controllers,
      unit: 'MiB',
      note: `${Math.round((memory.controllers * 1024) / pods)} KiB a pod; ${step.controllers.restarts} restarts`,
    },
    { subject, metric: "nodes' process resident memory", value: memory.nodes, unit: 'MiB', note: `${Math.round((memory.nodes * 1024) / nodes)} KiB a node` },
    ...(
      [
        ['API server', cpuUsed.server],
        ['controllers', cpuUsed.controllers],
        ["nodes' process", cpuUsed.nodes],
      ] as const
    ).map(([process, seconds]) => ({
      subject,
      metric: `${process} CPU`,
      value: seconds / (allRunningMs / 1000),
      unit: 'cores',
      note: `${Math.round(seconds)} s of CPU over the step's ${Math.round(allRunningMs / 1000)} s`,
    })),
    {
      subject,
      metric: "nodes' event loop delay p99",
      value: nodeStats.eventLoopDelayP99Ms,
      unit: 'ms',
      note: `max ${Math.round(nodeStats.eventLoopDelayMaxMs)} ms since the last reading`,
    },
  );
  if (startupP99 > podStartupSloSeconds) broken.push(`pod startup p99 ${startupP99.toFixed(2)} s > ${podStartupSloSeconds} s`);
  if (load.failed > 0) broken.push(`${load.failed} Deployment creates failed: ${load.lastError}`);
  const residentMiB = memory.server + memory.controllers + memory.nodes;
  return broken.length === 0 ? { rows, residentMiB } : { rows, residentMiB, broken: `SLO broken at ${subject}: ${broken.join('; ')}` };
}
