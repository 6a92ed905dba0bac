// Dynamic provisioning by the persistentvolume-binder-controller against a real API server: the
// in-tree host path plugin (--enable-hostpath-provisioner) makes a directory and a volume
// pvc-<uid> bound to the claim, written as kube-controller-manager writes it, and deletes both
// when the claim goes; a claim without a class gets the default class; a class of an external
// provisioner waits for it; a WaitForFirstConsumer claim waits for a pod with a node; a disabled
// plugin is a ProvisioningFailed event.

import test, { type ExecutionContext } from 'ava';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event, PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { isNotFound } from '@capstan/common';
import { persistentVolumeBinderController } from '../src/persistentvolume/index.ts';
import { pvcProtectionController, pvProtectionController } from '../src/volume-protection/index.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' };
const volumes = { group: '', version: 'v1', resource: 'persistentvolumes' };
const classes = { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses' };
const events = { group: '', version: 'v1', resource: 'events', namespace: 'default' };
const pods = { group: '', version: 'v1', resource: 'pods', namespace: 'default' };

const claim = (name: string, spec: object = {}) => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } }, ...spec } });
const storageClass = (name: string, provisioner: string, extra: object = {}) => ({ metadata: { name }, provisioner, ...extra });

async function provisioningCluster(t: ExecutionContext, enabled = true): Promise<{ cluster: TestCluster; directory: string }> {
  const cluster = await startCluster(t);
  const directory = mkdtempSync(join(tmpdir(), 'capstan-hostpath-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  runControllers(t, cluster, [persistentVolumeBinderController, pvcProtectionController, pvProtectionController], {
    // A short resync: a claim made before the default class gets it at the next resync, as in kube.
    persistentVolumeBinder: { syncPeriodMs: 2_000, dynamicProvisioning: true, hostPath: { enabled, directory } },
  });
  return { cluster, directory };
}

const boundClaim = (cluster: TestCluster, name: string) =>
  eventually(`claim ${name} Bound`, async () => {
    const found = await cluster.client.get<PersistentVolumeClaim>({ ...claims, name });
    return found.status?.phase === 'Bound' ? found : undefined;
  });

// The first event of a reason, or the first with that message too: a claim the controller sees
// before its class reaches the informer gets kube's `storageclass ... not found` ProvisioningFailed
// first, and the event the test is about at a later sync.
const eventOf = (cluster: TestCluster, name: string, reason: string, message?: string) =>
  eventually(`a ${reason} event of ${name}${message === undefined ? '' : `: ${message}`}`, async () => {
    const list = await cluster.client.list<Event>(events, { fieldSelector: `involvedObject.name=${name}` });
    return list.items.find((event) => event.reason === reason && (message === undefined || event.message === message));
  });

async function absent(cluster: TestCluster, name: string): Promise<true | undefined> {
  try {
    await cluster.client.get({ ...volumes, name });
    return undefined;
  } catch (error) {
    if (isNotFound(error)) return true;
    throw error;
  }
}

