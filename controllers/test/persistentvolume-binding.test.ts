// The persistentvolume-binder-controller against a real API server, binding claims to volumes made
// beforehand: the best fit (smallest large enough, fewest access modes), pre-binding by claimRef
// and by volumeName, a claim's selector, both objects written as kube writes them, the events of
// a claim nothing fits, and a Retain volume Released when its claim goes.

import test from 'ava';
import type { Event, PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { persistentVolumeBinderController } from '../src/persistentvolume/index.ts';
import { pvcProtectionController } from '../src/volume-protection/index.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' };
const volumes = { group: '', version: 'v1', resource: 'persistentvolumes' };
const events = { group: '', version: 'v1', resource: 'events', namespace: 'default' };

const claim = (name: string, storage: string, spec: object = {}) => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, storageClassName: '', ...spec },
});
const volume = (name: string, storage: string, spec: object = {}, metadata: object = {}) => ({
  metadata: { name, ...metadata },
  spec: { capacity: { storage }, accessModes: ['ReadWriteOnce'], hostPath: { path: `/tmp/pvbind/${name}` }, persistentVolumeReclaimPolicy: 'Retain', ...spec },
});

const getClaim = (cluster: TestCluster, name: string) => cluster.client.get<PersistentVolumeClaim>({ ...claims, name });
const getVolume = (cluster: TestCluster, name: string) => cluster.client.get<PersistentVolume>({ ...volumes, name });

const boundClaim = (cluster: TestCluster, name: string) =>
  eventually(`claim ${name} Bound`, async () => {
    const found = await getClaim(cluster, name);
    return found.status?.phase === 'Bound' ? found : undefined;
  });

/** The events of an object, once one with the reason is there. */
const eventOf = (cluster: TestCluster, name: string, reason: string) =>
  eventually(`a ${reason} event of ${name}`, async () => {
    const list = await cluster.client.list<Event>(events, { fieldSelector: `involvedObject.name=${name}` });
    return list.items.find((event) => event.reason === reason);
  });

/** Volumes Available before a claim arrives: the binder only picks Available ones. */
async function availableVolumes(cluster: TestCluster, ...bodies: object[]): Promise<void> {
  for (const body of bodies) await cluster.client.create(volumes, body);
  for (const body of bodies) {
    const name = (body as { metadata: { name: string } }).metadata.name;
    await eventually(`volume ${name} Available`, async () => ((await getVolume(cluster, name)).status?.phase === 'Available' ? true : undefined));
  }
}

test('a claim is bound to the smallest volume that fits, both sides written as kube writes them, and kubectl shows it Bound', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [persistentVolumeBinderController]);
  await availableVolumes(cluster, volume('small', '1Gi'), volume('medium', '5Gi'), volume('large', '10Gi'), volume('other-class', '4Gi', { storageClassName: 'fast' }));
  await cluster.client.create(claims, claim('data', '3Gi'));
  const bound = await boundClaim(cluster, 'data');
  t.is(bound.spec?.volumeName, 'medium');
  t.like(bound.metadata?.annotations, { 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes' });
  t.deepEqual(bound.status?.accessModes, ['ReadWriteOnce']);
  t.deepEqual(bound.status?.capacity, { storage: '5Gi' });

  const medium = await eventually('volume medium Bound', async () => {
    const found = await getVolume(cluster, 'medium');
    return found.status?.phase === 'Bound' ? found : undefined;
  });
  t.is(medium.metadata?.annotations?.['pv.kubernetes.io/bound-by-controller'], 'yes');
  const ref = medium.spec?.claimRef;
  t.like(ref, { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: 'default', name: 'data', uid: bound.metadata?.uid });
  t.regex(ref?.resourceVersion ?? '', /^\d+$/);
  t.is((await getVolume(cluster, 'small')).status?.phase, 'Available');

  const table = await kubectl(cluster, 'get', 'pvc', 'data');
  t.regex(table, /^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS/m);
  t.regex(table, /^data\s+Bound\s+medium\s+5Gi\s+RWO\s+/m);
  t.regex(await kubectl(cluster, 'get', 'pv', 'medium'), /^medium\s+5Gi\s+RWO\s+Retain\s+Bound\s+default\/data\s+/m);
});

