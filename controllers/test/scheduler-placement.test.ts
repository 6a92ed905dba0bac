import test from 'ava';
import { schedulerController } from '../src/scheduler/index.ts';
import { runControllers, startCluster } from './controller-fixture.ts';
import { boundNode, createNode, createPod, eventOf, getPod, pods } from './scheduler-objects.ts';

test('a pod is bound to the node that fits, with a Scheduled event from default-scheduler', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'small', { cpu: '1' });
  await createNode(cluster.client, 'large', { cpu: '8' });
  runControllers(t, cluster, [schedulerController]);
  await createPod(cluster.client, 'web', { cpu: '2', memory: '1Gi' });
  t.is(await boundNode(cluster.client, 'web'), 'large');
  const pod = await getPod(cluster.client, 'web');
  t.like(
    pod.status?.conditions?.find((c) => c.type === 'PodScheduled'),
    { status: 'True' },
  );
  const event = await eventOf(cluster.client, 'web', 'Scheduled');
  t.like(event, {
    type: 'Normal',
    message: 'Successfully assigned default/web to large',
    source: { component: 'default-scheduler' },
    involvedObject: { kind: 'Pod', name: 'web', uid: pod.metadata?.uid },
  });
});

test('nodeSelector and required node affinity steer pods', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'a', { labels: { disk: 'hdd', zone: 'z1', gen: '3' } });
  await createNode(cluster.client, 'b', { labels: { disk: 'ssd', zone: 'z1', gen: '5' } });
  await createNode(cluster.client, 'c', { labels: { disk: 'ssd', zone: 'z2', gen: '7' } });
  runControllers(t, cluster, [schedulerController]);
  const affinity = (...terms: unknown[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });
  await createPod(cluster.client, 'selector', {}, { nodeSelector: { disk: 'ssd', zone: 'z2' } });
  // Expressions of a term are ANDed.
  await createPod(
    cluster.client,
    'expressions',
    {},
    affinity({
      matchExpressions: [
        { key: 'disk', operator: 'In', values: ['ssd'] },
        { key: 'zone', operator: 'NotIn', values: ['z2'] },
      ],
    }),
  );
  await createPod(
    cluster.client,
    'gt-lt',
    {},
    affinity({
      matchExpressions: [
        { key: 'gen', operator: 'Gt', values: ['4'] },
        { key: 'gen', operator: 'Lt', values: ['6'] },
      ],
    }),
  );
  await createPod(
    cluster.client,
    'absent-label',
    {},
    affinity({
      matchExpressions: [
        { key: 'gen', operator: 'Lt', values: ['4'] },
        { key: 'gpu', operator: 'DoesNotExist' },
      ],
    }),
  );
  // Terms are ORed; matchFields selects by name.
  await createPod(
    cluster.client,
    'fields',
    {},
    affinity({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['nowhere'] }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['c'] }] }),
  );
  // Both the nodeSelector and the affinity must hold.
  await createPod(
    cluster.client,
    'both',
    {},
    {
      nodeSelector: { zone: 'z1' },
      ...affinity({
        matchExpressions: [
          { key: 'disk', operator: 'Exists' },
          { key: 'disk', operator: 'NotIn', values: ['ssd'] },
        ],
      }),
    },
  );
  t.is(await boundNode(cluster.client, 'selector'), 'c');
  t.is(await boundNode(cluster.client, 'expressions'), 'b');
  t.is(await boundNode(cluster.client, 'gt-lt'), 'b');
  t.is(await boundNode(cluster.client, 'absent-label'), 'a');
  t.is(await boundNode(cluster.client, 'fields'), 'c');
  t.is(await boundNode(cluster.client, 'both'), 'a');
});

test('NoSchedule and NoExecute taints keep out pods that do not tolerate them; PreferNoSchedule does not; a cordoned node takes only pods tolerating unschedulable', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'gpu', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] });
  await createNode(cluster.client, 'draining', { taints: [{ key: 'maintenance', effect: 'NoExecute' }] });
  await createNode(cluster.client, 'cordoned', { unschedulable: true });
  runControllers(t, cluster, [schedulerController]);

  await createPod(cluster.client, 'plain');
  await createPod(
    cluster.client,
    'tolerates-gpu',
    {},
    { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }], nodeSelector: { 'kubernetes.io/hostname': 'gpu' } },
  );
  await createPod(cluster.client, 'wrong-value', {}, { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'tpu' }], nodeSelector: { 'kubernetes.io/hostname': 'gpu' } });
  await createPod(
    cluster.client,
    'tolerates-maintenance',
    {},
    { tolerations: [{ key: 'maintenance', operator: 'Exists' }], nodeSelector: { 'kubernetes.io/hostname': 'draining' } },
  );
  await createPod(
    cluster.client,
    'tolerates-cordon',
    {},
    { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }], nodeSelector: { 'kubernetes.io/hostname': 'cordoned' } },
  );
  t.is(await boundNode(cluster.client, 'tolerates-gpu'), 'gpu');
  t.is(await boundNode(cluster.client, 'tolerates-maintenance'), 'draining');
  t.is(await boundNode(cluster.client, 'tolerates-cordon'), 'cordoned');
  // Nothing fits the plain pod until a node with only a PreferNoSchedule taint appears.
  t.falsy((await getPod(cluster.client, 'plain')).spec.nodeName);
  t.falsy((await getPod(cluster.client, 'wrong-value')).spec.nodeName);
  await createNode(cluster.client, 'soft', { taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] });
  t.is(await boundNode(cluster.client, 'plain'), 'soft');
  t.falsy((await getPod(cluster.client, 'wrong-value')).spec.nodeName);
});

