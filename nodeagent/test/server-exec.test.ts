// /exec and /attach on the agent's server: CRI Exec's URL, and the client's WebSocket
// (v5.channel.k8s.io) proxied to the runtime's streaming server — here a small one of the test's
// own — with the kubelet's answers when it cannot.

import test from 'ava';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { CriError, GrpcStatus } from '../src/cri/index.ts';
import type { AgentServer } from '../src/server/index.ts';
import { call, testNode, token, type TestNode } from './server-fixture.ts';

interface StreamingPeer {
  readonly url: string;
  readonly seen: IncomingMessage[];
}

/** A runtime streaming server: stdout gets the path it was opened on, stdin is echoed on stdout, "exit" ends with a v5 status. */
async function streamingPeer(t: Parameters<typeof testNode>[0]): Promise<StreamingPeer> {
  const seen: IncomingMessage[] = [];
  const sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => (offered.has('v5.channel.k8s.io') ? 'v5.channel.k8s.io' : false) });
  const server = createServer((_request, response) => response.writeHead(400).end('websocket only\n'));
  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    seen.push(request);
    if (request.url === '/exec/expired')
      return void socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\ncontent-length: 31\r\n\r\nunknown or expired exec token\r\n');
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.send(Buffer.concat([Buffer.from([1]), Buffer.from(`opened ${request.url}\n`)]));
      ws.on('message', (data: Buffer) => {
        if (data[0] !== 0) return;
        const text = data.subarray(1).toString();
        if (text === 'exit\n') {
          ws.send(Buffer.concat([Buffer.from([3]), Buffer.from(JSON.stringify({ metadata: {}, status: 'Success' }))]));
          ws.close(1000);
        } else ws.send(Buffer.concat([Buffer.from([1]), Buffer.from(text)]));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    for (const client of sockets.clients) client.terminate();
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec/abc123`, seen };
}

async function execNode(t: Parameters<typeof testNode>[0]): Promise<{ node: TestNode; server: AgentServer; peer: StreamingPeer }> {
  const node = await testNode(t);
  node.addPod('default', 'web', ['app']);
  const peer = await streamingPeer(t);
  node.execUrl = peer.url;
  const server = await node.start(['--anonymous-auth=false', `--authentication-token-file=${node.tokenFile}`]);
  return { node, server, peer };
}

const open = (server: AgentServer, path: string, bearer: string | null = token): WebSocket =>
  new WebSocket(`wss://127.0.0.1:${server.port}${path}`, ['v5.channel.k8s.io'], {
    rejectUnauthorized: false,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
  });

/** The next frame, as its channel byte and text. */
const frame = async (ws: WebSocket): Promise<string> => {
  const [data] = (await once(ws, 'message')) as [Buffer];
  return `${data[0]}:${data.subarray(1).toString()}`;
};

/** The answer of a refused upgrade. */
async function refusal(ws: WebSocket): Promise<{ status: number; body: string }> {
  ws.on('error', () => {});
  const [, answer] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
  let body = '';
  for await (const chunk of answer) body += String(chunk);
  return { status: answer.statusCode ?? 0, body };
}

test('exec asks the runtime for its stream and proxies the WebSocket to it, both ways, until it closes', async (t) => {
  const { node, server, peer } = await execNode(t);
  const ws = open(server, '/exec/default/web/app?command=sh&command=-c&command=echo%20hi&input=1&output=1&error=1');
  t.is(await frame(ws), '1:opened /exec/abc123\n');
  t.is(ws.protocol, 'v5.channel.k8s.io');
  ws.send(Buffer.concat([Buffer.from([0]), Buffer.from('hello\n')]));
  t.is(await frame(ws), '1:hello\n');
  ws.send(Buffer.concat([Buffer.from([0]), Buffer.from('exit\n')]));
  t.is(await frame(ws), '3:{"metadata":{},"status":"Success"}');
  const [code] = (await once(ws, 'close')) as [number];
  t.is(code, 1000);
  const app = node.pods.get('default/web')?.containers.get('app');
  t.deepEqual(node.execs, [{ containerId: app?.id, cmd: ['sh', '-c', 'echo hi'], tty: false, stdin: true, stdout: true, stderr: true }]);
  const forwarded = peer.seen[0]?.headers;
  t.regex(String(forwarded?.['sec-websocket-protocol']), /\bv5\.channel\.k8s\.io\b/);
  t.is(forwarded?.authorization, undefined);
  t.is(forwarded?.['x-forwarded-for'], '127.0.0.1');
  t.is(forwarded?.host, new URL(peer.url).host);
});

