// Discovery documents built from a small hand-written set of declarations, compared whole and as
// serialized JSON (field order), plus storageVersionHash values from kube's own table.

import test from 'ava';
import { createHash } from 'node:crypto';
import { configMapResource } from '../src/resources/core/configmaps.ts';
import type { ResourceDefinition, StoredResourceDefinition, Verb } from '../src/resources/resource-definition.ts';
import { storageVersionHash, storageVersionHashOf } from '../src/discovery/storage-version-hash.ts';
import { compareGroups, compareKubeAwareVersions } from '../src/discovery/group-version-order.ts';
import { apiGroup, apiGroupList, apiResourceList, apiVersions } from '../src/discovery/legacy-discovery.ts';
import {
  AGGREGATED_DISCOVERY_CONTENT_TYPE,
  acceptsAggregatedDiscovery,
  aggregatedCoreDiscovery,
  aggregatedGroupsDiscovery,
  discoveryETag,
  isNotModified,
} from '../src/discovery/aggregated-discovery.ts';

const all: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const gpu: readonly Verb[] = ['get', 'patch', 'update'];
// Discovery reads no behaviour: every declaration here borrows the ConfigMap's.
const behaviour = configMapResource.behaviour;

const pods: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'pods',
  singularName: 'pod',
  kind: 'Pod',
  namespaced: true,
  verbs: all,
  shortNames: ['po'],
  categories: ['all'],
  storagePrefix: 'pods',
  subresources: [
    { name: 'status', kind: 'Pod', verbs: gpu, endpoint: 'status' },
    { name: 'log', kind: 'Pod', verbs: ['get'], endpoint: 'log' },
    { name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: ['create'], endpoint: 'eviction' },
  ],
  behaviour,
};
const nodes: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'nodes',
  singularName: 'node',
  kind: 'Node',
  namespaced: false,
  verbs: all,
  shortNames: ['no'],
  categories: [],
  storagePrefix: 'minions',
  subresources: [],
  behaviour,
};
const podtemplates: StoredResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'podtemplates',
  singularName: 'podtemplate',
  kind: 'PodTemplate',
  namespaced: true,
  verbs: all,
  shortNames: [],
  categories: [],
  storagePrefix: 'podtemplates',
  subresources: [],
  behaviour,
};
const deployments: ResourceDefinition = {
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  singularName: 'deployment',
  kind: 'Deployment',
  namespaced: true,
  verbs: all,
  shortNames: ['deploy'],
  categories: ['all'],
  storagePrefix: 'deployments',
  subresources: [
    { name: 'status', kind: 'Deployment', verbs: gpu, endpoint: 'status' },
    { name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: gpu, endpoint: 'scale' },
  ],
  behaviour,
};
const tokenreviews: ResourceDefinition = {
  group: 'authentication.k8s.io',
  version: 'v1',
  resource: 'tokenreviews',
  singularName: 'tokenreview',
  kind: 'TokenReview',
  namespaced: false,
  verbs: ['create'],
  shortNames: [],
  categories: [],
  storagePrefix: undefined,
  virtual: 'review',
  subresources: [],
  behaviour,
};
const hpa = (version: string): ResourceDefinition => ({
  group: 'autoscaling',
  version,
  resource: 'horizontalpodautoscalers',
  singularName: 'horizontalpodautoscaler',
  kind: 'HorizontalPodAutoscaler',
  namespaced: true,
  verbs: all,
  shortNames: ['hpa'],
  categories: ['all'],
  storagePrefix: 'horizontalpodautoscalers',
  subresources: [{ name: 'status', kind: 'HorizontalPodAutoscaler', verbs: gpu, endpoint: 'status' }],
  behaviour,
});
const widgets: ResourceDefinition = {
  group: 'example.com',
  version: 'v1',
  resource: 'widgets',
  singularName: 'widget',
  kind: 'Widget',
  namespaced: true,
  verbs: all,
  shortNames: [],
  categories: [],
  storagePrefix: 'example.com/widgets',
  subresources: [],
  behaviour,
};

// Deliberately shuffled: the documents must not depend on declaration order.
const defs: readonly ResourceDefinition[] = [widgets, tokenreviews, hpa('v1'), podtemplates, deployments, pods, hpa('v2'), nodes];

const independentHash = (gvk: string): string => createHash('sha256').update(gvk).digest().subarray(0, 8).toString('base64');

test('storageVersionHash matches kube storageversionhashdata values', (t) => {
  // pkg/controlplane/storageversionhashdata/data.go
  t.is(storageVersionHash('', 'v1', 'Pod'), 'xPOwRZ+Yhw8=');
  t.is(storageVersionHash('', 'v1', 'ConfigMap'), 'qFsyl6wFWjQ=');
  t.is(storageVersionHash('apps', 'v1', 'Deployment'), '8aSe+NMegvE=');
  t.is(storageVersionHash('batch', 'v1', 'Job'), 'mudhfqk/qZY=');
  t.is(storageVersionHash('rbac.authorization.k8s.io', 'v1', 'ClusterRole'), independentHash('rbac.authorization.k8s.io/v1/ClusterRole'));
});

