// The node lifecycle controller against a real API server: Nodes whose heartbeats stop go Unknown
// with kube's conditions and get the unreachable taints, their pods are marked not Ready, a Node
// that never reported goes Unknown after the startup grace period, Ready=False gives the not-ready
// taints, the NoSchedule taints follow the conditions, and a Node that is Ready again is untainted.

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import { nodeLifecycleController } from '../src/node-lifecycle/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { condition, eventually, events, hasTaint, healthyConditions, nodes, pods, SimulatedKubelet, taintNames, waitForEvent, waitForNode } from './simulated-kubelet.ts';

const timing = { monitorPeriodMs: 500, monitorGracePeriodMs: 3000, startupGracePeriodMs: 4000, evictionRate: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const conditionTypes = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

type PodObject = KubeObject & { status?: { conditions?: { type: string; status: string; lastTransitionTime?: string }[] } };

test.serial('a node whose Lease is no longer renewed goes Unknown after the grace period, gets the unreachable taints, and its pods are marked not Ready', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: timing });
  const silent = await SimulatedKubelet.register(client, 'silent');
  const alive = await SimulatedKubelet.register(client, 'alive');
  t.teardown(() => Promise.all([silent.stop(), alive.stop()]).then(() => {}));
  const pod = await client.create<PodObject>(pods, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web' },
    spec: { nodeName: 'silent', containers: [{ name: 'c', image: 'nginx' }] },
  });
  const readySince = `${new Date().toISOString().slice(0, 19)}Z`;
  await client.update(
    { ...pods, name: 'web', subresource: 'status' },
    { ...pod, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: readySince }] } },
  );
  await waitForEvent(client, 'Node', 'silent', 'RegisteredNode');

  const before = await silent.node();
  await silent.stop();
  const stoppedAt = Date.now();
  const unknown = await waitForNode(client, 'silent', 'Ready Unknown', (node) => condition(node, 'Ready')?.status === 'Unknown');
  const silentFor = Date.now() - stoppedAt;
  t.true(silentFor >= timing.monitorGracePeriodMs - 500 && silentFor < timing.monitorGracePeriodMs + 3000, `went Unknown after ${silentFor} ms`);
  for (const type of conditionTypes) {
    const was = condition(before, type);
    const now = condition(unknown, type);
    t.like(now, { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: was?.lastHeartbeatTime }, type);
    t.true(Date.parse(now?.lastTransitionTime ?? '') >= Date.parse(was?.lastTransitionTime ?? ''), type);
  }

  const tainted = await waitForNode(
    client,
    'silent',
    'both unreachable taints',
    (node) => hasTaint(node, 'node.kubernetes.io/unreachable', 'NoExecute') && hasTaint(node, 'node.kubernetes.io/unreachable', 'NoSchedule'),
  );
  t.deepEqual(taintNames(tainted), ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule']);
  t.true((tainted.spec?.taints ?? []).every((taint) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(taint.timeAdded ?? '')));
  t.deepEqual((await kubectl(cluster, 'get', 'node', 'silent', '-o', 'jsonpath={range .spec.taints[*]}{.key}={.effect}{"\\n"}{end}')).trim().split('\n').sort(), [
    'node.kubernetes.io/unreachable=NoExecute',
    'node.kubernetes.io/unreachable=NoSchedule',
  ]);
  t.is((await kubectl(cluster, 'get', 'node', 'silent', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].reason}')).trim(), 'NodeStatusUnknown');

  const notReady = await eventually('pod web not Ready', async () => {
    const current = await client.get<PodObject>({ ...pods, name: 'web' });
    const ready = current.status?.conditions?.find((c) => c.type === 'Ready');
    return ready?.status === 'False' ? ready : undefined;
  });
  t.not(notReady.lastTransitionTime, undefined);
  const podEvent = await waitForEvent(client, 'Pod', 'web', 'NodeNotReady');
  t.like(podEvent, { type: 'Warning', message: 'Node is not ready', source: { component: 'node-controller' } });
  const nodeEvent = await waitForEvent(client, 'Node', 'silent', 'NodeNotReady');
  t.like(nodeEvent, {
    type: 'Normal',
    message: 'Node silent status is now: NodeNotReady',
    involvedObject: { kind: 'Node', name: 'silent', uid: before.metadata?.uid },
    source: { component: 'node-controller' },
  });
  const registered = await waitForEvent(client, 'Node', 'alive', 'RegisteredNode');
  t.like(registered, { type: 'Normal', message: 'Node alive event: Registered Node alive in Controller' });

  // The Node that kept renewing is untouched.
  const healthy = await alive.node();
  t.is(condition(healthy, 'Ready')?.status, 'True');
  t.deepEqual(taintNames(healthy), []);

  // The kubelet is back: Ready again, and the taints go.
  await silent.setConditions(healthyConditions(Date.now()));
  silent.start();
  const recovered = await waitForNode(client, 'silent', 'no taints', (node) => (node.spec?.taints ?? []).length === 0);
  t.is(condition(recovered, 'Ready')?.status, 'True');
});

