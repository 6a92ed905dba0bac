// Server-side apply and managedFields with the real kubectl: ownership as kube records it (golden
// FieldsV1), conflicts and --force-conflicts, shared ownership of equal values, fields an applier
// drops, the move from client-side apply, update managers, resetting managedFields, and the
// errors of a malformed apply.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const { kubectl } = shared;
const dir = mkdtempSync(join(tmpdir(), 'capstan-ssa-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>;
const configMaps = '/api/v1/namespaces/default/configmaps';
const deployments = '/apis/apps/v1/namespaces/default/deployments';

const writeFile = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const getJson = async (path: string): Promise<Json> => (await fetch(`${shared.server().url}${path}`)).json() as Promise<Json>;
const call = async (method: string, path: string, body: string, contentType: string): Promise<{ status: number; body: Json }> => {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': contentType }, body });
  return { status: response.status, body: (await response.json()) as Json };
};
const apply = (path: string, body: unknown, query = 'fieldManager=tester') => call('PATCH', `${path}?${query}`, JSON.stringify(body), 'application/apply-patch+yaml');
const managers = (object: Json) =>
  (object.metadata.managedFields as Json[]).map((entry) => `${entry.manager}/${entry.operation}${entry.subresource === undefined ? '' : `/${entry.subresource}`}`);
const fieldsOf = (object: Json, manager: string) => (object.metadata.managedFields as Json[]).find((entry) => entry.manager === manager)?.fieldsV1;

const configMap = (name: string, data: Record<string, string>, labels?: Record<string, string>) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${labels === undefined ? '' : `  labels: ${JSON.stringify(labels)}\n`}data: ${JSON.stringify(data)}\n`;

test("kubectl apply --server-side creates the object and records kube's Apply entry", async (t) => {
  t.is(
    (await kubectl('apply', '--server-side', '-f', writeFile('golden.yaml', configMap('golden', { a: '1', b: '2' }, { app: 'demo' })))).stdout,
    'configmap/golden serverside-applied\n',
  );
  const object = await getJson(`${configMaps}/golden`);
  t.like(object.metadata.managedFields[0], { manager: 'kubectl', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1' });
  t.regex(object.metadata.managedFields[0].time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.deepEqual(object.metadata.managedFields[0].fieldsV1, { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } });
  // Applying the same configuration again changes nothing, not even the entry's time: no write.
  t.is((await kubectl('apply', '--server-side', '-f', join(dir, 'golden.yaml'))).stdout, 'configmap/golden serverside-applied\n');
  const again = await getJson(`${configMaps}/golden`);
  t.is(again.metadata.resourceVersion, object.metadata.resourceVersion);
  t.deepEqual(again.metadata.managedFields, object.metadata.managedFields);
});

test('client-side apply and create record Update entries exactly as kube encodes them', async (t) => {
  const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: golden
spec:
  replicas: 2
  selector: {matchLabels: {app: golden}}
  template:
    metadata: {labels: {app: golden}}
    spec:
      containers:
      - {name: nginx, image: "nginx:1", ports: [{containerPort: 80}]}
`;
  await kubectl('apply', '-f', writeFile('golden-deployment.yaml', deployment));
  const object = await getJson(`${deployments}/golden`);
  t.deepEqual(managers(object), ['kubectl-client-side-apply/Update']);
  t.deepEqual(fieldsOf(object, 'kubectl-client-side-apply'), {
    'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } },
    'f:spec': {
      'f:progressDeadlineSeconds': {},
      'f:replicas': {},
      'f:revisionHistoryLimit': {},
      'f:selector': {},
      'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
      'f:template': {
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:spec': {
          'f:containers': {
            'k:{"name":"nginx"}': {
              '.': {},
              'f:image': {},
              'f:imagePullPolicy': {},
              'f:name': {},
              'f:ports': { '.': {}, 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} } },
              'f:resources': {},
              'f:terminationMessagePath': {},
              'f:terminationMessagePolicy': {},
            },
          },
          'f:dnsPolicy': {},
          'f:restartPolicy': {},
          'f:schedulerName': {},
          'f:securityContext': {},
          'f:terminationGracePeriodSeconds': {},
        },
      },
    },
  });
  // kubectl apply --server-side takes over what client-side apply owned, without conflicts.
  const changed = writeFile('golden-deployment-2.yaml', deployment.replace('replicas: 2', 'replicas: 3').replace('nginx:1', 'nginx:2'));
  t.is((await kubectl('apply', '--server-side', '-f', changed)).stdout, 'deployment.apps/golden serverside-applied\n');
  const moved = await getJson(`${deployments}/golden`);
  t.is(moved.spec.replicas, 3);
  t.is(moved.spec.template.spec.containers[0].image, 'nginx:2');
  // The applied port leaves its protocol out: it is keyed by the default, so it is the live TCP port.
  t.deepEqual(moved.spec.template.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
  t.true(managers(moved).includes('kubectl/Apply'));
  t.regex(moved.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'], /"replicas":3/);
});