test('a terminal has no separate stderr; asking for no stream at all is a 400', async (t) => {
  const { node, server } = await execNode(t);
  const ws = open(server, '/exec/default/web/app?command=sh&output=1&error=1&tty=1');
  await frame(ws);
  ws.close();
  t.like(node.execs[0], { tty: true, stdout: true, stderr: false, stdin: false });
  const none = await refusal(open(server, '/exec/default/web/app?command=sh&error=1&tty=1'));
  t.deepEqual(none, { status: 400, body: 'you must specify at least 1 of stdin, stdout, stderr' });
});

test("unauthenticated, unknown pods, stopped containers and runtime errors get the kubelet's answers", async (t) => {
  const { node, server } = await execNode(t);
  t.deepEqual(await refusal(open(server, '/exec/default/web/app?command=sh&output=1', null)), { status: 401, body: 'Unauthorized' });
  t.deepEqual(await refusal(open(server, '/exec/default/nope/app?command=sh&output=1')), { status: 404, body: 'pod does not exist' });
  const pod = node.pods.get('default/web');
  const app = pod?.containers.get('app');
  pod?.containers.set('app', { ...(app as NonNullable<typeof app>), running: false, state: 'CONTAINER_EXITED' });
  t.deepEqual(await refusal(open(server, '/exec/default/web/app?command=sh&output=1')), { status: 500, body: 'container not found ("app")' });
  pod?.containers.set('app', app as NonNullable<typeof app>);
  node.execFailure = new CriError(GrpcStatus.NOT_FOUND, 'container "c1" not found');
  t.deepEqual(await refusal(open(server, '/exec/default/web/app?command=sh&output=1')), { status: 404, body: 'rpc error: code = NotFound desc = container "c1" not found' });
  node.execFailure = new CriError(GrpcStatus.RESOURCE_EXHAUSTED, 'maximum number of in-flight requests exceeded');
  const busy = open(server, '/exec/default/web/app?command=sh&output=1');
  busy.on('error', () => {});
  const [, answer] = (await once(busy, 'unexpected-response')) as [unknown, IncomingMessage];
  t.is(answer.statusCode, 429);
  t.is(answer.headers['retry-after'], '60');
  answer.resume();
  node.execFailure = undefined;
  node.execUrl = '';
  t.deepEqual(await refusal(open(server, '/exec/default/web/app?command=sh&output=1')), { status: 500, body: 'URL is not set' });
});

test('a request that is no upgrade is refused after the runtime was asked, as the kubelet refuses it', async (t) => {
  const { node, server } = await execNode(t);
  const plain = await call(server, '/exec/default/web/app?command=sh&output=1', { method: 'POST', token });
  t.is(plain.status, 500);
  t.is(plain.body, 'Upgrade request required\n');
  t.is(node.execs.length, 1);
});

test("the streaming server's refusal reaches the client as it wrote it; attach on a runtime without it is a 500", async (t) => {
  const { node, server, peer } = await execNode(t);
  node.execUrl = peer.url.replace('abc123', 'expired');
  t.deepEqual(await refusal(open(server, '/exec/default/web/app?command=sh&output=1')), { status: 404, body: 'unknown or expired exec token\r\n' });
  const bare = await node.start([`--authentication-token-file=${node.tokenFile}`], node.bareRuntime);
  t.deepEqual(await refusal(open(bare, '/attach/default/web/app?output=1')), { status: 500, body: 'rpc error: code = Unimplemented desc = method Attach not implemented' });
});
