import test from 'ava';
import type { KubeObject, RestClient } from '@capstan/common/client';
import { discoverApiResources } from '../src/garbage-collector/api-resources.ts';
import { garbageCollector } from '../src/garbage-collector/index.ts';
import { runControllers, startCluster } from './controller-fixture.ts';
import { collectorHasSeen, configMaps, create, gone, read, secrets } from './gc-fixture.ts';

test('the collector watches every resource that can be listed, watched and deleted, events aside, each as PartialObjectMetadata', async (t) => {
  const cluster = await startCluster(t);
  const found = await discoverApiResources(cluster.client);
  const names = found.deletable.map((r) => `${r.group}/${r.version}/${r.resource}`);
  for (const expected of [
    '/v1/configmaps',
    '/v1/pods',
    '/v1/namespaces',
    '/v1/nodes',
    'apps/v1/deployments',
    'batch/v1/jobs',
    'rbac.authorization.k8s.io/v1/clusterroles',
    'apiextensions.k8s.io/v1/customresourcedefinitions',
  ]) {
    t.true(names.includes(expected), expected);
  }
  for (const left of ['/v1/events', 'events.k8s.io/v1/events', '/v1/bindings', '/v1/componentstatuses', 'authentication.k8s.io/v1/tokenreviews'])
    t.false(names.includes(left), left);
  t.deepEqual(found.mapping('apps/v1', 'Deployment'), { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', namespaced: true });
  t.deepEqual(found.mapping('v1', 'Node'), { group: '', version: 'v1', resource: 'nodes', kind: 'Node', namespaced: false });
  t.is(found.mapping('example.com/v1', 'Widget'), undefined);
  // Each one answers the metadata informer's list and watch.
  for (const resource of found.deletable) {
    const target = { group: resource.group, version: resource.version, resource: resource.resource };
    const list = await cluster.client.list(target, { metadataOnly: true, limit: 1 });
    t.is(list.kind, 'PartialObjectMetadataList', resource.resource);
    // Accepted is enough: the watch is dropped at once.
    const opened = new AbortController();
    await cluster.client.watch(target, { metadataOnly: true, resourceVersion: list.metadata.resourceVersion ?? '', signal: opened.signal });
    opened.abort();
  }
});

test('a resource discovery serves later is watched from the next discovery on, and one no longer served is not', async (t) => {
  const cluster = await startCluster(t);
  let secretsServed = false;
  const discover = async (client: RestClient, signal: AbortSignal) => {
    const found = await discoverApiResources(client, signal);
    return secretsServed ? found : { ...found, deletable: found.deletable.filter((resource) => resource.resource !== 'secrets') };
  };
  runControllers(t, cluster, [garbageCollector({ discoveryPeriodMs: 200, discover })]);
  const ghost = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: 'f0e1d2c3-0000-4000-8000-00000000000a' }];
  await create(cluster, secrets('default'), 'early', { ownerReferences: ghost });
  await collectorHasSeen(cluster, configMaps('default'));
  await new Promise((resolve) => setTimeout(resolve, 600));
  t.truthy(await read(cluster, secrets('default'), 'early'), 'secrets are not watched yet');

  secretsServed = true;
  await gone(cluster, secrets('default'), 'early');

  secretsServed = false;
  await new Promise((resolve) => setTimeout(resolve, 600));
  await create(cluster, secrets('default'), 'late', { ownerReferences: ghost });
  await new Promise((resolve) => setTimeout(resolve, 600));
  t.truthy(await read(cluster, secrets('default'), 'late'), 'secrets are no longer watched');
});

// A custom resource appears in discovery once its CRD is established, as the resource of the test
// above does; namespace-deletion.test.ts follows a CRD's objects end to end.
test('owners of any kind are looked up by apiVersion and kind: a Node owner, cluster-scoped, keeps a namespaced dependent', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [garbageCollector()]);
  const node = await cluster.client.create<KubeObject & { metadata: { uid: string; name: string } }>(
    { group: '', version: 'v1', resource: 'nodes' },
    { metadata: { name: 'owner-node' } },
  );
  const reference = { apiVersion: 'v1', kind: 'Node', name: 'owner-node', uid: node.metadata.uid };
  await create(cluster, configMaps('default'), 'on-node', { ownerReferences: [reference] });
  await collectorHasSeen(cluster, configMaps('default'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.truthy(await read(cluster, configMaps('default'), 'on-node'));
  await cluster.client.delete({ group: '', version: 'v1', resource: 'nodes', name: 'owner-node' });
  await gone(cluster, configMaps('default'), 'on-node');
});
