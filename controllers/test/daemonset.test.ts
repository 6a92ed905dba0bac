// The DaemonSet controller (with the scheduler binding its pods) against a real API server: one pod
// per node that tolerates it, pinned by kube's node affinity term and carrying kube's daemon
// tolerations; none on a node with an untolerated taint; a new node gets one; a rolling update
// replaces them across ControllerRevisions (`kubectl rollout status|history`); a failed pod is
// replaced with kube's FailedDaemonPod event; a node that stops matching the nodeSelector loses its pod.

import test from 'ava';
import type { ControllerRevision, DaemonSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { daemonSetController } from '../src/daemonset/index.ts';
import { schedulerController } from '../src/scheduler/index.ts';
import { eventually, kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { createNode } from './scheduler-objects.ts';
import { events, waitForEvent } from './simulated-kubelet.ts';
import { PodRunner } from './workload-pod-runner.ts';

const daemonSets = { group: 'apps', version: 'v1', resource: 'daemonsets', namespace: 'default' } as const;
const revisions = { group: 'apps', version: 'v1', resource: 'controllerrevisions', namespace: 'default' } as const;

function agent(extra: Record<string, unknown> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'registry.k8s.io/pause:3.10' }], ...extra } },
    },
  };
}

const running = (runner: PodRunner): Pod[] => runner.pods().filter((pod) => !pod.metadata?.deletionTimestamp);
const nodeOf = (pod: Pod): string | undefined =>
  pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[0]?.matchFields?.[0]?.values?.[0];

test('one pod per tolerating node, pinned by node affinity with the daemon tolerations; a new node gets one; a rolling update replaces them', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  for (const name of ['node-a', 'node-b', 'node-c']) await createNode(client, name);
  await createNode(client, 'node-db', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] });
  const runner = await PodRunner.start(client);
  t.teardown(() => runner.stop());
  runControllers(t, cluster, [daemonSetController, schedulerController]);
  await client.create(daemonSets, agent());

  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');
  const pods = running(runner);
  t.deepEqual(pods.map(nodeOf).sort(), ['node-a', 'node-b', 'node-c']);
  const pod = pods.find((p) => nodeOf(p) === 'node-b') as Pod;
  t.deepEqual(pod.spec?.affinity, {
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-b'] }] }] } },
  });
  t.is(pod.spec?.nodeName, 'node-b', 'the scheduler bound it where its affinity says');
  t.deepEqual(pod.spec?.tolerations, [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  ]);
  t.regex(pod.metadata?.name ?? '', /^agent-[a-z0-9]{5}$/);
  const [revision] = (await client.list<ControllerRevision>(revisions)).items;
  const hash = revision?.metadata?.labels?.['controller-revision-hash'];
  t.is(revision?.metadata?.name, `agent-${hash}`);
  t.is(pod.metadata?.labels?.['controller-revision-hash'], hash);
  // The patch as Go writes it (keys sorted): clients compare the bytes with their own.
  t.true(JSON.stringify(revision?.data).startsWith('{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"agent"}},"spec":{"containers":[{"image":'));
  t.like((await client.get<DaemonSet>({ ...daemonSets, name: 'agent' })).status, {
    desiredNumberScheduled: 3,
    currentNumberScheduled: 3,
    numberMisscheduled: 0,
    numberReady: 3,
    updatedNumberScheduled: 3,
    numberAvailable: 3,
    observedGeneration: 1,
  });
  t.regex(await kubectl(cluster, 'get', 'ds', 'agent'), /agent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+/);
  const created = (await events(client)).filter((e) => e.involvedObject.kind === 'DaemonSet' && e.reason === 'SuccessfulCreate');
  t.is(created.length, 3);
  t.regex(created[0]?.message ?? '', /^Created pod: agent-[a-z0-9]{5}$/);

  await createNode(client, 'node-d');
  await eventually('a pod for node-d', async () => (running(runner).some((p) => nodeOf(p) === 'node-d') ? true : undefined));
  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');

  await kubectl(cluster, 'set', 'image', 'ds/agent', 'agent=registry.k8s.io/pause:3.9');
  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');
  const updated = await eventually('every pod on the new image', async () => {
    const now = running(runner);
    return now.length === 4 && now.every((p) => p.spec?.containers[0]?.image === 'registry.k8s.io/pause:3.9') ? now : undefined;
  });
  t.deepEqual(updated.map(nodeOf).sort(), ['node-a', 'node-b', 'node-c', 'node-d']);
  const history = (await client.list<ControllerRevision>(revisions)).items.sort((a, b) => a.revision - b.revision);
  t.deepEqual(
    history.map((r) => r.revision),
    [1, 2],
  );
  t.true(updated.every((p) => p.metadata?.labels?.['controller-revision-hash'] === history[1]?.metadata?.labels?.['controller-revision-hash']));
  t.regex(await kubectl(cluster, 'rollout', 'history', 'ds/agent'), /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>/);
  t.like((await client.get<DaemonSet>({ ...daemonSets, name: 'agent' })).status, {
    desiredNumberScheduled: 4,
    updatedNumberScheduled: 4,
    numberAvailable: 4,
    numberUnavailable: undefined,
  });
});

