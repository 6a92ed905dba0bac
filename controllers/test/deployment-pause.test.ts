// Paused Deployments as kube has them, driven by kubectl: `rollout pause` sets Progressing Unknown
// DeploymentPaused and a new template rolls nothing out, while `kubectl scale` still applies;
// `rollout resume` sets DeploymentResumed and the rollout happens; `rollout restart` rolls out a
// new ReplicaSet of the same pods.

import test from 'ava';
import { kubectl } from './controller-fixture.ts';
import { condition, getDeployment, replicaSetsOf, revisionOf, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

test('a paused Deployment scales but does not roll out; resumed it rolls out; restarted it rolls out again', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  await kubectl(cluster, 'create', 'deployment', 'web', '--image=nginx', '--replicas=2');
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  const created = await getDeployment(client, 'web');

  t.is((await kubectl(cluster, 'rollout', 'pause', 'deployment/web')).trim(), 'deployment.apps/web paused');
  const paused = await waitForDeployment(client, 'web', 'paused condition', (d) => condition(d, 'Progressing')?.reason === 'DeploymentPaused');
  t.like(condition(paused, 'Progressing'), { status: 'Unknown', message: 'Deployment is paused' });
  await kubectl(cluster, 'set', 'image', 'deployment/web', 'nginx=nginx:1.27');
  await kubectl(cluster, 'scale', 'deployment/web', '--replicas=4');
  const scaled = await waitForDeployment(client, 'web', 'scaled while paused', (d) => d.status?.observedGeneration === d.metadata?.generation && d.status?.availableReplicas === 4);
  const whilePaused = await replicaSetsOf(client, scaled);
  t.is(whilePaused.length, 1);
  t.is(whilePaused[0]?.spec?.replicas, 4);
  t.is(whilePaused[0]?.spec?.template?.spec?.containers[0]?.image, 'nginx');
  t.like(whilePaused[0]?.metadata?.annotations, { 'deployment.kubernetes.io/desired-replicas': '4', 'deployment.kubernetes.io/max-replicas': '5' });
  const status = await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--watch=false');
  t.is(status.trim(), 'Waiting for deployment "web" rollout to finish: 0 out of 4 new replicas have been updated...');

  t.is((await kubectl(cluster, 'rollout', 'resume', 'deployment/web')).trim(), 'deployment.apps/web resumed');
  t.is((await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s')).trim().split('\n').at(-1), 'deployment "web" successfully rolled out');
  const resumed = await waitForDeployment(client, 'web', 'revision 2', (d) => revisionOf(d) === '2' && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable');
  t.like(resumed.status, { replicas: 4, updatedReplicas: 4, availableReplicas: 4 });
  t.is((await replicaSetsOf(client, resumed)).length, 2);

  t.is((await kubectl(cluster, 'rollout', 'restart', 'deployment/web')).trim(), 'deployment.apps/web restarted');
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  const restarted = await waitForDeployment(client, 'web', 'revision 3', (d) => revisionOf(d) === '3' && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable');
  const sets = await replicaSetsOf(client, restarted);
  t.is(sets.length, 3);
  const newest = sets.find((rs) => revisionOf(rs) === '3');
  t.truthy(newest?.spec?.template?.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']);
  t.is(newest?.spec?.replicas, 4);
  t.is(restarted.metadata?.uid, created.metadata?.uid);
});
