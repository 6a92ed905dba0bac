// The per-zone rate limiting of the NoExecute taints: spaced by --node-eviction-rate in a healthy
// zone, stopped in a small zone that is mostly down, slowed to --secondary-node-eviction-rate in a
// large one, and stopped everywhere when every Node of the cluster is down at once.

import test, { type ExecutionContext } from 'ava';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { RestClient } from '@capstan/common/client';
import { defaultControllerOptions, type NodeLifecycleOptions } from '../src/controller-options.ts';
import { runControllerManager } from '../src/controller-manager.ts';
import { nodeLifecycleController } from '../src/node-lifecycle/index.ts';
import { runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { condition, hasTaint, healthyConditions, nodes, SimulatedKubelet, taintNames, waitForEvent, waitForNode, type NodeObject } from './simulated-kubelet.ts';

const timing = { monitorPeriodMs: 500, monitorGracePeriodMs: 3000, startupGracePeriodMs: 4000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unreachable = 'node.kubernetes.io/unreachable';

/** Registers the Nodes of a zone; their heartbeats start (and later stop) in the same tick. */
async function zone(t: ExecutionContext, client: RestClient, name: string, size: number): Promise<SimulatedKubelet[]> {
  const labels = { 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': name };
  const kubelets = await Promise.all(Array.from({ length: size }, (_, i) => SimulatedKubelet.register(client, `${name}-${i}`, { labels })));
  t.teardown(() => Promise.all(kubelets.map((kubelet) => kubelet.stop())).then(() => {}));
  return kubelets;
}

async function stopAll(kubelets: readonly SimulatedKubelet[]): Promise<void> {
  await Promise.all(kubelets.map((kubelet) => kubelet.stop()));
}

async function listNodes(client: RestClient): Promise<NodeObject[]> {
  return (await client.list<NodeObject>(nodes)).items;
}

async function registered(client: RestClient, kubelets: readonly SimulatedKubelet[]): Promise<void> {
  for (const kubelet of kubelets) await waitForEvent(client, 'Node', kubelet.name, 'RegisteredNode');
}

test.serial('in a healthy zone the NoExecute taints are spaced by the eviction rate, the NoSchedule ones are not', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: { ...timing, evictionRate: 0.5 } });
  const kubelets = await zone(t, client, 'a', 6);
  await registered(client, kubelets);
  const failing = kubelets.slice(0, 3);
  await stopAll(failing);

  // 3 of 6 down is below the unhealthy share (0.55): the zone stays Normal.
  const noSchedule = new Map<string, number>();
  const noExecute = new Map<string, number>();
  const deadline = Date.now() + 20_000;
  while (noExecute.size < 3 && Date.now() < deadline) {
    for (const node of await listNodes(client)) {
      const name = node.metadata?.name ?? '';
      if (hasTaint(node, unreachable, 'NoSchedule') && !noSchedule.has(name)) noSchedule.set(name, Date.now());
      if (hasTaint(node, unreachable, 'NoExecute') && !noExecute.has(name)) noExecute.set(name, Date.now());
    }
    await sleep(50);
  }
  t.deepEqual([...noExecute.keys()].sort(), ['a-0', 'a-1', 'a-2']);
  const scheduleTimes = [...noSchedule.values()];
  t.true(Math.max(...scheduleTimes) - Math.min(...scheduleTimes) < 1000, `NoSchedule taints spread over ${Math.max(...scheduleTimes) - Math.min(...scheduleTimes)} ms`);
  const executeTimes = [...noExecute.values()].sort((a, b) => a - b);
  for (let i = 1; i < executeTimes.length; i++) {
    const gap = (executeTimes[i] as number) - (executeTimes[i - 1] as number);
    t.true(gap >= 1500, `NoExecute taints ${gap} ms apart at 0.5 nodes per second`);
  }
  const added = (await listNodes(client))
    .flatMap((node) => node.spec?.taints ?? [])
    .filter((taint) => taint.effect === 'NoExecute')
    .map((taint) => Date.parse(taint.timeAdded ?? ''))
    .sort((a, b) => a - b);
  for (let i = 1; i < added.length; i++) t.true((added[i] as number) - (added[i - 1] as number) >= 1000, 'timeAdded a second or more apart');
  for (const node of await listNodes(client)) if (!['a-0', 'a-1', 'a-2'].includes(node.metadata?.name ?? '')) t.deepEqual(taintNames(node), [], node.metadata?.name);
});

