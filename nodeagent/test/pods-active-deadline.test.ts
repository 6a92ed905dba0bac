// spec.activeDeadlineSeconds as the kubelet enforces it: a pod active on the node longer than its
// deadline (counted from its startTime) is failed with reason DeadlineExceeded and the kubelet's
// message and event, and its containers are killed; a deadline set later on a running pod counts
// from the same start.

import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod, eventsOf } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const message = 'Pod was active on the node longer than the specified deadline';

test('a pod past its activeDeadlineSeconds is Failed with DeadlineExceeded and its containers killed', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-deadline', api });
  const client = node.client as RestClient;
  const created = Date.now();
  await createPod(
    client,
    podManifest('short', node.nodeName, { activeDeadlineSeconds: 2, terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: 'busybox:1.36' }] }),
  );
  // The container started (on a busy machine the pod may be Failed already by the time we look).
  const started = (pod: Pod): boolean => {
    const state = pod.status?.containerStatuses?.[0]?.state;
    return state?.running !== undefined || state?.terminated?.startedAt !== undefined;
  };
  await waitForPod(client, 'default', 'short', started, 'the container to start');
  const failed = await waitForPod(client, 'default', 'short', (p) => p.status?.phase === 'Failed', 'the pod to fail');
  t.like(failed.status, { reason: 'DeadlineExceeded', message });
  // The pod started after it was created: its 2 s cannot be over sooner (startTime's whole seconds are no excuse).
  t.true(Date.now() - created >= 2000, `failed ${Date.now() - created} ms after its creation`);
  const final = await waitForPod(client, 'default', 'short', (p) => p.status?.containerStatuses?.[0]?.state?.terminated !== undefined, 'the container to be terminated');
  t.like(final.status, { phase: 'Failed', reason: 'DeadlineExceeded' });
  t.like(
    final.status?.conditions?.find((c) => c.type === 'Ready'),
    { status: 'False' },
  );
  await until(
    async () => (await node.runtime.listContainers({ filter: { state: { state: 'CONTAINER_RUNNING' } } })).containers.length,
    (n) => n === 0,
    'no running container',
  );
  const events = await until(
    () => eventsOf(client, 'short'),
    (list) => list.some((e) => e.reason === 'DeadlineExceeded'),
    'the DeadlineExceeded event',
  );
  t.like(
    events.find((e) => e.reason === 'DeadlineExceeded'),
    { type: 'Normal', message },
  );
});

test('a deadline set on a running pod ends it, counted from its start', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-deadline-later', api });
  const client = node.client as RestClient;
  await createPod(client, podManifest('later', node.nodeName, { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  const running = await waitForPod(client, 'default', 'later', (p) => p.status?.phase === 'Running', 'the pod to run');
  const elapsed = Math.ceil((Date.now() - Date.parse(running.status?.startTime as string)) / 1000);
  await client.patch(podsOf('default', 'later'), { spec: { activeDeadlineSeconds: elapsed + 1 } }, { type: 'strategic' });
  const failed = await waitForPod(client, 'default', 'later', (p) => p.status?.phase === 'Failed', 'the pod to fail', 15_000);
  t.like(failed.status, { reason: 'DeadlineExceeded', message });
});
