// Lifecycle hooks and termination messages through the simulated runtime and a real API server:
// a preStop hook (exec, sleep, httpGet) runs before SIGTERM and delays the container's end; a
// postStart hook runs once the container started, and one that fails kills the container with the
// kubelet's events and PostStartHookError; the termination message comes from the file at
// terminationMessagePath, or from the log's tail with FallbackToLogsOnError.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod as create, eventsOf, execIn, isRunning as running } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const lifecycleAnnotation = (lifecycle: unknown) => ({ annotations: { 'runtime-sim.capstan.dev/lifecycle': JSON.stringify(lifecycle) } });
const exists = (client: RestClient, name: string): Promise<boolean> =>
  client.get(podsOf('default', name)).then(
    () => true,
    () => false,
  );

for (const [kind, preStop] of [
  ['exec', { exec: { command: ['sleep', '2'] } }],
  ['sleep', { sleep: { seconds: 2 } }],
] as const) {
  test(`a preStop ${kind} hook runs before SIGTERM and delays the container's end`, async (t) => {
    const node = await startAgentNode(t, { nodeName: `node-prestop-${kind}`, api });
    const client = node.client as RestClient;
    const name = `prestop-${kind}`;
    await create(client, podManifest(name, node.nodeName, { terminationGracePeriodSeconds: 10, containers: [{ name: 'app', image: 'busybox:1.36', lifecycle: { preStop } }] }));
    await waitForPod(client, 'default', name, running, 'the pod to run');
    const deleted = Date.now();
    await client.delete(podsOf('default', name));
    await until(
      () => exists(client, name),
      (present) => !present,
      'the pod to be deleted',
    );
    const elapsed = Date.now() - deleted;
    t.true(elapsed >= 2000, `deleted after ${elapsed} ms`);
    t.true(elapsed < 8000, `deleted after ${elapsed} ms`);
  });
}

test('the container is stopped only once its preStop hook has ended', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-prestop-order', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('ordered', node.nodeName, {
      terminationGracePeriodSeconds: 10,
      containers: [{ name: 'app', image: 'busybox:1.36', lifecycle: { preStop: { sleep: { seconds: 2 } } } }],
    }),
  );
  await waitForPod(client, 'default', 'ordered', running, 'the pod to run');
  // The runtime's own event stream tells when the container stopped, and how.
  const abort = new AbortController();
  t.teardown(() => abort.abort());
  const stoppedEvent = (async () => {
    for await (const event of node.runtime.getContainerEvents({}, { signal: abort.signal })) {
      if (event.containerEventType === 'CONTAINER_STOPPED_EVENT')
        return { at: Date.now(), exitCode: event.containersStatuses.find((status) => status.id === event.containerId)?.exitCode };
    }
    return undefined;
  })();
  const deleted = Date.now();
  await client.delete(podsOf('default', 'ordered'));
  const stopped = await stoppedEvent;
  t.true((stopped?.at ?? 0) - deleted >= 1900, `stopped ${(stopped?.at ?? 0) - deleted} ms after the deletion`);
  // SIGTERM (the default lifecycle exits 143 on it), not SIGKILL.
  t.is(stopped?.exitCode, 143);
});

test('an httpGet preStop hook calls the endpoint before the container stops', async (t) => {
  const calls: { path?: string; headers: IncomingHttpHeaders; at: number }[] = [];
  const server = createServer((request, response) => {
    calls.push({ path: request.url, headers: request.headers, at: Date.now() });
    // A failing code is no failure of the hook.
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  const node = await startAgentNode(t, { nodeName: 'node-prestop-http', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('http-hook', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', lifecycle: { preStop: { httpGet: { host: '127.0.0.1', port, path: '/shutdown' } } } }],
    }),
  );
  await waitForPod(client, 'default', 'http-hook', running, 'the pod to run');
  await client.delete(podsOf('default', 'http-hook'));
  await until(
    () => exists(client, 'http-hook'),
    (present) => !present,
    'the pod to be deleted',
  );
  t.is(calls.length, 1);
  t.like(calls[0], { path: '/shutdown', headers: { 'user-agent': 'kube-lifecycle/1.35', accept: '*/*' } });
  t.false((await eventsOf(client, 'http-hook')).some((e) => e.reason === 'FailedPreStopHook'));
});

test('a postStart hook runs in the started container', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-poststart', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('post', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', lifecycle: { postStart: { exec: { command: ['sh', '-c', 'echo "started $HOSTNAME" > /tmp/post-start'] } } } }],
    }),
  );
  const pod = await waitForPod(client, 'default', 'post', running, 'the pod to run');
  t.deepEqual(await execIn(node, pod, ['cat', '/tmp/post-start']), { exitCode: 0, stdout: 'started post\n' });
});

