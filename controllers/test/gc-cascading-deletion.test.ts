import test from 'ava';
import { garbageCollectorController } from '../src/garbage-collector/index.ts';
import { kubectl, type TestCluster } from './controller-fixture.ts';
import { collectorHasSeen, configMaps, create, createNamespace, eventually, gone, ownerReference, read, secrets, sharedCluster, type Obj } from './gc-fixture.ts';

const shared = sharedCluster();
let cluster: TestCluster;
test.before(async () => {
  cluster = await shared.start([garbageCollectorController]);
});
test.after.always(() => shared.stop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('kubectl delete of an owner (background by default) has its configmap and secret dependents collected', async (t) => {
  const ns = 'gc-background';
  await createNamespace(cluster, ns);
  const owner = await create(cluster, configMaps(ns), 'owner');
  await create(cluster, configMaps(ns), 'child', { ownerReferences: [ownerReference(owner, 'ConfigMap', 'v1')] });
  await create(cluster, secrets(ns), 'child', { ownerReferences: [ownerReference(owner, 'ConfigMap', 'v1', true)] });
  await create(cluster, configMaps(ns), 'independent');
  await collectorHasSeen(cluster, configMaps(ns));

  t.is(await kubectl(cluster, 'delete', 'configmap', 'owner', '-n', ns), `configmap "owner" deleted from ${ns} namespace\n`);
  await gone(cluster, configMaps(ns), 'child');
  await gone(cluster, secrets(ns), 'child');
  t.truthy(await read(cluster, configMaps(ns), 'independent'));
});

test('kubectl delete --cascade=foreground returns once the blocking dependents, then the owner, are gone', async (t) => {
  const ns = 'gc-foreground';
  await createNamespace(cluster, ns);
  const owner = await create(cluster, secrets(ns), 'owner');
  const hold = ['example.com/hold'];
  await create(cluster, configMaps(ns), 'blocking', { ownerReferences: [ownerReference(owner, 'Secret', 'v1', true)], finalizers: hold });
  await create(cluster, configMaps(ns), 'loose', { ownerReferences: [ownerReference(owner, 'Secret', 'v1')], finalizers: hold });
  await create(cluster, configMaps(ns), 'plain', { ownerReferences: [ownerReference(owner, 'Secret', 'v1', true)] });
  await collectorHasSeen(cluster, configMaps(ns));

  let returned = false;
  const deleting = kubectl(cluster, 'delete', 'secret', 'owner', '-n', ns, '--cascade=foreground').finally(() => (returned = true));
  await gone(cluster, configMaps(ns), 'plain');
  const marked = (name: string) =>
    eventually(`${name} to be marked for deletion`, async () => ((await read(cluster, configMaps(ns), name))?.metadata.deletionTimestamp ? true : undefined));
  await marked('blocking');
  await marked('loose');
  // The owner waits, held by foregroundDeletion, while a blocking dependent remains.
  await pause(1000);
  const waiting = (await read(cluster, secrets(ns), 'owner')) as Obj;
  t.deepEqual(waiting.metadata.finalizers, ['foregroundDeletion']);
  t.truthy(waiting.metadata.deletionTimestamp);
  t.false(returned);

  await cluster.client.patch({ ...configMaps(ns), name: 'blocking' }, { metadata: { finalizers: null } }, { type: 'merge' });
  t.is(await deleting, `secret "owner" deleted from ${ns} namespace\n`);
  t.is(await read(cluster, secrets(ns), 'owner'), undefined);
  t.is(await read(cluster, configMaps(ns), 'blocking'), undefined);
  // A dependent without blockOwnerDeletion was deleted too, but the owner did not wait for it.
  const loose = (await read(cluster, configMaps(ns), 'loose')) as Obj;
  t.truthy(loose.metadata.deletionTimestamp);
  t.deepEqual(loose.metadata.finalizers, hold);
});

test('a foreground deletion goes down the chain: a dependent with blocking dependents of its own is deleted in the foreground too', async (t) => {
  const ns = 'gc-foreground-chain';
  await createNamespace(cluster, ns);
  const top = await create(cluster, secrets(ns), 'top');
  const middle = await create(cluster, configMaps(ns), 'middle', { ownerReferences: [ownerReference(top, 'Secret', 'v1', true)] });
  await create(cluster, configMaps(ns), 'bottom', { ownerReferences: [ownerReference(middle, 'ConfigMap', 'v1', true)], finalizers: ['example.com/hold'] });
  await collectorHasSeen(cluster, configMaps(ns));

  const deleting = kubectl(cluster, 'delete', 'secret', 'top', '-n', ns, '--cascade=foreground');
  const waiting = await eventually('the middle to wait for its own dependents', async () => {
    const found = await read(cluster, configMaps(ns), 'middle');
    return found?.metadata.finalizers?.includes('foregroundDeletion') === true ? found : undefined;
  });
  t.truthy(waiting.metadata.deletionTimestamp);
  await eventually('the bottom to be marked for deletion', async () => ((await read(cluster, configMaps(ns), 'bottom'))?.metadata.deletionTimestamp ? true : undefined));
  t.deepEqual((await read(cluster, secrets(ns), 'top'))?.metadata.finalizers, ['foregroundDeletion']);

  await cluster.client.patch({ ...configMaps(ns), name: 'bottom' }, { metadata: { finalizers: null } }, { type: 'merge' });
  t.is(await deleting, `secret "top" deleted from ${ns} namespace\n`);
  t.is(await read(cluster, configMaps(ns), 'middle'), undefined);
  t.is(await read(cluster, configMaps(ns), 'bottom'), undefined);
});

test('kubectl delete --cascade=orphan leaves the dependents, without their reference to the owner', async (t) => {
  const ns = 'gc-orphan';
  await createNamespace(cluster, ns);
  const owner = await create(cluster, configMaps(ns), 'owner');
  const other = await create(cluster, configMaps(ns), 'other');
  await create(cluster, secrets(ns), 'child', { ownerReferences: [ownerReference(owner, 'ConfigMap', 'v1', true), ownerReference(other, 'ConfigMap', 'v1')] });
  await create(cluster, configMaps(ns), 'child', { ownerReferences: [ownerReference(owner, 'ConfigMap', 'v1')] });
  await collectorHasSeen(cluster, configMaps(ns));
  await collectorHasSeen(cluster, secrets(ns));

  // kubectl waits for the owner to be gone: the collector has to take off the orphan finalizer.
  t.is(await kubectl(cluster, 'delete', 'configmap', 'owner', '-n', ns, '--cascade=orphan'), `configmap "owner" deleted from ${ns} namespace\n`);
  const secret = (await read(cluster, secrets(ns), 'child')) as Obj;
  t.deepEqual(secret.metadata.ownerReferences, [ownerReference(other, 'ConfigMap', 'v1')]);
  const configMap = (await read(cluster, configMaps(ns), 'child')) as Obj;
  t.deepEqual(configMap.metadata.ownerReferences ?? [], []);
  // Orphans stay orphans.
  await pause(500);
  t.truthy(await read(cluster, secrets(ns), 'child'));
  t.truthy(await read(cluster, configMaps(ns), 'child'));
});

test('a dependent whose owner never existed, or exists under another uid, is collected', async (t) => {
  const ns = 'gc-never-existed';
  await createNamespace(cluster, ns);
  const namesake = await create(cluster, configMaps(ns), 'namesake');
  await create(cluster, secrets(ns), 'orphan', { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: 'f0e1d2c3-0000-4000-8000-000000000001' }] });
  await create(cluster, secrets(ns), 'impostor', {
    ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'namesake', uid: 'f0e1d2c3-0000-4000-8000-000000000002' }],
  });
  // Of a cluster-scoped kind: found gone without a namespace.
  await create(cluster, secrets(ns), 'nodeless', { ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'no-such-node', uid: 'f0e1d2c3-0000-4000-8000-000000000003' }] });
  await gone(cluster, secrets(ns), 'orphan');
  await gone(cluster, secrets(ns), 'impostor');
  await gone(cluster, secrets(ns), 'nodeless');
  t.truthy(await read(cluster, configMaps(ns), namesake.metadata.name));
});