test('a claim without a class gets the default host path class, a provisioned volume bound to it, and both go with the claim', async (t) => {
  const { cluster, directory } = await provisioningCluster(t);
  // The claim comes first: the binder gives it the default class made after it (kube's retroactive default).
  await cluster.client.create(claims, claim('data'));
  await cluster.client.create(
    classes,
    storageClass('standard', 'kubernetes.io/host-path', { metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } }),
  );
  const bound = await boundClaim(cluster, 'data');
  const uid = bound.metadata?.uid ?? '';
  t.is(bound.spec?.storageClassName, 'standard');
  t.is(bound.spec?.volumeName, `pvc-${uid}`);
  t.like(bound.metadata?.annotations, {
    'pv.kubernetes.io/bind-completed': 'yes',
    'pv.kubernetes.io/bound-by-controller': 'yes',
    'volume.kubernetes.io/storage-provisioner': 'kubernetes.io/host-path',
    'volume.beta.kubernetes.io/storage-provisioner': 'kubernetes.io/host-path',
  });
  t.deepEqual(bound.status?.capacity, { storage: '2Gi' });

  const volume = await cluster.client.get<PersistentVolume>({ ...volumes, name: `pvc-${uid}` });
  t.deepEqual(volume.metadata?.annotations, {
    'kubernetes.io/createdby': 'hostpath-dynamic-provisioner',
    'pv.kubernetes.io/bound-by-controller': 'yes',
    'pv.kubernetes.io/provisioned-by': 'kubernetes.io/host-path',
  });
  t.deepEqual([...(volume.metadata?.finalizers ?? [])].sort(), ['kubernetes.io/pv-controller', 'kubernetes.io/pv-protection']);
  t.like(volume.spec, { persistentVolumeReclaimPolicy: 'Delete', storageClassName: 'standard', accessModes: ['ReadWriteOnce'], capacity: { storage: '2Gi' } });
  t.like(volume.spec?.claimRef, { kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data', uid });
  const path = volume.spec?.hostPath?.path ?? '';
  t.true(path.startsWith(`${directory}/`));
  t.true(existsSync(path));
  const succeeded = await eventOf(cluster, 'data', 'ProvisioningSucceeded');
  t.like(succeeded, { type: 'Normal', message: `Successfully provisioned volume pvc-${uid} using kubernetes.io/host-path` });
  t.regex(await kubectl(cluster, 'get', 'pvc', 'data'), new RegExp(`^data\\s+Bound\\s+pvc-${uid}\\s+2Gi\\s+RWO\\s+standard\\s+`, 'm'));

  await cluster.client.delete({ ...claims, name: 'data' });
  await eventually('the provisioned volume to go', () => absent(cluster, `pvc-${uid}`));
  t.false(existsSync(path));
});

test('a class of an external provisioner has the claim annotated and waiting, with the ExternalProvisioning event', async (t) => {
  const { cluster } = await provisioningCluster(t);
  await cluster.client.create(classes, storageClass('csi', 'csi.example.com'));
  await cluster.client.create(claims, claim('external', { storageClassName: 'csi' }));
  const waiting = await eventOf(cluster, 'external', 'ExternalProvisioning');
  t.like(waiting, {
    type: 'Normal',
    message:
      "Waiting for a volume to be created either by the external provisioner 'csi.example.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
  });
  const annotated = await cluster.client.get<PersistentVolumeClaim>({ ...claims, name: 'external' });
  t.like(annotated.metadata?.annotations, { 'volume.kubernetes.io/storage-provisioner': 'csi.example.com', 'volume.beta.kubernetes.io/storage-provisioner': 'csi.example.com' });
  t.is(annotated.status?.phase, 'Pending');
});

test('a WaitForFirstConsumer claim waits for a pod, then for its node, then is provisioned for that node', async (t) => {
  const { cluster } = await provisioningCluster(t);
  await cluster.client.create(classes, storageClass('local', 'kubernetes.io/host-path', { volumeBindingMode: 'WaitForFirstConsumer' }));
  await cluster.client.create(claims, claim('late', { storageClassName: 'local' }));
  t.like(await eventOf(cluster, 'late', 'WaitForFirstConsumer'), { type: 'Normal', message: 'waiting for first consumer to be created before binding' });
  const pod = (name: string, nodeName?: string) => ({
    metadata: { name },
    spec: {
      ...(nodeName === undefined ? {} : { nodeName }),
      containers: [{ name: 'c', image: 'busybox' }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'late' } }],
    },
  });
  await cluster.client.create(pods, pod('unscheduled'));
  t.like(await eventOf(cluster, 'late', 'WaitForPodScheduled'), { type: 'Normal', message: 'waiting for pod unscheduled to be scheduled' });
  t.is((await cluster.client.get<PersistentVolumeClaim>({ ...claims, name: 'late' })).status?.phase, 'Pending');

  // The provisioning is for the node, which must exist.
  await cluster.client.create({ group: '', version: 'v1', resource: 'nodes' }, { metadata: { name: 'node-a' } });
  await cluster.client.create(pods, pod('scheduled', 'node-a'));
  const bound = await boundClaim(cluster, 'late');
  t.is(bound.metadata?.annotations?.['volume.kubernetes.io/selected-node'], 'node-a');
  t.is(bound.spec?.volumeName, `pvc-${bound.metadata?.uid}`);
});

test('with the host path provisioner disabled the claim stays Pending with a ProvisioningFailed event', async (t) => {
  const { cluster } = await provisioningCluster(t, false);
  await cluster.client.create(classes, storageClass('hostpath', 'kubernetes.io/host-path'));
  await cluster.client.create(classes, storageClass('gone', 'kubernetes.io/gce-pd'));
  await cluster.client.create(claims, claim('refused', { storageClassName: 'hostpath' }));
  await cluster.client.create(claims, claim('unknown', { storageClassName: 'gone' }));
  const disabled = 'Failed to create provisioner: provisioning in volume plugin "kubernetes.io/host-path" is disabled';
  t.is((await eventOf(cluster, 'refused', 'ProvisioningFailed', disabled)).type, 'Warning');
  const unmatched = 'no volume plugin matched name: kubernetes.io/gce-pd';
  t.is((await eventOf(cluster, 'unknown', 'ProvisioningFailed', unmatched)).type, 'Warning');
});
