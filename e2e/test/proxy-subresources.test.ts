// pods/proxy, services/proxy and nodes/proxy through a real API server: to an HTTP server of this
// test (reached through a Pod whose status names the server's address, and the Endpoints of a
// Service), and to a real `capstan agent`'s port with kubectl 1.35 `get --raw`.
//
// kube proxies only to global unicast addresses (no loopback): the backends listen on this
// machine's first non-loopback IPv4 address, and the tests are skipped on a machine without one.

import test from 'ava';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { promisify } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, freePort, startAgent, startRuntimeSim, type ManagedProcess } from '../src/node-agent-process.ts';
import { eventually } from '../../common/test/eventually.ts';

const run = promisify(execFile);
type Json = Record<string, any>;

const hostIP = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal)?.address;
const proxied = hostIP === undefined ? test.serial.skip : test.serial;
const nodeName = 'proxy-node';
const access = agentAccess();

interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

let server: ApiServerProcess;
let backend: Server;
let backendPort = 0;
let token = '';
const seen: SeenRequest[] = [];
let node: ManagedProcess[] = [];
/** Ends the answer of /stream, which the backend holds open after its first line. */
let releaseStream: () => void = () => {};

/** The backend: records each request, and answers by path. */
function startBackend(address: string): Promise<Server> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const url = request.url ?? '/';
      if (url.startsWith('/redirect')) {
        response.writeHead(302, { Location: `http://${address}:${backendPort}/landing/?x=1` }).end();
      } else if (url.startsWith('/elsewhere')) {
        response.writeHead(307, { Location: 'https://example.com/there' }).end();
      } else if (url.startsWith('/page')) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': '66' });
        response.end(`<html><A HREF='/x'>x</A><a href="http://${address}:${backendPort}/y/">y</a>`.padEnd(66));
      } else if (url.startsWith('/stream')) {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.write('first\n');
        releaseStream = () => response.end('last\n');
      } else if (url.startsWith('/teapot')) {
        response.writeHead(418, { 'Content-Type': 'text/plain' }).end('short and stout');
      } else {
        response.writeHead(201, { 'Content-Type': 'application/json', 'X-Backend': 'seen', 'Access-Control-Allow-Origin': '*' });
        response.end(JSON.stringify({ method: request.method, url, body }));
      }
    });
  });
  const sockets = new WebSocketServer({ server: http, path: '/ws' });
  sockets.on('connection', (socket, request) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: '' });
    socket.on('message', (data) => socket.send(`echo: ${String(data)}`));
  });
  return new Promise((resolve) => http.listen(0, address, () => resolve(http)));
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A request to the API server as the test's admin user. */
function call(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const chunked = options.headers?.['Transfer-Encoding'] !== undefined;
    const length = options.body === undefined || chunked ? {} : { 'Content-Length': String(Buffer.byteLength(options.body)) };
    const headers = { Authorization: `Bearer ${token}`, ...length, ...options.headers };
    const outgoing = httpsRequest(url, { method, ca: server.certificateAuthority, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.once('error', reject);
    outgoing.end(options.body);
  });
}