test.serial('a node that never posted its status goes Unknown with NodeStatusNeverUpdated after the startup grace period', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: timing });
  const alive = await SimulatedKubelet.register(client, 'alive');
  t.teardown(() => alive.stop());
  await SimulatedKubelet.register(client, 'mute', { silent: true });
  const createdAt = Date.now();

  await sleep(timing.startupGracePeriodMs - 1500);
  t.deepEqual((await client.get<KubeObject & { status?: { conditions?: unknown[] } }>({ ...nodes, name: 'mute' })).status?.conditions ?? [], []);

  const unknown = await waitForNode(client, 'mute', 'conditions', (node) => condition(node, 'Ready') !== undefined);
  t.true(Date.now() - createdAt >= timing.startupGracePeriodMs - 1000, `after ${Date.now() - createdAt} ms`);
  t.deepEqual(
    unknown.status?.conditions?.map((c) => c.type),
    conditionTypes,
  );
  for (const type of conditionTypes) {
    t.like(
      condition(unknown, type),
      { status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: unknown.metadata?.creationTimestamp },
      type,
    );
    t.regex(condition(unknown, type)?.lastTransitionTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }
  // The NoSchedule taint follows the condition on the node's update, the NoExecute one the next monitor pass: either may come first.
  const tainted = await waitForNode(
    client,
    'mute',
    'both unreachable taints',
    (node) => hasTaint(node, 'node.kubernetes.io/unreachable', 'NoExecute') && hasTaint(node, 'node.kubernetes.io/unreachable', 'NoSchedule'),
  );
  t.deepEqual(taintNames(tainted), ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule']);
  // The controller wrote the status; it did not say the Node became not ready (it never was).
  t.false((await events(client)).some((e) => e.reason === 'NodeNotReady'));
});

