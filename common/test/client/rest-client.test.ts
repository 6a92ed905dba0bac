import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { ApiError, RequestError, RestClient, defaultUserAgent, isRequestTimeout } from '../../src/client/index.ts';
import { Credentials } from '../../src/client/transport.ts';
import { json, startFakeApiServer } from './fake-api-server.ts';

const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default' };
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

test("every request says who sends it: the User-Agent in client-go's shape, Accept and the bearer token", async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((_request, response) => json(response, 200, { kind: 'ConfigMap', metadata: { name: 'x' } }));
  const client = new RestClient({ server: server.url, token: 'abc' });
  t.teardown(() => client.close());
  await client.get({ ...configmaps, name: 'x' });
  const sent = server.requests[0];
  t.regex(sent?.headers['user-agent'] ?? '', /^capstan\/v\d+\.\d+\.\d+ \(linux\/(amd64|arm64)\) capstan\/v\d+\.\d+\.\d+$/);
  t.is(sent?.headers.accept, 'application/json');
  t.is(sent?.headers.authorization, 'Bearer abc');
  t.is(defaultUserAgent('capstan-agent', '1.2.3').split(' ')[0], 'capstan-agent/v1.2.3');

  const named = new RestClient({ server: server.url, userAgent: 'capstan-agent/v0.1.0 (linux/amd64) capstan/v0.1.0', username: 'u', password: 'p' });
  t.teardown(() => named.close());
  await named.get({ ...configmaps, name: 'x' });
  t.is(server.requests[1]?.headers['user-agent'], 'capstan-agent/v0.1.0 (linux/amd64) capstan/v0.1.0');
  t.is(server.requests[1]?.headers.authorization, `Basic ${Buffer.from('u:p').toString('base64')}`);
});

test('a token file wins over the token and is read again after a minute', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-token-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const tokenFile = join(dir, 'token');
  const credentials = new Credentials({ server: 'http://x', token: 'static', tokenFile });
  t.is(credentials.authorization(0), 'Bearer static');
  writeFileSync(tokenFile, 'first\n');
  t.is(credentials.authorization(1), 'Bearer first');
  writeFileSync(tokenFile, 'second\n');
  t.is(credentials.authorization(30_000), 'Bearer first');
  t.is(credentials.authorization(61_000), 'Bearer second');
  rmSync(tokenFile);
  t.is(credentials.authorization(200_000), 'Bearer second');
});

test('each verb sends its method, path, query, content type and body as kube-apiserver reads them', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response) =>
    json(response, request.method === 'POST' ? 201 : 200, { kind: 'ConfigMap', metadata: { name: 'x', resourceVersion: '12345678901234567890' } }),
  );
  const client = new RestClient({ server: `${server.url}/prefix/` });
  t.teardown(() => client.close());
  const created = await client.create({ ...configmaps }, { metadata: { name: 'x' } }, { dryRun: true, fieldManager: 'agent', fieldValidation: 'Strict' });
  t.is(JSON.stringify(created.metadata?.resourceVersion), '"12345678901234567890"');
  await client.update(configmaps, { metadata: { name: 'x', resourceVersion: '5' } });
  await client.patch({ ...configmaps, name: 'x' }, { data: { a: 'b' } }, { type: 'strategic' });
  await client.patch({ ...configmaps, name: 'x' }, [{ op: 'add', path: '/data/a', value: 'b' }], { type: 'json' });
  await client.patch({ ...configmaps, name: 'x' }, { metadata: { name: 'x' } }, { type: 'apply', fieldManager: 'agent', force: true });
  await client.patch({ group: '', version: 'v1', resource: 'nodes', name: 'n1', subresource: 'status' }, { status: {} }, { type: 'merge' });
  await client.delete({ ...configmaps, name: 'x' }, { gracePeriodSeconds: 30, propagationPolicy: 'Background' });
  await client.delete({ ...configmaps, name: 'y' });
  await client.deleteCollection(configmaps, { labelSelector: 'app=x' });
  await client.list({ group: 'coordination.k8s.io', version: 'v1', resource: 'leases' }, { labelSelector: 'a in (b)', limit: 10, resourceVersion: '0' });
  const sent = server.requests.map((r) => [r.method, r.url.pathname + r.url.search, r.headers['content-type'] ?? '', r.body]);
  t.deepEqual(sent, [
    ['POST', '/prefix/api/v1/namespaces/default/configmaps?dryRun=All&fieldManager=agent&fieldValidation=Strict', 'application/json', '{"metadata":{"name":"x"}}'],
    ['PUT', '/prefix/api/v1/namespaces/default/configmaps/x', 'application/json', '{"metadata":{"name":"x","resourceVersion":"5"}}'],
    ['PATCH', '/prefix/api/v1/namespaces/default/configmaps/x', 'application/strategic-merge-patch+json', '{"data":{"a":"b"}}'],
    ['PATCH', '/prefix/api/v1/namespaces/default/configmaps/x', 'application/json-patch+json', '[{"op":"add","path":"/data/a","value":"b"}]'],
    ['PATCH', '/prefix/api/v1/namespaces/default/configmaps/x?fieldManager=agent&force=true', 'application/apply-patch+yaml', '{"metadata":{"name":"x"}}'],
    ['PATCH', '/prefix/api/v1/nodes/n1/status', 'application/merge-patch+json', '{"status":{}}'],
    [
      'DELETE',
      '/prefix/api/v1/namespaces/default/configmaps/x',
      'application/json',
      '{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":30,"propagationPolicy":"Background"}',
    ],
    ['DELETE', '/prefix/api/v1/namespaces/default/configmaps/y', '', ''],
    ['DELETE', '/prefix/api/v1/namespaces/default/configmaps?labelSelector=app%3Dx', '', ''],
    ['GET', '/prefix/apis/coordination.k8s.io/v1/leases?labelSelector=a+in+%28b%29&limit=10&resourceVersion=0', '', ''],
  ]);
});

