// `npm run bench -- controllers`: a fresh sqlite API server, 1,000 simulated nodes heartbeating
// (nodeagent/bench's simulating process, no pod workers: bound pods stay as the binding left them),
// and one `capstan controllers` process. Measures the time to schedule 10,000 pods created at once
// (create call to spec.nodeName, as a watcher sees it) and to clean up a namespace of 10,000
// objects (DELETE to the namespace gone), with the controllers' CPU and memory. Then the nodes start
// the agent's pod workers, and a Deployment of 10,000 replicas rolls out and rolls to a
// new image (scripts/bench-deployment-rollout.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Informer, isNotFound, RestClient, type KubeObject } from '@capstan/common/client';
import type { BenchRow } from '../apiserver/bench/bench-row.ts';
import { residentMemory } from '../apiserver/bench/process-usage.ts';
import { SimulatedNodesChild } from '../nodeagent/bench/simulated-nodes-child.ts';
import { measureDeploymentRollout } from './bench-deployment-rollout.ts';
import { startClusterServer } from './bench-cluster-server.ts';
import { SupervisedControllers } from './bench-supervised-controllers.ts';

type Pod = KubeObject & { spec?: { nodeName?: string } };

const capstan = join(import.meta.dirname, '..', 'bin', 'capstan.ts');

