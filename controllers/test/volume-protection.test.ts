// The storage protection controllers against a real API server (whose StorageObjectInUseProtection
// admission creates claims, volumes and attribute classes with their finalizers): a deleted claim
// goes once no scheduled pod mounts it, a volume once it is no longer Bound, an attribute class
// once nothing names it; a finalizer taken away is put back.

import test from 'ava';
import { isNotFound } from '@capstan/common';
import type { KubeObject, ResourceTarget } from '@capstan/common/client';
import { pvcProtectionController, pvProtectionController, vacProtectionController } from '../src/volume-protection/index.ts';
import { eventually, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' };
const volumes = { group: '', version: 'v1', resource: 'persistentvolumes' };
const attributeClasses = { group: 'storage.k8s.io', version: 'v1', resource: 'volumeattributesclasses' };
const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' };

const claim = (name: string, extra: object = {}) => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: '', ...extra },
});
const volume = (name: string) => ({ metadata: { name }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp' } } });

/** The object, or undefined once it is gone. */
async function found(cluster: TestCluster, target: ResourceTarget): Promise<KubeObject | undefined> {
  try {
    return await cluster.client.get(target);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

const gone = (cluster: TestCluster, target: ResourceTarget) =>
  eventually(`${target.resource} ${target.name} to go`, async () => ((await found(cluster, target)) === undefined ? true : undefined));

/**
 * Deletes a free object of the same kind after `held` was deleted and waits for it to go: each
 * controller works through its queue in order, so `held` has been looked at by then.
 */
async function afterQueueReached(cluster: TestCluster, target: ResourceTarget, create: object): Promise<void> {
  await cluster.client.create(target, create);
  const name = (create as { metadata: { name: string } }).metadata.name;
  await cluster.client.delete({ ...target, name });
  await gone(cluster, { ...target, name });
}

test('a deleted claim stays while a scheduled pod mounts it and goes with the pod; a taken finalizer is put back', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [pvcProtectionController]);
  await client.create(claims, claim('free'));
  await client.delete({ ...claims, name: 'free' });
  await gone(cluster, { ...claims, name: 'free' });

  await client.create(claims, claim('held'));
  await client.create(pods, {
    metadata: { name: 'user' },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'held' } }] },
  });
  await client.delete({ ...claims, name: 'held' });
  await afterQueueReached(cluster, claims, claim('later'));
  const held = await found(cluster, { ...claims, name: 'held' });
  t.truthy(held?.metadata?.deletionTimestamp);
  t.deepEqual(held?.metadata?.finalizers, ['kubernetes.io/pvc-protection']);
  await client.delete({ ...pods, name: 'user' }, { gracePeriodSeconds: 0 });
  await gone(cluster, { ...claims, name: 'held' });

  const kept = await client.create<KubeObject>(claims, claim('kept'));
  await client.update({ ...claims, name: 'kept' }, { ...kept, metadata: { ...kept.metadata, finalizers: [] } });
  const restored = await eventually('the finalizer put back', async () => {
    const current = await found(cluster, { ...claims, name: 'kept' });
    return current?.metadata?.finalizers?.includes('kubernetes.io/pvc-protection') === true ? current : undefined;
  });
  t.deepEqual(restored.metadata?.finalizers, ['kubernetes.io/pvc-protection']);
});

test('a deleted volume stays while Bound; a deleted attribute class stays while a claim names it', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [pvProtectionController, vacProtectionController, pvcProtectionController]);
  await client.create(volumes, volume('bound'));
  await client.patch({ ...volumes, name: 'bound', subresource: 'status' }, { status: { phase: 'Bound' } }, { type: 'merge' });
  await client.delete({ ...volumes, name: 'bound' });
  await afterQueueReached(cluster, volumes, volume('free'));
  t.truthy((await found(cluster, { ...volumes, name: 'bound' }))?.metadata?.deletionTimestamp);
  await client.patch({ ...volumes, name: 'bound', subresource: 'status' }, { status: { phase: 'Released' } }, { type: 'merge' });
  await gone(cluster, { ...volumes, name: 'bound' });

  await client.create(attributeClasses, { metadata: { name: 'gold' }, driverName: 'example.com/disk', parameters: { tier: 'x' } });
  await client.create(claims, claim('fast', { volumeAttributesClassName: 'gold' }));
  await client.delete({ ...attributeClasses, name: 'gold' });
  await afterQueueReached(cluster, attributeClasses, { metadata: { name: 'bronze' }, driverName: 'example.com/disk', parameters: { tier: 'x' } });
  t.truthy((await found(cluster, { ...attributeClasses, name: 'gold' }))?.metadata?.deletionTimestamp);
  await client.delete({ ...claims, name: 'fast' });
  await gone(cluster, { ...attributeClasses, name: 'gold' });
});
