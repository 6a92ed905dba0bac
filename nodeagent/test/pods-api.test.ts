// The pod workers against a real API server and the simulated runtime: pods bound to the node run
// and report their status as the kubelet does; restart policies, back-off, init containers, image
// pull policies, seccomp, admission and graceful deletion.

import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const lifecycle = (value: unknown): Record<string, string> => ({ 'runtime-sim.capstan.dev/lifecycle': typeof value === 'string' ? value : JSON.stringify(value) });
const condition = (pod: Pod, type: string) => pod.status?.conditions?.find((c) => c.type === type);
const create = (client: RestClient, manifest: Record<string, unknown>) => client.create<Pod & { metadata: { name: string } }>(podsOf('default'), manifest);

test('a pod bound to the node runs, and its status shows Running with its container statuses and conditions', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-run', api });
  const client = node.client as RestClient;
  const created = await create(
    client,
    podManifest('web', node.nodeName, {
      containers: [
        { name: 'app', image: 'nginx:1.27' },
        { name: 'aux', image: 'busybox:1.36' },
      ],
    }),
  );
  const pod = await waitForPod(client, 'default', 'web', (p) => p.status?.phase === 'Running' && condition(p, 'Ready')?.status === 'True', 'web to be Running and Ready');
  const status = pod.status!;
  t.is(status.hostIP, '192.0.2.10');
  t.deepEqual(status.hostIPs, [{ ip: '192.0.2.10' }]);
  t.regex(status.podIP ?? '', /^\d+\.\d+\.\d+\.\d+$/);
  t.deepEqual(status.podIPs, [{ ip: status.podIP as string }]);
  t.regex(status.startTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.is(status.qosClass, 'BestEffort');
  t.deepEqual(
    status.conditions?.map((c) => [c.type, c.status]),
    [
      ['PodReadyToStartContainers', 'True'],
      ['Initialized', 'True'],
      ['Ready', 'True'],
      ['ContainersReady', 'True'],
      ['PodScheduled', 'True'],
    ],
  );
  // Regular containers' statuses are sorted by name.
  t.deepEqual(
    status.containerStatuses?.map((c) => c.name),
    ['app', 'aux'].sort(),
  );
  const app = status.containerStatuses?.find((c) => c.name === 'app');
  t.like(app, { name: 'app', ready: true, started: true, restartCount: 0, image: 'nginx:1.27', lastState: {} });
  t.regex(app?.containerID ?? '', /^capstan-runtime-sim:\/\/\S+$/);
  t.truthy(app?.imageID);
  t.truthy(app?.state?.running?.startedAt);

  // The directory the agent's server reads finds the pod and the container's log under podLogsDir.
  const ref = node.workers.directory.findPod('default', 'web');
  t.like(ref, { uid: created.metadata.uid, fullName: 'web_default' });
  t.deepEqual([...(ref?.containerNames ?? [])], ['app', 'aux']);
  const container = node.workers.directory.findContainer('default', 'web', 'app');
  t.is(container?.logPath, `${node.podLogsDir}/default_web_${created.metadata.uid}/app/0.log`);
  t.true(container?.running);
  t.is(node.workers.directory.findContainer('default', 'web', 'app', { previous: true }), undefined);
  t.is(node.workers.directory.listPods().length, 1);

  // Nothing changes, so nothing is written: the PLEG relists every second without a status write.
  const { resourceVersion } = pod.metadata;
  await new Promise((resolve) => setTimeout(resolve, 2500));
  t.is((await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'web'))).metadata.resourceVersion, resourceVersion);

  // Its sandbox carries the kubelet's labels and the pod's DNS.
  const { items } = await node.runtime.listPodSandbox({ filter: { labelSelector: { 'io.kubernetes.pod.uid': created.metadata.uid } } });
  t.is(items.length, 1);
  t.like(items[0]?.labels, { 'io.kubernetes.pod.name': 'web', 'io.kubernetes.pod.namespace': 'default', 'io.kubernetes.pod.uid': created.metadata.uid });
});

test('restartPolicy Never with a failing container ends Failed, with the exit code and reason', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-never', api });
  const client = node.client as RestClient;
  await create(client, podManifest('once', node.nodeName, { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] }, { annotations: lifecycle('failed') }));
  const pod = await waitForPod(client, 'default', 'once', (p) => p.status?.phase === 'Failed', 'the pod to fail');
  const job = pod.status?.containerStatuses?.[0];
  t.is(job?.state?.terminated?.exitCode, 1);
  t.is(job?.state?.terminated?.reason, 'Error');
  t.is(job?.restartCount, 0);
  t.false(job?.ready);
  t.like(condition(pod, 'Ready'), { status: 'False', reason: 'PodFailed' });
  t.like(condition(pod, 'ContainersReady'), { status: 'False', reason: 'PodFailed' });
  // Nothing is restarted: the runtime holds one instance.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { containers } = await node.runtime.listContainers({});
  t.is(containers.length, 1);
});

test('OnFailure restarts a failing container with the back-off reason CrashLoopBackOff', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-crash', api });
  const client = node.client as RestClient;
  const created = await create(
    client,
    podManifest('crash', node.nodeName, { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox:1.36' }] }, { annotations: lifecycle('crash-loop') }),
  );
  const pod = await waitForPod(client, 'default', 'crash', (p) => p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff', 'CrashLoopBackOff', 30_000);
  const status = pod.status?.containerStatuses?.[0];
  t.is(status?.state?.waiting?.message, `back-off 10s restarting failed container=c pod=crash_default(${created.metadata.uid})`);
  t.is(status?.restartCount, 1);
  t.is(status?.lastState?.terminated?.exitCode, 1);
  t.is(pod.status?.phase, 'Running');
  t.like(condition(pod, 'Ready'), { status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [c]' });
  // While it waits, `kubectl logs --previous` reads the instance that crashed last (attempt 1).
  const previous = node.workers.directory.findContainer('default', 'crash', 'c', { previous: true });
  t.is(previous?.attempt, 1);
  t.false(previous?.running);
  t.regex(previous?.logPath ?? '', /\/c\/1\.log$/);
  // After 10 s it runs again, and the next back-off is 20 s.
  const later = await waitForPod(
    client,
    'default',
    'crash',
    (p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 2 && p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff',
    'the second back-off',
    40_000,
  );
  t.is(later.status?.containerStatuses?.[0]?.state?.waiting?.message, `back-off 20s restarting failed container=c pod=crash_default(${created.metadata.uid})`);
});