test('a failed daemon pod is replaced with FailedDaemonPod; a node that stops matching the nodeSelector loses its pod', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'web-1', { labels: { role: 'web' } });
  await createNode(client, 'web-2', { labels: { role: 'web' } });
  await createNode(client, 'db-1', { labels: { role: 'db' } });
  const runner = await PodRunner.start(client);
  t.teardown(() => runner.stop());
  runControllers(t, cluster, [daemonSetController, schedulerController]);
  await client.create(daemonSets, agent({ nodeSelector: { role: 'web' }, hostNetwork: true }));
  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');
  t.deepEqual(running(runner).map(nodeOf).sort(), ['web-1', 'web-2']);
  // hostNetwork pods also tolerate network-unavailable.
  t.true(running(runner)[0]?.spec?.tolerations?.some((toleration) => toleration.key === 'node.kubernetes.io/network-unavailable'));

  const failed = running(runner).find((p) => nodeOf(p) === 'web-1') as Pod;
  await runner.setStatus(failed.metadata?.name ?? '', { phase: 'Failed' });
  const event = await waitForEvent(client, 'DaemonSet', 'agent', 'FailedDaemonPod');
  t.is(event.message, `Found failed daemon pod default/${failed.metadata?.name} on node web-1, will try to kill it`);
  t.is(event.type, 'Warning');
  await eventually('a new pod on web-1', async () => (running(runner).some((p) => nodeOf(p) === 'web-1' && p.metadata?.name !== failed.metadata?.name) ? true : undefined));

  await kubectl(cluster, 'label', 'node', 'web-2', 'role=db', '--overwrite');
  await eventually('web-2 without a daemon pod', async () => (running(runner).some((p) => nodeOf(p) === 'web-2') ? undefined : true));
  const status = await eventually('the status counting one node', async () => {
    const ds = await client.get<DaemonSet>({ ...daemonSets, name: 'agent' });
    return ds.status?.desiredNumberScheduled === 1 && ds.status.numberAvailable === 1 && ds.status.numberMisscheduled === 0 ? ds.status : undefined;
  });
  t.like(status, { currentNumberScheduled: 1, numberReady: 1, updatedNumberScheduled: 1 });
});

test('a RollingUpdate with maxSurge 1 starts each new pod beside the old one and deletes the old one once the new one is available; OnDelete waits for the user', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  for (const name of ['node-a', 'node-b']) await createNode(client, name);
  const runner = await PodRunner.start(client);
  t.teardown(() => runner.stop());
  runControllers(t, cluster, [daemonSetController, schedulerController]);
  const surging = agent();
  await client.create(daemonSets, {
    ...surging,
    spec: { ...surging.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } },
  });
  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');
  const before = runner.log.length;
  await kubectl(cluster, 'set', 'image', 'ds/agent', 'agent=registry.k8s.io/pause:3.9');
  await kubectl(cluster, 'rollout', 'status', 'ds/agent', '--timeout=60s');
  await eventually('two new pods only', async () => {
    const now = running(runner);
    return now.length === 2 && now.every((p) => p.spec?.containers[0]?.image === 'registry.k8s.io/pause:3.9') ? true : undefined;
  });
  const changes = runner.log.slice(before).filter((line) => /^(added|deleted) /.test(line));
  // One node at a time: a new pod, then (once it is available) the old one goes.
  t.deepEqual(
    changes.map((line) => line.split(' ')[0]),
    ['added', 'deleted', 'added', 'deleted'],
  );

  await kubectl(cluster, 'patch', 'ds/agent', '--type=merge', '-p', '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}');
  await kubectl(cluster, 'set', 'image', 'ds/agent', 'agent=registry.k8s.io/pause:3.10');
  const status = await eventually('the new generation observed', async () => {
    const ds = await client.get<DaemonSet>({ ...daemonSets, name: 'agent' });
    return ds.status?.observedGeneration === ds.metadata?.generation ? ds.status : undefined;
  });
  t.is(status.updatedNumberScheduled, undefined, 'no pod is of the new revision');
  t.true(running(runner).every((p) => p.spec?.containers[0]?.image === 'registry.k8s.io/pause:3.9'));
  const old = running(runner)[0] as Pod;
  await kubectl(cluster, 'delete', 'pod', old.metadata?.name ?? '');
  await eventually('a pod of the new revision', async () => (running(runner).some((p) => p.spec?.containers[0]?.image === 'registry.k8s.io/pause:3.10') ? true : undefined));
  t.is(running(runner).length, 2);
});
