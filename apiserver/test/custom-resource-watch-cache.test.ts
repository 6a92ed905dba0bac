// The API server gives each served custom resource a watch cache: added when a CRD is served,
// removed once it is deleted and its watches are closed; and a storage with no cache in front
// serves custom resources as well.

import { createLogger, parseFeatureGates } from '@capstan/common';
import test, { type ExecutionContext } from 'ava';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { parsePortRange } from '../src/resources/core/services/addresses/node-port-allocator.ts';
import { parseServiceCidr } from '../src/resources/core/services/addresses/service-cidr.ts';
import { ApiServer } from '../src/server/api-server.ts';
import { cachedPrefixesOf } from '../src/server/cached-prefixes.ts';
import { apiServerFeatures } from '../src/server/feature-gates.ts';
import { Cacher, type ResourceCaches } from '../src/storage/cacher/cacher.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import type { Storage } from '../src/storage/storage.ts';
import { makeTempDir } from './storage/temp-dir.ts';

const widgetsPrefix = '/registry/example.com/widgets/';

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', kind: 'Widget' },
    versions: [
      { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
      { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
    ],
  },
};

/** The calls the server makes to its watch cache, passed on to the cache. */
class RecordedCaches implements ResourceCaches {
  readonly calls: string[] = [];
  readonly #cacher: Cacher;
  constructor(cacher: Cacher) {
    this.#cacher = cacher;
  }
  addResource(prefix: string): void {
    this.calls.push(`add ${prefix}`);
    this.#cacher.addResource(prefix);
  }
  removeResource(prefix: string): void {
    this.calls.push(`remove ${prefix}`);
    this.#cacher.removeResource(prefix);
  }
}

async function startServer(t: ExecutionContext, storage: Storage, resourceCaches: ResourceCaches | undefined, ready: () => Promise<void>): Promise<string> {
  const server = new ApiServer({
    bindAddress: '127.0.0.1',
    port: 0,
    storage,
    ...(resourceCaches === undefined ? {} : { resourceCaches }),
    storageCheckName: 'storage',
    shutdownDelayMs: 0,
    livezGracePeriodMs: 0,
    minRequestTimeoutMs: 1_800_000,
    featureGates: parseFeatureGates(apiServerFeatures, []),
    serviceClusterIpRange: [parseServiceCidr('10.96.0.0/12') as NonNullable<ReturnType<typeof parseServiceCidr>>],
    serviceNodePortRange: parsePortRange('30000-32767') as NonNullable<ReturnType<typeof parsePortRange>>,
    storageReady: ready,
    logger: createLogger({ name: 'custom-resource-watch-cache-test', format: 'json', level: process.env.CAPSTAN_TEST_LOG_LEVEL ?? 'silent' }),
  });
  const address = await server.listen();
  t.teardown(() => server.shutdown());
  await server.ready();
  return `http://127.0.0.1:${address.port}`;
}

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Tries `step` until it answers true; fails after 10 s. */
async function eventually(step: () => Promise<boolean>): Promise<void> {
  for (let deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await step()) return;
  }
  throw new Error('the condition did not hold within 10 s');
}

/** Creates the widgets CRD and waits until its objects can be created. */
async function serveWidgets(url: string): Promise<void> {
  const created = await call(`${url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, 'POST', widgetCrd);
  if (created.status !== 201) throw new Error(`the CRD was not created: ${JSON.stringify(created.body)}`);
  await eventually(async () => (await call(`${url}/apis/example.com/v1/namespaces/default/widgets`, 'GET')).status === 200);
}

test('a served CRD gets one watch cache for its versions, which goes once the CRD is deleted and a new one comes with it again', async (t) => {
  const dir = makeTempDir('custom-resource-watch-cache');
  const cacher = new Cacher(new SqliteStore({ dataDir: dir.path }), { resourcePrefixes: [...cachedPrefixesOf(builtinResources)] });
  t.teardown(() => dir.remove());
  const caches = new RecordedCaches(cacher);
  const url = await startServer(t, cacher, caches, () => cacher.ready());
  await serveWidgets(url);
  t.deepEqual(caches.calls, [`add ${widgetsPrefix}`], 'one cache for both served versions');
  const widgets = `${url}/apis/example.com/v1/namespaces/default/widgets`;
  t.is((await call(widgets, 'POST', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'a' } })).status, 201);
  // Read as both versions, whoever answers (the store until the snapshot, the cache after it).
  await eventually(async () => ((await call(widgets, 'GET')).body.items as unknown[]).length === 1);
  const v2 = await call(`${url}/apis/example.com/v2/namespaces/default/widgets?resourceVersion=0`, 'GET');
  t.is((v2.body.items as unknown[]).length, 1);
  // A watch of the custom resource, ended by the CRD's deletion as kube ends it: the stream closes.
  const watching = fetch(`${widgets}?watch=true`).then(async (answer) => await answer.text());
  t.is((await call(`${url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com`, 'DELETE')).status, 200);
  const streamed = await watching;
  t.true(streamed.includes('"type":"DELETED"'), 'the watch saw the object deleted with its CRD');
  await eventually(async () => caches.calls.length === 2);
  t.deepEqual(caches.calls, [`add ${widgetsPrefix}`, `remove ${widgetsPrefix}`]);
  // Created again: a new cache, which has nothing of the old objects.
  await eventually(async () => (await call(`${url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com`, 'GET')).status === 404);
  await serveWidgets(url);
  t.is(caches.calls.at(-1), `add ${widgetsPrefix}`);
  t.is((await call(widgets, 'POST', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'b' } })).status, 201);
  await eventually(async () => {
    const items = (await call(widgets, 'GET')).body.items as { metadata: { name: string } }[];
    return items.length === 1 && items[0]?.metadata.name === 'b';
  });
});

test('custom resources are served from a storage with no watch cache in front', async (t) => {
  const dir = makeTempDir('custom-resource-no-cache');
  const store = new SqliteStore({ dataDir: dir.path });
  t.teardown(() => dir.remove());
  const url = await startServer(t, store, undefined, async () => {});
  await serveWidgets(url);
  const widgets = `${url}/apis/example.com/v1/namespaces/default/widgets`;
  t.is((await call(widgets, 'POST', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'a' } })).status, 201);
  t.is(((await call(widgets, 'GET')).body.items as unknown[]).length, 1);
});
