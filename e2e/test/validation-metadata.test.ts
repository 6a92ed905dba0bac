// Metadata and template rules kube-apiserver 1.35 applies across kinds: finalizer names (standard or
// qualified for kube's own groups, the orphan/foreground pair never both) and the label errors of a
// pod template, reported at template.labels.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertInvalid, type Answer } from '../src/invalid-answer.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const configMaps = '/api/v1/namespaces/default/configmaps';
const labelKeyMessage =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

test('a finalizer of a built-in kind is standard or qualified, and orphan and foregroundDeletion are never both set', async (t) => {
  assertInvalid(
    t,
    await post(configMaps, { metadata: { name: 'held', finalizers: ['custom', 'orphan', 'foregroundDeletion', 'example.com/hold'] } }),
    'ConfigMap "held" is invalid: [metadata.finalizers: Invalid value: ["custom","orphan","foregroundDeletion","example.com/hold"]: finalizer orphan and foregroundDeletion cannot be both set, metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified]',
    ['metadata.finalizers', 'metadata.finalizers[0]'],
  );
  const standard = await post(configMaps, { metadata: { name: 'standard', finalizers: ['kubernetes', 'orphan', 'example.com/hold'] } });
  t.is(standard.status, 201, JSON.stringify(standard.body));
});

test('kubectl shows the finalizer rule on an update too', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-finalizer-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = (finalizers: string[]) =>
    JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied', namespace: 'default', finalizers }, data: { a: '1' } });
  writeFileSync(join(dir, 'good.json'), manifest(['example.com/hold']));
  writeFileSync(join(dir, 'bad.json'), manifest(['example.com/hold', 'cleanup']));
  t.is((await shared.kubectl('apply', '-f', join(dir, 'good.json'))).stdout, 'configmap/applied created\n');
  const refused = (await t.throwsAsync(shared.kubectl('apply', '-f', join(dir, 'bad.json')))) as Error & { stderr: string };
  t.regex(
    refused.stderr,
    /ConfigMap "applied" is invalid: metadata\.finalizers\[1\]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified/,
  );
});

test("the admission kinds keep apimachinery's finalizer checks only", async (t) => {
  const webhooks = await post('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', { metadata: { name: 'unqualified', finalizers: ['custom'] } });
  t.is(webhooks.status, 201, JSON.stringify(webhooks.body));
  assertInvalid(
    t,
    await post('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', { metadata: { name: 'both', finalizers: ['orphan', 'foregroundDeletion'] } }),
    'ValidatingWebhookConfiguration.admissionregistration.k8s.io "both" is invalid: metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set',
    ['metadata.finalizers'],
  );
});

test("a workload template's label errors are reported at spec.template.labels", async (t) => {
  const template = { metadata: { labels: { app: 'web', 'bad key': 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
  assertInvalid(
    t,
    await post('/apis/apps/v1/namespaces/default/deployments', { metadata: { name: 'labelled' }, spec: { selector: { matchLabels: { app: 'web' } }, template } }),
    `Deployment.apps "labelled" is invalid: spec.template.labels: Invalid value: "bad key": ${labelKeyMessage}`,
    ['spec.template.labels'],
  );
  assertInvalid(
    t,
    await post('/api/v1/namespaces/default/replicationcontrollers', { metadata: { name: 'labelled', labels: { app: 'web' } }, spec: { selector: { app: 'web' }, template } }),
    `ReplicationController "labelled" is invalid: spec.template.labels: Invalid value: "bad key": ${labelKeyMessage}`,
    ['spec.template.labels'],
  );
  // The selector that misses the template keeps its own path.
  assertInvalid(
    t,
    await post('/apis/apps/v1/namespaces/default/replicasets', { metadata: { name: 'missed' }, spec: { selector: { matchLabels: { app: 'api' } }, template } }),
    `ReplicaSet.apps "missed" is invalid: [spec.template.metadata.labels: Invalid value: {"app":"web","bad key":"x"}: \`selector\` does not match template \`labels\`, spec.template.labels: Invalid value: "bad key": ${labelKeyMessage}]`,
    ['spec.template.metadata.labels', 'spec.template.labels'],
  );
});
