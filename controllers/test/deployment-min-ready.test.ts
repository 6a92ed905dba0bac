// minReadySeconds: the Deployment's value goes to its new ReplicaSet (a change of it alone updates
// that ReplicaSet, with no new rollout), and its pods count as available only once ready that long,
// so the Deployment is Available and complete only then.

import test from 'ava';
import type { ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { kubectl } from './controller-fixture.ts';
import { condition, deploymentsResource, eventually, getDeployment, replicaSetsOf, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

test('pods count as available after minReadySeconds; a new minReadySeconds updates the ReplicaSet in place', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  const manifest = JSON.parse(await kubectl(cluster, 'create', 'deployment', 'web', '--image=nginx', '--replicas=2', '--dry-run=client', '-o', 'json'));
  await client.create(deploymentsResource, { ...manifest, spec: { ...manifest.spec, minReadySeconds: 3 } });
  const ready = await waitForDeployment(client, 'web', 'ready, not yet available', (d) => d.status?.readyReplicas === 2);
  const readyAt = Date.now();
  t.is(ready.status?.availableReplicas, undefined);
  t.like(condition(ready, 'Available'), { status: 'False', reason: 'MinimumReplicasUnavailable' });
  const available = await waitForDeployment(
    client,
    'web',
    'available',
    (d) => d.status?.availableReplicas === 2 && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable',
  );
  t.true(Date.now() - readyAt >= 1000);
  t.like(condition(available, 'Available'), { status: 'True', reason: 'MinimumReplicasAvailable' });
  const [rs] = await replicaSetsOf(client, available);
  t.is(rs?.spec?.minReadySeconds, 3);

  await client.patch({ ...deploymentsResource, name: 'web' }, { spec: { minReadySeconds: 1 } }, { type: 'merge' });
  const updated = await eventually('minReadySeconds 1 on the ReplicaSet', async () => {
    const sets = await replicaSetsOf(client, await getDeployment(client, 'web'));
    return sets.length === 1 && sets[0]?.spec?.minReadySeconds === 1 ? (sets[0] as ReplicaSet) : undefined;
  });
  t.is(updated.metadata?.uid, rs?.metadata?.uid);
});
