// What a Deployment claims: an orphan ReplicaSet its selector matches is adopted (and its revision
// continued), one relabelled out of the selector is released; a ReplicaSet of another template
// holding the name the Deployment's hash gives is a collision, counted in status.collisionCount,
// and the new ReplicaSet takes the name of the next hash.

import test from 'ava';
import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { computePodTemplateHash } from '../src/deployment/pod-template-hash.ts';
import { controllerRefOf } from '../src/workload/controller-ref.ts';
import { kubectl } from './controller-fixture.ts';
import { deploymentsResource, eventually, getDeployment, replicaSetsOf, replicaSetsResource, revisionOf, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

const containers = [{ name: 'app', image: 'nginx' }];

function deployment(name: string, paused = false): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas: 1, paused, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers } } },
  };
}

test('an orphan ReplicaSet the selector matches is adopted and its revision continued; one relabelled away is released', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  const orphan: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'old-web', labels: { app: 'web', tier: 'old' }, annotations: { 'deployment.kubernetes.io/revision': '41' } },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web', tier: 'old' } }, template: { metadata: { labels: { app: 'web', tier: 'old' } }, spec: { containers } } },
  };
  await client.create(replicaSetsResource, orphan);
  await client.create(deploymentsResource, deployment('web'));
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  const web = await waitForDeployment(client, 'web', 'revision 42', (d) => revisionOf(d) === '42');
  const adopted = await client.get<ReplicaSet>({ ...replicaSetsResource, name: 'old-web' });
  t.like(controllerRefOf(adopted), { kind: 'Deployment', name: 'web', uid: web.metadata?.uid });
  t.is(adopted.spec?.replicas, 0);
  t.is((await replicaSetsOf(client, web)).length, 2);

  await client.patch({ ...replicaSetsResource, name: 'old-web' }, { metadata: { labels: { app: 'other', tier: 'old' } } }, { type: 'merge' });
  await eventually('old-web released', async () => {
    const released = await client.get<ReplicaSet>({ ...replicaSetsResource, name: 'old-web' });
    return controllerRefOf(released) === undefined ? released : undefined;
  });
  t.is((await replicaSetsOf(client, web)).length, 1);
});

test('a ReplicaSet of another template under the hash name is a collision: collisionCount 1 and the next name', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  await client.create(deploymentsResource, deployment('api', true));
  const stored = await getDeployment(client, 'api');
  const taken = `api-${computePodTemplateHash(stored.spec?.template, undefined)}`;
  await client.create(replicaSetsResource, {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: taken },
    spec: { replicas: 0, selector: { matchLabels: { other: 'x' } }, template: { metadata: { labels: { other: 'x' } }, spec: { containers } } },
  });
  await kubectl(cluster, 'rollout', 'resume', 'deployment/api');
  await kubectl(cluster, 'rollout', 'status', 'deployment/api', '--timeout=60s');
  const api = await waitForDeployment(client, 'api', 'collision counted', (d) => d.status?.collisionCount === 1 && d.status.availableReplicas === 1);
  const [rs] = await replicaSetsOf(client, api);
  t.is(rs?.metadata?.name, `api-${computePodTemplateHash(stored.spec?.template, 1)}`);
  t.not(rs?.metadata?.name, taken);
});
