// Unknown fields of built-in kinds are dropped, as kube-apiserver's decoding drops them; the
// request's fieldValidation (kubectl's --validate) decides whether that is silent, a warning, or
// a 400.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const { kubectl } = shared;
const manifest = (name: string, body: unknown): string => {
  const file = join(shared.server().kubeconfig, '..', `${name}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
};
const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'web', image: 'nginx', imagePolicy: 'Always', ports: [{ containerPort: 80, protocl: 'TCP' }] }] },
    },
  },
});

test("kubectl create -f refuses unknown fields with kube's strict decoding error (validation on by default)", async (t) => {
  const error = (await t.throwsAsync(kubectl('create', '-f', manifest('strict', deployment('strict'))))) as Error & { stderr: string };
  t.regex(
    error.stderr,
    /Error from server \(BadRequest\): error when creating ".*": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec\.template\.spec\.containers\[0\]\.imagePolicy", unknown field "spec\.template\.spec\.containers\[0\]\.ports\[0\]\.protocl"/,
  );
  t.is((await fetch(`${shared.server().url}/apis/apps/v1/namespaces/default/deployments/strict`)).status, 404);
});

test("--validate=warn creates the object without the unknown fields and prints kube's warnings; Ignore is silent", async (t) => {
  const { stdout, stderr } = await kubectl('create', '-f', manifest('warned', deployment('warned')), '--validate=warn');
  t.is(stdout, 'deployment.apps/warned created\n');
  t.regex(stderr, /Warning: unknown field "spec\.template\.spec\.containers\[0\]\.imagePolicy"/);
  const stored = (await (await fetch(`${shared.server().url}/apis/apps/v1/namespaces/default/deployments/warned`)).json()) as {
    spec: { template: { spec: { containers: Record<string, unknown>[] } } };
  };
  // Without the unknown fields, and defaulted as kube defaults a container.
  t.deepEqual(stored.spec.template.spec.containers[0], {
    name: 'web',
    image: 'nginx',
    ports: [{ containerPort: 80, protocol: 'TCP' }],
    resources: {},
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'Always',
  });

  const ignored = await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps?fieldValidation=Ignore`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'quiet' }, data: { a: '1' }, color: 'blue' }),
  });
  t.is(ignored.status, 201);
  t.is(ignored.headers.get('warning'), null);
  t.false('color' in ((await ignored.json()) as object));
});

test('updates and merge patches drop unknown fields too; Strict refuses them; an unknown fieldValidation is a 422', async (t) => {
  const configMaps = `${shared.server().url}/api/v1/namespaces/default/configmaps`;
  await fetch(configMaps, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'target' } }) });
  const put = await fetch(`${configMaps}/target?fieldValidation=Strict`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'target' }, bogus: 1 }),
  });
  t.is(put.status, 400);
  t.like(await put.json(), { reason: 'BadRequest', message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"' });
  const patch = await fetch(`${configMaps}/target?fieldValidation=Strict`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ data: { a: '1' }, bogus: 1 }),
  });
  // kube refuses a patch's result on the field "patch", quoting the patched object as Go marshals it.
  t.is(patch.status, 422);
  const refused = (await patch.json()) as { reason: string; message: string; details: { causes: { field: string }[] } };
  t.is(refused.reason, 'Invalid');
  t.deepEqual(
    refused.details.causes.map((cause) => cause.field),
    ['patch'],
  );
  t.regex(
    refused.message,
    /^ "" is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"v1\\",\\"bogus\\":1,\\"data\\":\{\\"a\\":\\"1\\"\},.*\}": strict decoding error: unknown field "bogus"$/,
  );
  const warned = await fetch(`${configMaps}/target`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ data: { a: '2' }, bogus: 1 }),
  });
  t.is(warned.status, 200);
  t.is(warned.headers.get('warning'), '299 - "unknown field \\"bogus\\""');
  t.deepEqual(((await warned.json()) as { data: unknown }).data, { a: '2' });
  const invalid = await fetch(`${configMaps}?fieldValidation=Loose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'x' } }),
  });
  t.is(invalid.status, 422);
  t.like(await invalid.json(), {
    message: 'CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"',
  });
});

test('a field a JSON body repeats is reported after the unknown ones: refused by Strict, warned about by default, kept last', async (t) => {
  const configMaps = `${shared.server().url}/api/v1/namespaces/default/configmaps`;
  const body = '{"metadata":{"name":"twice","name":"twice"},"bogus":1,"data":{"a":"1","a":"2"}}';
  const strict = await fetch(`${configMaps}?fieldValidation=Strict`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  t.is(strict.status, 400);
  t.like(await strict.json(), {
    message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus", duplicate field "metadata.name", duplicate field "data.a"',
  });
  const warned = await fetch(configMaps, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  t.is(warned.status, 201);
  t.is(warned.headers.get('warning'), '299 - "unknown field \\"bogus\\"", 299 - "duplicate field \\"metadata.name\\"", 299 - "duplicate field \\"data.a\\""');
  t.deepEqual(((await warned.json()) as { data: unknown }).data, { a: '2' });
  const patched = await fetch(`${configMaps}/twice`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: '{"data":{"b":"1","b":"2"}}' });
  t.is(patched.status, 200);
  t.is(patched.headers.get('warning'), '299 - "duplicate field \\"data.b\\""');
  const ignored = await fetch(`${configMaps}/twice?fieldValidation=Ignore`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: '{"data":{"b":"1","b":"3"}}',
  });
  t.is(ignored.headers.get('warning'), null);
  t.deepEqual(((await ignored.json()) as { data: unknown }).data, { a: '2', b: '3' });
});