test('a dependent with two owners loses only the reference to the one deleted', async (t) => {
  const ns = 'gc-two-owners';
  await createNamespace(cluster, ns);
  const first = await create(cluster, configMaps(ns), 'first');
  const second = await create(cluster, secrets(ns), 'second');
  await create(cluster, configMaps(ns), 'shared', { ownerReferences: [ownerReference(first, 'ConfigMap', 'v1', true), ownerReference(second, 'Secret', 'v1')] });
  await collectorHasSeen(cluster, configMaps(ns));

  await kubectl(cluster, 'delete', 'configmap', 'first', '-n', ns);
  const remaining = await eventually('the dangling reference to be removed', async () => {
    const shared = await read(cluster, configMaps(ns), 'shared');
    return shared?.metadata.ownerReferences?.length === 1 ? shared : undefined;
  });
  t.deepEqual(remaining.metadata.ownerReferences, [ownerReference(second, 'Secret', 'v1')]);
  await pause(500);
  t.truthy(await read(cluster, configMaps(ns), 'shared'));

  // The last owner goes: so does the dependent.
  await kubectl(cluster, 'delete', 'secret', 'second', '-n', ns);
  await gone(cluster, configMaps(ns), 'shared');
});

test('a cluster-scoped dependent naming a namespaced owner gets the warning event OwnerRefInvalidNamespace', async (t) => {
  const ns = 'gc-invalid-namespace';
  await createNamespace(cluster, ns);
  const owner = await create(cluster, configMaps(ns), 'owner');
  await collectorHasSeen(cluster, configMaps(ns));
  const clusterRoles = { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles' };
  const dependent = await cluster.client.create<Obj>(clusterRoles, {
    metadata: { name: 'gc-invalid-dependent', ownerReferences: [ownerReference(owner, 'ConfigMap', 'v1')] },
    rules: [],
  });

  type Event = Obj & { reason: string; type: string; message: string; involvedObject: Record<string, string>; source: { component: string } };
  const event = await eventually('the OwnerRefInvalidNamespace event', async () => {
    const events = await cluster.client.list<Event>({ group: '', version: 'v1', resource: 'events', namespace: 'default' });
    return events.items.find((item) => item.reason === 'OwnerRefInvalidNamespace');
  });
  t.is(event.type, 'Warning');
  t.is(event.message, `ownerRef [v1/ConfigMap, namespace: , name: owner, uid: ${owner.metadata.uid}] does not exist in namespace ""`);
  t.deepEqual(event.involvedObject, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: 'gc-invalid-dependent', uid: dependent.metadata.uid });
  t.is(event.source.component, 'garbage-collector-controller');
  // Such a reference is never valid; the object is not collected for it.
  await pause(500);
  t.truthy(await read(cluster, clusterRoles, 'gc-invalid-dependent'));
});