const json = (answer: Answer): Json => JSON.parse(answer.body) as Json;
const create = async (path: string, object: Json): Promise<void> => {
  const answer = await call('POST', path, { body: JSON.stringify(object), headers: { 'Content-Type': 'application/json' } });
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.body}`);
};
/** Sets a pod's status.podIP(s) through the status subresource, as a node agent would. */
async function setPodIP(name: string, ip: string): Promise<void> {
  const patch = JSON.stringify({ status: { podIP: ip, podIPs: [{ ip }] } });
  const answer = await call('PATCH', `/api/v1/namespaces/default/pods/${name}/status`, { body: patch, headers: { 'Content-Type': 'application/merge-patch+json' } });
  if (answer.status !== 200) throw new Error(`status of ${name}: ${answer.status} ${answer.body}`);
}
const pod = (name: string, ports: Json[] = []): Json => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'web', image: 'web', ports }] } });
const kubectl = async (...args: string[]): Promise<string> =>
  (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
const lastSeen = (): SeenRequest => {
  const last = seen.at(-1);
  if (last === undefined) throw new Error('the backend saw no request');
  return last;
};
const statusOf = (answer: Answer): Json => {
  const status = json(answer);
  return { code: status.code, reason: status.reason, message: status.message };
};

test.before(async () => {
  if (hostIP === undefined) return;
  backend = await startBackend(hostIP);
  backendPort = (backend.address() as AddressInfo).port;
  server = await startApiServer(access.apiServerArgs);
  token = /token: (\S+)/.exec((await import('node:fs')).readFileSync(server.kubeconfig, 'utf8'))?.[1] ?? '';
  await create('/api/v1/namespaces/default/pods', pod('web', [{ containerPort: backendPort }]));
  await setPodIP('web', hostIP);
  const runtime = await startRuntimeSim();
  node = [runtime];
  node.push(await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName, args: [...access.agentArgs, `--node-ip=${hostIP}`] }));
  await eventually(
    'the node to report its agent',
    async () => {
      const answer = await call('GET', `/api/v1/nodes/${nodeName}`);
      return answer.status === 200 && json(answer).status?.daemonEndpoints?.kubeletEndpoint?.Port > 0 ? true : undefined;
    },
    30_000,
  );
});
test.after.always(async () => {
  await Promise.all(node.map((process) => process.stop()));
  await server?.stop();
  backend?.close();
  backend?.closeAllConnections();
  access.remove();
});

proxied('pods/proxy forwards method, path, query, body and headers, and streams the answer back', async (t) => {
  const answer = await call('POST', '/api/v1/namespaces/default/pods/web/proxy/echo/a%20b/?x=1&y=two', {
    body: 'hello',
    headers: { 'Content-Type': 'text/plain', 'X-Custom': 'kept', 'X-Forwarded-For': '203.0.113.9' },
  });
  t.is(answer.status, 201);
  t.is(answer.headers['x-backend'], 'seen');
  t.is(answer.headers['content-type'], 'application/json');
  // kube drops the backend's CORS answer.
  t.is(answer.headers['access-control-allow-origin'], undefined);
  t.deepEqual(json(answer), { method: 'POST', url: '/echo/a%20b/?x=1&y=two', body: 'hello' });
  const request = lastSeen();
  t.is(request.headers['x-custom'], 'kept');
  t.is(request.headers['content-type'], 'text/plain');
  t.is(request.headers['x-forwarded-uri'], '/api/v1/namespaces/default/pods/web/proxy/echo/a%20b/');
  t.regex(String(request.headers['x-forwarded-for']), /^203\.0\.113\.9, /);
  // The client's credentials stay with the API server; the Host is the one the client asked for.
  t.is(request.headers.authorization, undefined);
  t.is(request.headers.host, new URL(server.url).host);
});

proxied('an answer streams through pods/proxy as the backend writes it', async (t) => {
  const url = new URL('/api/v1/namespaces/default/pods/web/proxy/stream', server.url);
  const received: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const outgoing = httpsRequest(url, { ca: server.certificateAuthority, headers: { Authorization: `Bearer ${token}` } }, (answer) => {
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        received.push(chunk);
        // The first line arrived while the backend still holds the answer open.
        if (received.length === 1) releaseStream();
      });
      answer.once('end', resolve);
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
  t.deepEqual(received, ['first\n', 'last\n']);
});

proxied('pods/proxy serves every method kube proxies', async (t) => {
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']) {
    const answer = await call(method, '/api/v1/namespaces/default/pods/web/proxy/method', { body: method === 'GET' || method === 'HEAD' ? undefined : 'x' });
    t.is(answer.status, 201, `${method} ${answer.body}`);
    t.is(lastSeen().method, method);
  }
  // A body of unknown length reaches the backend whole, whatever the method.
  const chunked = await call('DELETE', '/api/v1/namespaces/default/pods/web/proxy/chunked', { body: 'streamed', headers: { 'Transfer-Encoding': 'chunked' } });
  t.is(chunked.status, 201);
  t.is(lastSeen().body, 'streamed');
  // And over HTTP/2, where a body need not say its length.
  const session = connect(server.url, { ca: server.certificateAuthority });
  const stream = session.request({ ':method': 'DELETE', ':path': '/api/v1/namespaces/default/pods/web/proxy/h2', authorization: `Bearer ${token}` }, { endStream: false });
  stream.end('over h2');
  const [head] = (await once(stream, 'response')) as [Record<string, unknown>];
  stream.resume();
  await once(stream, 'end');
  session.close();
  t.is(head[':status'], 201);
  t.like(lastSeen(), { method: 'DELETE', url: '/h2', body: 'over h2' });
});

proxied('pods/proxy takes a port and a scheme in the name', async (t) => {
  await create('/api/v1/namespaces/default/pods', pod('noports'));
  await setPodIP('noports', hostIP as string);
  const answer = await call('GET', `/api/v1/namespaces/default/pods/http:noports:${backendPort}/proxy/named`);
  t.is(answer.status, 201);
  t.is(json(answer).url, '/named');
  t.is((await call('GET', `/api/v1/namespaces/default/pods/noports:${backendPort}/proxy/named`)).status, 201);
});

proxied('the proxy root redirects to its slash; a backend redirect comes back through the proxy path', async (t) => {
  const root = await call('GET', '/api/v1/namespaces/default/pods/web/proxy?a=1');
  t.is(root.status, 301);
  t.is(root.headers.location, '/api/v1/namespaces/default/pods/web/proxy/?a=1');
  const redirect = await call('GET', '/api/v1/namespaces/default/pods/web/proxy/redirect');
  t.is(redirect.status, 302);
  t.is(redirect.headers.location, '/api/v1/namespaces/default/pods/web/proxy/landing/?x=1');
  const elsewhere = await call('GET', '/api/v1/namespaces/default/pods/web/proxy/elsewhere');
  t.is(elsewhere.status, 307);
  t.is(elsewhere.headers.location, 'https://example.com/there');
  // The links of an HTML page come back through the proxy too.
  const page = await call('GET', '/api/v1/namespaces/default/pods/web/proxy/page');
  const prefix = '/api/v1/namespaces/default/pods/web/proxy';
  t.is(page.body.trimEnd(), `<html><a href="${prefix}/x">x</A><a href="${prefix}/y/">y</a>`);
  t.is(page.headers['content-length'], undefined);
  const teapot = await call('GET', '/api/v1/namespaces/default/pods/web/proxy/teapot');
  t.is(teapot.status, 418);
  t.is(teapot.body, 'short and stout');
});

proxied('pods/proxy errors are kube Status answers', async (t) => {
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/pods/nope/proxy/')), { code: 404, reason: 'NotFound', message: 'pods "nope" not found' });
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/pods/a:b:c:d/proxy/')), {
    code: 400,
    reason: 'BadRequest',
    message: 'invalid pod request "a:b:c:d"',
  });
  await create('/api/v1/namespaces/default/pods', pod('noip'));
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/pods/noip/proxy/')), { code: 400, reason: 'BadRequest', message: 'address not allowed' });
  await create('/api/v1/namespaces/default/pods', pod('loopback'));
  await setPodIP('loopback', '127.0.0.1');
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/pods/loopback/proxy/')), { code: 400, reason: 'BadRequest', message: 'address not allowed' });
  const closed = await freePort();
  t.deepEqual(statusOf(await call('GET', `/api/v1/namespaces/default/pods/web:${closed}/proxy/`)), {
    code: 503,
    reason: 'ServiceUnavailable',
    message: `error trying to reach service: dial tcp ${hostIP}:${closed}: connect: connection refused`,
  });
  t.deepEqual(statusOf(await call('POST', '/api/v1/namespaces/default/pods/web/proxy/x?dryRun=All')), { code: 400, reason: 'BadRequest', message: 'dryRun is not supported' });
});

proxied('a WebSocket upgrade goes through pods/proxy', async (t) => {
  const base = `${server.url.replace(/^https/, 'wss')}/api/v1/namespaces/default/pods/web/proxy`;
  // kube's upgrade-aware handler asks the backend for the location's path alone: the query stays behind.
  const url = `${base}/ws?dropped=1`;
  const socket = new WebSocket(url, { ca: server.certificateAuthority, headers: { Authorization: `Bearer ${token}` } });
  await once(socket, 'open');
  socket.send('ping');
  const [message] = (await once(socket, 'message')) as [Buffer];
  t.is(String(message), 'echo: ping');
  t.is(lastSeen().url, '/ws');
  socket.close();
  // A backend that refuses the upgrade has its answer echoed.
  const refused = new WebSocket(`${base}/nowhere`, { ca: server.certificateAuthority, headers: { Authorization: `Bearer ${token}` } });
  const [, answer] = (await once(refused, 'unexpected-response')) as [unknown, IncomingMessage];
  t.is(answer.statusCode, 400);
  answer.resume();
});

proxied('services/proxy picks a ready pod address of the Endpoints, by port name or number', async (t) => {
  await create('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'echo' }, spec: { ports: [{ name: 'http', port: 80 }] } });
  await create('/api/v1/namespaces/default/endpoints', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'echo' },
    subsets: [{ addresses: [{ ip: hostIP, targetRef: { kind: 'Pod', namespace: 'default', name: 'web' } }], ports: [{ name: 'http', port: backendPort }] }],
  });
  const byName = await call('PUT', '/api/v1/namespaces/default/services/echo:http/proxy/svc?q=1', { body: 'put' });
  t.is(byName.status, 201);
  t.deepEqual(json(byName), { method: 'PUT', url: '/svc?q=1', body: 'put' });
  t.is(lastSeen().headers['x-forwarded-uri'], '/api/v1/namespaces/default/services/echo:http/proxy/svc');
  t.is((await call('GET', '/api/v1/namespaces/default/services/http:echo:80/proxy/svc')).status, 201);
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/services/echo:81/proxy/')), {
    code: 503,
    reason: 'ServiceUnavailable',
    message: 'no service port 81 found for service "echo"',
  });
  // No port named "" in the Endpoints.
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/services/echo/proxy/')), {
    code: 503,
    reason: 'ServiceUnavailable',
    message: 'no endpoints available for service "echo"',
  });
});

proxied('services/proxy without endpoints answers as kube does', async (t) => {
  await create('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'empty' }, spec: { ports: [{ port: 80 }] } });
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/services/empty/proxy/')), { code: 404, reason: 'NotFound', message: 'endpoints "empty" not found' });
  await create('/api/v1/namespaces/default/endpoints', { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'empty' } });
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/services/empty/proxy/')), {
    code: 503,
    reason: 'ServiceUnavailable',
    message: 'no endpoints available for service "empty"',
  });
  // An address that is no pod's IP is never proxied to.
  await create('/api/v1/namespaces/default/endpoints', {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'stray' },
    subsets: [{ addresses: [{ ip: hostIP }], ports: [{ port: backendPort }] }],
  });
  t.deepEqual(statusOf(await call('GET', '/api/v1/namespaces/default/services/stray/proxy/')), {
    code: 503,
    reason: 'ServiceUnavailable',
    message: 'no endpoints available for service "stray"',
  });
});

proxied('kubectl get --raw reaches the agent through nodes/proxy', async (t) => {
  t.is(await kubectl('get', '--raw', `/api/v1/nodes/${nodeName}/proxy/healthz`), 'ok');
  const pods = JSON.parse(await kubectl('get', '--raw', `/api/v1/nodes/${nodeName}/proxy/pods`)) as Json;
  t.is(pods.kind, 'PodList');
  // Another port of the node is reached over plain HTTP.
  t.is(JSON.parse(await kubectl('get', '--raw', `/api/v1/nodes/${nodeName}:${backendPort}/proxy/node-port`)).url, '/node-port');
  const missing = await kubectl('get', '--raw', '/api/v1/nodes/nope/proxy/healthz').catch((error: { stderr: string }) => error.stderr);
  t.regex(missing, /nodes "nope" not found/);
});

proxied('nodes/proxy refuses a node whose address is not global unicast', async (t) => {
  await create('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'local' } });
  const status = JSON.stringify({ status: { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }], daemonEndpoints: { kubeletEndpoint: { Port: 10250 } } } });
  await call('PATCH', '/api/v1/nodes/local/status', { body: status, headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.deepEqual(statusOf(await call('GET', '/api/v1/nodes/local/proxy/healthz')), { code: 400, reason: 'BadRequest', message: 'address not allowed' });
});

// After the services test: the Service echo and its Endpoints exist.
(hostIP === undefined || (!goAvailable() && process.env.CI === undefined) ? test.serial.skip : test.serial)(
  "client-go's REST client and ProxyGet go through pods, services and nodes proxy",
  async (t) => {
    const { stdout } = await run(clientGoBinary('proxy-probe'), [server.kubeconfig, 'default', 'web', 'echo:http', nodeName], { encoding: 'utf8', timeout: 60_000 });
    const answers = new Map((JSON.parse(stdout) as Json[]).map((answer) => [answer.request as string, answer]));
    t.like(answers.get('pod'), { code: 201, body: JSON.stringify({ method: 'GET', url: '/client-go?from=go', body: '' }) });
    t.like(answers.get('pod-post'), { code: 201, body: JSON.stringify({ method: 'POST', url: '/posted', body: 'go body' }) });
    t.like(answers.get('missing-pod'), { code: 404, reason: 'NotFound', error: 'pods "missing" not found' });
    t.like(answers.get('service'), { body: JSON.stringify({ method: 'GET', url: '/svc-go?q=1', body: '' }) });
    t.like(answers.get('node'), { code: 200, body: 'ok' });
  },
);