test("another manager's field is a conflict naming it; --force-conflicts takes the field", async (t) => {
  const file = writeFile('fight.yaml', configMap('fight', { a: '1', b: '2' }));
  await kubectl('apply', '--server-side', '-f', file);
  await kubectl('patch', 'configmap', 'fight', '-p', '{"data":{"a":"patched"}}');
  t.deepEqual(managers(await getJson(`${configMaps}/fight`)), ['kubectl/Apply', 'kubectl-patch/Update']);
  const changed = writeFile('fight-2.yaml', configMap('fight', { a: 'applied', b: '2' }));
  const refused = (await t.throwsAsync(kubectl('apply', '--server-side', '-f', changed))) as Error & { stderr: string };
  t.regex(refused.stderr, /Apply failed with 1 conflict: conflict with "kubectl-patch" using v1: \.data\.a/);
  const raw = await apply(`${configMaps}/fight`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fight' }, data: { a: 'x', b: 'y' } }, 'fieldManager=kubectl');
  t.is(raw.status, 409);
  t.like(raw.body, { reason: 'Conflict', code: 409 });
  t.deepEqual(raw.body.details.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-patch" using v1', field: '.data.a' }]);
  t.is((await kubectl('apply', '--server-side', '--force-conflicts', '-f', changed)).stdout, 'configmap/fight serverside-applied\n');
  const taken = await getJson(`${configMaps}/fight`);
  t.is(taken.data.a, 'applied');
  t.deepEqual(managers(taken), ['kubectl/Apply']);
});

test('equal values are owned together; a dropped field goes only when nobody else owns it', async (t) => {
  const path = `${configMaps}/shared`;
  t.is((await apply(path, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { a: '1', b: '2', c: '3' } }, 'fieldManager=first')).status, 201);
  const second = await apply(path, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { b: '2' } }, 'fieldManager=second');
  t.is(second.status, 200);
  t.deepEqual(fieldsOf(second.body, 'first'), { 'f:data': { 'f:a': {}, 'f:b': {}, 'f:c': {} } });
  t.deepEqual(fieldsOf(second.body, 'second'), { 'f:data': { 'f:b': {} } });
  const dropped = await apply(path, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { a: '1' } }, 'fieldManager=first');
  t.deepEqual(dropped.body.data, { a: '1', b: '2' });
  // A dropped field with a default comes back as the default (Deployment replicas).
  const deployment = (replicas?: number) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'reset' },
    spec: {
      ...(replicas === undefined ? {} : { replicas }),
      selector: { matchLabels: { app: 'reset' } },
      template: { metadata: { labels: { app: 'reset' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  });
  t.is((await apply(`${deployments}/reset`, deployment(4))).body.spec.replicas, 4);
  t.is((await apply(`${deployments}/reset`, deployment())).body.spec.replicas, 1);
});