test.serial('a small zone that is mostly down gets no NoExecute taint while a healthy zone goes on', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const overrides = { nodeLifecycle: { ...timing, evictionRate: 10 } };
  const stopFirst = runControllers(t, cluster, [nodeLifecycleController], overrides);
  const small = await zone(t, client, 'small', 4);
  const healthy = await zone(t, client, 'healthy', 2);
  await registered(client, [...small, ...healthy]);
  // The Nodes must go silent in the same monitor pass, or the first to be seen (with its zone still
  // Normal) is tainted NoExecute, as kube's controller would taint it: a controller started after
  // they stopped sees them all at once and gives them all the same startup grace period.
  await stopFirst();
  await stopAll([...small.slice(0, 3), healthy[0] as SimulatedKubelet]);
  runControllers(t, cluster, [nodeLifecycleController], overrides);

  // 3 of 4 down (>= 0.55, at least 3) in a zone of no more than 50 Nodes: no evictions there.
  await waitForNode(client, 'healthy-0', 'the unreachable NoExecute taint', (node) => hasTaint(node, unreachable, 'NoExecute'));
  for (const name of ['small-0', 'small-1', 'small-2']) await waitForNode(client, name, 'the unreachable NoSchedule taint', (node) => hasTaint(node, unreachable, 'NoSchedule'));
  await sleep(3000);
  for (const name of ['small-0', 'small-1', 'small-2']) {
    const node = await client.get<NodeObject>({ ...nodes, name });
    t.is(condition(node, 'Ready')?.status, 'Unknown', name);
    t.deepEqual(taintNames(node), [`${unreachable}:NoSchedule`], name);
  }
});

test.serial('a large zone that is mostly down is tainted at the secondary eviction rate', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const overrides = { nodeLifecycle: { ...timing, evictionRate: 0.01, secondaryEvictionRate: 10, largeClusterSizeThreshold: 3 } };
  const stopFirst = runControllers(t, cluster, [nodeLifecycleController], overrides);
  const large = await zone(t, client, 'large', 4);
  await registered(client, large);
  // Silent all at once for the controller, as in the small zone's test.
  await stopFirst();
  await stopAll(large.slice(0, 3));
  runControllers(t, cluster, [nodeLifecycleController], overrides);

  // Beyond the threshold of 3 Nodes, a partly disrupted zone uses the secondary rate (here the faster one).
  for (const name of ['large-0', 'large-1', 'large-2']) await waitForNode(client, name, 'the unreachable NoExecute taint', (node) => hasTaint(node, unreachable, 'NoExecute'));
  t.deepEqual(taintNames(await client.get<NodeObject>({ ...nodes, name: 'large-3' })), []);
});

/** The node lifecycle controller with its log lines kept. */
function runWithLog(t: ExecutionContext, cluster: TestCluster, nodeLifecycle: Partial<NodeLifecycleOptions>): string[] {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  const stop = new AbortController();
  const options = { ...defaultControllerOptions, nodeLifecycle: { ...defaultControllerOptions.nodeLifecycle, ...nodeLifecycle } };
  const running = runControllerManager(
    { client: cluster.client, logger: pino({ level: 'info' }, sink), controllers: [nodeLifecycleController], options, leaderElection: undefined },
    stop.signal,
  );
  t.teardown(() => {
    stop.abort();
    return running.then(() => {});
  });
  return lines;
}

const messages = (lines: readonly string[]): string[] => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);

test.serial('when every node goes silent there is no NoExecute taint at all until one comes back', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const stopFirst = runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: { ...timing, evictionRate: 10 } });
  const kubelets = await zone(t, client, 'z', 2);
  await registered(client, kubelets);
  // Silent all at once for the controller, as in the small zone's test: one seen first, with the
  // other still Ready, would be tainted NoExecute before the cluster counts as down.
  await stopFirst();
  await stopAll(kubelets);
  const log = runWithLog(t, cluster, { ...timing, evictionRate: 10 });

  for (const kubelet of kubelets) await waitForNode(client, kubelet.name, 'the unreachable NoSchedule taint', (node) => hasTaint(node, unreachable, 'NoSchedule'));
  await sleep(3000);
  for (const node of await listNodes(client)) t.deepEqual(taintNames(node), [`${unreachable}:NoSchedule`], node.metadata?.name);
  t.true(messages(log).includes('Controller detected that all Nodes are not-Ready. Entering master disruption mode'));

  // One Node is back: the cluster leaves disruption mode and the one still silent is tainted.
  const [back, gone] = kubelets as [SimulatedKubelet, SimulatedKubelet];
  await back.setConditions(healthyConditions(Date.now()));
  back.start();
  await waitForNode(client, back.name, 'no taints', (node) => taintNames(node).length === 0);
  await waitForNode(client, gone.name, 'the unreachable NoExecute taint', (node) => hasTaint(node, unreachable, 'NoExecute'));
  t.true(messages(log).includes('Controller detected that some Nodes are Ready. Exiting master disruption mode'));
});