test('a failing postStart hook kills the container: FailedPostStartHook and PostStartHookError', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-poststart-fail', api });
  const client = node.client as RestClient;
  // The reason shows until the next start is tried (at once the first time): watch every status written.
  const watch = await client.watch<Pod>(podsOf('default'), { fieldSelector: 'metadata.name=post-fail' });
  const seen = (async () => {
    for await (const event of watch) {
      const waiting = (event.object as Pod).status?.containerStatuses?.[0]?.state?.waiting;
      if (waiting?.reason === 'PostStartHookError') return waiting;
    }
    return undefined;
  })();
  t.teardown(() => watch.close());
  const created = await create(
    client,
    podManifest('post-fail', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', lifecycle: { postStart: { exec: { command: ['sh', '-c', 'echo bad >&2; exit 3'] } } } }],
    }),
  );
  const waiting = await Promise.race([seen, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000))]);
  t.is(
    waiting?.message,
    `Exec lifecycle hook ([sh -c echo bad >&2; exit 3]) for Container "app" in Pod "post-fail_default(${created.metadata.uid})" failed - error: command 'sh -c echo bad >&2; exit 3' exited with 3: bad\n, message: "bad\\n"`,
  );
  const events = await until(
    () => eventsOf(client, 'post-fail'),
    (list) => list.some((e) => e.reason === 'Killing'),
    'the Killing event',
  );
  t.like(
    events.find((e) => e.reason === 'FailedPostStartHook'),
    { type: 'Warning', message: 'PostStartHook failed' },
  );
  t.like(
    events.find((e) => e.reason === 'Killing'),
    { type: 'Normal', message: 'FailedPostStartHook' },
  );
});

test('the termination message is read from terminationMessagePath', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-message', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest(
      'message',
      node.nodeName,
      { restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox:1.36', terminationMessagePath: '/tmp/why' }] },
      lifecycleAnnotation({ exit: { after: '200ms', code: 2, terminationMessage: 'database unreachable' } }),
    ),
  );
  const failed = await waitForPod(client, 'default', 'message', (p) => p.status?.phase === 'Failed', 'the pod to fail');
  t.like(failed.status?.containerStatuses?.[0]?.state?.terminated, { exitCode: 2, reason: 'Error', message: 'database unreachable' });
});

test('with FallbackToLogsOnError a failed container without a message gets its log tail', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-fallback', api });
  const client = node.client as RestClient;
  const failing = { logs: { start: ['connecting', { stderr: 'fatal: no route to db' }] }, exit: { after: '200ms', code: 1 } };
  const spec = (policy: string) => ({ restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox:1.36', terminationMessagePolicy: policy }] });
  await create(client, podManifest('fallback', node.nodeName, spec('FallbackToLogsOnError'), lifecycleAnnotation(failing)));
  await create(client, podManifest('file-only', node.nodeName, spec('File'), lifecycleAnnotation(failing)));
  await create(
    client,
    podManifest('succeeded', node.nodeName, spec('FallbackToLogsOnError'), lifecycleAnnotation({ logs: { start: ['done'] }, exit: { after: '200ms', code: 0 } })),
  );
  const terminated = async (name: string) =>
    (await waitForPod(client, 'default', name, (p) => p.status?.containerStatuses?.[0]?.state?.terminated !== undefined, `${name} to end`)).status?.containerStatuses?.[0]?.state
      ?.terminated;
  t.is((await terminated('fallback'))?.message, 'connecting\nfatal: no route to db\n');
  t.is((await terminated('file-only'))?.message, undefined);
  // Only a failure falls back to the log.
  t.is((await terminated('succeeded'))?.message, undefined);
});