test('Warning headers reach onWarning, one text each', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((_request, response) => {
    response.setHeader('warning', ['299 - "unknown field \\"spec.x\\""', '299 - "v1 ComponentStatus is deprecated, a, b"']);
    json(response, 200, {});
  });
  const warnings: string[] = [];
  const client = new RestClient({ server: server.url, onWarning: (text) => warnings.push(text) });
  t.teardown(() => client.close());
  await client.get({ ...configmaps, name: 'x' });
  t.deepEqual(warnings, ['unknown field "spec.x"', 'v1 ComponentStatus is deprecated, a, b']);
});

test('an error answer rejects with an ApiError; a server that never answers, with a RequestTimeout that closes the connection', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response) => {
    if (request.url.pathname.endsWith('/slow')) return; // never answers
    json(response, 409, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'conflict', reason: 'Conflict', code: 409 });
  });
  const client = new RestClient({ server: server.url, timeoutMs: 300 });
  t.teardown(() => client.close());
  const conflict = await t.throwsAsync(client.update({ ...configmaps, name: 'x' }, {}));
  t.true(conflict instanceof ApiError);
  t.is((conflict as ApiError).status.reason, 'Conflict');

  const started = Date.now();
  const slow = client.get({ ...configmaps, name: 'slow' });
  t.is(client.inFlight, 1);
  const timedOut = await t.throwsAsync(slow);
  t.true(isRequestTimeout(timedOut), String(timedOut));
  t.is(timedOut?.message, `GET ${server.url}/api/v1/namespaces/default/configmaps/slow: request timed out after 300 ms`);
  t.true(Date.now() - started < 2000);
  t.is(client.inFlight, 0);
  // The agent lets go of a destroyed socket when it has closed.
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.is(Object.values(client.agent.sockets).flat().length, 0);

  const abort = new AbortController();
  const aborted = client.get({ ...configmaps, name: 'slow' }, { signal: abort.signal, timeoutMs: 0 });
  setTimeout(() => abort.abort(), 50);
  t.is(((await t.throwsAsync(aborted)) as RequestError).code, 'Aborted');
  const refused = await t.throwsAsync(new RestClient({ server: 'http://127.0.0.1:1' }).get({ ...configmaps, name: 'x' }));
  t.is((refused as RequestError).code, 'ECONNREFUSED');
});

