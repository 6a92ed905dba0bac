// /portForward on the agent's server: the pod's newest sandbox found through the runtime, CRI
// PortForward's URL, and the client's SPDY upgrade proxied to the runtime's streaming server (here
// one of the test's own that switches protocols and echoes), with the kubelet's answers when it cannot.

import test from 'ava';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect } from 'node:tls';
import { CriError, GrpcStatus } from '../src/cri/index.ts';
import type { AgentServer } from '../src/server/index.ts';
import { call, testNode, token } from './server-fixture.ts';

/** A streaming server that switches to SPDY/3.1 for any upgrade, says which URL it was opened on, then echoes. */
async function spdyPeer(t: Parameters<typeof testNode>[0]): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((_request, response) => response.writeHead(400).end());
  const sockets = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    seen.push(request);
    sockets.add(socket);
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nX-Stream-Protocol-Version: portforward.k8s.io\r\n\r\nopened ${request.url}\n`);
    socket.pipe(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/portforward/tok`, seen };
}

/** A SPDY upgrade request to the agent; what came back until `until` holds. */
async function upgrade(server: AgentServer, path: string, until: (text: string) => boolean, send = ''): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false });
  await once(socket, 'secureConnect');
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\nX-Stream-Protocol-Version: portforward.k8s.io\r\nContent-Length: 0\r\n\r\n`,
  );
  let text = '';
  let sent = false;
  return new Promise((resolve, reject) => {
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (!sent && send !== '' && text.includes('opened ')) {
        sent = true;
        socket.write(send);
      }
      if (until(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(text));
  });
}

test("port-forward asks the runtime for the pod's newest sandbox and splices the SPDY upgrade with its streaming server", async (t) => {
  const node = await testNode(t);
  node.addPod('default', 'web', ['app']);
  const peer = await spdyPeer(t);
  node.execUrl = peer.url;
  const server = await node.start([`--authentication-token-file=${node.tokenFile}`]);
  const text = await upgrade(server, '/portForward/default/web', (seen) => seen.includes('ping\n'), 'ping\n');
  t.regex(text, /^HTTP\/1\.1 101 Switching Protocols\r\n/);
  t.regex(text, /\r\nX-Stream-Protocol-Version: portforward\.k8s\.io\r\n/);
  t.true(text.endsWith('\r\n\r\nopened /portforward/tok\nping\n'));
  t.deepEqual(
    node.portForwards.map((request) => request.podSandboxId),
    ['sandbox-default-web'],
  );
  t.is(peer.seen[0]?.headers.upgrade, 'SPDY/3.1');
  t.is(peer.seen[0]?.headers['x-stream-protocol-version'], 'portforward.k8s.io');
  // The uid form of the path, with the pod's uid.
  t.regex(await upgrade(server, '/portForward/default/web/uid-default-web', (seen) => seen.includes('opened')), /^HTTP\/1\.1 101 /);
});

test('port-forward refusals: unknown pod 404, another uid 404, runtime errors by their gRPC code, no upgrade 500, PUT 405', async (t) => {
  const node = await testNode(t);
  node.addPod('default', 'web', ['app']);
  const server = await node.start(['--anonymous-auth=false', `--authentication-token-file=${node.tokenFile}`]);
  t.like(await call(server, '/portForward/default/nobody', { token }), { status: 404, body: 'pod does not exist' });
  t.like(await call(server, '/portForward/default/web/other-uid', { token }), { status: 404, body: 'pod not found' });
  t.like(await call(server, '/portForward/default/web', { token }), { status: 500, body: 'Upgrade request required\n' });
  t.like(await call(server, '/portForward/default/web', { token, method: 'PUT' }), { status: 405 });
  node.execFailure = new CriError(GrpcStatus.FAILED_PRECONDITION, 'sandbox container "sandbox-default-web" is not running');
  t.like(await call(server, '/portForward/default/web', { token }), {
    status: 500,
    body: 'rpc error: code = FailedPrecondition desc = sandbox container "sandbox-default-web" is not running',
  });
  node.execFailure = new CriError(GrpcStatus.NOT_FOUND, 'no such sandbox');
  t.like(await call(server, '/portForward/default/web', { token }), { status: 404, body: 'rpc error: code = NotFound desc = no such sandbox' });
  t.like(await call(server, '/portForward/default/web'), { status: 401 });
});
