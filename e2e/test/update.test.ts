import test from 'ava';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };
type Meta = { resourceVersion: string; generation?: number; uid: string };

test('kubectl replace updates an object; a stale resourceVersion is a Conflict; an unchanged update writes nothing', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const file = join(server.kubeconfig, '..', 'cm.json');
  const write = (data: Record<string, string>, resourceVersion?: string) =>
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', ...(resourceVersion ? { resourceVersion } : {}) }, data }));
  write({ a: '1' });
  await kubectl('create', '-f', file, '--validate=false');
  const before = JSON.parse((await kubectl('get', 'cm', 'demo', '-o', 'json')).stdout) as { metadata: Meta };
  write({ a: '2' });
  t.is((await kubectl('replace', '-f', file, '--validate=false')).stdout, 'configmap/demo replaced\n');
  const after = JSON.parse((await kubectl('get', 'cm', 'demo', '-o', 'json')).stdout) as { metadata: Meta; data: Record<string, string> };
  t.deepEqual(after.data, { a: '2' });
  t.is(after.metadata.uid, before.metadata.uid);
  t.true(Number(after.metadata.resourceVersion) > Number(before.metadata.resourceVersion));

  write({ a: '3' }, before.metadata.resourceVersion);
  const conflict = (await t.throwsAsync(kubectl('replace', '-f', file, '--validate=false'))) as Error & { stderr: string };
  t.regex(
    conflict.stderr,
    /Error from server \(Conflict\): error when replacing ".*": Operation cannot be fulfilled on configmaps "demo": the object has been modified; please apply your changes to the latest version and try again/,
  );

  const url = `${server.url}/api/v1/namespaces/default/configmaps/demo`;
  const same = await fetch(url, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'demo' }, data: { a: '2' } }) });
  t.is(((await same.json()) as { metadata: Meta }).metadata.resourceVersion, after.metadata.resourceVersion);
  const missing = await fetch(`${url}-nope`, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'demo-nope' } }) });
  t.is(missing.status, 404);
  const renamed = await fetch(url, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'other' } }) });
  t.is(renamed.status, 400);
});

