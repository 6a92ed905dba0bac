// Both controllers together, as `capstan controllers` runs them: a Node that goes silent is tainted
// unreachable, and its pods, which got the API server's default tolerations (here 2 s), are evicted
// that long after, while a pod tolerating the taint forever stays.

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import { nodeLifecycleController, taintEvictionController } from '../src/node-lifecycle/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventually, hasTaint, pods, SimulatedKubelet, waitForEvent, waitForNode } from './simulated-kubelet.ts';

type PodObject = KubeObject & { spec: { tolerations?: unknown[] }; status?: { conditions?: { type: string; status: string; reason?: string }[] } };

test('the pods of a silent node are evicted when their default unreachable toleration ends; a pod tolerating it forever stays', async (t) => {
  const cluster = await startCluster(t, ['--default-not-ready-toleration-seconds=2', '--default-unreachable-toleration-seconds=2']);
  const { client } = cluster;
  runControllers(t, cluster, [nodeLifecycleController, taintEvictionController], { nodeLifecycle: { monitorPeriodMs: 500, monitorGracePeriodMs: 3000, evictionRate: 10 } });
  const failing = await SimulatedKubelet.register(client, 'failing');
  const steady = await SimulatedKubelet.register(client, 'steady');
  t.teardown(() => Promise.all([failing.stop(), steady.stop()]).then(() => {}));
  await kubectl(cluster, 'run', 'web', '--image=nginx', '--overrides={"spec":{"nodeName":"failing"}}');
  await client.create(pods, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'stubborn' },
    spec: { nodeName: 'failing', tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }], containers: [{ name: 'c', image: 'nginx' }] },
  });
  await client.create(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bystander' }, spec: { nodeName: 'steady', containers: [{ name: 'c', image: 'nginx' }] } });
  t.like((await client.get<PodObject>({ ...pods, name: 'web' })).spec.tolerations, [
    { key: 'node.kubernetes.io/not-ready', tolerationSeconds: 2 },
    { key: 'node.kubernetes.io/unreachable', tolerationSeconds: 2 },
  ]);
  await waitForEvent(client, 'Node', 'failing', 'RegisteredNode');

  await failing.stop();
  const tainted = await waitForNode(client, 'failing', 'the unreachable NoExecute taint', (node) => hasTaint(node, 'node.kubernetes.io/unreachable', 'NoExecute'));
  const taintedAt = Date.now();
  const evicted = await eventually('web evicted', async () => {
    const web = await client.get<PodObject>({ ...pods, name: 'web' });
    return web.metadata?.deletionTimestamp === undefined ? undefined : web;
  });
  const after = Date.now() - taintedAt;
  t.true(after >= 1500 && after < 4500, `evicted ${after} ms after the taint`);
  t.like(
    evicted.status?.conditions?.find((c) => c.type === 'DisruptionTarget'),
    { status: 'True', reason: 'DeletionByTaintManager' },
  );
  t.like(await waitForEvent(client, 'Pod', 'web', 'TaintManagerEviction'), { message: 'Marking for deletion Pod default/web' });
  t.truthy(tainted.spec?.taints?.find((taint) => taint.effect === 'NoExecute')?.timeAdded);

  await new Promise((resolve) => setTimeout(resolve, 3000));
  t.is((await client.get<PodObject>({ ...pods, name: 'stubborn' })).metadata?.deletionTimestamp, undefined);
  t.is((await client.get<PodObject>({ ...pods, name: 'bystander' })).metadata?.deletionTimestamp, undefined);
  t.regex(await kubectl(cluster, 'get', 'pods', '--no-headers'), /stubborn/);
});
