// pods/log and pods/exec through the API server to a node's agent: kubectl logs and kubectl exec
// against pods on a Node whose status points at a peer of this test's own.
//
// The peer plays the node agent's part (HTTPS with a self-signed certificate, /containerLogs and
// /exec with WebSocket v5.channel.k8s.io) and no more; the real agent of nodeagent/ replaces it
// once its server exists.

import test from 'ava';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WebSocket, WebSocketServer } from 'ws';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const token = 'agent-test-token';
const dir = mkdtempSync(join(tmpdir(), 'capstan-agent-peer-'));
writeFileSync(join(dir, 'token'), `${token}\n`);
// The peer's serving certificate, and the authority the API server checks it with: itself.
const selfSigned = (name: string): void =>
  void execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, `${name}.key`),
      '-out',
      join(dir, `${name}.crt`),
    ],
    { stdio: 'ignore' },
  );
selfSigned('agent');
// An agent whose certificate the API server was not told to trust.
selfSigned('impostor');

// One API server for the file, started once the peer listens.
let server: ApiServerProcess | undefined;
const current = (): ApiServerProcess => {
  if (server === undefined) throw new Error('the API server has not started');
  return server;
};
const shared = {
  server: current,
  kubectl: (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, ...args], { encoding: 'utf8' }),
};

interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

/** The stand-in agent: what it was asked, and how it answers each pod's log and exec. */
class AgentPeer {
  readonly seen: SeenRequest[] = [];
  readonly #server: Server;
  readonly #sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => (offered.has('v5.channel.k8s.io') ? 'v5.channel.k8s.io' : false) });
  /** Resolves when a following log request is closed by the API server. */
  followClosed: Promise<void> = new Promise(() => {});
  #followClosed: () => void = () => {};