test('an update bumps generation on spec changes only and keeps the status of kinds with a status subresource', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = `${server.url}/apis/apps/v1/namespaces/default/deployments`;
  const spec = {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  };
  const created = await fetch(base, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'web' }, spec, status: { replicas: 9 } }) });
  t.is(created.status, 201);
  const labelled = (await (
    await fetch(`${base}/web`, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'web', labels: { x: 'y' } }, spec, status: { replicas: 5 } }) })
  ).json()) as { metadata: Meta; status?: unknown };
  t.is(labelled.metadata.generation, 1);
  const scaled = (await (
    await fetch(`${base}/web`, { method: 'PUT', headers: json, body: JSON.stringify({ metadata: { name: 'web' }, spec: { ...spec, replicas: 3 }, status: { replicas: 5 } }) })
  ).json()) as { metadata: Meta; status?: unknown; kind: string };
  t.is(scaled.metadata.generation, 2);
  t.is(scaled.kind, 'Deployment');
  // The status of a kind with a status subresource is written only through it: not by create, not
  // by update. It starts empty ({}, as kube writes a Go struct).
  t.deepEqual(scaled.status, {});
  const namespace = (await (
    await fetch(`${server.url}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'team' }, status: { phase: 'Terminating' } }) })
  ).json()) as { status: unknown };
  t.deepEqual(namespace.status, { phase: 'Active' });
});

test('the status subresource writes the status alone, and main-resource updates keep it', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { AppsV1Api, KubeConfig } = await import('@kubernetes/client-node');
  const { readFileSync } = await import('node:fs');
  const config = new KubeConfig();
  config.loadFromString(readFileSync(server.kubeconfig, 'utf8'));
  const apps = config.makeApiClient(AppsV1Api);
  const spec = {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  };
  await apps.createNamespacedDeployment({ namespace: 'default', body: { metadata: { name: 'web' }, spec } });
  const reported = await apps.replaceNamespacedDeploymentStatus({
    name: 'web',
    namespace: 'default',
    body: { metadata: { name: 'web', labels: { ignored: 'yes' } }, spec: { ...spec, replicas: 7 }, status: { replicas: 1, readyReplicas: 1 } },
  });
  t.deepEqual({ ...reported.status }, { replicas: 1, readyReplicas: 1 });
  t.is(reported.spec?.replicas, 1);
  t.is(reported.metadata?.labels, undefined);
  t.is(reported.metadata?.generation, 1);
  const read = await apps.readNamespacedDeploymentStatus({ name: 'web', namespace: 'default' });
  t.is(read.status?.readyReplicas, 1);
  const updated = await apps.replaceNamespacedDeployment({ name: 'web', namespace: 'default', body: { metadata: { name: 'web' }, spec: { ...spec, replicas: 2 } } });
  t.is(updated.metadata?.generation, 2);
  t.deepEqual({ ...updated.status }, { replicas: 1, readyReplicas: 1 });
  const bogus = await fetch(`${server.url}/apis/apps/v1/namespaces/default/deployments/web/nothing`);
  t.is(bogus.status, 404);
});

test('a PUT of a missing object creates it only for kinds that allow create-on-update', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const put = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const lease = await put('/apis/coordination.k8s.io/v1/namespaces/default/leases/put-made', { metadata: { name: 'put-made' }, spec: { holderIdentity: 'a' } });
  t.is(lease.status, 201);
  t.like(await lease.json(), { kind: 'Lease', metadata: { name: 'put-made', namespace: 'default' }, spec: { holderIdentity: 'a' } });
  const again = await put('/apis/coordination.k8s.io/v1/namespaces/default/leases/put-made', { metadata: { name: 'put-made' }, spec: { holderIdentity: 'b' } });
  t.is(again.status, 200);
  const dryRun = await put('/api/v1/namespaces/default/endpoints/dry-made?dryRun=All', { metadata: { name: 'dry-made' } });
  t.is(dryRun.status, 201);
  t.is((await fetch(`${server.url}/api/v1/namespaces/default/endpoints/dry-made`)).status, 404);
  const mismatch = await put('/api/v1/namespaces/default/endpoints/one', { metadata: { name: 'other' } });
  t.is(mismatch.status, 400);
  t.like(await mismatch.json(), { message: 'the name of the object (other) does not match the name on the URL (one)' });
  const configMap = await put('/api/v1/namespaces/default/configmaps/put-missing', { metadata: { name: 'put-missing' } });
  t.is(configMap.status, 404);
  t.like(await configMap.json(), { reason: 'NotFound', message: 'configmaps "put-missing" not found' });
});

test('an object’s uid cannot change: a PUT naming another uid is a 409 precondition failure, a patch changing it a 422', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const path = `${server.url}/api/v1/namespaces/default/configmaps/fixed`;
  await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'fixed' } }),
  });
  const current = (await (await fetch(path)).json()) as { metadata: { uid: string } };
  const put = await fetch(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'fixed', uid: 'other-uid' }, data: { a: 'b' } }),
  });
  t.is(put.status, 409);
  t.like(await put.json(), {
    reason: 'Conflict',
    message: `Operation cannot be fulfilled on configmaps "fixed": Precondition failed: UID in precondition: other-uid, UID in object meta: ${current.metadata.uid}`,
  });
  const patch = await fetch(path, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ metadata: { uid: 'other-uid' } }) });
  t.is(patch.status, 422);
  t.like(await patch.json(), { reason: 'Invalid', message: 'ConfigMap "fixed" is invalid: metadata.uid: Invalid value: "other-uid": field is immutable' });
  // The same uid is no change.
  const same = await fetch(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'fixed', uid: current.metadata.uid }, data: { a: 'b' } }),
  });
  t.is(same.status, 200);
});

test('empty metadata lists and maps are left out, as kube’s omitempty fields are', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const created = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'bare', labels: {}, annotations: {}, finalizers: [], ownerReferences: [] } }),
  });
  const metadata = ((await created.json()) as { metadata: Record<string, unknown> }).metadata;
  t.deepEqual(
    ['labels', 'annotations', 'finalizers', 'ownerReferences'].filter((field) => field in metadata),
    [],
  );
  await fetch(`${server.url}/api/v1/namespaces/default/configmaps/bare`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { finalizers: ['example.com/hold'] } }),
  });
  const released = await fetch(`${server.url}/api/v1/namespaces/default/configmaps/bare`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/strategic-merge-patch+json' },
    body: JSON.stringify({ metadata: { $deleteFromPrimitiveList: { finalizers: ['example.com/hold'] } } }),
  });
  t.false('finalizers' in ((await released.json()) as { metadata: Record<string, unknown> }).metadata);
});
