import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Agent, get } from 'node:https';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };

async function createConfigMap(base: string, name: string): Promise<void> {
  const response = await fetch(`${base}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name } }) });
  if (response.status !== 201) throw new Error(`create ${name}: ${response.status}`);
}

interface Event {
  readonly type: string;
  readonly object: { readonly metadata: { readonly name?: string; readonly resourceVersion: string; readonly annotations?: Record<string, string> } };
}

/** Reads watch lines until `done` says stop or the stream ends. */
async function readEvents(response: Response, done: (events: Event[]) => boolean): Promise<Event[]> {
  const events: Event[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  while (!done(events)) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line !== '') events.push(JSON.parse(line) as Event);
  }
  await reader.cancel().catch(() => {});
  return events;
}

test('kubectl delete waits for the deletion through a watch, and kubectl wait --for=delete returns', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 15_000 });
  await createConfigMap(server.url, 'a');
  await createConfigMap(server.url, 'b');
  t.is((await kubectl('delete', 'configmap', 'a', '--timeout=10s')).stdout, 'configmap "a" deleted from default namespace\n');
  const waiting = kubectl('wait', '--for=delete', 'configmap/b', '--timeout=10s');
  // kubectl must find the object before it goes (it prints nothing for one already gone): it
  // gets two seconds to start, which a loaded machine needs.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await fetch(`${server.url}/api/v1/namespaces/default/configmaps/b`, { method: 'DELETE' });
  t.is((await waiting).stdout, 'configmap/b condition met\n');
});

test('a watch-list sends the initial state, the initial-events-end bookmark, then the changes', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  await createConfigMap(server.url, 'first');
  const response = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/json');
  const reading = readEvents(response, (events) => events.length >= 4);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await createConfigMap(server.url, 'second');
  await fetch(`${server.url}/api/v1/namespaces/default/configmaps/first`, { method: 'DELETE' });
  const events = await reading;
  t.deepEqual(
    events.map((e) => [e.type, e.object.metadata.name]),
    [
      ['ADDED', 'first'],
      ['BOOKMARK', undefined],
      ['ADDED', 'second'],
      ['DELETED', 'first'],
    ],
  );
  t.deepEqual(events[1]?.object.metadata.annotations, { 'k8s.io/initial-events-end': 'true' });
  const revisions = events.map((e) => Number(e.object.metadata.resourceVersion));
  t.true((revisions[2] as number) > (revisions[1] as number) && (revisions[3] as number) > (revisions[2] as number));
});

test('a watch from a resourceVersion sends only later changes, for one name when the field selector says so, and ends at timeoutSeconds', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  await createConfigMap(server.url, 'old');
  const list = (await (await fetch(`${server.url}/api/v1/namespaces/default/configmaps`)).json()) as { metadata: { resourceVersion: string } };
  await createConfigMap(server.url, 'other');
  await createConfigMap(server.url, 'mine');
  const response = await fetch(
    `${server.url}/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${list.metadata.resourceVersion}&fieldSelector=metadata.name%3Dmine&timeoutSeconds=1`,
  );
  const started = Date.now();
  const events = await readEvents(response, () => false);
  t.deepEqual(
    events.map((e) => [e.type, e.object.metadata.name]),
    [['ADDED', 'mine']],
  );
  t.true(Date.now() - started < 3000);
});

test('watch parameters kube-apiserver refuses answer its 422 or 400 Status', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = `${server.url}/api/v1/namespaces/default/configmaps?watch=1`;
  const invalid = await fetch(`${base}&sendInitialEvents=true`);
  t.is(invalid.status, 422);
  t.like(await invalid.json(), {
    kind: 'Status',
    reason: 'Invalid',
    message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
  });
  const unsupported = await fetch(`${base}&fieldSelector=spec.nope%3Dx`);
  t.is(unsupported.status, 400);
  t.like(await unsupported.json(), { kind: 'Status', reason: 'BadRequest' });
});

test('a watch from a compacted resourceVersion gets an ERROR event with 410 Expired', async (t) => {
  const server = await startApiServer(['--watch-history-duration=1s']);
  t.teardown(() => server.stop());
  await createConfigMap(server.url, 'a');
  const first = (await (await fetch(`${server.url}/api/v1/namespaces/default/configmaps/a`)).json()) as { metadata: { resourceVersion: string } };
  // Writes move the revision on; the compactor runs on its own clock (later on a loaded machine),
  // so the watch is retried, a second at a time, until the first revision has been compacted.
  const watchFromFirst = `${server.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1&resourceVersion=${first.metadata.resourceVersion}`;
  const deadline = Date.now() + 30_000;
  let events: Event[] = [];
  for (let i = 0; Date.now() < deadline && events.length === 0; i++) {
    const created = await fetch(`${server.url}/api/v1/namespaces/default/secrets`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: `s${i}` } }) });
    t.is(created.status, 201);
    const response = await fetch(watchFromFirst);
    t.is(response.status, 200);
    // Nothing changed in configmaps after the first revision: until compaction, the watch ends empty.
    events = await readEvents(response, () => false);
  }
  t.is(events.length, 1);
  t.like(events[0], { type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } } as unknown as Event);
  t.regex((events[0]?.object as unknown as { message: string }).message, new RegExp(`^too old resource version: ${first.metadata.resourceVersion} \\(\\d+\\)$`));
});

test('with --feature-gates=WatchList=false a watch-list is refused with 422, and kubectl delete and wait fall back to list and watch', async (t) => {
  const server = await startApiServer(['--feature-gates=WatchList=false']);
  t.teardown(() => server.stop());
  const watchList = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
  t.is(watchList.status, 422);
  t.like(await watchList.json(), {
    reason: 'Invalid',
    message: 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
  });
  await createConfigMap(server.url, 'held');
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 20_000 });
  const patched = await fetch(`${server.url}/api/v1/namespaces/default/configmaps/held`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { finalizers: ['example.com/hold'] } }),
  });
  t.is(patched.status, 200);
  const waiting = kubectl('wait', '--for=delete', 'configmap/held', '--timeout=15s');
  await kubectl('delete', 'configmap', 'held', '--wait=false');
  // The finalizer holds the object while kubectl starts and finds it.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const released = await fetch(`${server.url}/api/v1/namespaces/default/configmaps/held`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { finalizers: null } }),
  });
  t.is(released.status, 200);
  t.regex((await waiting).stdout, /configmap\/held condition met/);
});

test('a watch of an idle resource ends with a bookmark at the current revision, from which it resumes after compaction', async (t) => {
  const server = await startApiServer(['--watch-history-duration=2s']);
  t.teardown(() => server.stop());
  // From the current revision: a revision from before the start (1) may already be past the 2 s of
  // history on a loaded machine, and the watch would rightly answer 410 instead.
  const start = ((await (await fetch(`${server.url}/api/v1/namespaces/default/secrets`)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  const watching = await fetch(`${server.url}/api/v1/namespaces/default/secrets?watch=true&allowWatchBookmarks=true&timeoutSeconds=5&resourceVersion=${start}`);
  // Only configmaps change; the secrets watch sees none of it.
  for (let i = 0; i < 3; i++) await createConfigMap(server.url, `idle-${i}`);
  const latest = ((await (await fetch(`${server.url}/api/v1/namespaces/default/configmaps`)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  const events = await readEvents(watching, () => false);
  const bookmarks = events.filter((event) => event.type === 'BOOKMARK');
  t.true(bookmarks.length >= 1, JSON.stringify(events));
  const last = bookmarks.at(-1)?.object.metadata.resourceVersion ?? '0';
  t.true(Number(last) >= Number(latest), `bookmark ${last}, configmaps at ${latest}`);
  // Past the history kept, a watch from the bookmark is still served.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const resumed = await fetch(`${server.url}/api/v1/namespaces/default/secrets?watch=true&resourceVersion=${last}&timeoutSeconds=1`);
  const after = await readEvents(resumed, () => false);
  t.false(
    after.some((event) => event.type === 'ERROR'),
    JSON.stringify(after),
  );
});

test('watches asked for while the server stops are ended, not a crash: it exits 0', async (t) => {
  const server = await startApiServer();
  // Many clients asking for watches again and again, as informers do, so that some are on their
  // way through the server when it stops.
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  t.teardown(() => agent.destroy());
  let watches = 0;
  let stopping = false;
  const rewatch = async (): Promise<void> => {
    for (;;) {
      const answered = await new Promise<boolean>((resolve) => {
        const request = get(`${server.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1`, { agent }, (response) => {
          watches++;
          response.resume();
          response.once('end', () => resolve(true)).once('error', () => resolve(true));
          // Ended by the client at once: the next one follows.
          setImmediate(() => request.destroy());
        });
        request.once('error', () => resolve(!stopping));
        request.once('close', () => resolve(!stopping));
      });
      if (!answered) return;
    }
  };
  const clients = Array.from({ length: 32 }, rewatch);
  await eventuallyTrue(() => watches > 200);
  stopping = true;
  t.is(await server.stop(), 0);
  await Promise.all(clients);
});

async function eventuallyTrue(probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!probe() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