  constructor() {
    const key = readFileSync(join(dir, 'agent.key'));
    const cert = readFileSync(join(dir, 'agent.crt'));
    this.#server = createServer({ key, cert }, (request, response) => this.#answer(request, response));
    this.#server.on('upgrade', (request: IncomingMessage, socket, head) => {
      this.#record(request);
      if (request.url?.includes('/broken/')) {
        const body = 'you must specify at least 1 command';
        return void socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      }
      this.#sockets.handleUpgrade(request, socket, head, (ws) => this.#exec(request, ws));
    });
  }

  async listen(): Promise<number> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    return (this.#server.address() as AddressInfo).port;
  }

  close(): void {
    this.#server.closeAllConnections();
    this.#server.close();
  }

  last(prefix: string): SeenRequest {
    const found = this.seen.findLast((request) => request.url.startsWith(prefix));
    if (found === undefined) throw new Error(`the peer saw no request for ${prefix}`);
    return found;
  }

  #record(request: IncomingMessage): void {
    this.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
  }

  #answer(request: IncomingMessage, response: ServerResponse): void {
    this.#record(request);
    const url = new URL(request.url ?? '/', 'https://peer');
    const [, kind, , pod] = url.pathname.split('/');
    if (kind !== 'containerLogs') return void response.writeHead(404).end('404 page not found\n');
    if (pod === 'gone') return void response.writeHead(404).end('pod does not exist');
    if (pod === 'broken') return void response.writeHead(500).end('container runtime is down');
    if (pod === 'denied') return void response.writeHead(403).end('Forbidden (user=capstan, verb=get, resource=nodes, subresource=proxy)');
    response.writeHead(200, { 'content-type': 'text/plain' });
    if (url.searchParams.get('follow') !== 'true') return void response.end(`log of ${url.pathname}\nsecond line\n`);
    // Following: a line now and then, until the API server closes the request.
    let line = 0;
    const timer = setInterval(() => response.write(`line ${++line}\n`), 50);
    this.followClosed = new Promise((resolve) => (this.#followClosed = resolve));
    response.once('close', () => {
      clearInterval(timer);
      this.#followClosed();
    });
  }

  /** exec: one line on stdout (channel 1), then the exit status on the error channel (3), v5's way. */
  #exec(request: IncomingMessage, ws: WebSocket): void {
    const url = new URL(request.url ?? '/', 'https://peer');
    const command = url.searchParams.getAll('command');
    if (!url.pathname.startsWith('/exec/')) {
      // attach and port-forward: the path, then stdin (channel 0) echoed on stdout until the client leaves.
      ws.send(Buffer.concat([Buffer.from([1]), Buffer.from(`${url.pathname}\n`)]));
      ws.on('message', (data: Buffer) => ws.send(Buffer.concat([Buffer.from([1]), data.subarray(1)])));
      return;
    }
    ws.send(Buffer.concat([Buffer.from([1]), Buffer.from(`ran ${command.join(' ')}\n`)]));
    const exitCode = command[0] === 'false' ? 1 : 0;
    const status =
      exitCode === 0
        ? { metadata: {}, status: 'Success' }
        : {
            metadata: {},
            status: 'Failure',
            message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${exitCode}`,
            reason: 'NonZeroExitCode',
            details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
          };
    ws.send(Buffer.concat([Buffer.from([3]), Buffer.from(JSON.stringify(status))]));
    ws.close(1000);
  }
}

const peer = new AgentPeer();
let peerPort = 0;

const api = async (method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; text: string; body: Record<string, any> }> => {
  const response = await fetch(`${shared.server().url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': contentType }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: Record<string, any> = {};
  try {
    parsed = JSON.parse(text) as Record<string, any>;
  } catch {}
  return { status: response.status, text, body: parsed };
};

const pods = '/api/v1/namespaces/default/pods';

async function node(name: string, status: Record<string, unknown>): Promise<void> {
  await api('POST', '/api/v1/nodes', { metadata: { name } });
  const patched = await api('PATCH', `/api/v1/nodes/${name}/status`, { status }, 'application/merge-patch+json');
  if (patched.status !== 200) throw new Error(`node status: ${patched.text}`);
}

async function pod(name: string, spec: Record<string, unknown>): Promise<void> {
  const created = await api('POST', pods, { metadata: { name }, spec });
  if (created.status !== 201) throw new Error(`pod ${name}: ${created.text}`);
}

const one = (name = 'app') => ({ nodeName: 'node-a', containers: [{ name, image: 'busybox' }] });

test.before(async () => {
  peerPort = await peer.listen();
  server = await startApiServer([`--kubelet-bearer-token-file=${join(dir, 'token')}`, `--kubelet-certificate-authority=${join(dir, 'agent.crt')}`]);
  // InternalIP comes before ExternalIP in kube's preferred order, wherever the node lists it.
  await node('node-a', {
    addresses: [
      { type: 'ExternalIP', address: '192.0.2.1' },
      { type: 'InternalIP', address: '127.0.0.1' },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: peerPort } },
  });
  for (const name of ['web', 'gone', 'broken', 'denied']) await pod(name, one());
  await pod('pair', {
    nodeName: 'node-a',
    initContainers: [{ name: 'setup', image: 'busybox' }],
    containers: [
      { name: 'app', image: 'busybox' },
      { name: 'sidecar', image: 'busybox' },
    ],
  });
  await pod('unscheduled', { containers: [{ name: 'app', image: 'busybox' }] });
});

test.after.always(async () => {
  await server?.stop();
  peer.close();
  rmSync(dir, { recursive: true, force: true });
});

test.serial('kubectl logs prints what the agent sends; the API server asks it with its token', async (t) => {
  const { stdout } = await shared.kubectl('logs', 'web');
  t.is(stdout, 'log of /containerLogs/default/web/app\nsecond line\n');
  const asked = peer.last('/containerLogs/default/web/');
  t.is(asked.url, '/containerLogs/default/web/app');
  t.is(asked.headers.authorization, `Bearer ${token}`);
});

test.serial('kubectl logs --tail --timestamps -c pass their options on to the agent', async (t) => {
  const { stdout } = await shared.kubectl('logs', 'pair', '-c', 'sidecar', '--tail=5', '--timestamps', '--limit-bytes=100', '--since=1h');
  t.is(stdout, 'log of /containerLogs/default/pair/sidecar\nsecond line\n');
  t.is(peer.last('/containerLogs/default/pair/').url, '/containerLogs/default/pair/sidecar?limitBytes=100&sinceSeconds=3600&tailLines=5&timestamps=true');
});

test.serial('kubectl logs -f streams as the agent writes, and the agent request ends when kubectl goes away', async (t) => {
  const child = spawn(kubectlBinary(), [`--kubeconfig=${shared.server().kubeconfig}`, 'logs', '-f', 'web'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('line 3\n')) resolve();
    });
  });
  t.true(out.startsWith('line 1\nline 2\nline 3\n'), out);
  t.is(peer.last('/containerLogs/default/web/').url, '/containerLogs/default/web/app?follow=true');
  child.kill('SIGTERM');
  await peer.followClosed;
  t.pass();
});

