import test from 'ava';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

test('kubectl creates, gets, lists and deletes a ConfigMap, with kube-apiserver errors', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const fails = async (...args: string[]): Promise<string> => {
    const error = (await t.throwsAsync(kubectl(...args))) as Error & { stderr: string };
    return error.stderr;
  };
  const manifest = join(server.kubeconfig, '..', 'cm.json');
  writeFileSync(manifest, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', labels: { app: 'x' } }, data: { a: '1' } }));

  t.deepEqual((await kubectl('get', 'namespaces', '-o', 'name')).stdout.trim().split('\n'), [
    'namespace/default',
    'namespace/kube-node-lease',
    'namespace/kube-public',
    'namespace/kube-system',
  ]);
  t.is((await kubectl('create', '-f', manifest, '--validate=false')).stdout, 'configmap/demo created\n');
  const created = JSON.parse((await kubectl('get', 'configmap', 'demo', '-o', 'json')).stdout) as {
    metadata: { name: string; namespace: string; uid: string; resourceVersion: string; creationTimestamp: string; generation?: number };
    data: Record<string, string>;
  };
  t.like(created, { metadata: { name: 'demo', namespace: 'default' }, data: { a: '1' } });
  t.regex(created.metadata.uid, /^[0-9a-f-]{36}$/);
  t.regex(created.metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.true(Number(created.metadata.resourceVersion) > 0);
  t.is(created.metadata.generation, undefined);
  t.regex((await kubectl('get', 'configmaps')).stdout, /^NAME\s+DATA\s+AGE\ndemo\s+1\s+\d+s\n$/);

  t.regex(await fails('create', '-f', manifest, '--validate=false'), /Error from server \(AlreadyExists\): error when creating ".*": configmaps "demo" already exists/);
  t.regex(await fails('get', 'configmap', 'nope'), /Error from server \(NotFound\): configmaps "nope" not found/);
  t.regex(await fails('create', '-f', manifest, '--validate=false', '-n', 'nowhere'), /Error from server \(NotFound\): error when creating ".*": namespaces "nowhere" not found/);

  t.is((await kubectl('delete', 'configmap', 'demo', '--wait=false')).stdout, 'configmap "demo" deleted from default namespace\n');
  const empty = await kubectl('get', 'configmaps');
  t.is(empty.stdout, '');
  t.is(empty.stderr, 'No resources found in default namespace.\n');
});

test('lists page with limit and continue from one snapshot', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const api = `${server.url}/api/v1/namespaces/default/configmaps`;
  for (let i = 0; i < 5; i++) {
    const created = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: `c${i}` } }) });
    t.is(created.status, 201);
  }
  const first = (await (await fetch(`${api}?limit=2`)).json()) as {
    kind: string;
    metadata: { resourceVersion: string; continue: string; remainingItemCount: number };
    items: { metadata: { name: string } }[];
  };
  t.is(first.kind, 'ConfigMapList');
  t.deepEqual(
    first.items.map((i) => i.metadata.name),
    ['c0', 'c1'],
  );
  t.is(first.metadata.remainingItemCount, 3);
  await fetch(`${api}/c3`, { method: 'DELETE' });
  const second = (await (await fetch(`${api}?limit=5&continue=${encodeURIComponent(first.metadata.continue)}`)).json()) as typeof first;
  t.deepEqual(
    second.items.map((i) => i.metadata.name),
    ['c2', 'c3', 'c4'],
  );
  t.is(second.metadata.resourceVersion, first.metadata.resourceVersion);
  t.false('continue' in second.metadata);
  const bad = await fetch(`${api}?continue=garbage`);
  t.is(bad.status, 400);
  t.like(await bad.json(), { reason: 'BadRequest' });
  const invalid = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'Bad_Name' } }) });
  t.is(invalid.status, 422);
  t.like(await invalid.json(), { reason: 'Invalid', details: { name: 'Bad_Name', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', field: 'metadata.name' }] } });
  const generated = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { generateName: 'gen-' } }) });
  t.regex(((await generated.json()) as { metadata: { name: string } }).metadata.name, /^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  t.is((await fetch(api, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status, 415);
});

test('a continue token whose snapshot was compacted answers 410 with a token that lists the rest at the latest revision', async (t) => {
  const server = await startApiServer(['--watch-history-duration=1s']);
  t.teardown(() => server.stop());
  const configMaps = `${server.url}/api/v1/namespaces/default/configmaps`;
  const post = (url: string, name: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name } }) });
  for (const name of ['a', 'b', 'c']) t.is((await post(configMaps, name)).status, 201);
  const first = (await (await fetch(`${configMaps}?limit=1`)).json()) as { metadata: { continue: string } };
  // Writes move the revision on (a snapshot the watch cache still holds is served from it); the
  // compactor runs on its own clock.
  let response: Response | undefined;
  const deadline = Date.now() + 30_000;
  for (let i = 0; Date.now() < deadline; i++) {
    t.is((await post(configMaps, `z${i}`)).status, 201);
    response = await fetch(`${configMaps}?limit=1&continue=${encodeURIComponent(first.metadata.continue)}`);
    if (response.status === 410) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  t.is(response?.status, 410);
  const expired = (await response?.json()) as { reason: string; message: string; metadata: { continue: string } };
  t.is(expired.reason, 'Expired');
  t.regex(expired.message, /^The provided continue parameter is too old to display a consistent list result\. .* or use the continue token in this response/);
  const rest = (await (await fetch(`${configMaps}?limit=2&continue=${encodeURIComponent(expired.metadata.continue)}`)).json()) as { items: { metadata: { name: string } }[] };
  t.deepEqual(
    rest.items.map((item) => item.metadata.name),
    ['b', 'c'],
  );
});

test('an int64 beyond 2^53 survives a create, a read and a patch digit for digit', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const pods = `${server.url}/api/v1/namespaces/default/pods`;
  const huge = '9223372036854775807';
  const body = `{"metadata":{"name":"patient"},"spec":{"terminationGracePeriodSeconds":${huge},"containers":[{"name":"c","image":"busybox"}]}}`;
  const created = await fetch(pods, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  t.is(created.status, 201);
  t.true((await created.text()).includes(`"terminationGracePeriodSeconds":${huge}`));
  t.true((await (await fetch(`${pods}/patient`)).text()).includes(`"terminationGracePeriodSeconds":${huge}`));
  const patched = await fetch(`${pods}/patient`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: '{"metadata":{"labels":{"x":"y"}}}' });
  t.is(patched.status, 200);
  t.true((await patched.text()).includes(`"terminationGracePeriodSeconds":${huge}`));
  const jsonPatched = await fetch(`${pods}/patient`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json-patch+json' },
    body: '[{"op":"add","path":"/metadata/labels/y","value":"z"}]',
  });
  t.is(jsonPatched.status, 200);
  t.true((await jsonPatched.text()).includes(`"terminationGracePeriodSeconds":${huge}`));
});