export async function runControllersBenchmark(quick: boolean, log: (line: string) => void): Promise<BenchRow[]> {
  const nodes = quick ? 100 : 1000;
  const pods = quick ? 1000 : 10_000;
  const objects = quick ? 1000 : 10_000;
  const replicas = quick ? 1000 : 10_000;
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-controllers-'));
  const { server, nodesKubeconfig: kubeconfig, controllersKubeconfig } = await startClusterServer(scratch);
  const client = new RestClient({ server: server.url, timeoutMs: 60_000 });
  let simulated: SimulatedNodesChild | undefined;
  let controllers: SupervisedControllers | undefined;
  try {
    simulated = await SimulatedNodesChild.start(kubeconfig, join(scratch, 'nodes'), 0);
    await simulated.scale(nodes, quick ? 2_000 : 10_000);
    const sim = simulated;
    await until(
      async () => (await client.listAll({ group: '', version: 'v1', resource: 'nodes' }, { resourceVersion: '0' })).items.length >= nodes,
      600_000,
      `${nodes} nodes`,
      () =>
        void sim.stats().then(
          (stats) => log(`${stats.registered} of ${stats.count} nodes registered; ${JSON.stringify(stats.messages).slice(0, 300)}`),
          (error: unknown) => log(`no stats from the simulating process: ${String(error)}`),
        ),
    );
    log(`${nodes} simulated nodes registered`);
    controllers = new SupervisedControllers(capstan, controllersKubeconfig, join(scratch, 'controllers.log'), log);
    const supervised = controllers;
    await until(
      async () =>
        await client.get({ group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-system', name: 'kube-controller-manager' }).then(
          () => true,
          () => false,
        ),
      300_000,
      'the controllers to lead',
    );
    // Pods need the namespace's default ServiceAccount (the ServiceAccount admission refuses them
    // before the controllers made it), and the scheduler's informers list the nodes before it binds
    // anything: give it that start.
    await until(
      async () =>
        await client.get({ group: '', version: 'v1', resource: 'serviceaccounts', namespace: 'default', name: 'default' }).then(
          () => true,
          () => false,
        ),
      300_000,
      'the default ServiceAccount',
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const scheduling = await schedulePods(client, pods, log);
    const afterScheduling = { cpu: supervised.cpuSeconds(), rss: residentMemory(supervised.pid), restarts: supervised.restarts };
    const cleanup = await cleanUpNamespace(client, objects, log);
    // The scheduled pods were never run: remove them, and bring the nodes back with pod workers.
    await client.deleteCollection(
      { group: '', version: 'v1', resource: 'pods', namespace: 'default' },
      // 10,000 deletions in one request: kubectl would wait as long as it takes.
      { labelSelector: 'bench.capstan.dev/controllers=scheduling', gracePeriodSeconds: 0, timeoutMs: 900_000 },
    );
    // The nodes stay up (a restart of 1,000 would miss their heartbeats and make them NotReady).
    await simulated.runPodWorkers(nodes);
    log(`${nodes} simulated nodes run pod workers`);
    const beforeRollout = supervised.cpuSeconds();
    const rollout = await measureDeploymentRollout(client, 'default', replicas, log, 1_800_000);
    const afterRollout = { cpu: supervised.cpuSeconds() - beforeRollout, rss: residentMemory(supervised.pid), restarts: supervised.restarts - afterScheduling.restarts };
    const rows: BenchRow[] = [
      {
        subject: `${pods} pods on ${nodes} nodes`,
        metric: 'create',
        value: scheduling.createMs / 1000,
        unit: 's',
        note: `${Math.round(pods / (scheduling.createMs / 1000))} pods/s created, 32 in flight`,
      },
      { subject: `${pods} pods on ${nodes} nodes`, metric: 'all scheduled', value: scheduling.allBoundMs / 1000, unit: 's', note: 'first create to last spec.nodeName seen' },
      {
        subject: `${pods} pods on ${nodes} nodes`,
        metric: 'throughput',
        value: pods / (scheduling.allBoundMs / 1000),
        unit: 'pods/s',
        note: 'first create to last bound, the creates included',
      },
      { subject: `${pods} pods on ${nodes} nodes`, metric: 'latency p50', value: percentile(scheduling.latenciesMs, 0.5), unit: 'ms', note: 'create call to bound' },
      { subject: `${pods} pods on ${nodes} nodes`, metric: 'latency p99', value: percentile(scheduling.latenciesMs, 0.99), unit: 'ms' },
      { subject: `${pods} pods on ${nodes} nodes`, metric: 'nodes used', value: scheduling.nodesUsed, unit: 'nodes', note: 'least requested spreads' },
      { subject: 'controllers process', metric: 'CPU during scheduling and start', value: afterScheduling.cpu, unit: 's' },
      { subject: 'controllers process', metric: 'resident memory', value: afterScheduling.rss.rssMiB, unit: 'MiB', note: `peak ${Math.round(afterScheduling.rss.peakMiB)} MiB` },
      { subject: `namespace of ${objects} configmaps`, metric: 'create', value: cleanup.createMs / 1000, unit: 's' },
      { subject: `namespace of ${objects} configmaps`, metric: 'cleaned up', value: cleanup.deleteMs / 1000, unit: 's', note: 'DELETE namespace to 404' },
      {
        subject: `Deployment of ${replicas} on ${nodes} nodes`,
        metric: 'all available',
        value: rollout.firstRolloutMs / 1000,
        unit: 's',
        note: 'create to availableReplicas = replicas (pods Running and Ready)',
      },
      {
        subject: `Deployment of ${replicas} on ${nodes} nodes`,
        metric: 'rolling update',
        value: rollout.rollingUpdateMs / 1000,
        unit: 's',
        note: 'new image to every replica updated and available (25% surge/unavailable)',
      },
      { subject: 'controllers process', metric: 'CPU during the two rollouts', value: afterRollout.cpu, unit: 's' },
      {
        subject: 'controllers process',
        metric: 'restarts',
        value: afterScheduling.restarts + afterRollout.restarts,
        unit: 'restarts',
        note: `${afterScheduling.restarts} while scheduling, ${afterRollout.restarts} during the rollouts (each a lost leader lease; started again as systemd would)`,
      },
      {
        subject: 'controllers process',
        metric: 'resident memory after the rollouts',
        value: afterRollout.rss.rssMiB,
        unit: 'MiB',
        note: `peak ${Math.round(afterRollout.rss.peakMiB)} MiB`,
      },
    ];
    return rows;
  } catch (error) {
    log(`the API server, ${server.lastWords()}`);
    throw error;
  } finally {
    await controllers?.stop();
    await simulated?.stop();
    client.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function schedulePods(
  client: RestClient,
  count: number,
  log: (line: string) => void,
): Promise<{ createMs: number; allBoundMs: number; latenciesMs: number[]; nodesUsed: number }> {
  const target = { group: '', version: 'v1', resource: 'pods', namespace: 'default' } as const;
  const createdAt = new Map<string, number>();
  const boundAt = new Map<string, number>();
  const nodesUsed = new Set<string>();
  const informer = new Informer<Pod>(client, target, { labelSelector: 'bench.capstan.dev/controllers=scheduling' });
  const note = (pod: Pod): void => {
    const name = pod.metadata?.name ?? '';
    const node = pod.spec?.nodeName;
    if (node && !boundAt.has(name)) {
      boundAt.set(name, performance.now());
      nodesUsed.add(node);
    }
  };
  informer.addEventHandler({ onAdd: note, onUpdate: (_old, pod) => note(pod) });
  informer.start();
  await informer.waitForSync();
  const began = performance.now();
  let createEnded = began;
  try {
    await inParallel(count, 32, async (i) => {
      const name = `sched-${i}`;
      createdAt.set(name, performance.now());
      await client.create(target, {
        metadata: { name, labels: { 'bench.capstan.dev/controllers': 'scheduling' } },
        spec: { containers: [{ name: 'app', image: 'registry.example/app:1', resources: { requests: { cpu: '10m', memory: '16Mi' } } }] },
      });
      createEnded = performance.now();
    });
    log(`${count} pods created in ${Math.round(createEnded - began)} ms`);
    await until(
      async () => boundAt.size >= count,
      600_000,
      `${count} pods to be scheduled`,
      () => log(`${boundAt.size} scheduled`),
    );
  } finally {
    await informer.stop();
  }
  const latenciesMs = [...boundAt].map(([name, at]) => at - (createdAt.get(name) ?? at)).sort((a, b) => a - b);
  return { createMs: createEnded - began, allBoundMs: Math.max(...boundAt.values()) - began, latenciesMs, nodesUsed: nodesUsed.size };
}

async function cleanUpNamespace(client: RestClient, count: number, log: (line: string) => void): Promise<{ createMs: number; deleteMs: number }> {
  const namespace = 'cleanup';
  await client.create({ group: '', version: 'v1', resource: 'namespaces' }, { metadata: { name: namespace } });
  const began = performance.now();
  await inParallel(count, 32, (i) =>
    client.create({ group: '', version: 'v1', resource: 'configmaps', namespace }, { metadata: { name: `cm-${i}` }, data: { i: String(i) } }).then(() => {}),
  );
  const createMs = performance.now() - began;
  log(`${count} configmaps created in ${Math.round(createMs)} ms`);
  const deleting = performance.now();
  await client.delete({ group: '', version: 'v1', resource: 'namespaces', name: namespace });
  await until(
    async () =>
      client.get({ group: '', version: 'v1', resource: 'namespaces', name: namespace }).then(
        () => false,
        (error) => isNotFound(error),
      ),
    600_000,
    'the namespace to go',
  );
  return { createMs, deleteMs: performance.now() - deleting };
}

async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string, progress?: () => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProgress = Date.now();
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (progress !== undefined && Date.now() - lastProgress > 5_000) {
      progress();
      lastProgress = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