test.serial('a WebSocket log request whose handshake ws refuses (an unknown version) is a 400, and the agent request it opened ends', async (t) => {
  const { hostname, port } = new URL(shared.server().url);
  const socket = connect({ host: hostname, port: Number(port) });
  t.teardown(() => socket.destroy());
  socket.write(
    'GET /api/v1/namespaces/default/pods/web/log?follow=true HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
      'Sec-WebSocket-Version: 99\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: binary.k8s.io\r\n\r\n',
  );
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  await once(socket, 'close');
  t.regex(answer, /^HTTP\/1\.1 400 /);
  await peer.followClosed;
});

test.serial('a pod of several containers needs a container name; a wrong one is refused; both as kube words them', async (t) => {
  const unnamed = await api('GET', `${pods}/pair/log`);
  t.is(unnamed.status, 400);
  t.deepEqual(unnamed.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'a container name must be specified for pod pair, choose one of: [setup app sidecar]',
    reason: 'BadRequest',
    code: 400,
  });
  const wrong = await api('GET', `${pods}/pair/log?container=nope`);
  t.is(wrong.status, 400);
  t.is(wrong.body.message, 'container nope is not valid for pod pair');
  // The init container is one of the pod's containers.
  t.is((await api('GET', `${pods}/pair/log?container=setup`)).status, 200);
  const execWrong = await api('POST', `${pods}/pair/exec?container=nope&command=true`);
  t.is(execWrong.body.message, 'container nope is not valid for pod pair');
});

test.serial('a pod on no node has an empty log (204) and cannot be exec-ed into (400)', async (t) => {
  const log = await api('GET', `${pods}/unscheduled/log`);
  t.is(log.status, 204);
  t.is(log.text, '');
  const exec = await api('GET', `${pods}/unscheduled/exec?command=true`);
  t.is(exec.status, 400);
  t.is(exec.body.message, 'pod unscheduled does not have a host assigned');
  t.is(exec.body.reason, 'BadRequest');
});

test.serial("the agent's 404, 500 and 403 become kube's Status answers", async (t) => {
  const gone = await api('GET', `${pods}/gone/log`);
  t.is(gone.status, 404);
  t.deepEqual(gone.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server could not find the requested resource ( pods/log gone)',
    reason: 'NotFound',
    details: { name: 'gone', kind: 'pods/log' },
    code: 404,
  });
  const broken = await api('GET', `${pods}/broken/log`);
  t.is(broken.status, 500);
  t.deepEqual(broken.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Internal error occurred: container runtime is down',
    reason: 'InternalError',
    details: { causes: [{ message: 'container runtime is down' }] },
    code: 500,
  });
  const denied = await api('GET', `${pods}/denied/log`);
  t.is(denied.status, 403);
  t.is(denied.body.message, 'Forbidden (user=capstan, verb=get, resource=nodes, subresource=proxy) ( pods/log denied)');
  t.is(denied.body.reason, 'Forbidden');
  // kubectl prints the message as kube-apiserver's clients see it.
  const failed = (await t.throwsAsync(shared.kubectl('logs', 'broken'))) as Error & { stderr: string };
  t.is(failed.stderr, 'Error from server (InternalError): Internal error occurred: container runtime is down\n');
});