test('updates record their manager: fieldManager, else the User-Agent; the status subresource apart', async (t) => {
  const created = await call(
    'POST',
    '/api/v1/namespaces/default/pods',
    JSON.stringify({ metadata: { name: 'tracked' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } }),
    'application/json',
  );
  t.is(created.status, 201);
  t.deepEqual(managers(created.body), ['node/Update']);
  t.false('f:status' in fieldsOf(created.body, 'node'));
  const status = await call(
    'PATCH',
    '/api/v1/namespaces/default/pods/tracked/status?fieldManager=kubelet',
    JSON.stringify({ status: { phase: 'Running' } }),
    'application/merge-patch+json',
  );
  // Entries of the same second are sorted by manager name, of different seconds by time.
  t.deepEqual(managers(status.body).sort(), ['kubelet/Update/status', 'node/Update']);
  t.deepEqual(fieldsOf(status.body, 'kubelet'), { 'f:status': { 'f:phase': {} } });
  await kubectl('label', 'pod', 'tracked', 'tier=web');
  t.deepEqual(fieldsOf(await getJson('/api/v1/namespaces/default/pods/tracked'), 'kubectl-label'), { 'f:metadata': { 'f:labels': { '.': {}, 'f:tier': {} } } });
});

test("managedFields: a list of one empty entry resets them, an empty list does not, and the request's own entries replace them", async (t) => {
  await kubectl('apply', '--server-side', '-f', writeFile('reset.yaml', configMap('reset', { a: '1' })));
  const path = `${configMaps}/reset`;
  const kept = await call('PATCH', path, JSON.stringify({ metadata: { managedFields: [] }, data: { b: '2' } }), 'application/merge-patch+json');
  t.deepEqual(managers(kept.body), ['kubectl/Apply', 'node/Update']);
  const reset = await call('PATCH', path, JSON.stringify({ metadata: { managedFields: [{}] } }), 'application/merge-patch+json');
  t.is(reset.status, 200);
  t.is(reset.body.metadata.managedFields, undefined);
  const replaced = await call(
    'PATCH',
    path,
    JSON.stringify([
      {
        op: 'add',
        path: '/metadata/managedFields',
        value: [{ manager: 'mine', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }],
      },
    ]),
    'application/json-patch+json',
  );
  t.deepEqual(managers(replaced.body), ['mine/Apply']);
});

test("a malformed apply gets kube's errors; a dry-run apply stores nothing", async (t) => {
  const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bad-apply' }, data: { a: '1' } };
  const noManager = await apply(`${configMaps}/bad-apply`, body, '');
  t.is(noManager.status, 422);
  t.is(noManager.body.message, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
  const withManaged = await apply(`${configMaps}/bad-apply`, { ...body, metadata: { name: 'bad-apply', managedFields: [] } });
  t.is(withManaged.status, 400);
  t.is(withManaged.body.message, 'metadata.managedFields must be nil');
  const wrongKind = await apply(`${configMaps}/bad-apply`, { ...body, kind: 'Secret' });
  t.is(wrongKind.status, 400);
  t.is(wrongKind.body.message, 'invalid object type: /v1, Kind=Secret');
  const unknown = await apply(`${configMaps}/bad-apply`, { ...body, bogus: true });
  t.is(unknown.status, 500);
  t.is(unknown.body.message, 'failed to create typed patch object (/bad-apply; /v1, Kind=ConfigMap): .bogus: field not declared in schema');
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'twins' },
    spec: {
      containers: [
        { name: 'c', image: 'a' },
        { name: 'c', image: 'b' },
      ],
    },
  };
  const twins = await apply('/api/v1/namespaces/default/pods/twins', pod);
  t.is(twins.status, 500);
  t.is(twins.body.message, 'failed to create typed patch object (/twins; /v1, Kind=Pod): .spec.containers: duplicate entries for key [name="c"]');
  const forced = await call('PATCH', `${configMaps}/bad-apply?force=true`, '{}', 'application/merge-patch+json');
  t.is(forced.status, 422);
  t.is(forced.body.message, 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch');
  const dryRun = await apply(`${configMaps}/bad-apply`, body, 'fieldManager=tester&dryRun=All');
  t.is(dryRun.status, 201);
  t.is((await fetch(`${shared.server().url}${configMaps}/bad-apply`)).status, 404);
  const repeated = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: repeated\ndata:\n  a: "1"\n  a: "2"\n';
  const strict = await call('PATCH', `${configMaps}/repeated?fieldManager=tester&fieldValidation=Strict`, repeated, 'application/apply-patch+yaml');
  t.is(strict.status, 400);
  t.is(strict.body.message, 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "a" already set in map');
  const warned = await fetch(`${shared.server().url}${configMaps}/repeated?fieldManager=tester`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/apply-patch+yaml' },
    body: repeated,
  });
  t.is(warned.status, 201);
  t.is(warned.headers.get('warning'), '299 - "line 7: key \\"a\\" already set in map"');
  const yaml = await call(
    'PATCH',
    `${configMaps}/yaml-apply?fieldManager=tester`,
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: yaml-apply\ndata:\n  on: yes\n',
    'application/apply-patch+yaml',
  );
  t.is(yaml.status, 201);
});

