// Server-side apply and managedFields of custom objects with kubectl, read through the CRD's
// schema as kube-apiserver 1.35 reads it: associative lists merge by their keys, sets by value,
// atomic lists and maps are replaced whole; two appliers conflict over a field until one forces;
// a field the schema does not declare is refused with kube's message; and the scale subresource
// follows the CRD's scale paths, its owners kept on the parent's field.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.apply.example.com' },
  spec: {
    group: 'apply.example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.count', labelSelectorPath: '.status.selector' } },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  size: { type: 'integer' },
                  color: { type: 'string' },
                  tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
                  ports: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name'],
                    items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
                  },
                  args: { type: 'array', items: { type: 'string' } },
                  extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
              },
              status: { type: 'object', properties: { count: { type: 'integer' }, selector: { type: 'string' } } },
            },
          },
        },
      },
    ],
  },
};

const gadget = (spec: Record<string, unknown>) => ({ apiVersion: 'apply.example.com/v1', kind: 'Gadget', metadata: { name: 'g1' }, spec });

test('server-side apply of custom objects merges, owns and conflicts through the CRD schema', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
  /** kubectl with `object` on its stdin: its exit code and what it printed. */
  const withInput = async (object: unknown, ...args: string[]): Promise<{ code: number | null; out: string }> => {
    const child = spawn(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args, '-f', '-']);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end(JSON.stringify(object));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, out };
  };
  const serverSideApply = (object: unknown, manager: string, ...flags: string[]) => withInput(object, 'apply', '--server-side', `--field-manager=${manager}`, ...flags);
  const live = async () => JSON.parse(await kubectl('get', 'gadgets.apply.example.com', 'g1', '-o', 'json', '--show-managed-fields'));
  const fieldsOf = (object: { metadata: { managedFields: { manager: string; subresource?: string; fieldsV1: unknown }[] } }, manager: string, subresource?: string) =>
    object.metadata.managedFields.find((entry) => entry.manager === manager && entry.subresource === subresource)?.fieldsV1;

  t.is((await withInput(crd, 'apply')).code, 0);
  await kubectl('wait', '--for=condition=Established', 'crd/gadgets.apply.example.com', '--timeout=60s');

  const first = await serverSideApply(gadget({ size: 2, color: 'red', tags: ['a'], ports: [{ name: 'http', port: 80 }], args: ['x', 'y'], extra: { deep: { k: 1 } } }), 'alice');
  t.is(first.code, 0, first.out);
  t.regex(first.out, /gadget.apply.example.com\/g1 serverside-applied/);
  // The set kube-apiserver 1.35 records for this apply (read from it): keys for the map list, values for the set, atomic args whole, free-form extra granular.
  t.deepEqual(fieldsOf(await live(), 'alice'), {
    'f:spec': {
      'f:args': {},
      'f:color': {},
      'f:extra': { 'f:deep': { '.': {}, 'f:k': {} } },
      'f:ports': { 'k:{"name":"http"}': { '.': {}, 'f:name': {}, 'f:port': {} } },
      'f:size': {},
      'f:tags': { 'v:"a"': {} },
    },
  });

  // A list of custom objects keeps each item's kind and apiVersion, as kube's unstructured lists do (built-in lists drop them).
  const list = (await (await fetch(`${server.url}/apis/apply.example.com/v1/namespaces/default/gadgets`)).json()) as { items: { kind?: string; apiVersion?: string }[] };
  t.deepEqual(
    list.items.map((item) => [item.apiVersion, item.kind]),
    [['apply.example.com/v1', 'Gadget']],
  );

  // Another manager: changing alice's color conflicts, adding its own list items does not merge them away.
  const conflict = await serverSideApply(gadget({ color: 'blue', ports: [{ name: 'grpc', port: 90 }], tags: ['b'] }), 'bob');
  t.not(conflict.code, 0);
  t.regex(conflict.out, /Apply failed with 1 conflict: conflict with "alice": \.spec\.color/);
  t.is((await serverSideApply(gadget({ color: 'blue', ports: [{ name: 'grpc', port: 90 }], tags: ['b'] }), 'bob', '--force-conflicts')).code, 0);
  let object = await live();
  t.is(object.spec.color, 'blue');
  t.deepEqual(object.spec.ports, [
    { name: 'http', port: 80 },
    { name: 'grpc', port: 90 },
  ]);
  t.deepEqual(object.spec.tags, ['a', 'b']);
  t.false(JSON.stringify(fieldsOf(object, 'alice')).includes('f:color'));

  // Alice stops applying tags and args: the fields only she owned go; bob's tag stays.
  t.is((await serverSideApply(gadget({ size: 2, ports: [{ name: 'http', port: 80 }], extra: { deep: { k: 1 } } }), 'alice')).code, 0);
  object = await live();
  t.deepEqual(object.spec.tags, ['b']);
  t.is(object.spec.args, undefined);
  t.is(object.spec.color, 'blue');

  // A field the schema does not declare: kube's typed-patch error (a strict decoding never reaches it).
  const undeclared = await serverSideApply(gadget({ unknownField: 1 }), 'carol');
  t.not(undeclared.code, 0);
  t.regex(undeclared.out, /failed to create typed patch object \(default\/g1; apply\.example\.com\/v1, Kind=Gadget\): \.spec\.unknownField: field not declared in schema/);

  // The scale follows .spec.size; an apply to it by another manager conflicts with alice's size, then owns it once forced.
  t.regex(await kubectl('get', 'gadgets.apply.example.com', 'g1', '--subresource=scale', '-o', 'jsonpath={.spec.replicas}'), /^2$/);
  // kubectl cannot apply a Scale (it maps kinds to resources): the request an autoscaler's client sends.
  const applyScale = (query: string) =>
    fetch(`${server.url}/apis/apply.example.com/v1/namespaces/default/gadgets/g1/scale?fieldManager=hpa${query}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'g1' }, spec: { replicas: 5 } }),
    });
  const scaleConflict = await applyScale('');
  t.is(scaleConflict.status, 409);
  t.regex(((await scaleConflict.json()) as { message: string }).message, /^Apply failed with 1 conflict: conflict with "alice": \.spec\.replicas$/);
  const forced = await applyScale('&force=true');
  t.is(forced.status, 200);
  t.deepEqual(((await forced.json()) as { spec: unknown }).spec, { replicas: 5 });
  object = await live();
  t.is(object.spec.size, 5);
  t.deepEqual(fieldsOf(object, 'hpa', 'scale'), { 'f:spec': { 'f:size': {} } });
  t.false(JSON.stringify(fieldsOf(object, 'alice')).includes('f:size'));
  await kubectl('patch', 'gadgets.apply.example.com', 'g1', '--subresource=status', '--type=merge', '-p', '{"status":{"count":4,"selector":"app=g"}}');
  const scale = JSON.parse(await kubectl('get', 'gadgets.apply.example.com', 'g1', '--subresource=scale', '-o', 'json'));
  t.deepEqual([scale.spec, scale.status], [{ replicas: 5 }, { replicas: 4, selector: 'app=g' }]);
});

test('kubectl scale, edit and client-side apply write custom objects', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const env = { ...process.env, KUBE_EDITOR: `sed -i -e s/color:\\ red/color:\\ green/`, KUBECONFIG: server.kubeconfig };
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), args, { encoding: 'utf8', env })).stdout;
  const applyStdin = async (object: unknown): Promise<string> => {
    const child = spawn(kubectlBinary(), ['apply', '-f', '-'], { env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end(JSON.stringify(object));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    t.is(code, 0, out);
    return out;
  };
  await applyStdin(crd);
  await kubectl('wait', '--for=condition=Established', 'crd/gadgets.apply.example.com', '--timeout=60s');

  // Client-side apply: created, then patched by JSON merge patch (custom kinds have no strategic merge), dropping a field it no longer applies.
  t.regex(await applyStdin(gadget({ size: 1, color: 'red', args: ['a'] })), /gadget.apply.example.com\/g1 created/);
  t.regex(await applyStdin(gadget({ size: 1, color: 'red' })), /gadget.apply.example.com\/g1 configured/);
  const applied = JSON.parse(await kubectl('get', 'gadgets.apply.example.com', 'g1', '-o', 'json'));
  t.deepEqual(applied.spec, { size: 1, color: 'red' });

  t.regex(await kubectl('scale', 'gadgets.apply.example.com', 'g1', '--replicas=3'), /gadget.apply.example.com\/g1 scaled/);
  t.regex(await kubectl('edit', 'gadgets.apply.example.com', 'g1'), /gadget.apply.example.com\/g1 edited/);
  const edited = JSON.parse(await kubectl('get', 'gadgets.apply.example.com', 'g1', '-o', 'json'));
  t.deepEqual(edited.spec, { size: 3, color: 'green' });
  t.is(edited.metadata.generation, 4);
});
