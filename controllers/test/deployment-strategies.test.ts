// Rollouts as kube's strategies make them: Recreate scales every old ReplicaSet to 0 and waits for
// the old pods to be gone before the new ReplicaSet exists, and revisionHistoryLimit deletes the
// oldest ReplicaSets; a RollingUpdate whose new pods never become ready stops within
// maxSurge/maxUnavailable, is scaled proportionally, and fails with ProgressDeadlineExceeded,
// which `kubectl rollout status` reports.

import test from 'ava';
import type { Deployment } from '@capstan/common/api-types/apps-v1';
import { kubectl } from './controller-fixture.ts';
import {
  condition,
  deploymentsResource,
  eventually,
  neverReadyImage,
  replicaSetsOf,
  revisionOf,
  scalingEvents,
  startDeploymentCluster,
  waitForDeployment,
} from './deployment-fixture.ts';

function deployment(name: string, replicas: number, spec: Record<string, unknown> = {}): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
      ...spec,
    },
  };
}

test('Recreate scales the old ReplicaSet to 0 before the new one is created; the history limit deletes the oldest', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  await client.create(deploymentsResource, deployment('db', 2, { strategy: { type: 'Recreate' }, revisionHistoryLimit: 1 }));
  await kubectl(cluster, 'rollout', 'status', 'deployment/db', '--timeout=60s');
  const [first] = await replicaSetsOf(client, await waitForDeployment(client, 'db', 'revision 1', (d) => revisionOf(d) === '1'));
  t.like(first?.metadata?.annotations, { 'deployment.kubernetes.io/desired-replicas': '2', 'deployment.kubernetes.io/max-replicas': '2' });

  await kubectl(cluster, 'set', 'image', 'deployment/db', 'app=nginx:1.27');
  await kubectl(cluster, 'rollout', 'status', 'deployment/db', '--timeout=60s');
  const second = await waitForDeployment(client, 'db', 'revision 2', (d) => revisionOf(d) === '2' && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable');
  const newName = (await replicaSetsOf(client, second)).find((rs) => revisionOf(rs) === '2')?.metadata?.name;
  t.deepEqual((await scalingEvents(client, 'db')).slice(1), [`Scaled down replica set ${first?.metadata?.name} from 2 to 0`, `Scaled up replica set ${newName} from 0 to 2`]);

  await kubectl(cluster, 'set', 'image', 'deployment/db', 'app=nginx:1.28');
  await kubectl(cluster, 'rollout', 'status', 'deployment/db', '--timeout=60s');
  const third = await waitForDeployment(client, 'db', 'revision 3', (d) => revisionOf(d) === '3');
  const kept = await eventually('the oldest ReplicaSet deleted', async () => {
    const sets = await replicaSetsOf(client, third);
    return sets.length === 2 ? sets : undefined;
  });
  t.deepEqual(kept.map(revisionOf).sort(), ['2', '3']);
});

test('a rollout whose pods never become ready stays within its limits, scales proportionally and exceeds its deadline', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  await client.create(deploymentsResource, deployment('api', 10, { progressDeadlineSeconds: 4 }));
  await kubectl(cluster, 'rollout', 'status', 'deployment/api', '--timeout=60s');
  await kubectl(cluster, 'set', 'image', 'deployment/api', `app=${neverReadyImage}`);
  // maxSurge 3 (25% of 10 up), maxUnavailable 2 (down): 13 pods at most, 8 available at least.
  const stuck = await waitForDeployment(client, 'api', 'old 8, new 5', (d) => d.status?.replicas === 13 && d.status?.updatedReplicas === 5 && d.status.availableReplicas === 8);
  const [old, next] = await replicaSetsOf(client, stuck);
  t.is(old?.spec?.replicas, 8);
  t.is(next?.spec?.replicas, 5);
  t.like(condition(stuck, 'Available'), { status: 'True', reason: 'MinimumReplicasAvailable' });

  const failed = await waitForDeployment(client, 'api', 'deadline exceeded', (d) => condition(d, 'Progressing')?.reason === 'ProgressDeadlineExceeded', 20_000);
  t.like(condition(failed, 'Progressing'), { status: 'False', message: `ReplicaSet "${next?.metadata?.name}" has timed out progressing.` });
  const error = await t.throwsAsync(kubectl(cluster, 'rollout', 'status', 'deployment/api', '--timeout=30s'));
  t.regex((error as Error & { stderr?: string }).stderr ?? '', /error: deployment "api" exceeded its progress deadline/);

  // 20 replicas allow 25 pods: the 12 more go 7 to the old ReplicaSet (8 of 13) and 5 to the new one.
  await kubectl(cluster, 'scale', 'deployment/api', '--replicas=20');
  await eventually('proportional scaling', async () => {
    const [o, n] = await replicaSetsOf(client, stuck);
    return o?.spec?.replicas === 15 && n?.spec?.replicas === 10 ? true : undefined;
  });
  const events = await scalingEvents(client, 'api');
  t.true(events.includes(`Scaled up replica set ${old?.metadata?.name} from 8 to 15`));
  t.true(events.includes(`Scaled up replica set ${next?.metadata?.name} from 5 to 10`));
  const scaled = await waitForDeployment(client, 'api', 'status of 25', (d) => d.status?.replicas === 25 && d.status.availableReplicas === 15);
  t.is(scaled.status?.unavailableReplicas, 10);
});