test.serial('PodLogOptions are decoded and validated as kube does: a 400 for a malformed number, one 422 of every violation', async (t) => {
  const malformed = await api('GET', `${pods}/web/log?tailLines=ten`);
  t.is(malformed.status, 400);
  t.is(malformed.body.message, 'strconv.ParseInt: parsing "ten": invalid syntax');
  const invalid = await api('GET', `${pods}/web/log?tailLines=-1&limitBytes=0&sinceSeconds=5&sinceTime=2024-01-01T00:00:00Z`);
  t.is(invalid.status, 422);
  t.is(
    invalid.body.message,
    'PodLogOptions "web" is invalid: [tailLines: Invalid value: -1: must be greater than or equal to 0, limitBytes: Invalid value: 0: must be greater than 0, : Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified]',
  );
  t.deepEqual(invalid.body.details, {
    name: 'web',
    kind: 'PodLogOptions',
    causes: [
      { reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'tailLines' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: 0: must be greater than 0', field: 'limitBytes' },
      { reason: 'FieldValueForbidden', message: 'Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified', field: '' },
    ],
  });
  const time = await api('GET', `${pods}/web/log?sinceTime=yesterday`);
  t.is(time.body.message, 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"');
  // A sinceTime at an offset reaches the agent in UTC.
  await api('GET', `${pods}/web/log?sinceTime=2024-05-01T12:00:00%2B02:00`);
  t.is(peer.last('/containerLogs/default/web/').url, '/containerLogs/default/web/app?sinceTime=2024-05-01T10%3A00%3A00Z');
});

test.serial('kubectl exec runs through the WebSocket proxy: stdout and the exit status come back', async (t) => {
  const { stdout } = await shared.kubectl('exec', 'web', '--', 'echo', 'hello world');
  t.is(stdout, 'ran echo hello world\n');
  const asked = peer.last('/exec/default/web/');
  t.is(asked.url, '/exec/default/web/app?command=echo&command=hello+world&error=1&output=1');
  t.is(asked.headers.authorization, `Bearer ${token}`);
  t.regex(String(asked.headers['sec-websocket-protocol']), /\bv5\.channel\.k8s\.io\b/);
  t.is(asked.headers.upgrade?.toLowerCase(), 'websocket');
  const failed = (await t.throwsAsync(shared.kubectl('exec', 'pair', '-c', 'sidecar', '--', 'false'))) as Error & { code: number; stdout: string; stderr: string };
  t.is(failed.code, 1);
  t.is(failed.stdout, 'ran false\n');
  t.is(failed.stderr, 'command terminated with exit code 1\n');
});

test.serial('exec without an upgrade, on a missing node, and a node without a usable address answer as kube does', async (t) => {
  const plain = await api('POST', `${pods}/web/exec?command=true`);
  t.is(plain.status, 400);
  t.is(plain.body.message, 'Upgrade request required');
  t.is((await api('POST', `${pods}/web/exec?command=true&dryRun=All`)).body.message, 'dryRun is not supported');
  const missing = await api('GET', `${pods}/missing/log`);
  t.is(missing.status, 404);
  t.is(missing.body.message, 'pods "missing" not found');
  // The options are checked before the pod is looked for.
  t.is((await api('GET', `${pods}/missing/log?limitBytes=0`)).status, 422);
  await pod('orphan', { ...one(), nodeName: 'ghost' });
  const orphan = await api('GET', `${pods}/orphan/log`);
  t.is(orphan.status, 404);
  t.is(orphan.body.message, 'nodes "ghost" not found');
  await node('bare', { addresses: [{ type: 'InternalHostname', address: 'x' }] });
  await pod('stranded', { ...one(), nodeName: 'bare' });
  const stranded = await api('GET', `${pods}/stranded/log`);
  t.is(stranded.status, 500);
  t.deepEqual(stranded.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'no preferred addresses found; known addresses: [{InternalHostname x}]',
    code: 500,
  });
});

test.serial('an agent that does not answer is a 500 naming the connection, as Go words it', async (t) => {
  // A port nothing listens on: bind one, then free it.
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const closedPort = (probe.address() as AddressInfo).port;
  probe.close();
  await node('down', { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }], daemonEndpoints: { kubeletEndpoint: { Port: closedPort } } });
  await pod('stuck', { ...one(), nodeName: 'down' });
  const log = await api('GET', `${pods}/stuck/log?follow=1`);
  t.is(log.status, 500);
  t.is(log.body.message, `Get "https://127.0.0.1:${closedPort}/containerLogs/default/stuck/app?follow=true": dial tcp 127.0.0.1:${closedPort}: connect: connection refused`);
  const failed = (await t.throwsAsync(shared.kubectl('exec', 'stuck', '--', 'true'))) as Error & { stderr: string };
  t.regex(failed.stderr, new RegExp(`error dialing backend: dial tcp 127\\.0\\.0\\.1:${closedPort}: connect: connection refused`));
});

