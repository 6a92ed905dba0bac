import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const json = { 'content-type': 'application/json' };

const shared = sharedApiServer();
const { kubectl } = shared;
const post = (path: string, body: unknown) => fetch(`${shared.server().url}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });

test('kubectl describe shows a ConfigMap with its labels and data', async (t) => {
  await post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'described', labels: { app: 'demo' } }, data: { greeting: 'hello' } });
  const { stdout } = await kubectl('describe', 'configmap', 'described');
  t.regex(stdout, /^Name:\s+described\nNamespace:\s+default\nLabels:\s+app=demo\n/);
  t.regex(stdout, /greeting:\n----\nhello/);
});

test('kubectl wait --for=create returns once the object appears; --for=condition once the status says so', async (t) => {
  const waitingForCreate = kubectl('wait', '--for=create', 'configmap/late', '--timeout=20s');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'late' } });
  t.is((await waitingForCreate).stdout, 'configmap/late condition met\n');

  await post('/api/v1/namespaces/default/pods', { metadata: { name: 'ready-soon' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const waitingForReady = kubectl('wait', '--for=condition=Ready', 'pod/ready-soon', '--timeout=20s');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
  const put = await fetch(`${shared.server().url}/api/v1/namespaces/default/pods/ready-soon/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ status }),
  });
  t.is(put.status, 200);
  t.is((await waitingForReady).stdout, 'pod/ready-soon condition met\n');
});

test('kubectl replace --force deletes the object and creates it again with a new uid', async (t) => {
  await post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'forced' }, data: { v: '1' } });
  const before = JSON.parse((await kubectl('get', 'cm', 'forced', '-o', 'json')).stdout) as { metadata: { uid: string } };
  const file = join(shared.server().kubeconfig, '..', 'forced.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'forced' }, data: { v: '2' } }));
  const { stdout } = await kubectl('replace', '--force', '-f', file);
  t.is(stdout, 'configmap "forced" deleted from default namespace\nconfigmap/forced replaced\n');
  const after = JSON.parse((await kubectl('get', 'cm', 'forced', '-o', 'json')).stdout) as { metadata: { uid: string }; data: { v: string } };
  t.not(after.metadata.uid, before.metadata.uid);
  t.is(after.data.v, '2');
});

test('kubectl api-versions and api-resources read discovery', async (t) => {
  t.regex((await kubectl('api-versions')).stdout, /^admissionregistration\.k8s\.io\/v1\n[\s\S]*\nv1\n$/);
  const resources = (await kubectl('api-resources', '--api-group=apps', '-o', 'name')).stdout;
  t.deepEqual(resources.trim().split('\n'), ['controllerrevisions.apps', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps']);
});

test('kubectl get componentstatuses probes the store and warns that the API is deprecated', async (t) => {
  const { stdout, stderr } = await kubectl('get', 'componentstatuses');
  t.regex(stdout, /^NAME\s+STATUS\s+MESSAGE\s+ERROR\nstorage\s+Healthy\s+ok\s*\n$/);
  t.regex(stderr, /Warning: v1 ComponentStatus is deprecated in v1\.19\+/);
  const one = JSON.parse((await kubectl('get', 'cs', 'storage', '-o', 'json')).stdout) as Record<string, unknown>;
  t.deepEqual(one, { kind: 'ComponentStatus', apiVersion: 'v1', metadata: { name: 'storage' }, conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }] });
  const missing = await fetch(`${shared.server().url}/api/v1/componentstatuses/scheduler`);
  t.is(missing.status, 500);
  t.deepEqual(await missing.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Component not found: scheduler', code: 500 });
  const none = (await (await fetch(`${shared.server().url}/api/v1/componentstatuses?fieldSelector=metadata.name%3Detcd-0`)).json()) as { items: unknown[] };
  t.deepEqual(none.items, []);
  t.is((await fetch(`${shared.server().url}/api/v1/componentstatuses?watch=1`)).status, 405);
});
