import test from 'ava';
import { isNotFound, type KubeObject } from '@capstan/common/client';
import { allWellConditions, clusterWith, conditionsByType, kubectlRun, namespaceConditions, namespacesTarget } from './namespace-fixture.ts';
import { eventually } from './controller-fixture.ts';

test('objects held by finalizers keep the namespace Terminating with the conditions kube words, until the finalizers go', async (t) => {
  const cluster = await clusterWith(
    t,
    `apiVersion: v1
kind: Namespace
metadata: {name: held}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: kept, namespace: held, finalizers: [example.com/x]}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: plain, namespace: held}
---
apiVersion: v1
kind: Secret
metadata: {name: kept, namespace: held, finalizers: [example.com/x, example.com/y]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: kept, namespace: held, finalizers: [example.com/x]}
rules: []
`,
  );
  const deleted = await kubectlRun(cluster, 'delete', 'namespace', 'held', '--wait=false');
  t.is(deleted.code, 0);
  t.is(deleted.stdout, 'namespace "held" deleted\n');

  const conditions = await eventually('the namespace conditions', async () => {
    const found = await namespaceConditions(cluster, 'held');
    return found.length > 0 ? found : undefined;
  });
  t.deepEqual(
    conditions.map((c) => c.type),
    Object.keys(allWellConditions),
  );
  t.deepEqual(conditionsByType(conditions), {
    ...allWellConditions,
    NamespaceContentRemaining: {
      status: 'True',
      reason: 'SomeResourcesRemain',
      message: 'Some resources are remaining: configmaps. has 1 resource instances, roles.rbac.authorization.k8s.io has 1 resource instances, secrets. has 1 resource instances',
    },
    NamespaceFinalizersRemaining: {
      status: 'True',
      reason: 'SomeFinalizersRemain',
      message: 'Some content in the namespace has finalizers remaining: example.com/x in 3 resource instances, example.com/y in 1 resource instances',
    },
  });
  const phase = await kubectlRun(cluster, 'get', 'namespace', 'held', '-o', 'jsonpath={.status.phase}');
  t.is(phase.stdout, 'Terminating');

  // What nothing holds is gone; what finalizers hold waits, marked for deletion.
  const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'held' };
  const plain = await cluster.client.get({ ...configmaps, name: 'plain' }).catch((error: unknown) => error);
  t.true(isNotFound(plain));
  for (const target of [
    { ...configmaps, name: 'kept' },
    { group: '', version: 'v1', resource: 'secrets', namespace: 'held', name: 'kept' },
    { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'roles', namespace: 'held', name: 'kept' },
  ]) {
    const kept = await cluster.client.get<KubeObject>(target);
    t.truthy(kept.metadata?.deletionTimestamp, target.resource);
  }

  // Nothing new goes into a terminating namespace.
  const late = await kubectlRun(cluster, 'create', 'configmap', 'late', '--namespace=held');
  t.is(late.code, 1);
  t.is(late.stderr, 'error: failed to create configmap: configmaps "late" is forbidden: unable to create new content in namespace held because it is being terminated\n');

  // The namespace stays while one finalizer remains, and the conditions follow what is left.
  for (const kind of ['configmap', 'role']) {
    const patched = await kubectlRun(cluster, 'patch', kind, 'kept', '--namespace=held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}');
    t.is(patched.code, 0, patched.stderr);
  }
  const fewer = await eventually('the conditions to follow', async () => {
    const found = conditionsByType(await namespaceConditions(cluster, 'held'));
    return found.NamespaceFinalizersRemaining?.message?.includes('in 1 resource instances, ') === true ? found : undefined;
  });
  t.like(fewer, {
    NamespaceContentRemaining: { status: 'True', message: 'Some resources are remaining: secrets. has 1 resource instances' },
    NamespaceFinalizersRemaining: {
      status: 'True',
      message: 'Some content in the namespace has finalizers remaining: example.com/x in 1 resource instances, example.com/y in 1 resource instances',
    },
  });
  t.is((await cluster.client.get({ ...namespacesTarget, name: 'held' })).metadata?.name, 'held');

  const released = await kubectlRun(cluster, 'patch', 'secret', 'kept', '--namespace=held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}');
  t.is(released.code, 0, released.stderr);
  const waited = await kubectlRun(cluster, 'wait', '--for=delete', 'namespace/held', '--timeout=60s');
  t.is(waited.code, 0, waited.stderr);
});
