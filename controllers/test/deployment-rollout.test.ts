// The deployment controller with the replicaset controller against a real API server, driven by
// kubectl as a user would: a Deployment of 3 rolls out through a ReplicaSet named by its template's
// hash; `kubectl set image` rolls it to a new ReplicaSet within maxSurge/maxUnavailable and
// `kubectl rollout status` ends; `rollout history` lists the revisions and `rollout undo` goes back
// to the first ReplicaSet, which takes the next revision and keeps the old one in revision-history.

import test from 'ava';
import { kubectl } from './controller-fixture.ts';
import { condition, getDeployment, replicaSetsOf, revisionOf, scalingEvents, startDeploymentCluster, waitForDeployment } from './deployment-fixture.ts';

test('a Deployment of 3 rolls out; set image rolls it to a new ReplicaSet; rollout undo goes back', async (t) => {
  const cluster = await startDeploymentCluster(t);
  const { client } = cluster;
  t.is((await kubectl(cluster, 'create', 'deployment', 'web', '--image=nginx', '--replicas=3')).trim(), 'deployment.apps/web created');
  t.is((await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s')).trim().split('\n').at(-1), 'deployment "web" successfully rolled out');

  const first = await getDeployment(client, 'web');
  const [rs1] = await replicaSetsOf(client, first);
  if (rs1 === undefined) throw new Error('no ReplicaSet');
  const hash = rs1.metadata?.labels?.['pod-template-hash'] ?? '';
  t.regex(hash, /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
  t.is(rs1.metadata?.name, `web-${hash}`);
  t.deepEqual(rs1.spec?.selector, { matchLabels: { app: 'web', 'pod-template-hash': hash } });
  t.deepEqual(rs1.spec?.template?.metadata?.labels, { app: 'web', 'pod-template-hash': hash });
  t.like(rs1.metadata?.annotations, { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' });
  t.like(rs1.metadata?.ownerReferences?.[0], { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: first.metadata?.uid, controller: true, blockOwnerDeletion: true });
  t.is(revisionOf(first), '1');
  t.like(first.status, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3, terminatingReplicas: 0 });
  t.is(first.status?.unavailableReplicas, undefined);
  t.like(condition(first, 'Available'), { status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' });
  t.like(condition(first, 'Progressing'), { status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "web-${hash}" has successfully progressed.` });
  t.deepEqual(await scalingEvents(client, 'web'), [`Scaled up replica set web-${hash} from 0 to 3`]);
  t.regex(await kubectl(cluster, 'get', 'deployment', 'web'), /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+3\/3\s+3\s+3\s+\d+s\n$/);

  t.is((await kubectl(cluster, 'set', 'image', 'deployment/web', 'nginx=nginx:1.27')).trim(), 'deployment.apps/web image updated');
  t.is((await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s')).trim().split('\n').at(-1), 'deployment "web" successfully rolled out');
  const second = await waitForDeployment(client, 'web', 'revision 2 complete', (d) => revisionOf(d) === '2' && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable');
  const sets = await replicaSetsOf(client, second);
  t.is(sets.length, 2);
  const rs2 = sets.find((rs) => rs.metadata?.uid !== rs1.metadata?.uid);
  const hash2 = rs2?.metadata?.labels?.['pod-template-hash'] ?? '';
  t.not(hash2, hash);
  t.is(rs2?.spec?.template?.spec?.containers[0]?.image, 'nginx:1.27');
  t.is(revisionOf(rs2 ?? {}), '2');
  t.is(sets.find((rs) => rs.metadata?.uid === rs1.metadata?.uid)?.spec?.replicas, 0);
  const events = await scalingEvents(client, 'web');
  // maxSurge 1 (25% of 3 rounded up), maxUnavailable 0 (rounded down): one new pod at a time, then one old one less.
  t.deepEqual(events.slice(1, 3), [`Scaled up replica set web-${hash2} from 0 to 1`, `Scaled down replica set web-${hash} from 3 to 2`]);
  t.is(events.at(-1), `Scaled down replica set web-${hash} from 1 to 0`);

  const history = await kubectl(cluster, 'rollout', 'history', 'deployment/web');
  t.regex(history, /^deployment\.apps\/web \nREVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/);

  t.is((await kubectl(cluster, 'rollout', 'undo', 'deployment/web')).trim(), 'deployment.apps/web rolled back');
  await kubectl(cluster, 'rollout', 'status', 'deployment/web', '--timeout=60s');
  const third = await waitForDeployment(client, 'web', 'revision 3 complete', (d) => revisionOf(d) === '3' && condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable');
  t.is(third.spec?.template.spec?.containers[0]?.image, 'nginx');
  const back = (await replicaSetsOf(client, third)).find((rs) => rs.metadata?.uid === rs1.metadata?.uid);
  t.like(back?.metadata?.annotations, { 'deployment.kubernetes.io/revision': '3', 'deployment.kubernetes.io/revision-history': '1' });
  t.is(back?.spec?.replicas, 3);
  t.regex(await kubectl(cluster, 'rollout', 'history', 'deployment/web'), /\n2\s+<none>\n3\s+<none>\n/);
});
