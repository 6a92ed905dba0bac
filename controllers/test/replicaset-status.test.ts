// A ReplicaSet's status as kube writes it: ready and available pods (available only once ready
// for minReadySeconds, which the controller notices by itself), terminatingReplicas for pods being
// deleted (a pod that ended is neither: it is replaced), and the ReplicaFailure condition while a
// quota refuses its pods (FailedCreate events), cleared once they can be made.

import test from 'ava';
import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { KubeObject } from '@capstan/common/client';
import { replicaSetController } from '../src/replicaset/index.ts';
import { resourceQuotaController } from '../src/resourcequota/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventsOf, eventually, namespace, podsOf, podsResource, replicaSet, replicaSetsResource, runPod, waitForPods, waitForStatus } from './replicaset-fixture.ts';

test('ready pods count as available only after minReadySeconds, with no other event needed', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2, { minReadySeconds: 3 }));
  const pods = await waitForPods(client, created.metadata?.uid, 2);
  for (const pod of pods) await runPod(client, pod, true);
  const ready = await waitForStatus(client, replicaSetsResource, 'web', 'two ready', (set) => set.status?.readyReplicas === 2);
  const readyAt = Date.now();
  t.deepEqual(ready.status, { replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, terminatingReplicas: 0, observedGeneration: 1 });
  await waitForStatus(client, replicaSetsResource, 'web', 'two available', (set) => set.status?.availableReplicas === 2);
  // Status times have whole seconds: the pods may have been ready for up to a second before readyAt.
  t.true(Date.now() - readyAt >= 1900, `available ${Date.now() - readyAt} ms after ready`);
});

test('pods being deleted leave status.replicas and count in status.terminatingReplicas', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 3));
  const pods = await waitForPods(client, created.metadata?.uid, 3);
  // Bound pods are deleted gracefully: without a kubelet to finish, they stay terminating.
  for (const pod of pods) await runPod(client, pod, true);
  await kubectl(cluster, 'scale', 'rs', 'web', '--replicas=1');
  const scaled = await waitForStatus(client, replicaSetsResource, 'web', 'two terminating', (set) => set.status?.terminatingReplicas === 2);
  t.deepEqual(scaled.status, { replicas: 1, fullyLabeledReplicas: 1, readyReplicas: 1, availableReplicas: 1, terminatingReplicas: 2, observedGeneration: 2 });
});

test('a quota refusing the pods gives FailedCreate events and the ReplicaFailure condition, cleared once they fit', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  const quotas = { group: '', version: 'v1', resource: 'resourcequotas', namespace };
  await client.create(quotas, { metadata: { name: 'q' }, spec: { hard: { pods: '1' } } });
  runControllers(t, cluster, [replicaSetController, resourceQuotaController]);
  await eventually('the quota counted', async () => {
    const quota = await client.get<KubeObject & { status?: { used?: Record<string, string> } }>({ ...quotas, name: 'q' });
    return quota.status?.used?.pods === '0' ? quota : undefined;
  });
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 3));
  const failing = await waitForStatus(client, replicaSetsResource, 'web', 'ReplicaFailure', (set) => (set.status?.conditions ?? []).some((c) => c.type === 'ReplicaFailure'));
  const condition = failing.status?.conditions?.find((c) => c.type === 'ReplicaFailure');
  t.like(condition, { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' });
  t.regex(condition?.message ?? '', /^pods "web-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1$/);
  const failed = (await eventsOf(client, 'ReplicaSet', 'web')).filter((event) => event.reason === 'FailedCreate');
  t.true(failed.length > 0);
  t.regex(failed[0]?.message ?? '', /^Error creating: pods "web-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1$/);
  t.is((await kubectl(cluster, 'get', 'events', '--field-selector=reason=FailedCreate', '-o', 'jsonpath={.items[0].type}')).trim(), 'Warning');

  await client.patch({ ...quotas, name: 'q' }, { spec: { hard: { pods: '3' } } }, { type: 'merge' });
  await waitForPods(client, created.metadata?.uid, 3);
  const cleared = await waitForStatus(client, replicaSetsResource, 'web', 'ReplicaFailure cleared', (set) => set.status?.replicas === 3 && set.status.conditions === undefined);
  t.is(cleared.status?.fullyLabeledReplicas, 3);
});

test('a pod that failed is no longer counted and is replaced, and left for the pod GC', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicaSetController]);
  const created = await client.create<ReplicaSet>(replicaSetsResource, replicaSet('web', 2));
  const [failing] = await waitForPods(client, created.metadata?.uid, 2);
  const name = failing?.metadata?.name ?? '';
  const pod = await client.get<Pod>({ ...podsResource, name });
  await client.update({ ...podsResource, name, subresource: 'status' }, { ...pod, status: { ...pod.status, phase: 'Failed', reason: 'Evicted' } });
  const pods = await eventually('a replacement', async () => {
    const active = (await podsOf(client, created.metadata?.uid)).filter((p) => p.status?.phase !== 'Failed');
    return active.length === 2 ? active : undefined;
  });
  t.false(pods.some((p) => p.metadata?.name === name));
  t.is((await client.get<Pod>({ ...podsResource, name })).status?.phase, 'Failed');
  const status = await waitForStatus(client, replicaSetsResource, 'web', 'two active', (set) => set.status?.replicas === 2 && (set.status.fullyLabeledReplicas ?? 0) === 2);
  t.is(status.status?.terminatingReplicas, 0);
});
