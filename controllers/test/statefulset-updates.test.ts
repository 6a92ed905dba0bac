// The StatefulSet controller's updates against a real API server: a RollingUpdate with a partition
// replaces only the ordinals at or above it, from the highest down, then the whole set once the
// partition is lowered (status' revisions and counts as kube moves them, `kubectl rollout history`);
// Parallel creates every pod at once; the retention policy's owner references on claims.

import test from 'ava';
import type { ControllerRevision, StatefulSet } from '@capstan/common/api-types/apps-v1';
import type { PersistentVolumeClaim, Pod } from '@capstan/common/api-types/core-v1';
import { eventually, kubectl } from './controller-fixture.ts';
import { startStatefulSetCluster, webStatefulSet } from './statefulset-objects.ts';

const statefulSets = { group: 'apps', version: 'v1', resource: 'statefulsets', namespace: 'default' } as const;
const revisions = { group: 'apps', version: 'v1', resource: 'controllerrevisions', namespace: 'default' } as const;
const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' } as const;

const imageOf = (pod: Pod | undefined): string | undefined => pod?.spec?.containers[0]?.image;

test('a RollingUpdate with partition 2 replaces web-2 only; partition 0 then rolls web-1 and web-0, and the update revision becomes current', async (t) => {
  const { cluster, client, runner } = await startStatefulSetCluster(t);
  await client.create(statefulSets, webStatefulSet(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }));
  await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=60s');
  const first = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
  const firstRevision = first.status?.currentRevision;

  await kubectl(cluster, 'set', 'image', 'sts/web', 'nginx=registry.k8s.io/nginx-slim:0.9');
  const partial = await eventually('web-2 updated', async () => {
    const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return set.status?.updatedReplicas === 1 && set.status.readyReplicas === 3 && imageOf(runner.pod('web-2')) === 'registry.k8s.io/nginx-slim:0.9' ? set : undefined;
  });
  t.is(partial.status?.currentRevision, firstRevision);
  t.not(partial.status?.updateRevision, firstRevision);
  t.is(partial.status?.currentReplicas, 2);
  t.is(runner.pod('web-2')?.metadata?.labels?.['controller-revision-hash'], partial.status?.updateRevision);
  t.is(imageOf(runner.pod('web-1')), 'registry.k8s.io/nginx-slim:0.8');
  t.is(imageOf(runner.pod('web-0')), 'registry.k8s.io/nginx-slim:0.8');
  // kubectl waits for the partitioned rollout: the ordinals above the partition are updated.
  t.regex(await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=30s'), /partitioned roll out complete: 1 new pods have been updated/);

  await kubectl(cluster, 'patch', 'sts/web', '--type=merge', '-p', '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":0}}}}');
  await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=60s');
  const done = await eventually('the update revision current', async () => {
    const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return set.status?.currentRevision === set.status?.updateRevision && set.status?.currentReplicas === 3 ? set : undefined;
  });
  t.like(done.status, { replicas: 3, readyReplicas: 3, updatedReplicas: 3, availableReplicas: 3 });
  t.is(imageOf(runner.pod('web-0')), 'registry.k8s.io/nginx-slim:0.9');
  // Highest ordinal first: web-2 (at the partition), then web-1, then web-0.
  t.deepEqual(
    runner.log.filter((line) => line.startsWith('deleted ')),
    ['deleted web-2', 'deleted web-1', 'deleted web-0'],
  );

  const history = (await client.list<ControllerRevision>(revisions)).items.sort((a, b) => a.revision - b.revision);
  t.deepEqual(
    history.map((revision) => [revision.metadata?.name, revision.revision]),
    [
      [firstRevision, 1],
      [done.status?.updateRevision, 2],
    ],
  );
  t.regex(await kubectl(cluster, 'rollout', 'history', 'sts/web'), /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>/);

  // Undo: the first revision's template comes back as revision 3, under its old name.
  await kubectl(cluster, 'rollout', 'undo', 'sts/web');
  await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=60s');
  const undone = await eventually('the first revision current again', async () => {
    const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return set.status?.currentRevision === firstRevision && set.status?.updatedReplicas === 3 ? set : undefined;
  });
  t.is(undone.status?.updateRevision, firstRevision);
  const renumbered = await client.get<ControllerRevision>({ ...revisions, name: firstRevision });
  t.is(renumbered.revision, 3);
  t.is(imageOf(runner.pod('web-0')), 'registry.k8s.io/nginx-slim:0.8');
});