test('a 429 or 5xx with Retry-After is sent again after that many seconds, body and all; without the header it is the answer', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  let refusals = 2;
  server.handle((request, response) => {
    if (request.url.pathname.includes('/namespaces/busy/') && refusals-- > 0) {
      // As API priority and fairness refuses: plain text, not a Status.
      response.writeHead(refusals === 1 ? 429 : 503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      response.end('Too many requests, please try again later.\n');
      return;
    }
    if (request.url.pathname.includes('/namespaces/refused/')) {
      json(response, 429, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'no', reason: 'TooManyRequests', code: 429 });
      return;
    }
    json(response, 201, JSON.parse(request.body));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const created = await client.create({ ...configmaps, namespace: 'busy' }, { metadata: { name: 'busy' }, data: { a: 'b' } });
  t.deepEqual(created, { metadata: { name: 'busy' }, data: { a: 'b' } });
  const sent = server.requests.filter((r) => r.url.pathname.includes('/namespaces/busy/'));
  t.is(sent.length, 3);
  t.true(sent.every((r) => r.method === 'POST' && r.body === sent[0]?.body));
  const refused = await t.throwsAsync(client.create({ ...configmaps, namespace: 'refused' }, { metadata: { name: 'x' } }));
  t.is((refused as ApiError).code, 429);
  t.is(server.requests.filter((r) => r.url.pathname.includes('/refused')).length, 1);
});

test('sequential requests share one connection, idle ones leave the pool a second before the server would close them, and a GET on a connection the server dropped is sent again', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  let dropNext = false;
  server.handle((request, response, raw) => {
    if (dropNext) {
      dropNext = false;
      raw.socket.destroy();
      return;
    }
    if (request.url.pathname.endsWith('/longer')) response.setHeader('keep-alive', 'timeout=30');
    json(response, 200, {});
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const idleTimeouts = (): (number | undefined)[] =>
    Object.values(client.agent.freeSockets)
      .flat()
      .map((socket) => socket?.timeout);
  for (let i = 0; i < 20; i++) await client.get({ ...configmaps, name: 'x' });
  t.is(server.connections(), 1);
  // Node's HTTP server answers Keep-Alive: timeout=5.
  t.deepEqual(idleTimeouts(), [4000]);
  await client.get({ ...configmaps, name: 'longer' });
  t.deepEqual(idleTimeouts(), [29_000]);

  dropNext = true;
  await client.get({ ...configmaps, name: 'x' });
  t.is(server.connections(), 2);
  // A create is not sent twice: the server may have acted on it.
  dropNext = true;
  const failed = await t.throwsAsync(client.create(configmaps, { metadata: { name: 'x' } }));
  t.is((failed as RequestError).code, 'ECONNRESET');
});

test('https: the server is verified against the CA, and the client certificate is presented', async (t) => {
  const server = await startFakeApiServer({ cert: fixture('server.crt'), key: fixture('server.key'), ca: fixture('ca.crt'), requestCert: true, rejectUnauthorized: false });
  t.teardown(() => server.close());
  let peer = '';
  server.handle((_request, response, raw) => {
    peer = String((raw.socket as TLSSocket).getPeerCertificate().subject?.CN ?? '');
    json(response, 200, {});
  });
  const client = new RestClient({ server: server.url, certificateAuthority: fixture('ca.crt'), clientCertificate: fixture('client.crt'), clientKey: fixture('client.key') });
  t.teardown(() => client.close());
  await client.get({ ...configmaps, name: 'x' });
  t.is(peer, 'system:node:test');

  const untrusting = new RestClient({ server: server.url });
  t.teardown(() => untrusting.close());
  const error = (await t.throwsAsync(untrusting.get({ ...configmaps, name: 'x' }))) as RequestError;
  t.true(error instanceof RequestError);
  t.regex(error.code, /CERT|SIGNATURE/);
  const insecure = new RestClient({ server: server.url, insecureSkipTLSVerify: true });
  t.teardown(() => insecure.close());
  await t.notThrowsAsync(insecure.get({ ...configmaps, name: 'x' }));
});

test('listAll follows continue tokens, and lists again in one request when the snapshot expired between pages', async (t) => {
  const server = await startFakeApiServer();
  t.teardown(() => server.close());
  server.handle((request, response) => {
    const query = request.url.searchParams;
    const page = (names: string[], next?: string) => ({
      kind: 'ConfigMapList',
      metadata: { resourceVersion: '7', ...(next ? { continue: next } : {}) },
      items: names.map((name) => ({ metadata: { name } })),
    });
    if (query.get('continue') === 'expired') {
      return json(response, 410, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: { continue: 'fresh' },
        status: 'Failure',
        message: 'The provided continue parameter is too old',
        reason: 'Expired',
        code: 410,
      });
    }
    if (query.get('labelSelector') === 'old=snapshot') return json(response, 200, query.has('limit') ? page(['a'], 'expired') : page(['a', 'b', 'c']));
    if (query.get('continue') === 'two') return json(response, 200, page(['c']));
    return json(response, 200, page(['a', 'b'], 'two'));
  });
  const client = new RestClient({ server: server.url });
  t.teardown(() => client.close());
  const names = (list: { items: { metadata?: { name?: string } }[] }) => list.items.map((item) => item.metadata?.name);
  t.deepEqual(names(await client.listAll(configmaps, { pageSize: 2 })), ['a', 'b', 'c']);
  t.deepEqual(names(await client.listAll(configmaps, { pageSize: 1, labelSelector: 'old=snapshot' })), ['a', 'b', 'c']);
  t.deepEqual(
    server.requests.map((request) => request.url.search),
    ['?limit=2', '?limit=2&continue=two', '?labelSelector=old%3Dsnapshot&limit=1', '?labelSelector=old%3Dsnapshot&limit=1&continue=expired', '?labelSelector=old%3Dsnapshot'],
  );
});
