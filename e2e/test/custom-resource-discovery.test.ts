// A CRD's names as kubectl resolves them from discovery: short names, singular, plural and
// group-qualified names, categories (`kubectl get all`, a category of its own, namespaced and
// cluster-scoped resources together), and their removal with the CRD.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { customResourceDefinition } from '../src/custom-resource-definition.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const group = 'disc.example.com';
const preserve = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const crdOf = (plural: string, kind: string, scope: 'Namespaced' | 'Cluster', shortNames: string[], categories: string[]) =>
  customResourceDefinition({ group, plural, kind, scope, schema: preserve, shortNames, categories });
const gadgets = crdOf('gadgets', 'Gadget', 'Namespaced', ['gd', 'gdg'], ['all', 'toys']);
const racks = crdOf('racks', 'Rack', 'Cluster', ['rk'], ['toys']);

test('kubectl finds a custom resource by its short names and categories, in `kubectl get all`, until its CRD is deleted', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  // Every kubectl run reads discovery afresh, into an empty cache of its own in the server's
  // directory: a cached discovery shows the resources as they were when it was read (a category
  // expands to a deleted CRD's resource, against kube-apiserver too).
  let runs = 0;
  const flags = (): string[] => [`--kubeconfig=${server.kubeconfig}`, `--cache-dir=${join(dirname(server.kubeconfig), `kubectl-cache-${runs++}`)}`];
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [...flags(), ...args], { encoding: 'utf8' })).stdout;
  const failure = async (...args: string[]): Promise<string> => {
    const error = (await t.throwsAsync(run(kubectlBinary(), [...flags(), ...args], { encoding: 'utf8' }))) as Error & { stderr: string };
    return error.stderr;
  };
  const apply = async (...objects: unknown[]): Promise<void> => {
    const child = spawn(kubectlBinary(), [...flags(), 'apply', '-f', '-']);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    t.is(code, 0, out);
  };
  const names = async (...args: string[]): Promise<string[]> => (await kubectl('get', ...args, '-o', 'name')).split('\n').filter((line) => line !== '');

  t.regex(await failure('get', 'toys'), /the server doesn't have a resource type "toys"/);
  t.deepEqual(await names('all'), ['service/kubernetes']);

  await apply(gadgets, racks);
  await kubectl('wait', '--for=condition=Established', `crd/gadgets.${group}`, `crd/racks.${group}`, '--timeout=60s');
  await apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } },
    { apiVersion: `${group}/v1`, kind: 'Gadget', metadata: { name: 'g1', namespace: 'default' } },
    { apiVersion: `${group}/v1`, kind: 'Gadget', metadata: { name: 'g2', namespace: 'other' } },
    { apiVersion: `${group}/v1`, kind: 'Rack', metadata: { name: 'r1' } },
  );

  // Discovery, both documents, as kube-apiserver 1.35 lists a CRD's names.
  const legacy = (await (await fetch(`${server.url}/apis/${group}/v1`)).json()) as { resources: Record<string, unknown>[] };
  t.deepEqual(
    legacy.resources.map(({ name, singularName, namespaced, kind, shortNames, categories }) => ({ name, singularName, namespaced, kind, shortNames, categories })),
    [
      { name: 'gadgets', singularName: 'gadget', namespaced: true, kind: 'Gadget', shortNames: ['gd', 'gdg'], categories: ['all', 'toys'] },
      { name: 'racks', singularName: 'rack', namespaced: false, kind: 'Rack', shortNames: ['rk'], categories: ['toys'] },
    ],
  );
  const aggregated = (await (await fetch(`${server.url}/apis`, { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } })).json()) as {
    items: { metadata: { name: string }; versions: { resources: Record<string, unknown>[] }[] }[];
  };
  const discovered = aggregated.items.find((item) => item.metadata.name === group)?.versions[0]?.resources ?? [];
  t.deepEqual(
    discovered.map(({ resource, scope, shortNames, categories }) => ({ resource, scope, shortNames, categories })),
    [
      { resource: 'gadgets', scope: 'Namespaced', shortNames: ['gd', 'gdg'], categories: ['all', 'toys'] },
      { resource: 'racks', scope: 'Cluster', shortNames: ['rk'], categories: ['toys'] },
    ],
  );
  t.is(await kubectl('api-resources', '--categories=toys', '-o', 'name'), `gadgets.${group}\nracks.${group}\n`);
  t.regex(await kubectl('api-resources', `--api-group=${group}`, '-o', 'wide'), /\ngadgets\s+gd,gdg\s+disc\.example\.com\/v1\s+true\s+Gadget\s+\S+\s+all,toys\n/);

  // Every name of the resource finds it.
  for (const name of ['gd', 'gdg', 'gadget', 'gadgets', `gadgets.${group}`, `gadget.${group}`, `gadgets.v1.${group}`]) {
    t.deepEqual(await names(name), [`gadget.${group}/g1`], name);
  }
  t.deepEqual(await names('rk'), [`rack.${group}/r1`]);
  t.deepEqual(await names('gd,rk'), [`gadget.${group}/g1`, `rack.${group}/r1`]);

  // The categories: "all" takes the namespaced gadgets beside the built-in members; "toys" both
  // resources, the cluster-scoped one whatever the namespace.
  t.deepEqual(await names('all'), ['service/kubernetes', `gadget.${group}/g1`]);
  t.deepEqual(await names('all', '-n', 'other'), [`gadget.${group}/g2`]);
  t.deepEqual(await names('all', '--all-namespaces'), ['service/kubernetes', `gadget.${group}/g1`, `gadget.${group}/g2`]);
  t.deepEqual(await names('toys', '-n', 'other'), [`gadget.${group}/g2`, `rack.${group}/r1`]);
  t.regex(await kubectl('get', 'all'), /\n\nNAME\s+AGE\ngadget\.disc\.example\.com\/g1\s+\d+s\n$/);

  // Deleting the CRD takes its names out of discovery before kubectl's delete returns.
  await kubectl('delete', 'crd', `gadgets.${group}`, '--timeout=60s');
  t.deepEqual(await names('all'), ['service/kubernetes']);
  t.deepEqual(await names('toys', '-A'), [`rack.${group}/r1`]);
  t.regex(await failure('get', 'gd'), /the server doesn't have a resource type "gd"/);
});