test('storageVersionHashOf: virtual resources have none, multi-version and cross-group storage', (t) => {
  t.is(storageVersionHashOf(tokenreviews, defs), undefined);
  // kube gives autoscaling/v1 and autoscaling/v2 HPAs the same hash, that of autoscaling/v2.
  t.is(storageVersionHashOf(hpa('v1'), defs), 'qwQve8ut294=');
  t.is(storageVersionHashOf(hpa('v2'), defs), 'qwQve8ut294=');
  const coreEvents: ResourceDefinition = { ...podtemplates, resource: 'events', singularName: 'event', kind: 'Event', storagePrefix: 'events' };
  const events: ResourceDefinition = { ...coreEvents, group: 'events.k8s.io' };
  t.is(storageVersionHashOf(coreEvents, [coreEvents, events]), 'r2yiGXH7wu8=');
  t.is(storageVersionHashOf(events, [coreEvents, events]), 'r2yiGXH7wu8=');
});

test('group and version order', (t) => {
  t.deepEqual(
    ['resource.k8s.io', 'example.com', 'discovery.k8s.io', 'apps', 'apiextensions.k8s.io', 'admissionregistration.k8s.io', 'apiregistration.k8s.io', 'batch'].sort(compareGroups),
    ['apiregistration.k8s.io', 'apps', 'batch', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'discovery.k8s.io', 'resource.k8s.io', 'example.com'],
  );
  t.deepEqual(['foo10', 'v1', 'v11alpha2', 'v10beta3', 'v2', 'foo1', 'v12alpha1', 'v3beta1', 'v10', 'v11beta2'].sort(compareKubeAwareVersions), [
    'v10',
    'v2',
    'v1',
    'v11beta2',
    'v10beta3',
    'v3beta1',
    'v12alpha1',
    'v11alpha2',
    'foo1',
    'foo10',
  ]);
});

test('GET /api legacy', (t) => {
  t.is(
    JSON.stringify(apiVersions(defs, '10.0.0.1:6443')),
    '{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}',
  );
});

test('GET /apis legacy', (t) => {
  const gv = (group: string, version: string) => ({ groupVersion: `${group}/${version}`, version });
  const list = apiGroupList(defs);
  t.deepEqual(list, {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [
      { name: 'apps', versions: [gv('apps', 'v1')], preferredVersion: gv('apps', 'v1') },
      { name: 'authentication.k8s.io', versions: [gv('authentication.k8s.io', 'v1')], preferredVersion: gv('authentication.k8s.io', 'v1') },
      { name: 'autoscaling', versions: [gv('autoscaling', 'v2'), gv('autoscaling', 'v1')], preferredVersion: gv('autoscaling', 'v2') },
      { name: 'example.com', versions: [gv('example.com', 'v1')], preferredVersion: gv('example.com', 'v1') },
    ],
  });
  t.true(
    JSON.stringify(list).startsWith('{"kind":"APIGroupList","apiVersion":"v1","groups":[{"name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":'),
  );
  t.deepEqual(apiGroup(defs, 'autoscaling'), {
    kind: 'APIGroup',
    apiVersion: 'v1',
    name: 'autoscaling',
    versions: [gv('autoscaling', 'v2'), gv('autoscaling', 'v1')],
    preferredVersion: gv('autoscaling', 'v2'),
  });
  t.is(apiGroup(defs, 'nope.io'), undefined);
  t.is(apiGroup(defs, ''), undefined);
});

test('GET /api/v1 legacy', (t) => {
  const list = apiResourceList(defs, '', 'v1');
  t.deepEqual(list, {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [
      { name: 'nodes', singularName: 'node', namespaced: false, kind: 'Node', verbs: all, shortNames: ['no'], storageVersionHash: 'XwShjMxG9Fs=' },
      { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: all, shortNames: ['po'], categories: ['all'], storageVersionHash: 'xPOwRZ+Yhw8=' },
      { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
      { name: 'pods/log', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] },
      { name: 'pods/status', singularName: '', namespaced: true, kind: 'Pod', verbs: gpu },
      { name: 'podtemplates', singularName: 'podtemplate', namespaced: true, kind: 'PodTemplate', verbs: all, storageVersionHash: 'LIXB2x4IFpk=' },
    ],
  });
  t.is(JSON.stringify(list?.resources[2]), '{"name":"pods/eviction","singularName":"","namespaced":true,"group":"policy","version":"v1","kind":"Eviction","verbs":["create"]}');
  t.is(
    JSON.stringify(list?.resources[1]),
    '{"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["po"],"categories":["all"],"storageVersionHash":"xPOwRZ+Yhw8="}',
  );
});