test('volumes with fewer access modes are preferred, a selector narrows the choice, and pre-binding wins either way', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [persistentVolumeBinderController]);
  await availableVolumes(
    cluster,
    volume('rwo-rwx', '2Gi', { accessModes: ['ReadWriteOnce', 'ReadWriteMany'] }),
    volume('rwo', '8Gi'),
    volume('labelled', '9Gi', {}, { labels: { tier: 'gold' } }),
    volume('for-named', '20Gi', { claimRef: { namespace: 'default', name: 'named' } }),
    volume('asked-for', '30Gi'),
  );
  await cluster.client.create(claims, claim('modes', '1Gi'));
  t.is((await boundClaim(cluster, 'modes')).spec?.volumeName, 'rwo');
  await cluster.client.create(claims, claim('gold', '1Gi', { selector: { matchLabels: { tier: 'gold' } } }));
  t.is((await boundClaim(cluster, 'gold')).spec?.volumeName, 'labelled');

  // A volume pre-bound to the claim by claimRef: not bound-by-controller on the volume's side.
  await cluster.client.create(claims, claim('named', '1Gi'));
  const named = await boundClaim(cluster, 'named');
  t.is(named.spec?.volumeName, 'for-named');
  const forNamed = await getVolume(cluster, 'for-named');
  t.is(forNamed.spec?.claimRef?.uid, named.metadata?.uid);
  t.is(forNamed.metadata?.annotations?.['pv.kubernetes.io/bound-by-controller'], undefined);

  // A claim naming its volume: not bound-by-controller on the claim's side.
  await cluster.client.create(claims, claim('chooser', '1Gi', { volumeName: 'asked-for' }));
  const chooser = await boundClaim(cluster, 'chooser');
  t.is(chooser.metadata?.annotations?.['pv.kubernetes.io/bound-by-controller'], undefined);
  t.is(chooser.metadata?.annotations?.['pv.kubernetes.io/bind-completed'], 'yes');
  t.is((await getVolume(cluster, 'asked-for')).metadata?.annotations?.['pv.kubernetes.io/bound-by-controller'], 'yes');
});

test("a claim nothing fits stays Pending with kube's events; a Retain volume is Released when its claim goes", async (t) => {
  const cluster = await startCluster(t);
  // The claim's protection finalizer (set by the API server's admission) goes once no pod uses it.
  runControllers(t, cluster, [persistentVolumeBinderController, pvcProtectionController]);
  await availableVolumes(cluster, volume('tiny', '1Mi'), volume('kept', '1Gi'));
  await cluster.client.create(claims, claim('homeless', '50Gi', { storageClassName: undefined }));
  const failed = await eventOf(cluster, 'homeless', 'FailedBinding');
  t.like(failed, { type: 'Normal', message: 'no persistent volumes available for this claim and no storage class is set', source: { component: 'persistentvolume-controller' } });
  t.is((await getClaim(cluster, 'homeless')).status?.phase, 'Pending');

  await cluster.client.create(claims, claim('too-big', '1Gi', { volumeName: 'tiny' }));
  const mismatch = await eventOf(cluster, 'too-big', 'VolumeMismatch');
  t.like(mismatch, { type: 'Warning', message: 'Cannot bind to requested volume "tiny": requested PV is too small' });

  await cluster.client.create(claims, claim('short-lived', '1Gi', { volumeName: 'kept' }));
  await boundClaim(cluster, 'short-lived');
  await cluster.client.delete({ ...claims, name: 'short-lived' });
  const released = await eventually('volume kept Released', async () => {
    const found = await getVolume(cluster, 'kept');
    return found.status?.phase === 'Released' ? found : undefined;
  });
  t.is(released.spec?.claimRef?.name, 'short-lived');
  t.regex(await kubectl(cluster, 'get', 'pv', 'kept'), /^kept\s+1Gi\s+RWO\s+Retain\s+Released\s+default\/short-lived\s+/m);
});
