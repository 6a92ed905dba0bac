// The scheduler's VolumeBinding PreFilter with the persistentvolume binder against a real API
// server: a pod whose claim is missing, unbound while its class binds at once, or being deleted,
// fits no node (FailedScheduling in kube's words) until the binder has bound the claim; a pod whose
// claim waits for its first consumer is placed at once, and the binder then provisions its volume.

import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { persistentVolumeBinderController } from '../src/persistentvolume/index.ts';
import { schedulerController } from '../src/scheduler/index.ts';
import { eventually, runControllers, startCluster } from './controller-fixture.ts';
import { boundNode, createNode, createPod, getPod } from './scheduler-objects.ts';

const claims = { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespace: 'default' };
const volumes = { group: '', version: 'v1', resource: 'persistentvolumes' };

const notHelpful = 'no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.';

test('a pod waits for its claim to exist and be bound before it is scheduled; a claim being deleted keeps it unschedulable', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'n1');
  runControllers(t, cluster, [schedulerController, persistentVolumeBinderController]);
  const withData = (claimName: string) => ({ volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] });
  /** The PodScheduled=False message once it says `expected`. */
  const unschedulable = (pod: string, expected: string) =>
    eventually(`pod ${pod} unschedulable: ${expected}`, async () => {
      const condition = (await getPod(client, pod)).status?.conditions?.find((c) => c.type === 'PodScheduled');
      return condition?.status === 'False' && condition.message === expected ? condition : undefined;
    });

  await createPod(client, 'user', {}, withData('data'));
  t.like(await unschedulable('user', `0/1 nodes are available: persistentvolumeclaim "data" not found. ${notHelpful}`), { reason: 'Unschedulable' });
  await client.create(claims, { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: '' } });
  await unschedulable('user', `0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims. ${notHelpful}`);
  await client.create(volumes, { metadata: { name: 'disk' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/disk' } } });
  t.is(await boundNode(client, 'user'), 'n1');

  // The StorageObjectInUseProtection finalizer keeps the claim while no controller removes it.
  await client.create(claims, { metadata: { name: 'going' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: '' } });
  await client.delete({ ...claims, name: 'going' });
  await createPod(client, 'late', {}, withData('going'));
  await unschedulable('late', `0/1 nodes are available: persistentvolumeclaim "going" is being deleted. ${notHelpful}`);
});

test('a pod whose claim waits for its first consumer is scheduled, and its claim bound to a volume provisioned for the node', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'n1');
  const directory = mkdtempSync(join(tmpdir(), 'capstan-volume-binding-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  runControllers(t, cluster, [schedulerController, persistentVolumeBinderController], {
    persistentVolumeBinder: { syncPeriodMs: 15_000, dynamicProvisioning: true, hostPath: { enabled: true, directory } },
  });
  await client.create(
    { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses' },
    { metadata: { name: 'local' }, provisioner: 'kubernetes.io/host-path', volumeBindingMode: 'WaitForFirstConsumer' },
  );
  await client.create(claims, { metadata: { name: 'late' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'local' } });
  await createPod(client, 'consumer', {}, { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'late' } }] });
  t.is(await boundNode(client, 'consumer'), 'n1');
  const claim = await eventually('claim late Bound', async () => {
    const found = await client.get<{ metadata?: { annotations?: Record<string, string> }; status?: { phase?: string } }>({ ...claims, name: 'late' });
    return found.status?.phase === 'Bound' ? found : undefined;
  });
  t.is(claim.metadata?.annotations?.['volume.kubernetes.io/selected-node'], 'n1');
});
