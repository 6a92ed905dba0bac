import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };

test('kubectl get -l, --field-selector and delete -l select by labels and name', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const labels: Record<string, Record<string, string>> = { a: { app: 'web', tier: 'front' }, b: { app: 'web' }, c: { app: 'db' }, d: {} };
  for (const [name, l] of Object.entries(labels)) {
    await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name, labels: l } }) });
  }
  const names = async (...args: string[]) =>
    (await kubectl('get', 'configmaps', '-o', 'name', ...args)).stdout
      .trim()
      .split('\n')
      .filter((l) => l !== '');
  t.deepEqual(await names('-l', 'app=web'), ['configmap/a', 'configmap/b']);
  t.deepEqual(await names('-l', 'app!=web'), ['configmap/c', 'configmap/d']);
  t.deepEqual(await names('-l', 'app in (db,web),!tier'), ['configmap/b', 'configmap/c']);
  t.deepEqual(await names('-l', 'app=web', '--chunk-size=1'), ['configmap/a', 'configmap/b']);
  t.deepEqual(await names('--field-selector', 'metadata.name=c'), ['configmap/c']);
  const bad = (await t.throwsAsync(kubectl('get', 'configmaps', '-l', 'app in web'))) as Error & { stderr: string };
  t.regex(bad.stderr, /unable to parse requirement/);
  t.regex((await kubectl('delete', 'configmaps', '-l', 'app=web')).stdout, /configmap "a" deleted[\s\S]*configmap "b" deleted/);
  t.deepEqual(await names(), ['configmap/c', 'configmap/d']);
});

test('a watch with a label selector sees an object that stops matching as DELETED', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = `${server.url}/api/v1/namespaces/default/configmaps`;
  await fetch(base, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'x', labels: { app: 'web' } } }) });
  const response = await fetch(`${base}?watch=1&labelSelector=app%3Dweb`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  await fetch(`${base}/x`, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'x', labels: { app: 'db' } } }) });
  let text = '';
  while (text.split('\n').length < 3) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  const events = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; object: { metadata: { labels: Record<string, string> } } });
  t.deepEqual(
    events.map((e) => [e.type, e.object.metadata.labels.app]),
    [
      ['ADDED', 'web'],
      ['DELETED', 'db'],
    ],
  );
});

test('per-kind field selectors: pods by node and phase across namespaces, secrets by type; an unknown field is a 400', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const pod = (name: string, nodeName?: string) => ({ metadata: { name }, spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'busybox' }] } });
  for (const [namespace, body] of [
    ['default', pod('on-a', 'node-a')],
    ['default', pod('on-b', 'node-b')],
    ['kube-system', pod('sys-a', 'node-a')],
    ['default', pod('nowhere')],
  ] as const) {
    await fetch(`${server.url}/api/v1/namespaces/${namespace}/pods`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  }
  const names = async (...args: string[]) =>
    (await kubectl('get', '-o', 'name', ...args)).stdout
      .trim()
      .split('\n')
      .filter((l) => l !== '');
  t.deepEqual(await names('pods', '-A', '--field-selector', 'spec.nodeName=node-a'), ['pod/on-a', 'pod/sys-a']);
  t.deepEqual(await names('pods', '--field-selector', 'spec.nodeName!=node-a,status.phase=Pending'), ['pod/nowhere', 'pod/on-b']);
  t.deepEqual(await names('pods', '-A', '--field-selector', 'spec.nodeName=,metadata.namespace=default'), ['pod/nowhere']);
  await fetch(`${server.url}/api/v1/namespaces/default/secrets`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'tls' }, type: 'kubernetes.io/tls' }) });
  await fetch(`${server.url}/api/v1/namespaces/default/secrets`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'plain' } }) });
  t.deepEqual(await names('secrets', '--field-selector', 'type=kubernetes.io/tls'), ['secret/tls']);
  const unknown = (await t.throwsAsync(kubectl('get', 'pods', '--field-selector', 'spec.nope=x'))) as Error & { stderr: string };
  t.regex(
    unknown.stderr,
    /Error from server \(BadRequest\): Unable to find "\/v1, Resource=pods" that match label selector "", field selector "spec.nope=x": field label not supported: spec.nope/,
  );
});
