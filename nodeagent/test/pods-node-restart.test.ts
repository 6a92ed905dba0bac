// A node that comes back without its runtime's state (the runtime restarted with the cluster):
// what its pods were running is gone. As the kubelet, the agent reports a restartPolicy: Never
// pod's containers as they ended (terminated, ContainerStatusUnknown, exit code 137) and the pod
// Failed, and never runs them again; a restartPolicy: Always pod is started again.

import test from 'ava';
import { RestClient } from '@capstan/common/client';
import { createPod } from './pods-events-and-exec.ts';
import { podManifest, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

test('after a restart without runtime state, a Never pod that was Running ends Failed and is not run again', async (t) => {
  const first = await startAgentNode(t, { nodeName: 'node-restart-never', api });
  const client = first.client as RestClient;
  await createPod(client, podManifest('once', first.nodeName, { restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  await waitForPod(client, 'default', 'once', (p) => p.status?.phase === 'Running', 'the pod to run');
  await first.stop({ keepFiles: true });

  const second = await startAgentNode(t, { nodeName: 'node-restart-never', api, dir: first.dir });
  const failed = await waitForPod(
    client,
    'default',
    'once',
    (p) => p.status?.phase === 'Failed' && p.status.containerStatuses?.[0]?.state?.terminated !== undefined,
    'the pod to be Failed with its container terminated',
  );
  t.like(failed.status?.containerStatuses?.[0], {
    name: 'app',
    ready: false,
    state: { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated' } },
  });
  t.like(
    failed.status?.conditions?.find((c) => c.type === 'Ready'),
    { status: 'False', reason: 'PodFailed' },
  );
  // Nothing of it was started again.
  const { containers } = await second.runtime.listContainers({});
  t.is(containers.length, 0);
  t.is((await second.runtime.listPodSandbox({})).items.filter((s) => s.state === 'SANDBOX_READY').length, 0);
});

test('after a restart without runtime state, an Always pod runs again with one more restart', async (t) => {
  const first = await startAgentNode(t, { nodeName: 'node-restart-always', api });
  const client = first.client as RestClient;
  await createPod(client, podManifest('again', first.nodeName, { containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const before = await waitForPod(client, 'default', 'again', (p) => p.status?.containerStatuses?.[0]?.state?.running !== undefined, 'the pod to run');
  await first.stop({ keepFiles: true });
  // The runtime starts empty; the container's log files (0.log) still count its first run.
  const second = await startAgentNode(t, { nodeName: 'node-restart-always', api, dir: first.dir });
  const after = await waitForPod(
    client,
    'default',
    'again',
    (p) => p.status?.containerStatuses?.[0]?.state?.running !== undefined && p.status.containerStatuses[0].containerID !== before.status?.containerStatuses?.[0]?.containerID,
    'the pod to run again',
  );
  t.is(after.status?.phase, 'Running');
  t.is(after.status?.containerStatuses?.[0]?.restartCount, 1);
  await until(
    async () => (await second.runtime.listContainers({})).containers.length,
    (n) => n === 1,
    'one container',
  );
  t.pass();
});

test("a restarted node's runtime hands out IPs from the Node's pod range from the first pod on", async (t) => {
  const client = new RestClient({ server: api.url });
  t.teardown(() => client.close());
  // The Node as node-ipam-controller left it before the restart.
  await client.create(
    { group: '', version: 'v1', resource: 'nodes' },
    { metadata: { name: 'node-restart-cidr' }, spec: { podCIDR: '10.244.7.0/24', podCIDRs: ['10.244.7.0/24'] } },
  );
  const node = await startAgentNode(t, { nodeName: 'node-restart-cidr', api });
  await createPod(client, podManifest('addressed', node.nodeName, { containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const pod = await waitForPod(client, 'default', 'addressed', (p) => p.status?.podIP !== undefined, 'the pod to have an IP');
  t.regex(pod.status?.podIP ?? '', /^10\.244\.7\.\d+$/);
});