test('requests count against allocatable minus the pods bound to the node, sidecars and init containers as kube adds them', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'n1', { cpu: '4', memory: '3Gi', extra: { 'example.com/gpu': '2' } });
  await createNode(cluster.client, 'n2', { cpu: '4', memory: '3Gi' });
  // Bound before the scheduler starts: n1 has 3 cpu left, n2 1 cpu.
  await createPod(cluster.client, 'running-1', { cpu: '1' }, { nodeName: 'n1' });
  await createPod(cluster.client, 'running-2', { cpu: '3' }, { nodeName: 'n2' });
  runControllers(t, cluster, [schedulerController]);

  await createPod(cluster.client, 'needs-2-cpu', { cpu: '2' });
  t.is(await boundNode(cluster.client, 'needs-2-cpu'), 'n1');
  // n1 now has 1 cpu left, n2 too; 1500m fits neither.
  await createPod(cluster.client, 'needs-1500m', { cpu: '1500m' });
  // Extended resources: only n1 has them.
  await createPod(cluster.client, 'gpu', { 'example.com/gpu': '2', cpu: '100m' });
  t.is(await boundNode(cluster.client, 'gpu'), 'n1');
  // A sidecar (restartable init container) adds to the containers (1Gi + 1Gi); a plain init container
  // counts alone, with the sidecars started before it, as a peak (3500Mi): the larger wins.
  await createPod(
    cluster.client,
    'with-init',
    { cpu: '100m', memory: '1Gi' },
    {
      initContainers: [
        { name: 'setup', image: 'busybox', resources: { requests: { memory: '3500Mi' } } },
        { name: 'proxy', image: 'busybox', restartPolicy: 'Always', resources: { requests: { memory: '1Gi' } } },
      ],
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.falsy((await getPod(cluster.client, 'with-init')).spec.nodeName);
  await createNode(cluster.client, 'n3', { cpu: '1', memory: '4Gi' });
  t.is(await boundNode(cluster.client, 'with-init'), 'n3');
  t.falsy((await getPod(cluster.client, 'needs-1500m')).spec.nodeName);
  // Deleting a bound pod frees its room: the waiting pod goes there.
  await cluster.client.delete({ ...pods, name: 'running-2' }, { gracePeriodSeconds: 0 });
  t.is(await boundNode(cluster.client, 'needs-1500m'), 'n2');
});

test('a node takes no more pods than its allocatable pods', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'tiny', { pods: '2' });
  runControllers(t, cluster, [schedulerController]);
  for (const name of ['p1', 'p2', 'p3']) await createPod(cluster.client, name);
  const bound = await Promise.all(['p1', 'p2'].map((name) => boundNode(cluster.client, name)));
  t.deepEqual(bound, ['tiny', 'tiny']);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.falsy((await getPod(cluster.client, 'p3')).spec.nodeName);
});

test('least requested spreads pods over equal nodes', async (t) => {
  const cluster = await startCluster(t);
  for (const name of ['x', 'y', 'z']) await createNode(cluster.client, name);
  runControllers(t, cluster, [schedulerController]);
  const names = Array.from({ length: 9 }, (_, i) => `spread-${i}`);
  for (const name of names) await createPod(cluster.client, name);
  const placed = await Promise.all(names.map((name) => boundNode(cluster.client, name)));
  const counts = new Map<string, number>();
  for (const node of placed) counts.set(node, (counts.get(node) ?? 0) + 1);
  t.deepEqual(Object.fromEntries([...counts].sort()), { x: 3, y: 3, z: 3 });
  // A node with more free cpu and memory wins over the others.
  await createNode(cluster.client, 'big', { cpu: '64', memory: '256Gi' });
  await createPod(cluster.client, 'after', { cpu: '1', memory: '1Gi' });
  t.is(await boundNode(cluster.client, 'after'), 'big');
});
