// The pod workers' lifecycle against a real API server and the simulated runtime: init containers
// one after another before the containers, graceful deletion honouring the grace period and
// ending with the pod's removal, and pods removed from the API torn down.

import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const condition = (pod: Pod, type: string) => pod.status?.conditions?.find((c) => c.type === type);
const create = (client: RestClient, manifest: Record<string, unknown>) => client.create<Pod & { metadata: { name: string } }>(podsOf('default'), manifest);
const exists = async (client: RestClient, name: string): Promise<boolean> =>
  client.get(podsOf('default', name)).then(
    () => true,
    () => false,
  );

test('init containers run one at a time, in order, before the containers', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-init', api });
  const client = node.client as RestClient;
  const initExit = JSON.stringify({ exit: { after: '600ms', code: 0 } });
  await create(
    client,
    podManifest(
      'init',
      node.nodeName,
      {
        initContainers: [
          { name: 'first', image: 'busybox:1.36' },
          { name: 'second', image: 'busybox:1.36' },
        ],
        containers: [{ name: 'main', image: 'busybox:1.36' }],
      },
      { annotations: { 'runtime-sim.capstan.dev/lifecycle.first': initExit, 'runtime-sim.capstan.dev/lifecycle.second': initExit } },
    ),
  );
  const pending = await waitForPod(client, 'default', 'init', (p) => p.status?.initContainerStatuses?.[0]?.state?.running !== undefined, 'the first init container to run');
  t.is(pending.status?.phase, 'Pending');
  t.like(condition(pending, 'Initialized'), { status: 'False', reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [first second]' });
  t.like(pending.status?.initContainerStatuses?.[1], { name: 'second', state: { waiting: { reason: 'PodInitializing' } } });
  t.like(pending.status?.containerStatuses?.[0], { name: 'main', state: { waiting: { reason: 'PodInitializing' } } });

  const running = await waitForPod(client, 'default', 'init', (p) => p.status?.phase === 'Running', 'the pod to run');
  t.deepEqual(
    running.status?.initContainerStatuses?.map((c) => [c.name, c.state?.terminated?.reason, c.state?.terminated?.exitCode, c.ready]),
    [
      ['first', 'Completed', 0, true],
      ['second', 'Completed', 0, true],
    ],
  );
  t.like(condition(running, 'Initialized'), { status: 'True' });
  // In the runtime: each was created only after the one before it had exited.
  const { containers } = await node.runtime.listContainers({});
  const statuses = await Promise.all(containers.map(async (c) => (await node.runtime.containerStatus({ containerId: c.id })).status!));
  const byName = Object.fromEntries(statuses.map((s) => [s.metadata?.name, s]));
  t.true(byName.first!.finishedAt <= byName.second!.createdAt, 'second created after first finished');
  t.true(byName.second!.finishedAt <= byName.main!.createdAt, 'main created after second finished');
});

test('deletion stops the containers within the grace period, then the agent removes the pod', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-delete', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest(
      'slow',
      node.nodeName,
      { terminationGracePeriodSeconds: 2, containers: [{ name: 'app', image: 'busybox:1.36' }] },
      { annotations: { 'runtime-sim.capstan.dev/lifecycle': 'ignore-sigterm' } },
    ),
  );
  await waitForPod(client, 'default', 'slow', (p) => p.status?.phase === 'Running', 'the pod to run');
  const started = Date.now();
  await client.delete(podsOf('default', 'slow'));
  // SIGTERM is ignored: the pod stays (being deleted) until the 2 s grace period ends in SIGKILL.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const deleting = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'slow'));
  t.truthy(deleting.metadata.deletionTimestamp);
  t.is(deleting.metadata.deletionGracePeriodSeconds, 2);
  await until(
    () => exists(client, 'slow'),
    (present) => !present,
    'the pod to be deleted',
  );
  const elapsed = Date.now() - started;
  t.true(elapsed >= 2000, `deleted after ${elapsed} ms`);
  t.true(elapsed < 8000, `deleted after ${elapsed} ms`);
  // Everything the runtime had of it is removed.
  await until(
    async () => (await node.runtime.listPodSandbox({})).items.length + (await node.runtime.listContainers({})).containers.length,
    (n) => n === 0,
    'the runtime to be empty',
  );
  t.is(node.workers.directory.findPod('default', 'slow'), undefined);
});

test('the final status of a deleted pod is terminal before the pod goes', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-final', api });
  const client = node.client as RestClient;
  await create(client, podManifest('final', node.nodeName, { terminationGracePeriodSeconds: 5, containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  await waitForPod(client, 'default', 'final', (p) => p.status?.phase === 'Running', 'the pod to run');
  const watch = await client.watch<Pod>(podsOf('default'), { fieldSelector: 'metadata.name=final' });
  const seen: Pod[] = [];
  const reading = (async () => {
    for await (const event of watch) {
      seen.push(event.object as Pod);
      if (event.type === 'DELETED') break;
    }
  })();
  await client.delete(podsOf('default', 'final'));
  await Promise.race([reading, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('no DELETED event')), 15_000))]);
  const last = seen.at(-1) as Pod;
  // SIGTERM ends the default lifecycle with 143: the pod is Failed when it is removed.
  t.is(last.status?.phase, 'Failed');
  t.is(last.status?.containerStatuses?.[0]?.state?.terminated?.exitCode, 143);
  t.like(condition(last, 'Ready'), { status: 'False', reason: 'PodFailed' });
});

test('a pod removed from the API at once is torn down in the runtime', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-force', api });
  const client = node.client as RestClient;
  await create(client, podManifest('forced', node.nodeName, { containers: [{ name: 'app', image: 'busybox:1.36' }] }));
  await waitForPod(client, 'default', 'forced', (p) => p.status?.phase === 'Running', 'the pod to run');
  t.is((await node.runtime.listContainers({})).containers.length, 1);
  await client.delete(podsOf('default', 'forced'), { gracePeriodSeconds: 0 });
  await until(
    async () => (await node.runtime.listPodSandbox({})).items.length + (await node.runtime.listContainers({})).containers.length,
    (n) => n === 0,
    'the runtime to be empty',
  );
  t.pass();
});
