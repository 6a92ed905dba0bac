// CustomResourceDefinitions end to end with kubectl: a CRD becomes Established with its accepted
// names, its group is discovered, its objects are created, read in every served version, listed
// with the CRD's printer columns, patched (spec and status apart), watched, and deleted with the CRD.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const preserve = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'crontabs.stable.example.com' },
  spec: {
    group: 'stable.example.com',
    scope: 'Namespaced',
    names: { plural: 'crontabs', singular: 'crontab', kind: 'CronTab', listKind: 'CronTabList', shortNames: ['ct'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        additionalPrinterColumns: [
          { name: 'Spec', type: 'string', jsonPath: '.spec.cronSpec' },
          { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
          { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
          { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
        ],
        schema: { openAPIV3Schema: preserve },
      },
      { name: 'v1beta1', served: true, storage: false, schema: { openAPIV3Schema: preserve } },
    ],
  },
};

const cronTab = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'my-cron' }, spec: { cronSpec: '* * * * */5', image: 'img', replicas: 3 } };

test('a CRD is established, discovered and served to kubectl; its objects go with it', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
  const apply = async (object: unknown): Promise<string> => {
    const { code, out } = await kubectlApply([`--kubeconfig=${server.kubeconfig}`], object);
    t.is(code, 0, out);
    return out;
  };

  t.regex(await apply(crd), /customresourcedefinition.apiextensions.k8s.io\/crontabs.stable.example.com created/);
  await kubectl('wait', '--for=condition=Established', 'crd/crontabs.stable.example.com', '--timeout=60s');
  const status = JSON.parse(await kubectl('get', 'crd', 'crontabs.stable.example.com', '-o', 'json')).status;
  t.deepEqual(status.acceptedNames, { plural: 'crontabs', singular: 'crontab', shortNames: ['ct'], kind: 'CronTab', listKind: 'CronTabList' });
  t.deepEqual(
    status.conditions.map((c: Record<string, string>) => [c.type, c.status, c.reason, c.message]),
    [
      ['NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'],
      ['Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted'],
    ],
  );
  t.deepEqual(status.storedVersions, ['v1']);
  t.regex(await kubectl('api-resources', '--api-group=stable.example.com'), /crontabs\s+ct\s+stable.example.com\/v1\s+true\s+CronTab/);

  t.regex(await apply(cronTab), /crontab.stable.example.com\/my-cron created/);
  // A column whose path finds nothing is an empty cell (null), as kube-apiserver 1.35 answers.
  t.regex(await kubectl('get', 'ct'), /^NAME\s+SPEC\s+REPLICAS\s+READY\s+AGE\nmy-cron\s+\* \* \* \* \*\/5\s+3\s+\d+s\n$/);
  // Status only through its subresource: a main-resource patch keeps it, a status patch keeps the spec and generation.
  await kubectl('patch', 'ct', 'my-cron', '--subresource=status', '--type=merge', '-p', '{"status":{"conditions":[{"type":"Ready","status":"True"}]}}');
  await kubectl('patch', 'ct', 'my-cron', '--type=merge', '-p', '{"spec":{"replicas":5},"status":{"conditions":[]}}');
  const patched = JSON.parse(await kubectl('get', 'ct', 'my-cron', '-o', 'json'));
  t.is(patched.metadata.generation, 2);
  t.is(patched.spec.replicas, 5);
  t.deepEqual(patched.status, { conditions: [{ type: 'Ready', status: 'True' }] });
  t.regex(await kubectl('get', 'ct'), /\nmy-cron\s+\* \* \* \* \*\/5\s+5\s+True\s+\d+s\n$/);
  // The other served version reads the same stored object under its own apiVersion.
  t.is(await kubectl('get', 'crontabs.v1beta1.stable.example.com', 'my-cron', '-o', 'jsonpath={.apiVersion} {.spec.replicas}'), 'stable.example.com/v1beta1 5');

  // A watch sees the deletion the CRD's finalizer makes, then the CRD and its objects are gone. The
  // watch is registered once its answer has come (with the object's ADDED event): only then is the
  // CRD deleted, which otherwise could unserve the resource before a slow watch request arrives.
  const stopWatch = new AbortController();
  t.teardown(() => stopWatch.abort());
  const watch = await fetch(`${server.url}/apis/stable.example.com/v1/namespaces/default/crontabs?watch=1`, { signal: stopWatch.signal });
  t.is(watch.status, 200);
  const reader = watch.body?.getReader();
  if (reader === undefined) throw new Error('the watch has no body');
  let events = '';
  const eventSeen = async (pattern: RegExp): Promise<void> => {
    const decoder = new TextDecoder();
    while (!pattern.test(events)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the watch ended before ${pattern}: ${events}`);
      events += decoder.decode(value, { stream: true });
    }
  };
  await eventSeen(/"type":"ADDED".*"name":"my-cron"/);
  t.regex(await kubectl('delete', 'crd', 'crontabs.stable.example.com', '--timeout=60s'), /deleted/);
  await eventSeen(/"type":"DELETED".*"name":"my-cron"/);
  stopWatch.abort();
  t.regex(await kubectl('get', 'crd'), /^$/);
  const stale = await fetch(`${server.url}/apis/stable.example.com/v1/namespaces/default/crontabs`);
  t.is(stale.status, 404);
  t.is((await fetch(`${server.url}/apis/stable.example.com`)).status, 404);
});

test('the x-kubernetes-validations rules of a CRD refuse objects with the 422 kube-apiserver 1.35 answers, transition rules with the stored object', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const post = (path: string, body: unknown, method = 'POST', type = 'application/json') =>
    fetch(`${server.url}${path}`, { method, headers: { 'content-type': type }, body: JSON.stringify(body) });
  const spec = {
    type: 'object',
    'x-kubernetes-validations': [
      { rule: 'self.replicas <= self.maxReplicas', message: 'replicas must not exceed maxReplicas' },
      { rule: 'self.name == oldSelf.name', message: 'name is immutable' },
    ],
    properties: { replicas: { type: 'integer' }, maxReplicas: { type: 'integer' }, name: { type: 'string' } },
  };
  const widgets = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.cel.example.com' },
    spec: {
      group: 'cel.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
  t.is((await post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgets)).status, 201);
  await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'wait', '--for=condition=Established', 'crd/widgets.cel.example.com', '--timeout=60s']);
  const path = '/apis/cel.example.com/v1/namespaces/default/widgets';
  const widget = (replicas: number, name: string) => ({ apiVersion: 'cel.example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { replicas, maxReplicas: 10, name } });
  // The answer body, byte for byte as kube-apiserver 1.35.4 sent it for the same CRD and object.
  const refused = await post(path, widget(20, 'a'));
  t.is(refused.status, 422);
  t.deepEqual(await refused.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Widget.cel.example.com "w" is invalid: spec: Invalid value: replicas must not exceed maxReplicas',
    reason: 'Invalid',
    details: {
      name: 'w',
      group: 'cel.example.com',
      kind: 'Widget',
      causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: replicas must not exceed maxReplicas', field: 'spec' }],
    },
    code: 422,
  });
  t.is((await post(path, widget(2, 'a'))).status, 201);
  const renamed = await post(`${path}/w`, { spec: { name: 'b' } }, 'PATCH', 'application/merge-patch+json');
  t.is(renamed.status, 422);
  t.is(((await renamed.json()) as { message: string }).message, 'Widget.cel.example.com "w" is invalid: spec: Invalid value: name is immutable');
  t.is((await post(`${path}/w`, { spec: { replicas: 3 } }, 'PATCH', 'application/merge-patch+json')).status, 200);
});

test("a custom object is pruned, defaulted and validated by its version's schema as kube-apiserver 1.35 does it", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const send = (path: string, body: unknown, method = 'POST', type = 'application/json') =>
    fetch(`${server.url}${path}`, { method, headers: { 'content-type': type }, body: JSON.stringify(body) });
  const spec = {
    type: 'object',
    required: ['size'],
    'x-kubernetes-validations': [{ rule: 'self.size <= 100', message: 'too big' }],
    properties: {
      size: { type: 'integer', minimum: 1 },
      color: { type: 'string', enum: ['red', 'blue'], default: 'red' },
      tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
    },
  };
  const gizmos = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gizmos.schema.example.com' },
    spec: {
      group: 'schema.example.com',
      scope: 'Namespaced',
      names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo', listKind: 'GizmoList' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
  t.is((await send('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', gizmos)).status, 201);
  await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'wait', '--for=condition=Established', 'crd/gizmos.schema.example.com', '--timeout=60s']);
  const path = '/apis/schema.example.com/v1/namespaces/default/gizmos';
  const gizmo = (name: string, gizmoSpec: unknown) => ({ apiVersion: 'schema.example.com/v1', kind: 'Gizmo', metadata: { name }, spec: gizmoSpec });
  // Unknown fields are pruned with a warning (Warn, the default), or refused under Strict; defaults fill the rest.
  const pruned = await send(path, gizmo('g1', { size: 5, extra: 1 }));
  t.is(pruned.status, 201);
  t.is(pruned.headers.get('warning'), '299 - "unknown field \\"spec.extra\\""');
  t.deepEqual(((await pruned.json()) as { spec: unknown }).spec, { size: 5, color: 'red' });
  const strict = await send(`${path}?fieldValidation=Strict`, gizmo('g2', { size: 5, extra: 1 }));
  t.is(strict.status, 400);
  t.is(((await strict.json()) as { message: string }).message, 'Gizmo in version "v1" cannot be handled as a Gizmo: strict decoding error: unknown field "spec.extra"');
  // The messages kube-apiserver 1.35.4 answered for the same CRD and objects.
  const message = async (response: Response): Promise<string> => ((await response.json()) as { message: string }).message;
  const notChecked = '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';
  // kube lists the value errors in Go's random map order: compared as a set, the rules' note last.
  const causes = async (response: Response): Promise<string[]> => {
    const status = (await response.json()) as { details: { causes: { field: string; message: string }[] } };
    return status.details.causes.map((cause) => `${cause.field}: ${cause.message}`);
  };
  const invalid = await causes(await send(path, gizmo('g3', { size: 0, color: 'green', tags: ['a', 'a'] })));
  t.deepEqual(invalid.slice(0, -1).sort(), [
    'spec.color: Unsupported value: "green": supported values: "red", "blue"',
    'spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1',
    'spec.tags[1]: Duplicate value: "a"',
  ]);
  t.is(invalid.at(-1), notChecked);
  t.is(await message(await send(path, gizmo('g4', { size: 500 }))), 'Gizmo.schema.example.com "g4" is invalid: spec: Invalid value: too big');
  t.is(
    await message(await send(path, gizmo('g5', { size: 'x' }))),
    `Gizmo.schema.example.com "g5" is invalid: [spec.size: Invalid value: "string": spec.size in body must be of type integer: "string", ${notChecked}]`,
  );
  // A patch's result is pruned the same way: Strict refuses it as kube names the patch.
  const patched = await send(`${path}/g1?fieldValidation=Strict`, { spec: { bogus: 2 } }, 'PATCH', 'application/merge-patch+json');
  t.is(patched.status, 422);
  t.regex(await message(patched), /^ "" is invalid: patch: Invalid value: ".*": strict decoding error: unknown field "spec.bogus"$/);
});