test('GET /apis/<group>/<version> legacy', (t) => {
  const apps = apiResourceList(defs, 'apps', 'v1');
  t.is(
    JSON.stringify(apps),
    '{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps/v1","resources":[' +
      '{"name":"deployments","singularName":"deployment","namespaced":true,"kind":"Deployment","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["deploy"],"categories":["all"],"storageVersionHash":"8aSe+NMegvE="},' +
      '{"name":"deployments/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1","kind":"Scale","verbs":["get","patch","update"]},' +
      '{"name":"deployments/status","singularName":"","namespaced":true,"kind":"Deployment","verbs":["get","patch","update"]}]}',
  );
  t.deepEqual(apiResourceList(defs, 'authentication.k8s.io', 'v1'), {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'authentication.k8s.io/v1',
    resources: [{ name: 'tokenreviews', singularName: 'tokenreview', namespaced: false, kind: 'TokenReview', verbs: ['create'] }],
  });
  t.is(apiResourceList(defs, 'apps', 'v1beta1'), undefined);
});

test('aggregated GET /api', (t) => {
  const doc = aggregatedCoreDiscovery(defs);
  t.is(doc.items.length, 1);
  const json = JSON.stringify(doc);
  t.true(
    json.startsWith(
      '{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[{"metadata":{},"versions":[{"version":"v1","resources":[{"resource":"nodes",',
    ),
  );
  t.deepEqual(doc.items[0]?.versions[0]?.resources[1], {
    resource: 'pods',
    responseKind: { group: '', version: 'v1', kind: 'Pod' },
    scope: 'Namespaced',
    singularResource: 'pod',
    verbs: all,
    shortNames: ['po'],
    categories: ['all'],
    subresources: [
      { subresource: 'eviction', responseKind: { group: 'policy', version: 'v1', kind: 'Eviction' }, verbs: ['create'] },
      { subresource: 'log', responseKind: { group: '', version: 'v1', kind: 'Pod' }, verbs: ['get'] },
      { subresource: 'status', responseKind: { group: '', version: 'v1', kind: 'Pod' }, verbs: gpu },
    ],
  });
  t.deepEqual(doc.items[0]?.versions[0]?.resources[0], {
    resource: 'nodes',
    responseKind: { group: '', version: 'v1', kind: 'Node' },
    scope: 'Cluster',
    singularResource: 'node',
    verbs: all,
    shortNames: ['no'],
  });
  t.is(doc.items[0]?.versions[0]?.freshness, 'Current');
  t.deepEqual(aggregatedCoreDiscovery([deployments]).items, []);
});

test('aggregated GET /apis', (t) => {
  const doc = aggregatedGroupsDiscovery(defs);
  t.deepEqual(
    doc.items.map((g) => [g.metadata.name, g.versions.map((v) => v.version)]),
    [
      ['apps', ['v1']],
      ['authentication.k8s.io', ['v1']],
      ['autoscaling', ['v2', 'v1']],
      ['example.com', ['v1']],
    ],
  );
  t.is(
    JSON.stringify(doc.items[0]),
    '{"metadata":{"name":"apps"},"versions":[{"version":"v1","resources":[' +
      '{"resource":"deployments","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},"scope":"Namespaced","singularResource":"deployment",' +
      '"verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["deploy"],"categories":["all"],"subresources":[' +
      '{"subresource":"scale","responseKind":{"group":"autoscaling","version":"v1","kind":"Scale"},"verbs":["get","patch","update"]},' +
      '{"subresource":"status","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},"verbs":["get","patch","update"]}]}],"freshness":"Current"}]}',
  );
  t.deepEqual(doc.items[1]?.versions[0]?.resources, [
    {
      resource: 'tokenreviews',
      responseKind: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenReview' },
      scope: 'Cluster',
      singularResource: 'tokenreview',
      verbs: ['create'],
    },
  ]);
});

test('content type, ETag and Accept', (t) => {
  t.is(AGGREGATED_DISCOVERY_CONTENT_TYPE, 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  const body = JSON.stringify(aggregatedGroupsDiscovery(defs));
  const etag = discoveryETag(body);
  t.regex(etag, /^"[0-9A-F]{128}"$/);
  t.is(etag, discoveryETag(Buffer.from(body)));
  t.is(etag, discoveryETag(JSON.stringify(aggregatedGroupsDiscovery([...defs].reverse()))));
  t.not(etag, discoveryETag(JSON.stringify(aggregatedGroupsDiscovery([deployments]))));
  t.true(isNotModified(etag, etag));
  t.false(isNotModified(etag.slice(1, -1), etag));
  t.false(isNotModified(undefined, etag));
  t.true(
    acceptsAggregatedDiscovery(
      'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json',
    ),
  );
  t.true(acceptsAggregatedDiscovery('application/json;as=APIGroupDiscoveryList;v=v2;g=apidiscovery.k8s.io'));
  t.false(acceptsAggregatedDiscovery('application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json'));
  t.false(acceptsAggregatedDiscovery('application/json, */*'));
  t.false(acceptsAggregatedDiscovery(undefined));
});
