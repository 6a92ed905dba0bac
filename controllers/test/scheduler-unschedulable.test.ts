import test from 'ava';
import { schedulerController } from '../src/scheduler/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { eventually } from './controller-fixture.ts';
import { boundNode, createNode, createPod, eventOf, eventsOf, getPod, podScheduledFalse, pods } from './scheduler-objects.ts';

test('a pod no node fits gets PodScheduled=False and a FailedScheduling event in kube words, and is bound once a node fits', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'web-1', { cpu: '4', labels: { tier: 'web' } });
  await createNode(cluster.client, 'db-1', { labels: { tier: 'db' } });
  await createNode(cluster.client, 'db-2', { labels: { tier: 'db' } });
  await createPod(cluster.client, 'busy', { cpu: '3' }, { nodeName: 'web-1' });
  runControllers(t, cluster, [schedulerController]);

  await createPod(cluster.client, 'waiting', { cpu: '2' }, { nodeSelector: { tier: 'web' } });
  const message =
    "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector. " +
    'no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.';
  const condition = await podScheduledFalse(cluster.client, 'waiting');
  const pod = await getPod(cluster.client, 'waiting');
  t.like(condition, { reason: 'Unschedulable', message, observedGeneration: pod.metadata?.generation });
  const event = await eventOf(cluster.client, 'waiting', 'FailedScheduling');
  t.like(event, { type: 'Warning', message, source: { component: 'default-scheduler' }, involvedObject: { kind: 'Pod', name: 'waiting' } });

  await createNode(cluster.client, 'web-2', { cpu: '4', labels: { tier: 'web' } });
  t.is(await boundNode(cluster.client, 'waiting'), 'web-2');
  t.like(
    (await getPod(cluster.client, 'waiting')).status?.conditions?.find((c) => c.type === 'PodScheduled'),
    { status: 'True' },
  );
});

test('each filter gives its reason; a node too small even when empty, or a pod that never preempts, leaves preemption nothing to try', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'tainted', { taints: [{ key: 'team', value: 'a', effect: 'NoSchedule' }] });
  await createNode(cluster.client, 'cordoned', { unschedulable: true });
  await createNode(cluster.client, 'full', { pods: '1' });
  await createNode(cluster.client, 'small', { cpu: '1', memory: '1Gi' });
  await createPod(cluster.client, 'occupant', {}, { nodeName: 'full' });
  runControllers(t, cluster, [schedulerController]);

  await createPod(cluster.client, 'big', { cpu: '2', memory: '2Gi' });
  const big = await podScheduledFalse(cluster.client, 'big');
  t.is(
    big.message,
    '0/4 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 1 Too many pods, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. ' +
      'no new claims to deallocate, preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
  );
  // The Priority admission gives a pod the policy of its PriorityClass (one set by hand must match).
  await cluster.client.create({ group: 'scheduling.k8s.io', version: 'v1', resource: 'priorityclasses' }, { metadata: { name: 'polite' }, value: 0, preemptionPolicy: 'Never' });
  await createPod(cluster.client, 'polite', { cpu: '2' }, { priorityClassName: 'polite' });
  t.is(
    (await podScheduledFalse(cluster.client, 'polite')).message,
    '0/4 nodes are available: 1 Insufficient cpu, 1 Too many pods, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. ' +
      'no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
  );
  await createPod(
    cluster.client,
    'named',
    {},
    {
      affinity: {
        nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['tainted'] }] }] } },
      },
    },
  );
  t.is(
    (await podScheduledFalse(cluster.client, 'named')).message,
    "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. " +
      'no new claims to deallocate, preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.',
  );
});

test('with no nodes at all the pod waits with "no nodes available to schedule pods", and is bound when one registers', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [schedulerController]);
  await createPod(cluster.client, 'early');
  t.like(await podScheduledFalse(cluster.client, 'early'), { reason: 'Unschedulable', message: 'no nodes available to schedule pods' });
  await createNode(cluster.client, 'first');
  t.is(await boundNode(cluster.client, 'early'), 'first');
});

test('pods of another scheduler, with scheduling gates, or already finished are left alone', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'only');
  await createPod(cluster.client, 'finished');
  await cluster.client.patch({ ...pods, name: 'finished', subresource: 'status' }, { status: { phase: 'Failed' } }, { type: 'merge' });
  runControllers(t, cluster, [schedulerController]);
  await createPod(cluster.client, 'other', {}, { schedulerName: 'my-scheduler' });
  await createPod(cluster.client, 'gated', {}, { schedulingGates: [{ name: 'example.com/wait' }] });
  await createPod(cluster.client, 'control');
  t.is(await boundNode(cluster.client, 'control'), 'only');
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const name of ['finished', 'other', 'gated']) {
    t.falsy((await getPod(cluster.client, name)).spec.nodeName, name);
    t.deepEqual(await eventsOf(cluster.client, name, 'FailedScheduling'), [], name);
  }
  // Removing the gate lets the scheduler place it.
  await cluster.client.patch({ ...pods, name: 'gated' }, { spec: { schedulingGates: null } }, { type: 'merge' });
  t.is(await boundNode(cluster.client, 'gated'), 'only');
});

test('kubectl shows where a pod went, and why another one waits', async (t) => {
  const cluster = await startCluster(t);
  await createNode(cluster.client, 'worker-1', { cpu: '2' });
  runControllers(t, cluster, [schedulerController]);
  await kubectl(cluster, 'run', 'hello', '--image=registry.k8s.io/pause:3.10');
  await boundNode(cluster.client, 'hello');
  const wide = await kubectl(cluster, 'get', 'pod', 'hello', '-o', 'wide');
  t.regex(wide, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES\n/);
  t.regex(wide, /\nhello\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+worker-1\s+<none>\s+<none>\n/);

  await kubectl(
    cluster,
    'run',
    'greedy',
    '--image=registry.k8s.io/pause:3.10',
    '--overrides={"apiVersion":"v1","spec":{"containers":[{"name":"greedy","image":"registry.k8s.io/pause:3.10","resources":{"requests":{"cpu":"3"}}}]}}',
  );
  await eventOf(cluster.client, 'greedy', 'FailedScheduling');
  const described = await kubectl(cluster, 'describe', 'pod', 'greedy');
  t.regex(described, /\nNode:\s+<none>\n/);
  t.regex(described, /\n {2}PodScheduled\s+False \n/);
  t.regex(
    described,
    /\n {2}Warning {2}FailedScheduling {2}\S+ +default-scheduler {2}0\/1 nodes are available: 1 Insufficient cpu\. no new claims to deallocate, preemption: 0\/1 nodes are available: 1 Preemption is not helpful for scheduling\.\n/,
  );
});

test('a waiting pod that is being deleted is skipped with a FailedScheduling event, as kube-scheduler skips it', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [schedulerController]);
  await cluster.client.create(pods, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'doomed', finalizers: ['example.com/hold'] },
    spec: { containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10' }] },
  });
  await podScheduledFalse(cluster.client, 'doomed');
  await cluster.client.delete({ ...pods, name: 'doomed' });
  const skipped = await eventually('the skip event', async () => (await eventsOf(cluster.client, 'doomed', 'FailedScheduling')).find((e) => e.message.startsWith('skip')));
  t.like(skipped, { type: 'Warning', message: 'skip schedule deleting pod: default/doomed' });
  // A node appearing now does not get the pod.
  await createNode(cluster.client, 'late');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.falsy((await getPod(cluster.client, 'doomed')).spec.nodeName);
  await cluster.client.patch({ ...pods, name: 'doomed' }, { metadata: { finalizers: null } }, { type: 'merge' });
});
