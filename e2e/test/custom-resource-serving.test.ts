// How custom resources are served while their CRD lives and changes, as kube-apiserver 1.35 serves
// them: field selectors on a version's selectableFields for list and watch, defaults of the current
// schema on every read, no Protobuf for custom objects, watches that end when the CRD changes or
// goes, creates refused while it is Terminating, and discovery's storage-version hash and verbs.
// Every message and answer was read from the real kube-apiserver 1.35.4 for the same requests.

import test from 'ava';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';

type Json = Record<string, unknown>;

const crdsPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const widgetSchema = (extra: Json = {}): Json => ({
  openAPIV3Schema: {
    type: 'object',
    properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, on: { type: 'boolean' }, ...extra } } },
  },
});

/** Two versions served, v1 stored; v1 selects color, size and on, v2 (which also has a note) only color. */
const widgets = (scope = 'Namespaced'): Json => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope,
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd'], categories: ['all', 'things'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: widgetSchema(),
        selectableFields: [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }, { jsonPath: '.spec.on' }],
      },
      // A schema of its own: with the same schema, kube's internal CRD would share it, and refuse per-version selectableFields.
      { name: 'v2', served: true, storage: false, schema: widgetSchema({ note: { type: 'string' } }), selectableFields: [{ jsonPath: '.spec.color' }] },
    ],
  },
});

async function send(server: ApiServerProcess, path: string, body?: unknown, method = 'POST', type = 'application/json'): Promise<Response> {
  return fetch(`${server.url}${path}`, { method, headers: { 'content-type': type }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function read(server: ApiServerProcess, path: string, headers: Record<string, string> = {}): Promise<Json> {
  return (await (await fetch(`${server.url}${path}`, { headers })).json()) as Json;
}

/** Creates a CRD and waits until its resource answers. */
async function established(server: ApiServerProcess, crd: Json, resourcePath: string): Promise<void> {
  const created = await send(server, crdsPath, crd);
  if (created.status !== 201) throw new Error(`CRD create: ${created.status} ${await created.text()}`);
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`${server.url}${resourcePath}`)).status === 200) return;
    await sleep(50);
  }
  throw new Error(`${resourcePath} is not served`);
}

const widget = (name: string, spec: Json, version = 'v1'): Json => ({ apiVersion: `example.com/${version}`, kind: 'Widget', metadata: { name }, spec });
const names = (list: Json): string[] => (list.items as Json[]).map((item) => (item.metadata as Json).name as string);
const message = (status: Json): unknown => status.message;

interface WatchStream {
  readonly events: { type: string; name: string }[];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** When it ended (Date.now()); undefined while it is open. */
  endedAt: number | undefined;
  cancel(): Promise<void>;
}