test.serial('Ready=False gives the not-ready taints, silence then swaps them for unreachable ones, and Ready again removes them', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: timing });
  const sick = await SimulatedKubelet.register(client, 'sick', { heartbeat: 'status' });
  const alive = await SimulatedKubelet.register(client, 'alive');
  t.teardown(() => Promise.all([sick.stop(), alive.stop()]).then(() => {}));
  await waitForEvent(client, 'Node', 'sick', 'RegisteredNode');

  await sick.setCondition('Ready', 'False', 'KubeletNotReady', 'container runtime network not ready');
  const notReady = await waitForNode(
    client,
    'sick',
    'both not-ready taints',
    (node) => hasTaint(node, 'node.kubernetes.io/not-ready', 'NoExecute') && hasTaint(node, 'node.kubernetes.io/not-ready', 'NoSchedule'),
  );
  t.deepEqual(taintNames(notReady), ['node.kubernetes.io/not-ready:NoExecute', 'node.kubernetes.io/not-ready:NoSchedule']);
  // Its kubelet still reports: the controller leaves the condition as the kubelet wrote it.
  await sleep(timing.monitorGracePeriodMs + 1000);
  t.like(condition(await sick.node(), 'Ready'), { status: 'False', reason: 'KubeletNotReady' });

  await sick.stop();
  const unreachable = await waitForNode(client, 'sick', 'the unreachable NoExecute taint', (node) => hasTaint(node, 'node.kubernetes.io/unreachable', 'NoExecute'));
  t.like(condition(unreachable, 'Ready'), { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
  const swapped = await waitForNode(client, 'sick', 'only unreachable taints', (node) => taintNames(node).every((name) => name.startsWith('node.kubernetes.io/unreachable:')));
  t.deepEqual(taintNames(swapped), ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule']);

  await sick.setConditions(healthyConditions(Date.now()));
  sick.start();
  await waitForNode(client, 'sick', 'no taints', (node) => (node.spec?.taints ?? []).length === 0);
  t.pass();
});

test.serial('the NoSchedule taints mirror the pressure conditions, NetworkUnavailable and spec.unschedulable; the beta OS and arch labels follow the stable ones', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController], { nodeLifecycle: timing });
  const node = await SimulatedKubelet.register(client, 'pressed', { labels: { 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'arm64', 'beta.kubernetes.io/arch': 'amd64' } });
  t.teardown(() => node.stop());

  const labelled = await waitForNode(
    client,
    'pressed',
    'beta labels',
    (n) => n.metadata?.labels?.['beta.kubernetes.io/os'] === 'linux' && n.metadata.labels['beta.kubernetes.io/arch'] === 'arm64',
  );
  t.is(labelled.metadata?.labels?.['kubernetes.io/arch'], 'arm64');

  await node.setCondition('MemoryPressure', 'True', 'KubeletHasInsufficientMemory', 'kubelet has insufficient memory available');
  await node.setCondition('DiskPressure', 'True', 'KubeletHasDiskPressure', 'kubelet has disk pressure');
  await node.setCondition('PIDPressure', 'True', 'KubeletHasInsufficientPID', 'kubelet has insufficient PID available');
  await node.setCondition('NetworkUnavailable', 'True', 'NoRouteCreated', 'Node created without a route');
  await client.patch({ ...nodes, name: 'pressed' }, { spec: { unschedulable: true } }, { type: 'merge' });
  const all = [
    'node.kubernetes.io/disk-pressure:NoSchedule',
    'node.kubernetes.io/memory-pressure:NoSchedule',
    'node.kubernetes.io/network-unavailable:NoSchedule',
    'node.kubernetes.io/pid-pressure:NoSchedule',
    'node.kubernetes.io/unschedulable:NoSchedule',
  ];
  const tainted = await waitForNode(client, 'pressed', 'five NoSchedule taints', (n) => taintNames(n).length === all.length);
  t.deepEqual(taintNames(tainted), all);
  const described = await kubectl(cluster, 'describe', 'node', 'pressed');
  t.deepEqual(/^Taints:([\s\S]*?)^Unschedulable:/m.exec(described)?.[1]?.trim().split(/\s+/).sort(), all);
  t.regex(described, /^Unschedulable:\s+true$/m);

  // A taint of someone else's stays.
  const own = await node.node();
  await client.patch(
    { ...nodes, name: 'pressed' },
    {
      metadata: { resourceVersion: own.metadata?.resourceVersion },
      spec: { taints: [...(own.spec?.taints ?? []), { key: 'example.com/dedicated', value: 'gpu', effect: 'NoSchedule' }] },
    },
    { type: 'strategic' },
  );
  await node.setCondition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available');
  await node.setCondition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure');
  await node.setCondition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available');
  await node.setCondition('NetworkUnavailable', 'False', 'RouteCreated', 'RouteController created a route');
  await client.patch({ ...nodes, name: 'pressed' }, { spec: { unschedulable: false } }, { type: 'merge' });
  const cleared = await waitForNode(client, 'pressed', 'only the own taint', (n) => taintNames(n).length === 1);
  t.deepEqual(cleared.spec?.taints, [{ key: 'example.com/dedicated', value: 'gpu', effect: 'NoSchedule' }]);
});
