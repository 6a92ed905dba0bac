// The simulated runtime's streaming server over SPDY/3.1, driven frame by frame (client-go drives
// the common cases end to end in e2e/test/clientgo-streams.test.ts): the older remotecommand
// protocols, the negotiation's refusal, and port-forward's stream pairing and refusals.

import test from 'ava';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { encodeDataFrame, SpdyFrameType } from '../../common/src/net/spdy-frame.ts';
import { dataOf, finOf, isControl, SpdyTestClient } from '../../common/test/spdy-test-client.ts';
import { ExecStreamingServer } from '../src/runtime-sim/exec-streaming-server.ts';
import { inlineLifecycle, simulatedNode } from './runtime-sim-fixture.ts';

async function streamingNode(t: Parameters<typeof simulatedNode>[0]) {
  const node = simulatedNode(t);
  const streaming = await ExecStreamingServer.listen(node.runtime);
  t.teardown(() => streaming.close());
  const { sandboxId, id } = await node.run('web', inlineLifecycle({ logs: { every: { interval: '1s', lines: ['tick {n}', { stderr: 'warn {n}' }] } } }));
  /** A client connected to the streaming server, upgraded to `protocols` on the path of `url`. */
  const client = (url: string, protocols: string[]): SpdyTestClient => {
    const { port, pathname } = new URL(url);
    const opened = new SpdyTestClient(Number(port));
    t.teardown(() => opened.close());
    opened.upgrade(protocols, pathname);
    return opened;
  };
  return { node, streaming, sandboxId, containerId: id, client };
}

test("exec over SPDY v2.channel.k8s.io: output, then a failure's message as text on the error stream, then GOAWAY", async (t) => {
  const { streaming, containerId, client } = await streamingNode(t);
  const url = streaming.prepareExec({ containerId, cmd: ['sh', '-c', 'echo out; exit 3'], stdin: false, stdout: true, stderr: false, tty: false });
  const spdy = client(url, ['v5.channel.k8s.io', 'v2.channel.k8s.io']);
  await spdy.open(1, { streamtype: 'error' });
  await spdy.open(3, { streamtype: 'stdout' });
  const frames = await spdy.until((seen) => seen.some((frame) => isControl(frame, SpdyFrameType.goAway)));
  t.regex(spdy.head, /\r\nX-Stream-Protocol-Version: v2\.channel\.k8s\.io\r\n/);
  t.is(dataOf(frames, 3), 'out\n');
  t.true(finOf(frames, 3));
  t.is(dataOf(frames, 1), 'command terminated with non-zero exit code: error executing command [sh -c echo out; exit 3], exit code 3');
});

test('exec over SPDY offering only v5 (WebSocket-only) is refused with 403 naming the accepted protocols; a used URL is 404', async (t) => {
  const { streaming, containerId, client } = await streamingNode(t);
  const url = streaming.prepareExec({ containerId, cmd: ['true'], stdin: false, stdout: true, stderr: false, tty: false });
  const refused = client(url, ['v5.channel.k8s.io']);
  await once(refused.socket, 'close');
  t.regex(refused.head, /^HTTP\/1\.1 403 Forbidden\r\n/);
  t.regex(
    refused.head,
    /X-Accepted-Stream-Protocol-Versions: v4\.channel\.k8s\.io\r\nX-Accepted-Stream-Protocol-Versions: v3\.channel\.k8s\.io\r\nX-Accepted-Stream-Protocol-Versions: v2\.channel\.k8s\.io\r\nX-Accepted-Stream-Protocol-Versions: channel\.k8s\.io\r\n/,
  );
  const again = client(url, ['v4.channel.k8s.io']);
  await once(again.socket, 'close');
  t.regex(again.head, /^HTTP\/1\.1 404 Not Found\r\n/);
});

test('port-forward over SPDY: streams paired by id without requestID, a bad port refused, a second error stream for a request told so', async (t) => {
  const { streaming, sandboxId, client } = await streamingNode(t);
  const echo = createServer({ allowHalfOpen: true }, (socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => socket.end(Buffer.concat(chunks).toString().toUpperCase()));
  });
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  t.teardown(() => echo.close());
  const port = String((echo.address() as AddressInfo).port);
  const spdy = client(streaming.preparePortForward(sandboxId), ['portforward.k8s.io']);
  // Clients before requestID: an error stream, then its data stream 2 ids later.
  await spdy.open(1, { streamtype: 'error', port });
  await spdy.open(3, { streamtype: 'data', port });
  await spdy.until((seen) => seen.filter((frame) => isControl(frame, SpdyFrameType.synReply)).length === 2);
  spdy.socket.write(encodeDataFrame(3, Buffer.from('old client'), true));
  await spdy.until((seen) => finOf(seen, 3));
  t.is(dataOf(spdy.frames, 3), 'OLD CLIENT');
  // A port that is no port: reset (the kubelet's stream handler refuses it).
  await spdy.open(5, { streamtype: 'data', port: '70000', requestid: '9' });
  await spdy.open(7, { streamtype: 'error', port, requestid: '10' });
  await spdy.open(9, { streamtype: 'error', port, requestid: '10' });
  const frames = await spdy.until((seen) => seen.some((frame) => isControl(frame, SpdyFrameType.rstStream)) && dataOf(seen, 7) !== '');
  const reset = frames.find((frame) => isControl(frame, SpdyFrameType.rstStream));
  t.is(reset?.kind === 'control' ? reset.payload.readUInt32BE(0) : 0, 5);
  t.is(dataOf(frames, 7), 'error processing stream for request 10: error stream already assigned');
});

test('PortForward needs a ready sandbox; Attach a running container', async (t) => {
  const { node, streaming, sandboxId, containerId } = await streamingNode(t);
  await node.runtime.stopContainer(containerId, 0);
  t.throws(() => streaming.prepareAttach({ containerId, stdin: false, stdout: true, stderr: false, tty: false }), { message: 'container is in CONTAINER_EXITED state' });
  await node.runtime.stopPodSandbox(sandboxId);
  t.throws(() => streaming.preparePortForward(sandboxId), { message: `sandbox container "${sandboxId}" is not running` });
});

test('attach over SPDY: the lines printed after it, stderr on its own stream, and Success when the container exits', async (t) => {
  const { node, streaming, containerId, client } = await streamingNode(t);
  const spdy = client(streaming.prepareAttach({ containerId, stdin: false, stdout: true, stderr: true, tty: false }), ['v4.channel.k8s.io']);
  await spdy.open(1, { streamtype: 'error' });
  await spdy.open(3, { streamtype: 'stdout' });
  await spdy.open(5, { streamtype: 'stderr' });
  await spdy.until((seen) => seen.filter((frame) => isControl(frame, SpdyFrameType.synReply)).length === 3);
  await node.clock.advance(1000);
  await spdy.until((seen) => dataOf(seen, 5) !== '');
  t.is(dataOf(spdy.frames, 3), 'tick 1\n');
  t.is(dataOf(spdy.frames, 5), 'warn 2\n');
  await node.runtime.stopContainer(containerId, 0);
  const frames = await spdy.until((seen) => seen.some((frame) => isControl(frame, SpdyFrameType.goAway)));
  t.deepEqual(JSON.parse(dataOf(frames, 1)), { metadata: {}, status: 'Success' });
  t.true(finOf(frames, 3) && finOf(frames, 5));
});
