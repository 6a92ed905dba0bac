import test from 'ava';
import { isNotFound, type KubeObject } from '@capstan/common/client';
import { allWellConditions, clusterWith, conditionsByType, kubectlRun, namespaceConditions, namespacesTarget } from './namespace-fixture.ts';
import { eventually } from './controller-fixture.ts';

test('pods go first and are given their grace period; the rest of the namespace waits for them', async (t) => {
  const cluster = await clusterWith(
    t,
    `apiVersion: v1
kind: Namespace
metadata: {name: grace}
---
apiVersion: v1
kind: Pod
metadata: {name: server, namespace: grace}
spec: {nodeName: node-a, terminationGracePeriodSeconds: 8, containers: [{name: server, image: nginx}]}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: guard, namespace: grace}
spec: {podSelector: {}, policyTypes: [Ingress]}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: grace}
`,
  );
  const pod = { group: '', version: 'v1', resource: 'pods', namespace: 'grace', name: 'server' };
  const policy = { group: 'networking.k8s.io', version: 'v1', resource: 'networkpolicies', namespace: 'grace', name: 'guard' };
  const configmap = { group: '', version: 'v1', resource: 'configmaps', namespace: 'grace', name: 'settings' };
  const deleted = await kubectlRun(cluster, 'delete', 'namespace', 'grace', '--wait=false');
  t.is(deleted.code, 0, deleted.stderr);

  const waiting = await eventually('the namespace conditions', async () => {
    const found = await namespaceConditions(cluster, 'grace');
    return found.length > 0 ? conditionsByType(found) : undefined;
  });
  t.deepEqual(waiting, {
    ...allWellConditions,
    NamespaceContentRemaining: { status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 1 resource instances' },
  });
  const terminating = await cluster.client.get<KubeObject>(pod);
  t.truthy(terminating.metadata?.deletionTimestamp);
  t.is(terminating.metadata?.deletionGracePeriodSeconds, 8);
  for (const target of [policy, configmap]) {
    const untouched = await cluster.client.get<KubeObject>(target);
    t.is(untouched.metadata?.deletionTimestamp, undefined, `${target.resource} is not deleted while a pod remains`);
  }

  // Past its grace period a pod that is still there is no longer expected to be going.
  const overdue = await eventually('the pod to be overdue', async () => {
    const found = conditionsByType(await namespaceConditions(cluster, 'grace'));
    return found.NamespaceDeletionContentFailure?.status === 'True' ? found : undefined;
  });
  t.deepEqual(overdue.NamespaceDeletionContentFailure, {
    status: 'True',
    reason: 'ContentDeletionFailed',
    message: 'Failed to delete all resource types, 1 remaining: unexpected items still remain in namespace: grace for gvr: /v1, Resource=pods',
  });
  t.truthy((await cluster.client.get<KubeObject>(policy)).metadata);

  // The node agent removes the pod once its containers have stopped; then everything else goes.
  await cluster.client.delete(pod, { gracePeriodSeconds: 0 });
  await eventually('the namespace to go', () =>
    cluster.client.get({ ...namespacesTarget, name: 'grace' }).then(
      () => undefined,
      (error: unknown) => (isNotFound(error) ? true : undefined),
    ),
  );
  for (const target of [policy, configmap]) {
    const gone = await cluster.client.get(target).catch((error: unknown) => error);
    t.true(isNotFound(gone), target.resource);
  }
});
