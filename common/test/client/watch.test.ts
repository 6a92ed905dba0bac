import test from 'ava';
import type { ServerResponse } from 'node:http';
import { ApiError, type RequestError, RestClient, type KubeObject, type WatchEvent } from '../../src/client/index.ts';
import { json, startFakeApiServer } from './fake-api-server.ts';

const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };
const line = (type: string, name: string, resourceVersion: string): string => `${JSON.stringify({ type, object: { metadata: { name, resourceVersion } } })}\n`;

async function collect(events: AsyncIterable<WatchEvent>): Promise<string[]> {
  const seen: string[] = [];
  for await (const event of events) seen.push(`${event.type} ${event.object.metadata?.resourceVersion ?? ''}`);
  return seen;
}

test('events split across chunks, several in one chunk, BOOKMARK and ERROR all come through in order', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const text = line('ADDED', 'a', '2') + line('MODIFIED', 'a', '3') + line('BOOKMARK', '', '12345678901234567890');
    response.write(text.slice(0, 17));
    setTimeout(() => {
      response.write(text.slice(17));
      response.end(
        JSON.stringify({
          type: 'ERROR',
          object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 1 (2)', reason: 'Expired', code: 410 },
        }),
      );
    }, 20);
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const watch = await client.watch(configmaps, { resourceVersion: '1', allowWatchBookmarks: true, timeoutSeconds: 30, labelSelector: 'a=b' });
  t.is(server.requests[0]?.url.search, '?labelSelector=a%3Db&resourceVersion=1&watch=1&allowWatchBookmarks=true&timeoutSeconds=30');
  t.deepEqual(await collect(watch), ['ADDED 2', 'MODIFIED 3', 'BOOKMARK 12345678901234567890', 'ERROR ']);
  t.is(watch.received, 4);
  t.is(client.openWatches, 0);
});

test('a refused watch rejects with the ApiError of its Status', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((_request, response) => json(response, 403, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'no', reason: 'Forbidden', code: 403 }));
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const error = await t.throwsAsync(client.watch(configmaps));
  t.true(error instanceof ApiError);
  t.is((error as ApiError).code, 403);
  t.is(client.openWatches, 0);
});

test('close() and the signal end a watch and its connection; breaking out of the loop does too', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  const open = new Set<ServerResponse>();
  server.handle((_request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(line('ADDED', 'a', '2'));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const until = async (check: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  const closed = await client.watch(configmaps);
  setTimeout(() => closed.close(), 30);
  t.deepEqual(await collect(closed), ['ADDED 2']);
  const abort = new AbortController();
  const aborted = await client.watch(configmaps, { signal: abort.signal });
  setTimeout(() => abort.abort(), 30);
  t.deepEqual(await collect(aborted), ['ADDED 2']);
  const broken = await client.watch(configmaps);
  for await (const event of broken) if (event.type === 'ADDED') break;
  t.true(broken.closed);
  t.is(client.openWatches, 0);
  await until(() => open.size === 0);
  t.is(open.size, 0);
});

test('a connection lost mid-watch delivers what came, then throws a RequestError; so does a line that is no event', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response, raw) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url.searchParams.get('labelSelector') === 'bad') {
      response.write('{"type":"ADDED","object":{}}\n{"nonsense":true}\n');
      return;
    }
    response.write(line('ADDED', 'a', '2'), () => setTimeout(() => raw.socket.destroy(), 20));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const seen: string[] = [];
  const dropped = await t.throwsAsync(
    (async () => {
      for await (const event of await client.watch(configmaps)) seen.push(event.type);
    })(),
  );
  t.deepEqual(seen, ['ADDED']);
  t.is((dropped as RequestError).code, 'ECONNRESET');
  const bad = await t.throwsAsync(collect(await client.watch(configmaps, { labelSelector: 'bad' })));
  t.is((bad as RequestError).code, 'BadWatchEvent');
  t.is(client.openWatches, 0);
});

test('a slow reader holds the stream back without losing or reordering events', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  const total = 5000;
  server.handle((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    let text = '';
    for (let i = 1; i <= total; i++) text += line('ADDED', `cm-${i}`, String(i));
    response.end(text);
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  let expected = 1;
  for await (const event of await client.watch<KubeObject>(configmaps)) {
    if (event.object.metadata?.resourceVersion !== String(expected)) t.fail(`event ${event.object.metadata?.resourceVersion} came as number ${expected}`);
    expected += 1;
    if (expected % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  t.is(expected - 1, total);
});
