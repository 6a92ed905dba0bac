// The ReplicationController controller: the ReplicaSet controller run over ReplicationControllers,
// with their map selector, events from "replication-controller", and no terminatingReplicas.

import test from 'ava';
import type { ReplicationController } from '@capstan/common/api-types/core-v1';
import { replicationControllerController } from '../src/replicaset/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventsOf, replicationController, replicationControllersResource, runPod, waitForPods, waitForStatus } from './replicaset-fixture.ts';

test('a ReplicationController makes, counts and scales down its pods as a ReplicaSet does', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [replicationControllerController]);
  const created = await client.create<ReplicationController>(replicationControllersResource, replicationController('legacy', 2));
  const uid = created.metadata?.uid;
  const pods = await waitForPods(client, uid, 2);
  for (const pod of pods) {
    t.is(pod.metadata?.generateName, 'legacy-');
    t.like(pod.metadata?.ownerReferences?.[0], { apiVersion: 'v1', kind: 'ReplicationController', name: 'legacy', uid, controller: true, blockOwnerDeletion: true });
    await runPod(client, pod, true);
  }
  const counted = await waitForStatus(client, replicationControllersResource, 'legacy', 'two ready', (rc) => rc.status?.readyReplicas === 2);
  t.deepEqual(counted.status, { replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1 });
  t.regex(await kubectl(cluster, 'get', 'rc', 'legacy'), /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nlegacy\s+2\s+2\s+2\s+\d+s\n$/);

  t.is((await kubectl(cluster, 'scale', 'rc', 'legacy', '--replicas=1')).trim(), 'replicationcontroller/legacy scaled');
  await waitForStatus(client, replicationControllersResource, 'legacy', 'one replica', (rc) => rc.status?.replicas === 1 && rc.status.observedGeneration === 2);
  const recorded = await eventsOf(client, 'ReplicationController', 'legacy');
  t.deepEqual(
    recorded.map((event) => event.reason),
    ['SuccessfulCreate', 'SuccessfulCreate', 'SuccessfulDelete'],
  );
  t.true(recorded.every((event) => event.component === 'replication-controller'));
  t.is((await client.get<ReplicationController>({ ...replicationControllersResource, name: 'legacy' })).status?.conditions, undefined);
});
