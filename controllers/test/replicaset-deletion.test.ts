// What becomes of a ReplicaSet's pods when it goes, with the garbage collector running as in
// kube-controller-manager: deleted with the set (the controller itself deletes nothing), or, with
// --cascade=orphan, left without their controller reference, and then adopted by a new set whose
// selector matches them, which makes no pods of its own.

import test from 'ava';
import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { garbageCollectorController } from '../src/garbage-collector/index.ts';
import { replicaSetController } from '../src/replicaset/index.ts';
import { controllerRefOf } from '../src/workload/controller-ref.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventsOf, eventually, podsOf, replicaSet, replicaSetsResource, waitForPods, waitForStatus } from './replicaset-fixture.ts';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { events } from './simulated-kubelet.ts';

const podsNamed = async (client: Parameters<typeof podsOf>[0], prefix: string): Promise<Pod[]> =>
  (await client.list<Pod>({ group: '', version: 'v1', resource: 'pods', namespace: 'default' })).items.filter((pod) => pod.metadata?.name?.startsWith(prefix));

test('pods of a deleted ReplicaSet are collected, or with --cascade=orphan released and adopted by the next set', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController, garbageCollectorController]);
  const first = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2));
  const pods = await waitForPods(client, first.metadata?.uid, 2);
  await kubectl(cluster, 'delete', 'rs', 'web', '--cascade=orphan');
  const orphans = await eventually('the pods orphaned', async () => {
    const left = await podsNamed(client, 'web-');
    return left.length === 2 && left.every((pod) => controllerRefOf(pod) === undefined) ? left : undefined;
  });
  t.deepEqual(orphans.map((pod) => pod.metadata?.uid).sort(), pods.map((pod) => pod.metadata?.uid).sort());

  const second = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2));
  const adopted = await waitForPods(client, second.metadata?.uid, 2);
  t.deepEqual(adopted.map((pod) => pod.metadata?.uid).sort(), pods.map((pod) => pod.metadata?.uid).sort());
  await waitForStatus(client, replicaSetsResource, 'web', 'replicas 2', (set) => set.status?.replicas === 2 && set.metadata?.uid === second.metadata?.uid);
  t.false(
    (await eventsOf(client, 'ReplicaSet', 'web')).some(
      (event) => event.reason === 'SuccessfulCreate' && !pods.some((pod) => event.message === `Created pod: ${pod.metadata?.name}`),
    ),
  );

  await kubectl(cluster, 'delete', 'rs', 'web');
  await eventually('the pods collected', async () => ((await podsNamed(client, 'web-')).length === 0 ? true : undefined));
});

test('a set of 60 makes exactly 60 pods in its slow-start batches; its SuccessfulCreate events are correlated as kube-controller-manager does', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('many', 60));
  await waitForStatus(client, replicaSetsResource, 'many', 'replicas 60', (set) => set.status?.replicas === 60);
  t.is((await podsNamed(client, 'many-')).length, 60);
  t.is((await podsOf(client, created.metadata?.uid)).length, 60);
  // client-go's correlator: nine events as they are, the tenth similar one and those after it
  // combined into one, and the spam filter's 25 events about the ReplicaSet: a count of 16.
  const creations = await eventually('the combined event at its count', async () => {
    const recorded = (await events(client)).filter((event) => event.involvedObject.name === 'many' && event.reason === 'SuccessfulCreate');
    return recorded.some((event) => event.message?.startsWith('(combined from similar events): ') && event.count === 16) ? recorded : undefined;
  });
  t.is(creations.length, 10);
  t.is(creations.filter((event) => /^Created pod: many-[a-z0-9]{5}$/.test(event.message ?? '') && event.count === 1).length, 9);
  t.regex(creations.find((event) => event.count === 16)?.message ?? '', /^\(combined from similar events\): Created pod: many-[a-z0-9]{5}$/);
});