test('kubectl apply --server-side --subresource=status owns the status alone, as the status subresource', async (t) => {
  await kubectl('create', 'deployment', 'status-applied', '--image=nginx');
  const status = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: status-applied\nstatus:\n  replicas: 5\n  observedGeneration: 1\n';
  t.is(
    (await kubectl('apply', '--server-side', '--subresource=status', '--field-manager=controller', '-f', writeFile('status.yaml', status))).stdout,
    'deployment.apps/status-applied serverside-applied\n',
  );
  const object = await getJson(`${deployments}/status-applied`);
  t.like(object.status, { replicas: 5, observedGeneration: 1 });
  t.deepEqual(managers(object), ['controller/Apply/status', 'kubectl-create/Update']);
  t.deepEqual(fieldsOf(object, 'controller'), { 'f:status': { 'f:observedGeneration': {}, 'f:replicas': {} } });
});

test("an apply to /scale owns the parent's spec.replicas as the scale subresource; the Scale shows the owners of its replicas", async (t) => {
  await kubectl('create', 'deployment', 'scaled', '--image=nginx');
  const scale = (replicas: number) => ({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'scaled' }, spec: { replicas } });
  const conflict = await apply(`${deployments}/scaled/scale`, scale(3), 'fieldManager=autoscaler');
  t.is(conflict.status, 409);
  t.is(conflict.body.message, 'Apply failed with 1 conflict: conflict with "kubectl-create" using apps/v1: .spec.replicas');
  const taken = await apply(`${deployments}/scaled/scale`, scale(3), 'fieldManager=autoscaler&force=true');
  t.is(taken.status, 200);
  t.deepEqual(taken.body.spec, { replicas: 3 });
  t.like(taken.body.metadata.managedFields[0], {
    manager: 'autoscaler',
    operation: 'Apply',
    apiVersion: 'autoscaling/v1',
    subresource: 'scale',
    fieldsV1: { 'f:spec': { 'f:replicas': {} } },
  });
  const parent = await getJson(`${deployments}/scaled`);
  t.is(parent.spec.replicas, 3);
  t.like(
    parent.metadata.managedFields.find((entry: Json) => entry.manager === 'autoscaler'),
    { operation: 'Apply', apiVersion: 'apps/v1', subresource: 'scale', fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
  );
  t.false('f:replicas' in fieldsOf(parent, 'kubectl-create')['f:spec']);
  // force is read as kube's parameter codec reads booleans: anything but "0" and "false" is true.
  t.is((await apply(`${deployments}/scaled/scale`, scale(5), 'fieldManager=second&force=0')).status, 409);
  const forcedByYes = await apply(`${deployments}/scaled/scale`, scale(5), 'fieldManager=second&force=yes');
  t.is(forcedByYes.status, 200);
  t.deepEqual(forcedByYes.body.spec, { replicas: 5 });
});
