// A ReplicaSet's claim on pods through ownerReferences, as kube's ControllerRefManager makes it: an
// orphan its selector matches is adopted (and counted, so no pod is made for it); a pod relabelled
// out of its selector is released (its controller reference removed) and replaced.

import test from 'ava';
import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { replicaSetController } from '../src/replicaset/index.ts';
import { controllerRefOf } from '../src/workload/controller-ref.ts';
import { runControllers, startCluster } from './controller-fixture.ts';
import { eventsOf, eventually, podsResource, replicaSet, replicaSetsResource, waitForPods, waitForStatus } from './replicaset-fixture.ts';

test('an orphan pod matching the selector is adopted and counted, so only the missing pods are made', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const orphan = await client.create<Pod>(podsResource, { metadata: { name: 'orphan', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const stranger = await client.create<Pod>(podsResource, { metadata: { name: 'stranger', labels: { app: 'other' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2));
  const pods = await waitForPods(client, created.metadata?.uid, 2);
  t.true(pods.some((pod) => pod.metadata?.uid === orphan.metadata?.uid));
  await waitForStatus(client, replicaSetsResource, 'web', 'replicas 2', (set) => set.status?.replicas === 2);
  t.is((await eventsOf(client, 'ReplicaSet', 'web')).filter((event) => event.reason === 'SuccessfulCreate').length, 1);
  const untouched = await client.get<Pod>({ ...podsResource, name: 'stranger' });
  t.is(untouched.metadata?.ownerReferences, undefined);
  t.is(untouched.metadata?.resourceVersion, stranger.metadata?.resourceVersion);
});

test('a pod relabelled out of the selector is released and a replacement is made', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2));
  const uid = created.metadata?.uid;
  const [moved] = await waitForPods(client, uid, 2);
  const name = moved?.metadata?.name ?? '';
  await client.patch({ ...podsResource, name }, { metadata: { labels: { app: 'elsewhere' } } }, { type: 'merge' });
  const released = await eventually('the relabelled pod released', async () => {
    const pod = await client.get<Pod>({ ...podsResource, name });
    return controllerRefOf(pod) === undefined ? pod : undefined;
  });
  t.deepEqual(released.metadata?.ownerReferences ?? [], []);
  const now = await waitForPods(client, uid, 2);
  t.false(now.some((pod) => pod.metadata?.name === name));
  await waitForStatus(client, replicaSetsResource, 'web', 'replicas 2', (set) => set.status?.replicas === 2);
  t.is((await eventsOf(client, 'ReplicaSet', 'web')).filter((event) => event.reason === 'SuccessfulCreate').length, 3);
});
