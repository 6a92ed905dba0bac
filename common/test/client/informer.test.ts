import test from 'ava';
import type { ServerResponse } from 'node:http';
import { ApiError, Informer, RestClient, type KubeObject } from '../../src/client/index.ts';
import { json, startFakeApiServer, type RecordedRequest } from './fake-api-server.ts';

const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };
const cm = (name: string, resourceVersion: string): KubeObject => ({ metadata: { name, namespace: 'default', resourceVersion } });
const list = (resourceVersion: string, items: KubeObject[], next?: string) => ({
  kind: 'ConfigMapList',
  apiVersion: 'v1',
  metadata: { resourceVersion, ...(next ? { continue: next } : {}) },
  items,
});
const events = (response: ServerResponse, lines: readonly object[], end = true): void => {
  response.writeHead(200, { 'content-type': 'application/json' });
  const text = lines.map((event) => `${JSON.stringify(event)}\n`).join('');
  if (end) response.end(text);
  else response.write(text);
};
const expired = {
  type: 'ERROR',
  object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 20 (30)', reason: 'Expired', code: 410 },
};

const until = async (check: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

function recorder(informer: Informer): string[] {
  const seen: string[] = [];
  informer.addEventHandler({
    onAdd: (object) => seen.push(`add ${object.metadata?.name}`),
    onUpdate: (old, object) => seen.push(`update ${object.metadata?.name} ${old.metadata?.resourceVersion}->${object.metadata?.resourceVersion}`),
    onDelete: (object, unknown) => seen.push(`delete ${object.metadata?.name}${unknown ? ' unknown' : ''}`),
  });
  return seen;
}

const describe = (request: RecordedRequest): string => `${request.url.searchParams.has('watch') ? 'watch' : 'list'} ${request.url.searchParams.toString()}`;

test('lists page by page, watches from the list, follows bookmarks, and re-lists on 410 with deletes for what vanished', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  let watches = 0;
  server.handle((request, response) => {
    const query = request.url.searchParams;
    if (query.has('watch')) {
      watches += 1;
      if (watches === 1)
        return events(response, [
          { type: 'MODIFIED', object: cm('a', '11') },
          { type: 'ADDED', object: cm('c', '12') },
          { type: 'BOOKMARK', object: { metadata: { resourceVersion: '20' } } },
        ]);
      if (watches === 2) return events(response, [expired]);
      return events(response, [{ type: 'DELETED', object: cm('c', '31') }], false);
    }
    if (query.get('continue') === 'page2') return json(response, 200, list('10', [cm('b', '5')]));
    if (!query.has('continue') && watches === 0) return json(response, 200, list('10', [cm('a', '4')], 'page2'));
    // The re-list after the 410: a changed, b gone, c unchanged.
    return json(response, 200, list('30', [cm('a', '25'), cm('c', '12')]));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const errors: unknown[] = [];
  const informer = new Informer(client, configmaps, { pageSize: 1, backoff: { initialMs: 10, maxMs: 20 }, watchTimeoutSeconds: 60, onError: (error) => errors.push(error) });
  const seen = recorder(informer);
  informer.start();
  t.teardown(() => informer.stop());
  t.true(await informer.waitForSync());
  await until(() => seen.includes('delete c'), 'the delete after the re-list');
  t.deepEqual(seen, ['add a', 'add b', 'update a 4->11', 'add c', 'update a 11->25', 'delete b unknown', 'delete c']);
  t.deepEqual(server.requests.map(describe), [
    'list limit=1',
    'list limit=1&continue=page2',
    'watch resourceVersion=10&watch=1&allowWatchBookmarks=true&timeoutSeconds=60',
    'watch resourceVersion=20&watch=1&allowWatchBookmarks=true&timeoutSeconds=60',
    'list limit=1',
    'watch resourceVersion=30&watch=1&allowWatchBookmarks=true&timeoutSeconds=60',
  ]);
  t.true(errors[0] instanceof ApiError && errors[0].code === 410);
  t.deepEqual(informer.store.keys(), ['default/a']);
  t.is(informer.lastSyncResourceVersion, '31');
  t.deepEqual(informer.stats, { lists: 2, watches: 3 });
});

test('a watch the server ends at once, again and again, is retried with growing pauses, not in a tight loop', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response) => (request.url.searchParams.has('watch') ? events(response, []) : json(response, 200, list('1', []))));
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const errors: string[] = [];
  const informer = new Informer(client, configmaps, { backoff: { initialMs: 50, maxMs: 400, jitter: 0 }, onError: (error) => errors.push((error as Error).message) });
  informer.start();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await informer.stop();
  // 50 + 100 + 200 + 400 ms of pauses fit in a second: five watches, one list.
  t.is(informer.stats.lists, 1);
  t.true(informer.stats.watches >= 4 && informer.stats.watches <= 6, `${informer.stats.watches} watches`);
  t.regex(errors[0] ?? '', /very short watch/);
});

test('a handler that throws is reported and the others still run; a late handler is told of what is stored', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response) => (request.url.searchParams.has('watch') ? events(response, [], false) : json(response, 200, list('1', [cm('a', '1'), cm('b', '1')]))));
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const errors: unknown[] = [];
  const informer = new Informer(client, configmaps, { onError: (error) => errors.push(error) });
  informer.addEventHandler({
    onAdd: () => {
      throw new Error('handler bug');
    },
  });
  const seen = recorder(informer);
  informer.start();
  t.teardown(() => informer.stop());
  await informer.waitForSync();
  t.deepEqual(seen, ['add a', 'add b']);
  t.is(errors.length, 2);
  const late: string[] = [];
  const remove = informer.addEventHandler({ onAdd: (object) => late.push(object.metadata?.name ?? '') });
  t.deepEqual(late, ['a', 'b']);
  t.true(informer.hasSynced());
  remove();
});

test('an informer stopped before its first list answers false to waitForSync; a refused list is retried', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((_request, response) =>
    json(response, 403, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'forbidden', reason: 'Forbidden', code: 403 }),
  );
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const informer = new Informer(client, configmaps, { backoff: { initialMs: 20, maxMs: 20 } });
  informer.start();
  const synced = informer.waitForSync();
  await until(() => informer.stats.lists >= 3, 'three list attempts');
  await informer.stop();
  t.false(await synced);
  t.false(informer.hasSynced());
  t.is(client.inFlight + client.openWatches, 0);
  t.throws(() => new Informer(client, { ...configmaps, name: 'x' }), { message: 'an informer watches a collection: the target has no name' });
});
