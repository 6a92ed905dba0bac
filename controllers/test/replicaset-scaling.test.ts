// The ReplicaSet controller against a real API server: a set makes its pods from its template
// (owned by it, with kube's SuccessfulCreate events) and writes its status; scaled down with
// `kubectl scale`, it deletes the pods cheapest to lose (not ready before ready) with
// SuccessfulDelete events; `kubectl get rs` shows DESIRED/CURRENT/READY as kube does.

import test from 'ava';
import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { replicaSetController } from '../src/replicaset/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventsOf, podsOf, replicaSet, replicaSetsResource, runPod, waitForPods, waitForStatus } from './replicaset-fixture.ts';

test('a ReplicaSet of 3 creates 3 pods of its template, recording SuccessfulCreate for each', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 3));
  const pods = await waitForPods(client, created.metadata?.uid, 3);
  for (const pod of pods) {
    t.is(pod.metadata?.generateName, 'web-');
    t.deepEqual(pod.metadata?.labels, { app: 'web' });
    t.deepEqual(pod.metadata?.ownerReferences, [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: created.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true },
    ]);
    t.is(pod.spec?.containers[0]?.image, 'busybox');
  }
  const status = await waitForStatus(client, replicaSetsResource, 'web', 'replicas 3', (set) => set.status?.replicas === 3);
  // As kube writes it: the omitempty counts that are 0 are left out.
  t.deepEqual(status.status, { replicas: 3, fullyLabeledReplicas: 3, terminatingReplicas: 0, observedGeneration: 1 });
  const names = pods.map((pod) => pod.metadata?.name ?? '').sort();
  const recorded = await eventsOf(client, 'ReplicaSet', 'web');
  t.deepEqual(
    recorded.map((event) => event.message).sort(),
    names.map((name) => `Created pod: ${name}`),
  );
  t.true(recorded.every((event) => event.reason === 'SuccessfulCreate' && event.component === 'replicaset-controller'));
});

test('scaled down with kubectl, a ReplicaSet deletes its not-ready pods first; kubectl get rs shows its counts', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 3));
  const uid = created.metadata?.uid;
  const [kept, ...others] = await waitForPods(client, uid, 3);
  if (kept === undefined) throw new Error('no pods');
  await runPod(client, kept, true);
  for (const pod of others) await runPod(client, pod, false);
  await waitForStatus(client, replicaSetsResource, 'web', 'one ready', (set) => set.status?.readyReplicas === 1);
  const table = await kubectl(cluster, 'get', 'rs', 'web');
  t.regex(table, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nweb\s+3\s+3\s+1\s+\d+s\n$/);

  t.is((await kubectl(cluster, 'scale', 'rs', 'web', '--replicas=1')).trim(), 'replicaset.apps/web scaled');
  await waitForStatus(client, replicaSetsResource, 'web', 'scaled to 1', (set) => set.status?.replicas === 1 && set.status.observedGeneration === 2);
  t.deepEqual(
    (await podsOf(client, uid)).map((pod) => pod.metadata?.name),
    [kept.metadata?.name],
  );
  const deleted = (await eventsOf(client, 'ReplicaSet', 'web')).filter((event) => event.reason === 'SuccessfulDelete');
  t.deepEqual(deleted.map((event) => event.message).sort(), others.map((pod) => `Deleted pod: ${pod.metadata?.name}`).sort());
  const wide = await kubectl(cluster, 'get', 'rs', 'web', '-o', 'wide');
  t.regex(wide, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\nweb\s+1\s+1\s+1\s+\d+s\s+c\s+busybox\s+app=web\n$/);
});
