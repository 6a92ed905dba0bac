import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };
type Meta = {
  name: string;
  uid: string;
  resourceVersion: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  finalizers?: string[];
  generation?: number;
  labels?: Record<string, string>;
};
type Obj = { kind: string; metadata: Meta; spec?: Record<string, unknown>; status?: Record<string, unknown>; message?: string; reason?: string; details?: unknown };

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(() => server.stop());

const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Obj }> => {
  const response = await fetch(`${server.url}${path}`, { method, headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Obj };
};
const configMaps = '/api/v1/namespaces/default/configmaps';

test('an object with finalizers is marked on delete and goes when the last finalizer is removed; watchers see MODIFIED then DELETED', async (t) => {
  await call('POST', configMaps, { metadata: { name: 'held', finalizers: ['example.com/hold'] }, data: { a: '1' } });
  const watch = spawn(kubectlBinary(), [
    `--kubeconfig=${server.kubeconfig}`,
    'get',
    'cm',
    'held',
    '-w',
    '-o',
    'jsonpath={.metadata.deletionTimestamp}{" "}{.metadata.finalizers}{"\\n"}',
  ]);
  let watched = '';
  watch.stdout.setEncoding('utf8').on('data', (chunk: string) => (watched += chunk));
  t.teardown(() => watch.kill());
  await until(() => watched.includes('\n'));

  const marked = await call('DELETE', `${configMaps}/held`, { propagationPolicy: 'Background' });
  t.is(marked.status, 200);
  t.is(marked.body.kind, 'ConfigMap');
  t.regex(marked.body.metadata.deletionTimestamp ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.is(marked.body.metadata.deletionGracePeriodSeconds, 0);
  // A second delete changes nothing while the finalizer holds the object.
  const again = await call('DELETE', `${configMaps}/held`);
  t.is(again.body.metadata.resourceVersion, marked.body.metadata.resourceVersion);
  t.is((await call('GET', `${configMaps}/held`)).status, 200);

  const added = await call('PUT', `${configMaps}/held`, { metadata: { name: 'held', finalizers: ['example.com/hold', 'example.com/more'] }, data: { a: '1' } });
  t.is(added.status, 422);
  t.is(
    added.body.message,
    'ConfigMap "held" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}',
  );

  const released = await call('PUT', `${configMaps}/held`, { metadata: { name: 'held', finalizers: [] }, data: { a: '1' } });
  t.is(released.status, 200);
  t.is((await call('GET', `${configMaps}/held`)).status, 404);
  await until(() => watched.split('\n').length >= 3);
  const lines = watched.split('\n');
  t.is(lines[0], ' ["example.com/hold"]');
  t.regex(lines[1] ?? '', /^\d{4}-.*Z \["example.com\/hold"\]$/);
});

test('kubectl delete waits for a finalizer to be removed, then reports the deletion', async (t) => {
  await call('POST', configMaps, { metadata: { name: 'waited', finalizers: ['example.com/hold'] } });
  const deleting = kubectl('delete', 'cm', 'waited', '--timeout=30s');
  await until(async () => (await call('GET', `${configMaps}/waited`)).body.metadata.deletionTimestamp !== undefined);
  await call('PUT', `${configMaps}/waited`, { metadata: { name: 'waited' } });
  t.is((await deleting).stdout, 'configmap "waited" deleted from default namespace\n');
});

test('preconditions on uid and resourceVersion answer 409 with kube’s message', async (t) => {
  const created = await call('POST', configMaps, { metadata: { name: 'guarded' } });
  const wrongUid = await call('DELETE', `${configMaps}/guarded`, { preconditions: { uid: 'not-the-uid' } });
  t.is(wrongUid.status, 409);
  t.is(
    wrongUid.body.message,
    `Operation cannot be fulfilled on ConfigMap "guarded": the UID in the precondition (not-the-uid) does not match the UID in record (${created.body.metadata.uid}). The object might have been deleted and then recreated`,
  );
  const wrongVersion = await call('DELETE', `${configMaps}/guarded`, { preconditions: { resourceVersion: '1' } });
  t.is(wrongVersion.status, 409);
  t.regex(
    wrongVersion.body.message ?? '',
    /the ResourceVersion in the precondition \(1\) does not match the ResourceVersion in record \(\d+\)\. The object might have been modified$/,
  );
  const right = await call('DELETE', `${configMaps}/guarded`, { preconditions: { uid: created.body.metadata.uid, resourceVersion: created.body.metadata.resourceVersion } });
  t.is(right.status, 200);
  t.is(right.body.kind, 'Status');
});

test('Orphan and Foreground deletion add the garbage collector’s finalizers; bad options are 422', async (t) => {
  await call('POST', configMaps, { metadata: { name: 'orphaned' } });
  const orphan = await call('DELETE', `${configMaps}/orphaned`, { propagationPolicy: 'Orphan' });
  t.deepEqual(orphan.body.metadata.finalizers, ['orphan']);
  await call('POST', configMaps, { metadata: { name: 'foreground' } });
  const foreground = await call('DELETE', `${configMaps}/foreground?propagationPolicy=Foreground`);
  t.deepEqual(foreground.body.metadata.finalizers, ['foregroundDeletion']);
  t.truthy(foreground.body.metadata.deletionTimestamp);

  const bad = await call('DELETE', `${configMaps}/orphaned`, { propagationPolicy: 'Sideways' });
  t.is(bad.status, 422);
  t.is(
    bad.body.message,
    'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"',
  );
});

test('delete with dryRun=All changes nothing', async (t) => {
  await call('POST', configMaps, { metadata: { name: 'kept' } });
  const dry = await call('DELETE', `${configMaps}/kept`, { dryRun: ['All'] });
  t.is(dry.status, 200);
  t.is((await call('GET', `${configMaps}/kept`)).status, 200);
  t.is((await kubectl('delete', 'cm', 'kept', '--dry-run=server')).stdout, 'configmap "kept" deleted from default namespace (server dry run)\n');
  t.is((await call('GET', `${configMaps}/kept`)).status, 200);
});

test('a scheduled pod is deleted gracefully; an unscheduled one at once; a zero grace period ends the wait', async (t) => {
  const pods = '/api/v1/namespaces/default/pods';
  const spec = { containers: [{ name: 'c', image: 'busybox' }] };
  await call('POST', pods, { metadata: { name: 'floating' }, spec });
  const immediate = await call('DELETE', `${pods}/floating`, { propagationPolicy: 'Background' });
  t.is(immediate.body.kind, 'Pod');
  t.is((await call('GET', `${pods}/floating`)).status, 404);

  await call('POST', pods, { metadata: { name: 'placed' }, spec: { ...spec, nodeName: 'node-1', terminationGracePeriodSeconds: 45 } });
  const before = Date.now();
  const graceful = await call('DELETE', `${pods}/placed`, {});
  t.is(graceful.status, 200);
  t.is(graceful.body.metadata.deletionGracePeriodSeconds, 45);
  const due = Date.parse(graceful.body.metadata.deletionTimestamp ?? '');
  t.true(due >= Math.floor(before / 1000) * 1000 + 44_000 && due <= Date.now() + 46_000);
  t.is((await call('GET', `${pods}/placed`)).status, 200);
  // The node agent's final delete: grace period 0.
  const forced = await call('DELETE', `${pods}/placed`, { gracePeriodSeconds: 0 });
  t.is(forced.status, 200);
  t.is((await call('GET', `${pods}/placed`)).status, 404);
});

test('a deleted namespace is Terminating until finalized; nothing new may be created in it; system namespaces stay', async (t) => {
  await kubectl('create', 'namespace', 'doomed', '--dry-run=client', '-o', 'json').then(({ stdout }) => call('POST', '/api/v1/namespaces', JSON.parse(stdout)));
  const created = await call('GET', '/api/v1/namespaces/doomed');
  t.deepEqual(created.body.spec, { finalizers: ['kubernetes'] });
  t.is(created.body.metadata.labels?.['kubernetes.io/metadata.name'], 'doomed');
  await call('POST', '/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'inside' } });

  t.is((await kubectl('delete', 'namespace', 'doomed', '--wait=false')).stdout, 'namespace "doomed" deleted\n');
  const terminating = await call('GET', '/api/v1/namespaces/doomed');
  t.is(terminating.body.status?.phase, 'Terminating');
  t.truthy(terminating.body.metadata.deletionTimestamp);
  t.regex((await kubectl('get', 'namespace', 'doomed')).stdout, /doomed\s+Terminating/);

  const refused = await call('POST', '/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'late' } });
  t.is(refused.status, 403);
  t.is(refused.body.message, 'configmaps "late" is forbidden: unable to create new content in namespace doomed because it is being terminated');
  t.deepEqual(refused.body.details, {
    name: 'late',
    kind: 'configmaps',
    causes: [{ reason: 'NamespaceTerminating', message: 'namespace doomed is being terminated', field: 'metadata.namespace' }],
  });
  const early = await call('DELETE', '/api/v1/namespaces/doomed');
  t.is(early.status, 409);
  t.is(
    early.body.message,
    'Operation cannot be fulfilled on namespaces "doomed": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.',
  );

  // What the namespace controller does once the namespace is empty.
  await call('DELETE', '/api/v1/namespaces/doomed/configmaps/inside');
  const finalized = await call('PUT', '/api/v1/namespaces/doomed/finalize', { metadata: { name: 'doomed' }, spec: { finalizers: [] } });
  t.is(finalized.status, 200);
  t.is((await call('GET', '/api/v1/namespaces/doomed')).status, 404);

  // orphanDependents=false asks for the foreground deletion of the namespace's dependents, as propagationPolicy=Foreground does.
  await call('POST', '/api/v1/namespaces', { metadata: { name: 'foreground' } });
  const deleting = await call('DELETE', '/api/v1/namespaces/foreground', { orphanDependents: false });
  t.deepEqual(deleting.body.metadata.finalizers, ['foregroundDeletion']);

  const immortal = await call('DELETE', '/api/v1/namespaces/default');
  t.is(immortal.status, 403);
  t.is(immortal.body.message, 'namespaces "default" is forbidden: this namespace may not be deleted');
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