test('Parallel creates every pod at once; whenScaled/whenDeleted Delete put the set, then the scaled-away pod, as the claims controller', async (t) => {
  // No pod runs: Parallel does not wait for readiness.
  const { cluster, client, runner } = await startStatefulSetCluster(t, { runs: () => false });
  await client.create(
    statefulSets,
    webStatefulSet(3, { podManagementPolicy: 'Parallel', persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Delete' }, ordinals: { start: 5 } }),
  );
  await eventually('web-5, web-6 and web-7', async () => (runner.pods().length === 3 ? true : undefined));
  t.deepEqual(
    runner
      .pods()
      .map((pod) => pod.metadata?.name)
      .sort(),
    ['web-5', 'web-6', 'web-7'],
  );
  const ownersOf = async (name: string) =>
    ((await client.get<PersistentVolumeClaim>({ ...claims, name })).metadata?.ownerReferences ?? []).map((reference) => `${reference.kind}/${reference.name}`);
  await eventually('the set owns the claims', async () => ((await ownersOf('www-web-7')).join() === 'StatefulSet/web' ? true : undefined));
  t.deepEqual(await ownersOf('www-web-5'), ['StatefulSet/web']);

  // Scaled away, web-7's claim belongs to web-7 (deleted with it by the garbage collector).
  runner.setRuns(() => true);
  await kubectl(cluster, 'scale', 'sts/web', '--replicas=2');
  await eventually('web-7 gone', async () => (runner.pod('web-7') === undefined ? true : undefined));
  t.deepEqual(await ownersOf('www-web-7'), ['Pod/web-7']);
  t.deepEqual(await ownersOf('www-web-6'), ['StatefulSet/web']);
});

test('minReadySeconds: a ready pod counts as available, and the next ordinal is made, only once it has been ready that long', async (t) => {
  const { client, runner } = await startStatefulSetCluster(t);
  await client.create(statefulSets, webStatefulSet(2, { minReadySeconds: 3, volumeClaimTemplates: [] }));
  const waiting = await eventually('web-0 ready, not yet available', async () => {
    const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return set.status?.readyReplicas === 1 ? set.status : undefined;
  });
  t.is(waiting.availableReplicas, 0);
  t.is(runner.pod('web-1'), undefined, 'web-1 waits for web-0 to be available');
  const done = await eventually('both available', async () => {
    const set = await client.get<StatefulSet>({ ...statefulSets, name: 'web' });
    return set.status?.availableReplicas === 2 ? set.status : undefined;
  });
  t.is(done.readyReplicas, 2);
  const readyAt = (name: string): number => Date.parse(runner.pod(name)?.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime ?? '');
  const web1Created = Date.parse(runner.pod('web-1')?.metadata?.creationTimestamp ?? '');
  t.true(web1Created - readyAt('web-0') >= 3000, `web-1 made ${web1Created - readyAt('web-0')} ms after web-0 was ready`);
});

test('a failed pod is deleted and made again under its name', async (t) => {
  const { cluster, client, runner } = await startStatefulSetCluster(t);
  await client.create(statefulSets, webStatefulSet(2, { volumeClaimTemplates: [] }));
  await kubectl(cluster, 'rollout', 'status', 'sts/web', '--timeout=60s');
  const failed = runner.pod('web-1') as Pod;
  await runner.setStatus('web-1', { phase: 'Failed' });
  const again = await eventually('web-1 made again', async () => {
    const pod = runner.pod('web-1');
    return pod !== undefined && pod.metadata?.uid !== failed.metadata?.uid && pod.status?.phase === 'Running' ? pod : undefined;
  });
  t.is(again.metadata?.labels?.['apps.kubernetes.io/pod-index'], '1');
  t.true(runner.log.includes('deleted web-1'));
});