test.serial('an agent whose certificate the authority did not sign is refused, unless the client asks to skip the check', async (t) => {
  const impostor = createServer({ key: readFileSync(join(dir, 'impostor.key')), cert: readFileSync(join(dir, 'impostor.crt')) }, (_request, response) =>
    response.end('impostor log\n'),
  );
  impostor.listen(0, '127.0.0.1');
  await once(impostor, 'listening');
  const port = (impostor.address() as AddressInfo).port;
  t.teardown(() => impostor.close());
  await node('impostor', { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }], daemonEndpoints: { kubeletEndpoint: { Port: port } } });
  await pod('fooled', { ...one(), nodeName: 'impostor' });
  const refused = await api('GET', `${pods}/fooled/log`);
  t.is(refused.status, 500);
  t.is(refused.body.message, `Get "https://127.0.0.1:${port}/containerLogs/default/fooled/app": tls: failed to verify certificate: x509: certificate signed by unknown authority`);
  const { stdout } = await shared.kubectl('logs', 'fooled', '--insecure-skip-tls-verify-backend');
  t.is(stdout, 'impostor log\n');
});

test.serial('attach and port-forward upgrades reach the agent with their options, spliced both ways', async (t) => {
  const base = shared.server().url.replace(/^http/, 'ws');
  const received = async (path: string, stdin = ''): Promise<string> => {
    const ws = new WebSocket(`${base}${pods}/${path}`, ['v5.channel.k8s.io']);
    const [first] = (await once(ws, 'message')) as [Buffer];
    let text = first.toString('utf8');
    if (stdin !== '') {
      ws.send(Buffer.concat([Buffer.from([0]), Buffer.from(stdin)]));
      const [echoed] = (await once(ws, 'message')) as [Buffer];
      text += echoed.toString('utf8');
    }
    ws.close();
    return text;
  };
  t.is(await received('pair/attach?container=sidecar&stdout=true&stdin=1&tty=false', 'typed\n'), '\x01/attach/default/pair/sidecar\n\x01typed\n');
  t.is(peer.last('/attach/').url, '/attach/default/pair/sidecar?input=1&output=1');
  t.is(await received('web/portforward?ports=8080,9090'), '\x01/portForward/default/web\n');
  t.is(peer.last('/portForward/').url, '/portForward/default/web?port=8080%2C9090');
  const badPort = await api('GET', `${pods}/web/portforward?ports=http`);
  t.is(badPort.status, 400);
  t.is(badPort.body.message, 'cannot convert to []int32: strconv.ParseUint: parsing "http": invalid syntax');
});

test.serial("an agent's refusal of an upgrade reaches the client as the agent wrote it", async (t) => {
  const ws = new WebSocket(`${shared.server().url.replace(/^http/, 'ws')}${pods}/broken/exec?stdout=1`, ['v5.channel.k8s.io']);
  ws.on('error', () => {});
  const [, answer] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
  let body = '';
  for await (const chunk of answer) body += String(chunk);
  t.is(answer.statusCode, 400);
  t.is(answer.headers['content-type'], 'text/plain');
  t.is(body, 'you must specify at least 1 command');
});