/** A watch read line by line until the server ends it. */
async function watch(server: ApiServerProcess, path: string): Promise<WatchStream> {
  const response = await fetch(`${server.url}${path}`);
  if (response.status !== 200) throw new Error(`watch ${path}: ${response.status} ${await response.text()}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const stream: WatchStream = {
    events: [],
    endedAt: undefined,
    ended: Promise.resolve(),
    cancel: () => reader.cancel().catch(() => {}),
  };
  const decoder = new TextDecoder();
  (stream as { ended: Promise<void> }).ended = (async () => {
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        const event = JSON.parse(line) as { type: string; object: Json };
        stream.events.push({ type: event.type, name: String((event.object.metadata as Json | undefined)?.name ?? (event.object as Json).reason) });
      }
    }
    stream.endedAt = Date.now();
  })();
  return stream;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

test("list and watch select a version's selectableFields; other labels get kube's 400", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = '/apis/example.com/v1/namespaces/default/widgets';
  await established(server, widgets(), base);
  const onWatch = await watch(server, `${base}?watch=true&fieldSelector=spec.on%3Dtrue`);
  const v2Watch = await watch(server, '/apis/example.com/v2/namespaces/default/widgets?watch=true&fieldSelector=spec.color%3Dc1');
  t.teardown(() => Promise.all([onWatch.cancel(), v2Watch.cancel()]));
  for (const i of [1, 2, 3]) t.is((await send(server, base, widget(`w${i}`, { color: `c${i}`, size: i, on: i === 2 }))).status, 201);
  const selected = async (selector: string, version = 'v1') => names(await read(server, `/apis/example.com/${version}/widgets?fieldSelector=${encodeURIComponent(selector)}`));
  t.deepEqual(await selected('spec.color=c1'), ['w1']);
  t.deepEqual(await selected('spec.size=2'), ['w2']);
  t.deepEqual(await selected('spec.on=true'), ['w2']);
  t.deepEqual(await selected('spec.on!=true'), ['w1', 'w3']);
  t.deepEqual(await selected('spec.size=02'), []);
  t.deepEqual(await selected('spec.color=c1,spec.size=1'), ['w1']);
  t.deepEqual(await selected('metadata.name=w3'), ['w3']);
  t.deepEqual(await selected('metadata.namespace=default'), ['w1', 'w2', 'w3']);
  t.deepEqual(await selected('spec.color=c3', 'v2'), ['w3']);
  // Each version selects only its own fields; the label is not known otherwise.
  t.is(message(await read(server, '/apis/example.com/v2/widgets?fieldSelector=spec.size%3D1')), 'field label not supported: spec.size');
  t.is(message(await read(server, '/apis/example.com/v1/widgets?fieldSelector=spec.nope%3D1')), 'field label not supported: spec.nope');
  // An object that stops matching leaves the watch; a deletecollection by selector deletes what it selects.
  t.is((await send(server, `${base}/w2`, { spec: { on: false } }, 'PATCH', 'application/merge-patch+json')).status, 200);
  t.is((await fetch(`${server.url}${base}?fieldSelector=spec.color%3Dc1`, { method: 'DELETE' })).status, 200);
  t.deepEqual(await selected('spec.color!=c9'), ['w2', 'w3']);
  await until(() => onWatch.events.length >= 2 && v2Watch.events.length >= 2, 'the watch events');
  t.deepEqual(onWatch.events, [
    { type: 'ADDED', name: 'w2' },
    { type: 'DELETED', name: 'w2' },
  ]);
  t.deepEqual(v2Watch.events, [
    { type: 'ADDED', name: 'w1' },
    { type: 'DELETED', name: 'w1' },
  ]);
});

test('a cluster-scoped custom resource is not selected by metadata.namespace', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  await established(server, widgets('Cluster'), '/apis/example.com/v1/widgets');
  t.is(message(await read(server, '/apis/example.com/v1/widgets?fieldSelector=metadata.namespace%3Dx')), 'field label not supported: metadata.namespace');
  t.is((await fetch(`${server.url}/apis/example.com/v1/widgets?fieldSelector=metadata.name%3Dx`)).status, 200);
});

test("objects read from storage get the current schema's defaults, pruned by the version read", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = '/apis/example.com/v1/namespaces/default/widgets';
  await established(server, widgets(), base);
  t.is((await send(server, base, widget('w1', { color: 'c1', on: true }))).status, 201);
  const added = await watch(server, `${base}?watch=true&resourceVersion=0&fieldSelector=spec.size%3D7`);
  t.teardown(() => added.cancel());
  // Defaults for v1 (stored) and v2 (not applied on read: kube defaults before it converts).
  const crd = await read(server, `${crdsPath}/widgets.example.com`);
  const versions = (crd.spec as Json).versions as Json[];
  const properties = (v: number) => ((((versions[v] as Json).schema as Json).openAPIV3Schema as Json).properties as Json).spec as Json;
  ((properties(0).properties as Json).size as Json).default = 7;
  (properties(1).properties as Json).extra = { type: 'string', default: 'x' };
  t.is((await send(server, `${crdsPath}/widgets.example.com`, crd, 'PUT')).status, 200);
  await until(async () => ((await read(server, `${base}/w1`)).spec as Json).size === 7, 'the default on read');
  t.deepEqual((await read(server, `${base}/w1`)).spec, { color: 'c1', on: true, size: 7 });
  t.deepEqual(names(await read(server, `${base}?fieldSelector=spec.size%3D7`)), ['w1']);
  // v2 has no "on" (and no size: its schema declares it, v1's default fills it), and no "extra".
  t.deepEqual((await read(server, '/apis/example.com/v2/namespaces/default/widgets/w1')).spec, { color: 'c1', on: true, size: 7 });
  // The watch of the old schema ended; one of the new schema sees the defaulted object.
  await added.ended;
  const again = await watch(server, `${base}?watch=true&resourceVersion=0&fieldSelector=spec.size%3D7`);
  t.teardown(() => again.cancel());
  await until(() => again.events.length >= 1, 'the defaulted object in a watch');
  t.deepEqual(again.events, [{ type: 'ADDED', name: 'w1' }]);
});

test('the defaults applied on read leave a field the served version does not declare out', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const crd = widgets();
  const versions = (crd.spec as Json).versions as Json[];
  (versions[1] as Json).schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' } } } } } };
  await established(server, crd, '/apis/example.com/v1/namespaces/default/widgets');
  t.is((await send(server, '/apis/example.com/v1/namespaces/default/widgets', widget('w1', { color: 'c1', size: 3 }))).status, 201);
  t.deepEqual((await read(server, '/apis/example.com/v2/namespaces/default/widgets/w1')).spec, { color: 'c1' });
  t.deepEqual((await read(server, '/apis/example.com/v1/namespaces/default/widgets/w1')).spec, { color: 'c1', size: 3 });
});

test("custom objects are not served in Protobuf: JSON for a client-go Accept, kube's 406 and 415 otherwise", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = '/apis/example.com/v1/namespaces/default/widgets';
  await established(server, widgets(), base);
  t.is((await send(server, base, widget('w1', { color: 'c1' }))).status, 201);
  const clientGo = await fetch(`${server.url}${base}/w1`, { headers: { accept: 'application/vnd.kubernetes.protobuf,application/json' } });
  t.is(clientGo.status, 200);
  t.is(clientGo.headers.get('content-type'), 'application/json');
  t.is(((await clientGo.json()) as Json).kind, 'Widget');
  const notAcceptable = 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf';
  for (const path of [`${base}/w1`, base, `${base}?watch=true`]) {
    const refused = await fetch(`${server.url}${path}`, { headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    t.is(refused.status, 406, path);
    // The Status itself is Protobuf, as kube negotiates an error.
    t.is(refused.headers.get('content-type'), 'application/vnd.kubernetes.protobuf');
    t.true(Buffer.from(await refused.arrayBuffer()).includes(notAcceptable), path);
  }
  const asJson = await read(server, `${base}/w1`, { accept: 'application/vnd.kubernetes.protobuf;q=0.9,application/json;q=0.5' });
  t.is(asJson.kind, 'Widget');
  // A Protobuf body of a custom object: kube's 415 (kube itself fails on one: its decoder has no message for it).
  const body = Buffer.concat([Buffer.from('k8s\0'), Buffer.from([0x0a, 0x0c, 0x0a, 0x02]), Buffer.from('v1'), Buffer.from([0x12, 0x06]), Buffer.from('Widget')]);
  for (const [method, path] of [
    ['POST', base],
    ['PUT', `${base}/w1`],
  ] as const) {
    const refused = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/vnd.kubernetes.protobuf' }, body });
    t.is(refused.status, 415);
    t.is(
      message((await refused.json()) as Json),
      'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    );
  }
});

test('watches end when the CRD changes its schema or goes, not when only its metadata changes', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = '/apis/example.com/v1/namespaces/default/widgets';
  await established(server, widgets(), base);
  t.is((await send(server, base, widget('w1', { color: 'c1' }))).status, 201);
  const first = await watch(server, `${base}?watch=true&resourceVersion=0`);
  t.teardown(() => first.cancel());
  await until(() => first.events.length === 1, 'the first event');
  t.is((await send(server, `${crdsPath}/widgets.example.com`, { metadata: { labels: { touched: 'yes' } } }, 'PATCH', 'application/merge-patch+json')).status, 200);
  await sleep(2000);
  t.is(first.endedAt, undefined, 'a label on the CRD leaves its watches open');
  const changed = Date.now();
  const patch = [{ op: 'add', path: '/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/extra', value: { type: 'string' } }];
  t.is((await send(server, `${crdsPath}/widgets.example.com`, patch, 'PATCH', 'application/json-patch+json')).status, 200);
  await first.ended;
  // kube tears the old storage down about a second after the change; the stream just ends.
  t.true((first.endedAt as number) - changed < 5000);
  t.deepEqual(first.events, [{ type: 'ADDED', name: 'w1' }]);
  // The CRD deleted: its objects' deletions, then the end.
  const second = await watch(server, `${base}?watch=true&resourceVersion=0`);
  t.teardown(() => second.cancel());
  await until(() => second.events.length === 1, 'the second watch');
  t.is((await fetch(`${server.url}${crdsPath}/widgets.example.com`, { method: 'DELETE' })).status, 200);
  await second.ended;
  t.deepEqual(second.events, [
    { type: 'ADDED', name: 'w1' },
    { type: 'DELETED', name: 'w1' },
  ]);
});

test("while its CRD is Terminating, creates are refused with kube's 403 and discovery lists no create, patch or update", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const base = '/apis/example.com/v1/namespaces/default/widgets';
  await established(server, widgets(), base);
  // Held by its finalizer, the object keeps the CRD Terminating.
  t.is((await send(server, base, { ...widget('held', { color: 'c' }), metadata: { name: 'held', finalizers: ['example.com/hold'] } })).status, 201);
  t.is((await fetch(`${server.url}${crdsPath}/widgets.example.com`, { method: 'DELETE' })).status, 200);
  const resourceOf = async () => ((await read(server, '/apis/example.com/v1')).resources as Json[]).find((r) => r.name === 'widgets');
  await until(async () => ((await resourceOf())?.verbs as string[]).length === 5, 'the Terminating verbs');
  t.deepEqual((await resourceOf())?.verbs, ['delete', 'deletecollection', 'get', 'list', 'watch']);
  const named = await send(server, base, widget('w2', { color: 'c' }));
  t.is(named.status, 403);
  t.deepEqual(await named.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'widgets.example.com "w2" is forbidden: create not allowed while custom resource definition is terminating',
    reason: 'Forbidden',
    details: { name: 'w2', group: 'example.com', kind: 'widgets' },
    code: 403,
  });
  // Refused before the object is validated; a generated name is not in the message.
  const generated = await send(server, base, { ...widget('', { color: 5 }), metadata: { generateName: 'w-' } });
  t.is(generated.status, 403);
  t.is(message((await generated.json()) as Json), 'widgets.example.com is forbidden: create not allowed while custom resource definition is terminating');
  // Updates go on; once the finalizer goes, so do the object and the CRD.
  t.is((await send(server, `${base}/held`, { spec: { color: 'd' } }, 'PATCH', 'application/merge-patch+json')).status, 200);
  t.is((await send(server, `${base}/held`, { metadata: { finalizers: null } }, 'PATCH', 'application/merge-patch+json')).status, 200);
  await until(async () => (await fetch(`${server.url}${crdsPath}/widgets.example.com`)).status === 404, 'the CRD to go', 20_000);
});

test("discovery hashes a custom resource's storage version, and names its short names and categories", async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  await established(server, widgets(), '/apis/example.com/v1/widgets');
  // kube-apiserver 1.35.4's hash of example.com/v1/Widget, for both served versions.
  for (const version of ['v1', 'v2']) {
    const resource = ((await read(server, `/apis/example.com/${version}`)).resources as Json[]).find((r) => r.name === 'widgets');
    t.deepEqual(resource, {
      name: 'widgets',
      singularName: 'widget',
      namespaced: true,
      kind: 'Widget',
      verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'],
      shortNames: ['wd'],
      categories: ['all', 'things'],
      storageVersionHash: 'gIwvi5rymmg=',
    });
  }
  const aggregated = await read(server, '/apis', { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' });
  const group = (aggregated.items as Json[]).find((item) => (item.metadata as Json).name === 'example.com') as Json;
  const v1 = ((group.versions as Json[]).find((v) => v.version === 'v1') as Json).resources as Json[];
  t.like(v1[0], { resource: 'widgets', shortNames: ['wd'], categories: ['all', 'things'] });
  // A storage version that is not served has no hash (kube's discovery controller skips it).
  const crd = await read(server, `${crdsPath}/widgets.example.com`);
  (((crd.spec as Json).versions as Json[])[0] as Json).served = false;
  t.is((await send(server, `${crdsPath}/widgets.example.com`, crd, 'PUT')).status, 200);
  await until(async () => (await fetch(`${server.url}/apis/example.com/v1`)).status === 404, 'v1 to be unserved');
  const unhashed = ((await read(server, '/apis/example.com/v2')).resources as Json[]).find((r) => r.name === 'widgets');
  t.is(unhashed?.storageVersionHash, undefined);
});