test('a batch/v1 Job deleted without a propagation policy orphans its dependents, and an Event never waits for the collector, as kube-apiserver defaults them', async (t) => {
  const ns = 'gc-job-default';
  await createNamespace(cluster, ns);
  const jobs = { group: 'batch', version: 'v1', resource: 'jobs', namespace: ns };
  const spec = { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } };
  const orphaning = await cluster.client.create<Obj>(jobs, { metadata: { name: 'orphaning' }, spec });
  const cascading = await cluster.client.create<Obj>(jobs, { metadata: { name: 'cascading' }, spec });
  await create(cluster, configMaps(ns), 'kept', { ownerReferences: [ownerReference(orphaning, 'Job', 'batch/v1', true)] });
  await create(cluster, configMaps(ns), 'collected', { ownerReferences: [ownerReference(cascading, 'Job', 'batch/v1', true)] });
  await collectorHasSeen(cluster, configMaps(ns));

  const marked = (await cluster.client.delete<Obj>({ ...jobs, name: 'orphaning' })) as Obj;
  t.deepEqual(marked.metadata.finalizers, ['orphan']);
  await cluster.client.delete({ ...jobs, name: 'cascading' }, { propagationPolicy: 'Background' });
  await gone(cluster, jobs, 'orphaning');
  await gone(cluster, configMaps(ns), 'collected');
  t.deepEqual((await read(cluster, configMaps(ns), 'kept'))?.metadata.ownerReferences ?? [], []);

  // Events have no garbage collection: a foreground delete neither adds nor keeps its finalizer.
  const events = { group: '', version: 'v1', resource: 'events', namespace: ns };
  await cluster.client.create(events, {
    metadata: { name: 'noted', finalizers: ['foregroundDeletion'] },
    involvedObject: { kind: 'ConfigMap', name: 'kept', namespace: ns },
    reason: 'Noted',
    message: 'noted',
    type: 'Normal',
  });
  const answer = await cluster.client.delete<Obj>({ ...events, name: 'noted' }, { propagationPolicy: 'Foreground' });
  t.is(answer.kind, 'Status');
  t.is(await read(cluster, events, 'noted'), undefined);
});
