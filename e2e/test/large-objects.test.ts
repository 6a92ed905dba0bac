// Objects too large for the API server's event loop (bodies or stored objects of 256 KiB or more
// are handled on its work thread) written and read by the real clients: client-go v0.35 with
// Protobuf (create, get, update, merge patch, server-side apply, list, delete, and a Deployment
// whose replicas: 0 must survive), and kubectl 1.35 (create -f, label, annotate, replace,
// apply --server-side, get, delete). Every step answers as kube-apiserver answers it.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go large-object test needs the Go toolchain (`go` on the PATH)');

/** 30,000 labels: a body of about 450 KiB in JSON and in Protobuf. */
const labelCount = 30_000;

let server: ApiServerProcess;
let scratch: string;
test.before(async () => {
  server = await startApiServer();
  scratch = mkdtempSync(join(tmpdir(), 'capstan-large-objects-'));
  for (const name of ['large-clientgo', 'large-kubectl']) {
    const created = await fetch(`${server.url}/api/v1/namespaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name } }),
    });
    if (created.status !== 201) throw new Error(`namespace ${name}: ${created.status}`);
  }
});
test.after.always(async () => {
  await server?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

interface Step {
  readonly labels: number;
  readonly key0: string;
  readonly key1: string;
  readonly key2: string;
  readonly resourceVersion: string;
  readonly managers: string[];
}

goTest('client-go writes and reads a ConfigMap of 30,000 labels through Protobuf, and a large Deployment keeps replicas: 0', async (t) => {
  const { stdout } = await run(clientGoBinary('large-objects'), [server.kubeconfig, 'large-clientgo', String(labelCount)], { maxBuffer: 16 * 1024 * 1024 });
  const out = JSON.parse(stdout) as Record<'create' | 'get' | 'update' | 'patch' | 'apply', Step> & {
    listed: number;
    replicas: number | null;
    deploymentGetReplicas: number | null;
    deleted: boolean;
  };
  // managedFields: kube orders Update entries by time, then (within a second) by manager, so the
  // order depends on the machine's speed: compared as sets. Checked against kube-apiserver 1.35.4.
  const managers = (step: Step): string[] => [...step.managers].sort();
  t.like(out.create, { labels: labelCount, key0: 'v' });
  t.deepEqual(managers(out.create), ['large-create/Update']);
  t.deepEqual(out.get, out.create);
  t.like(out.update, { labels: labelCount, key0: 'updated' });
  t.deepEqual(managers(out.update), ['large-create/Update', 'large-update/Update']);
  t.not(out.update.resourceVersion, out.create.resourceVersion);
  t.like(out.patch, { labels: labelCount, key0: 'updated', key1: 'patched' });
  t.deepEqual(managers(out.patch), ['large-create/Update', 'large-patch/Update', 'large-update/Update']);
  // The forced apply takes over only the label it changes: the others stay shared with their managers.
  t.like(out.apply, { labels: labelCount, key0: 'updated', key1: 'patched', key2: 'applied' });
  t.deepEqual(managers(out.apply), ['large-apply/Apply', 'large-create/Update', 'large-patch/Update', 'large-update/Update']);
  t.is(out.apply.managers[0], 'large-apply/Apply', 'Apply entries come first');
  t.is(out.listed, 1);
  t.is(out.replicas, 0, 'replicas: 0 in a large Protobuf body is kept, not defaulted to 1');
  t.is(out.deploymentGetReplicas, 0);
  t.true(out.deleted);
});

const kubectl = async (...args: string[]): Promise<string> =>
  (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, '--namespace=large-kubectl', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;

test('kubectl creates, labels, annotates, replaces, applies server-side and deletes a ConfigMap of 30,000 labels', async (t) => {
  const labels = Object.fromEntries(Array.from({ length: labelCount }, (_, i) => [`key-${i}`, 'v']));
  const file = join(scratch, 'large.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'large', labels }, data: { a: 'b' } }));
  t.is(await kubectl('create', '-f', file), 'configmap/large created\n');
  t.is(await kubectl('label', 'configmap', 'large', 'key-0=labelled', '--overwrite'), 'configmap/large labeled\n');
  t.is(await kubectl('annotate', 'configmap', 'large', 'example.com/note=annotated'), 'configmap/large annotated\n');
  type ConfigMap = { metadata: { labels: Record<string, string>; annotations?: Record<string, string>; resourceVersion: string }; data: Record<string, string> };
  const read = async (): Promise<ConfigMap> => JSON.parse(await kubectl('get', 'configmap', 'large', '-o', 'json')) as ConfigMap;
  const afterLabel = await read();
  t.is(afterLabel.metadata.labels['key-0'], 'labelled');
  t.is(afterLabel.metadata.annotations?.['example.com/note'], 'annotated');
  t.is(Object.keys(afterLabel.metadata.labels).length, labelCount);

  // replace sends the object back whole (a PUT), with its resourceVersion as the precondition.
  writeFileSync(file, JSON.stringify({ ...afterLabel, data: { a: 'replaced' } }));
  t.is(await kubectl('replace', '-f', file), 'configmap/large replaced\n');
  t.is((await read()).data.a, 'replaced');

  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'large', labels: { ...labels, 'key-1': 'applied' } }, data: { b: 'applied' } }));
  t.is(await kubectl('apply', '--server-side', '--force-conflicts', '-f', file), 'configmap/large serverside-applied\n');
  const applied = await read();
  t.like(applied.metadata.labels, { 'key-0': 'v', 'key-1': 'applied' });
  t.deepEqual(applied.data, { a: 'replaced', b: 'applied' });
  // A server-side dry run of a change is answered, and stores nothing.
  t.is(await kubectl('label', 'configmap', 'large', 'key-2=dry', '--overwrite', '--dry-run=server'), 'configmap/large labeled (server dry run)\n');
  t.is((await read()).metadata.resourceVersion, applied.metadata.resourceVersion);
  t.is(await kubectl('delete', 'configmap', 'large'), 'configmap "large" deleted from large-kubectl namespace\n');
});
