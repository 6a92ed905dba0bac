import test from 'ava';
import { garbageCollectorController } from '../src/garbage-collector/index.ts';
import { runControllers, startCluster } from './controller-fixture.ts';
import { configMaps, create, gone, ownerReference, read, secrets, type Obj } from './gc-fixture.ts';

test('a collector started after the deletions finds them: orphan and foreground deletions under way, owners deleted meanwhile', async (t) => {
  const cluster = await startCluster(t);
  const ns = 'default';
  const orphaning = await create(cluster, configMaps(ns), 'orphaning');
  const waiting = await create(cluster, configMaps(ns), 'waiting');
  const deleted = await create(cluster, configMaps(ns), 'deleted');
  await create(cluster, secrets(ns), 'of-orphaning', { ownerReferences: [ownerReference(orphaning, 'ConfigMap', 'v1', true)] });
  await create(cluster, secrets(ns), 'of-waiting', { ownerReferences: [ownerReference(waiting, 'ConfigMap', 'v1', true)] });
  await create(cluster, secrets(ns), 'of-deleted', { ownerReferences: [ownerReference(deleted, 'ConfigMap', 'v1', true)] });
  await cluster.client.delete({ ...configMaps(ns), name: 'orphaning' }, { propagationPolicy: 'Orphan' });
  await cluster.client.delete({ ...configMaps(ns), name: 'waiting' }, { propagationPolicy: 'Foreground' });
  await cluster.client.delete({ ...configMaps(ns), name: 'deleted' }, { propagationPolicy: 'Background' });
  t.truthy(await read(cluster, configMaps(ns), 'orphaning'), 'held by the orphan finalizer');
  t.truthy(await read(cluster, configMaps(ns), 'waiting'), 'held by the foregroundDeletion finalizer');

  runControllers(t, cluster, [garbageCollectorController]);
  await gone(cluster, configMaps(ns), 'orphaning');
  t.deepEqual(((await read(cluster, secrets(ns), 'of-orphaning')) as Obj).metadata.ownerReferences ?? [], []);
  await gone(cluster, secrets(ns), 'of-waiting');
  await gone(cluster, configMaps(ns), 'waiting');
  await gone(cluster, secrets(ns), 'of-deleted');
});
