// The rollback kube's controller still honours for old clients: the annotation
// deprecated.deployment.rollback.to (extensions/v1beta1's spec.rollbackTo) puts the template of
// that revision back, with a DeploymentRollback event, and is removed; a revision that does not
// exist is a DeploymentRollbackRevisionNotFound warning.

import test from 'ava';
import { kubectl } from './controller-fixture.ts';
import { eventsOf, getDeployment, replicaSetsOf, revisionOf, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

test('the rollback.to annotation rolls back to its revision, or warns that the revision is not found', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  await kubectl(cluster, 'create', 'deployment', 'web', '--image=nginx');
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  await kubectl(cluster, 'set', 'image', 'deployment/web', 'nginx=nginx:1.27');
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  await waitForDeployment(client, 'web', 'revision 2', (d) => revisionOf(d) === '2');

  await kubectl(cluster, 'annotate', 'deployment/web', 'deprecated.deployment.rollback.to=7');
  const warned = await waitForDeployment(client, 'web', 'annotation removed', (d) => d.metadata?.annotations?.['deprecated.deployment.rollback.to'] === undefined);
  t.is(warned.spec?.template.spec?.containers[0]?.image, 'nginx:1.27');
  t.deepEqual(
    (await eventsOf(client, 'Deployment', 'web')).filter((event) => event.reason.startsWith('DeploymentRollback')),
    [{ reason: 'DeploymentRollbackRevisionNotFound', message: 'Unable to find the revision to rollback to.', component: 'deployment-controller' }],
  );

  await kubectl(cluster, 'annotate', 'deployment/web', 'deprecated.deployment.rollback.to=1');
  const rolledBack = await waitForDeployment(client, 'web', 'revision 3 of the first template', (d) => revisionOf(d) === '3' && d.status?.updatedReplicas === 1);
  t.is(rolledBack.spec?.template.spec?.containers[0]?.image, 'nginx');
  t.is(rolledBack.metadata?.annotations?.['deprecated.deployment.rollback.to'], undefined);
  t.is((await replicaSetsOf(client, await getDeployment(client, 'web'))).length, 2);
  const done = (await eventsOf(client, 'Deployment', 'web')).find((event) => event.reason === 'DeploymentRollback');
  t.is(done?.message, 'Rolled back deployment "web" to revision 1');
});
