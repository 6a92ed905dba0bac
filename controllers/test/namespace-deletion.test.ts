import test from 'ava';
import type { KubeObject, WatchEvent } from '@capstan/common/client';
import type { Namespace } from '../src/namespace/namespaced-resources-deleter.ts';
import { allWellConditions, clusterWith, conditionsByType, kubectlRun, namespacesTarget } from './namespace-fixture.ts';
import { eventually } from './controller-fixture.ts';

const contentKinds = [
  { group: '', version: 'v1', resource: 'configmaps' },
  { group: '', version: 'v1', resource: 'secrets' },
  { group: '', version: 'v1', resource: 'pods' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'roles' },
  { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' },
];

test('kubectl delete namespace returns once the controller has deleted everything in it and the namespace is gone', async (t) => {
  const cluster = await clusterWith(
    t,
    `apiVersion: v1
kind: Namespace
metadata: {name: shop}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: shop}
data: {color: blue}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: more-settings, namespace: shop}
---
apiVersion: v1
kind: Secret
metadata: {name: token, namespace: shop}
stringData: {token: x}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec: {containers: [{name: web, image: nginx}]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: reader, namespace: shop}
rules: [{apiGroups: [''], resources: [configmaps], verbs: [get]}]
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata: {name: lock, namespace: shop}
spec: {holderIdentity: me}
`,
  );
  for (const kind of contentKinds) t.not((await cluster.client.list({ ...kind, namespace: 'shop' })).items.length, 0, kind.resource);
  const watch = await cluster.client.watch<Namespace>(namespacesTarget, { fieldSelector: 'metadata.name=shop' });
  const events: WatchEvent<Namespace>[] = [];
  const watched = (async () => {
    for await (const event of watch) {
      events.push(event);
      if (event.type === 'DELETED') return;
    }
  })();
  t.teardown(() => watch.close());

  const deleted = await kubectlRun(cluster, 'delete', 'namespace', 'shop');
  t.is(deleted.stderr, '');
  t.is(deleted.code, 0);
  t.is(deleted.stdout, 'namespace "shop" deleted\n');
  // The controller waits 5 s before it starts, as kube-controller-manager does.
  t.true(deleted.elapsedMs >= 5000, `kubectl returned after ${deleted.elapsedMs} ms`);

  const gone = await kubectlRun(cluster, 'get', 'namespace', 'shop');
  t.is(gone.stderr, 'Error from server (NotFound): namespaces "shop" not found\n');
  for (const kind of contentKinds) t.deepEqual((await cluster.client.list({ ...kind, namespace: 'shop' })).items, [], kind.resource);

  await watched;
  // The DELETED event carries the last state stored, with the conditions of the last pass.
  const last = events.at(-1);
  t.is(last?.type, 'DELETED');
  const final = last?.object as Namespace;
  t.is(final.status?.phase, 'Terminating');
  t.deepEqual(
    final.status?.conditions?.map((c) => c.type),
    Object.keys(allWellConditions),
  );
  t.deepEqual(conditionsByType(final.status?.conditions ?? []), allWellConditions);
  for (const condition of final.status?.conditions ?? []) t.regex(condition.lastTransitionTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});

// The namespace controller finds a custom resource through discovery as it finds built-in ones.
test('custom resources of a CRD are deleted with their namespace', async (t) => {
  const cluster = await clusterWith(
    t,
    `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
---
apiVersion: v1
kind: Namespace
metadata: {name: workshop}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: workshop}
`,
  );
  const widgets = { group: 'example.com', version: 'v1', resource: 'widgets', namespace: 'workshop' };
  await eventually('widgets to be served', () =>
    cluster.client.list(widgets).then(
      () => true,
      () => undefined,
    ),
  );
  await cluster.client.create<KubeObject>(widgets, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'gear' } });

  const deleted = await kubectlRun(cluster, 'delete', 'namespace', 'workshop');
  t.is(deleted.code, 0);
  t.deepEqual((await cluster.client.list(widgets)).items, []);
});
