// A new image for a running container (what `kubectl set image` patches) restarts it as the
// kubelet does: its spec hash (name and image, the kubelet's HashContainer) no longer matches the
// running instance, which is killed ("Container X definition changed, will be restarted") and
// created again from the new image, its restart count one higher, whatever the restart policy.

import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import { computePodActions } from '../src/pods/compute-pod-actions.ts';
import type { Pod } from '../src/pods/pod-types.ts';
import { containerHash } from '../src/pods/runtime-labels.ts';
import type { RuntimeContainerStatus, RuntimePodStatus } from '../src/pods/runtime-pod-status.ts';
import { createPod, eventsOf } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

test('the container hash is the kubelet\'s: FNV-32a of the go-spew print of {"image","name"} as JSON', (t) => {
  // Computed with the kubelet's own HashContainer (go-spew v1.1.2-0.20180830191138-d8f796af33cc).
  t.is(containerHash({ name: 'c', image: 'nginx' }), '4611fea5');
  t.is(containerHash({ name: 'app', image: 'registry.example/app:2' }), 'da6b6376');
});

test('a new image restarts the running container, even with restartPolicy Never', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-set-image', api });
  const client = node.client as RestClient;
  await createPod(
    client,
    podManifest('web', node.nodeName, {
      restartPolicy: 'Never',
      containers: [
        { name: 'app', image: 'busybox:1.36' },
        { name: 'side', image: 'busybox:1.36' },
      ],
    }),
  );
  const before = await waitForPod(
    client,
    'default',
    'web',
    (p) => p.status?.phase === 'Running' && (p.status.containerStatuses ?? []).every((c) => c.state?.running !== undefined),
    'the pod to run',
  );
  const sideBefore = before.status?.containerStatuses?.find((c) => c.name === 'side');

  // kubectl set image pod/web app=busybox:1.37 sends this strategic merge patch.
  await client.patch(podsOf('default', 'web'), { spec: { containers: [{ name: 'app', image: 'busybox:1.37' }] } }, { type: 'strategic' });
  const after = await waitForPod(
    client,
    'default',
    'web',
    (p) =>
      p.status?.containerStatuses?.find((c) => c.name === 'app')?.state?.running !== undefined &&
      p.status.containerStatuses.find((c) => c.name === 'app')?.image === 'busybox:1.37',
    'the container to run the new image',
  );
  const app = after.status?.containerStatuses?.find((c) => c.name === 'app');
  t.is(app?.restartCount, 1);
  t.not(app?.containerID, before.status?.containerStatuses?.find((c) => c.name === 'app')?.containerID);
  t.truthy(app?.lastState?.terminated);
  t.is(after.status?.phase, 'Running');
  // The other container is left alone.
  t.like(
    after.status?.containerStatuses?.find((c) => c.name === 'side'),
    { restartCount: 0, containerID: sideBefore?.containerID },
  );
  const events = await until(
    () => eventsOf(client, 'web'),
    (list) => list.some((e) => e.reason === 'Killing'),
    'the Killing event',
  );
  t.like(
    events.find((e) => e.reason === 'Killing'),
    { type: 'Normal', message: 'Container app definition changed, will be restarted', involvedObject: { fieldPath: 'spec.containers{app}' } },
  );
  t.true(events.some((e) => e.reason === 'Pulled' || e.reason === 'Pulling'));
  // Only the new container and the untouched one run.
  const running = (await node.runtime.listContainers({ filter: { state: { state: 'CONTAINER_RUNNING' } } })).containers;
  t.is(running.length, 2);
});

test("computePodActions: a running container or sidecar with another hash is killed and started again, with the kubelet's messages", (t) => {
  const pod: Pod = {
    metadata: { name: 'p', namespace: 'default', uid: 'u1' },
    spec: {
      restartPolicy: 'Never',
      initContainers: [{ name: 'side', image: 'proxy:2', restartPolicy: 'Always' }],
      containers: [
        { name: 'app', image: 'app:2' },
        { name: 'same', image: 'same:1' },
      ],
    },
  };
  const running = (name: string, image: string): RuntimeContainerStatus => ({
    id: `id-${name}`,
    containerID: `sim://id-${name}`,
    name,
    state: 'running',
    createdAt: 1,
    startedAt: 1,
    finishedAt: 0,
    exitCode: 0,
    reason: '',
    message: '',
    image,
    imageRef: image,
    restartCount: 0,
    hash: containerHash({ name, image }),
    logPath: '',
    user: null,
  });
  const status: RuntimePodStatus = {
    uid: 'u1',
    sandboxes: [{ id: 's', attempt: 0, ready: true, createdAt: 1, hostNetwork: false }],
    ips: ['10.88.0.2'],
    containers: [running('side', 'proxy:1'), running('app', 'app:1'), running('same', 'same:1')],
  };
  const actions = computePodActions(pod, status);
  t.false(actions.killPod);
  t.deepEqual(
    actions.containersToKill.map((kill) => [kill.status.name, kill.message]),
    [
      ['side', 'Init container side definition changed'],
      ['app', 'Container app definition changed, will be restarted'],
    ],
  );
  t.deepEqual(
    actions.containersToStart.map((container) => container.name),
    ['side', 'app'],
  );
});
