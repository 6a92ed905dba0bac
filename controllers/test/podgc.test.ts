// The pod garbage collector against a real API server (with a short period and quarantine), judged
// by kubectl: the pods of a deleted Node are marked Failed with DisruptionTarget (DeletionByPodGC)
// and deleted after the quarantine while those of a live Node stay; finished pods over the
// threshold go oldest first; terminating pods of an out-of-service Node, and terminating pods never
// scheduled, are failed and force-deleted.

import test from 'ava';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { podGarbageCollectorWith } from '../src/podgc/index.ts';
import { eventually, kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { createNode, createPod, podsOf, setPodRunning } from './service-pods.ts';

const podNames = async (cluster: Parameters<typeof kubectl>[0]): Promise<string[]> =>
  (await kubectl(cluster, 'get', 'pods', '-o', 'jsonpath={.items[*].metadata.name}')).split(' ').filter(Boolean).sort();

test('pods of a deleted node are failed with DisruptionTarget and deleted after the quarantine; finished pods over the threshold go oldest first', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  await createNode(client, 'node-b');
  await createPod(client, { name: 'stays', labels: { app: 'x' }, nodeName: 'node-a' });
  await createPod(client, { name: 'orphan', labels: { app: 'x' }, nodeName: 'node-b' });
  await setPodRunning(client, 'orphan', '10.1.0.2', true);
  for (const name of ['done-1', 'done-2', 'done-3', 'done-4']) {
    await createPod(client, { name, labels: { app: 'done' }, nodeName: 'node-a' });
    const pod = await client.get<Pod>({ ...podsOf(), name });
    await client.update({ ...podsOf(), name, subresource: 'status' }, { ...pod, status: { phase: 'Succeeded' } });
  }
  // The orphan's last state before it goes, from a watch.
  const abort = new AbortController();
  t.teardown(() => abort.abort());
  const watch = await client.watch<Pod>(podsOf(), { signal: abort.signal });
  let lastSeen: Pod | undefined;
  void (async () => {
    try {
      for await (const event of watch) if (event.type !== 'ERROR' && event.object.metadata?.name === 'orphan') lastSeen = event.object;
    } catch {
      // the test is over
    }
  })();

  runControllers(t, cluster, [podGarbageCollectorWith({ checkPeriodMs: 300, quarantineMs: 1500 })], { terminatedPodGcThreshold: 2 });
  await eventually('done-1 and done-2 deleted', async () => ((await podNames(cluster)).join() === 'done-3,done-4,orphan,stays' ? true : undefined));

  await kubectl(cluster, 'delete', 'node', 'node-b');
  const deletedAt = Date.now();
  await eventually('the orphan deleted', async () => ((await podNames(cluster)).join() === 'done-3,done-4,stays' ? true : undefined));
  t.true(Date.now() - deletedAt >= 1400, 'not before the quarantine');
  t.is(lastSeen?.status?.phase, 'Failed');
  const condition = lastSeen?.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
  t.like(condition, { status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists', observedGeneration: 1 });
  t.is(lastSeen?.status?.observedGeneration, 1);
});

test('terminating pods on a not-ready out-of-service node, and unscheduled terminating pods, are failed and force-deleted', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  await createNode(client, 'node-down');
  const nodes = { group: '', version: 'v1', resource: 'nodes' } as const;
  await client.patch(
    { ...nodes, name: 'node-down' },
    { spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } },
    { type: 'merge' },
  );
  await createPod(client, { name: 'stuck', labels: { app: 'x' }, nodeName: 'node-down' });
  await createPod(client, { name: 'alive', labels: { app: 'x' }, nodeName: 'node-a' });
  await createPod(client, { name: 'unscheduled', labels: { app: 'x' } });
  await client.patch({ ...podsOf(), name: 'unscheduled' }, { metadata: { finalizers: ['example.com/hold'] } }, { type: 'merge' });
  // Bound to a node, both stay terminating (no kubelet finishes them); the finalizer holds the unscheduled one.
  for (const name of ['stuck', 'alive', 'unscheduled']) await client.delete({ ...podsOf(), name });
  runControllers(t, cluster, [podGarbageCollectorWith({ checkPeriodMs: 300, quarantineMs: 1500 })]);
  await eventually('stuck force-deleted', async () => ((await podNames(cluster)).join() === 'alive,unscheduled' ? true : undefined));
  const unscheduled = await eventually('unscheduled failed', async () => {
    const pod = await client.get<Pod>({ ...podsOf(), name: 'unscheduled' });
    return pod.status?.phase === 'Failed' ? pod : undefined;
  });
  t.truthy(unscheduled.metadata?.deletionTimestamp);
  const alive = await client.get<Pod>({ ...podsOf(), name: 'alive' });
  t.not(alive.status?.phase, 'Failed', 'a terminating pod of a serving node is its kubelet’s business');
  await client.patch({ ...podsOf(), name: 'unscheduled' }, { metadata: { finalizers: null } }, { type: 'merge' });
});
