// Exec, attach and port-forward as client-go v0.35 and kubectl 1.35 do them, end to end through a
// real API server, a real node agent and the simulated runtime's streaming server: SPDY/3.1
// (remotecommand.NewSPDYExecutor, tools/portforward), WebSocket (NewWebSocketExecutor) and the
// fallback executor, with stdout, stderr, stdin and its EOF, exit codes as CodeExitError, a
// terminal, and a forwarded port (the simulated runtime forwards a pod's port to 127.0.0.1).
// Also pods/log over WebSocket (binary.k8s.io, base64.binary.k8s.io), as the e2e framework reads it.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { promisify } from 'node:util';
import { WebSocket } from 'ws';
import { eventually } from '../../common/test/eventually.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, startAgent, startRuntimeSim, type ManagedProcess, type RuntimeSimProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
// One after another: each starts a Go process, and the machine is shared.
const goTest = hasGo ? test.serial : test.skip;
if (!hasGo) console.log('skipped: the client-go stream tests need the Go toolchain (`go` on the PATH)');

const nodeName = 'streams-node';
const access = agentAccess();
let server: ApiServerProcess | undefined;
let runtime: RuntimeSimProcess | undefined;
let agent: ManagedProcess | undefined;
/** A TCP server on 127.0.0.1 that answers each connection with what it read, upper-cased, once the client half-closes. */
let echo: Server | undefined;
let echoPort = 0;

test.before(async () => {
  [server, runtime] = await Promise.all([startApiServer(access.apiServerArgs), startRuntimeSim()]);
  agent = await startAgent({ kubeconfig: server.kubeconfig, runtimeEndpoint: runtime.endpoint, nodeName, args: access.agentArgs });
  echo = createServer({ allowHalfOpen: true }, (socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => socket.end(Buffer.concat(chunks).toString().toUpperCase()));
    socket.on('error', () => socket.destroy());
  });
  echo.listen(0, '127.0.0.1');
  await once(echo, 'listening');
  echoPort = (echo.address() as AddressInfo).port;
  const lifecycle = JSON.stringify({ logs: { start: ['started'], every: { interval: '100ms', lines: ['tick {n}'] } } });
  await kubectl(
    'run',
    'shell',
    '--image=registry.example/busybox:1',
    `--annotations=runtime-sim.capstan.dev/lifecycle=${lifecycle}`,
    `--overrides={"spec":{"nodeName":"${nodeName}"}}`,
  );
  await eventually('the pod to run', async () => {
    const response = await fetch(`${current().url}/api/v1/namespaces/default/pods/shell`);
    const pod = (await response.json()) as { status?: { containerStatuses?: { ready?: boolean }[] } };
    return pod.status?.containerStatuses?.[0]?.ready === true ? pod : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${agent?.output() ?? ''}`);
  });
});

test.after.always(async () => {
  echo?.close();
  await agent?.stop();
  await Promise.all([server?.stop(), runtime?.stop()]);
  access.remove();
});

function current(): ApiServerProcess {
  if (server === undefined) throw new Error('the API server has not started');
  return server;
}

async function kubectl(...args: string[]): Promise<string> {
  return (await run(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
}

interface ProbeResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode?: number;
  readonly error?: string;
  readonly received?: string[];
  /** What the forwarder printed. */
  readonly log?: string;
  readonly elapsedMs?: number;
  /** What client-go logged (klog, on the probe's stderr): runtime.HandleError's errors. */
  readonly klog: string;
}

async function probe(...args: string[]): Promise<ProbeResult> {
  const { stdout, stderr } = await run(clientGoBinary('stream-probe'), [current().kubeconfig, ...args], { encoding: 'utf8' });
  return { ...(JSON.parse(stdout) as Omit<ProbeResult, 'klog'>), klog: stderr };
}

for (const transport of ['spdy', 'websocket', 'fallback'] as const) {
  goTest(`client-go exec (${transport}): stdout and stderr apart, exit code 0`, async (t) => {
    const result = await probe('exec', transport, 'default', 'shell', '--', 'sh', '-c', 'echo out; echo err >&2');
    t.like(result, { stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
    t.is(result.error, undefined);
  });

  goTest(`client-go exec (${transport}): a non-zero exit is a CodeExitError with its code`, async (t) => {
    const result = await probe('exec', transport, 'default', 'shell', '--', 'sh', '-c', 'echo before; exit 3');
    t.like(result, { stdout: 'before\n', exitCode: 3 });
    t.is(result.error, 'exec.CodeExitError: command terminated with exit code 3');
  });

  goTest(`client-go exec (${transport}): stdin is read to its EOF`, async (t) => {
    const result = await probe('exec', transport, 'default', 'shell', '-stdin', 'line one\nline two\n', '--', 'cat');
    t.like(result, { stdout: 'line one\nline two\n', stderr: '', exitCode: 0 });
  });
}

goTest("client-go exec carries 4 MiB each way: over SPDY no flow-control window (64 KiB) stalls it, as none stalls kube's", async (t) => {
  for (const transport of ['spdy', 'websocket'] as const) {
    const result = await probe('exec', transport, 'default', 'shell', '-stdin-bytes', String(4 << 20), '-summary', '--', 'cat');
    t.like(result, { stdout: `${4 << 20} bytes, same as stdin: true`, exitCode: 0 }, transport);
    t.log(`4 MiB through cat and back over ${transport}: ${result.elapsedMs} ms`);
  }
});

goTest('client-go exec with a terminal (SPDY and WebSocket): one output stream, CR LF line ends, a resize sent', async (t) => {
  for (const transport of ['spdy', 'websocket'] as const) {
    const result = await probe('exec', transport, 'default', 'shell', '-tty', '--', 'sh', '-c', 'echo out; echo err >&2');
    t.like(result, { stdout: 'out\r\nerr\r\n', stderr: '', exitCode: 0 }, transport);
  }
});

goTest("client-go attach over SPDY and WebSocket: the container's output as it prints it, and stdin echoed", async (t) => {
  for (const transport of ['spdy', 'websocket'] as const) {
    const result = await probe('attach', transport, 'default', 'shell', '-stdin', 'typed\n');
    t.is(result.error, undefined, transport);
    t.true(result.stdout.includes('typed\n'), transport);
  }
  // Without stdin the attach lasts until the client leaves (here once it has seen a tick line).
  const following = await probe('attach', 'spdy', 'default', 'shell', '-until', 'tick');
  t.regex(following.stdout, /tick/);
});

for (const transport of ['spdy', 'websocket'] as const) {
  goTest(`client-go port-forward (${transport === 'spdy' ? 'SPDY' : 'SPDY tunneled in a WebSocket'}) reaches the pod's port, one stream pair per connection`, async (t) => {
    const result = await probe('portforward', transport, 'default', 'shell', '-port', String(echoPort), '-send', 'hello', '-connections', '3');
    t.deepEqual(result.received, ['HELLO 0', 'HELLO 1', 'HELLO 2'], JSON.stringify(result));
    t.is(result.error, undefined);
  });
}

goTest('client-go port-forward carries 16 MiB each way over SPDY and over SPDY tunneled in a WebSocket', async (t) => {
  for (const transport of ['spdy', 'websocket'] as const) {
    const result = await probe('portforward', transport, 'default', 'shell', '-port', String(echoPort), '-send-bytes', String(16 << 20));
    t.deepEqual(result.received, [`${16 << 20} bytes`], JSON.stringify({ ...result, received: undefined }));
    t.log(`16 MiB to the pod's port and back over ${transport}: ${result.elapsedMs} ms (with the forward's set-up)`);
  }
});

goTest("client-go port-forward to a port nothing listens on: the runtime's error, and the forward ends", async (t) => {
  const closed = createServer();
  closed.listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const port = (closed.address() as AddressInfo).port;
  closed.close();
  const result = await probe('portforward', 'spdy', 'default', 'shell', '-port', String(port));
  t.deepEqual(result.received, ['']);
  t.regex(result.error ?? '', /lost connection to pod/);
  t.regex(
    result.klog,
    new RegExp(
      `an error occurred forwarding \\d+ -> ${port}: error forwarding port ${port} to pod \\S+, uid : failed to connect to localhost:${port} inside namespace \\\\"[0-9a-f]+\\\\", IPv4: dial tcp4 127\\.0\\.0\\.1:${port}: connect: connection refused`,
    ),
  );
});

test.serial('kubectl exec, attach and port-forward through the agent', async (t) => {
  t.is(await kubectl('exec', 'shell', '--', 'sh', '-c', 'echo from kubectl'), 'from kubectl\n');
  const failed = await t.throwsAsync(kubectl('exec', 'shell', '--', 'sh', '-c', 'exit 7'));
  t.is((failed as Error & { code?: number }).code, 7);
  const typed = await new Promise<string>((resolve, reject) => {
    const child = execFile(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, 'exec', '-i', 'shell', '--', 'cat'], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin?.end('piped into kubectl\n');
  });
  t.is(typed, 'piped into kubectl\n');
  // kubectl attach -i: what it reads comes back (the simulated container echoes its stdin), and the attach ends with stdin.
  const attached = await new Promise<string>((resolve, reject) => {
    const child = execFile(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, 'attach', '-i', 'shell'], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin?.end('typed into kubectl attach\n');
  });
  t.true(attached.includes('typed into kubectl attach\n'), attached);

  const forward = spawn(kubectlBinary(), [`--kubeconfig=${current().kubeconfig}`, 'port-forward', 'pod/shell', `:${echoPort}`, '--address=127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => void forward.kill());
  let printed = '';
  forward.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  forward.stderr.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const localPort = await eventually('kubectl port-forward to listen', async () => /Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(printed)?.[1]);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = createConnectionTo(Number(localPort));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.end('through kubectl');
  });
  t.is(answer, 'THROUGH KUBECTL');
});

function createConnectionTo(port: number) {
  return createConnection({ host: '127.0.0.1', port, allowHalfOpen: true });
}

interface LogMessages {
  readonly protocol: string;
  readonly messages: { readonly binary: boolean; readonly data: Buffer }[];
  readonly closeCode: number;
}

/** GET pods/shell/log over WebSocket; `until` may end the connection early (true: close it). */
async function logOverWebSocket(query: string, protocols: string[], until?: (text: string) => boolean): Promise<LogMessages> {
  const url = `${current().url.replace(/^http/, 'ws')}/api/v1/namespaces/default/pods/shell/log${query}`;
  const ws = new WebSocket(url, protocols);
  const messages: { binary: boolean; data: Buffer }[] = [];
  let text = '';
  ws.on('message', (data: Buffer, binary: boolean) => {
    messages.push({ binary, data });
    text += binary ? data.toString() : Buffer.from(data.toString(), 'base64').toString();
    if (until?.(text) === true) ws.close(1000);
  });
  const [closeCode] = (await once(ws, 'close')) as [number];
  return { protocol: ws.protocol, messages, closeCode };
}

const textOf = (result: LogMessages): string => result.messages.map((m) => (m.binary ? m.data.toString() : Buffer.from(m.data.toString(), 'base64').toString())).join('');

test.serial('pod logs over WebSocket: binary.k8s.io in binary messages, an empty one first, closed at the end of the log', async (t) => {
  const result = await logOverWebSocket('', ['binary.k8s.io']);
  t.is(result.protocol, 'binary.k8s.io');
  t.is(result.closeCode, 1000);
  t.deepEqual(result.messages[0], { binary: true, data: Buffer.alloc(0) });
  t.true(result.messages.every((m) => m.binary));
  t.regex(textOf(result), /^started\ntick 2\n/);
  t.is(textOf(result), await kubectl('logs', 'shell').then((all) => all.slice(0, textOf(result).length)));
});

test.serial('pod logs over WebSocket: base64.binary.k8s.io in text messages; following until the client leaves', async (t) => {
  const result = await logOverWebSocket('?follow=true&tailLines=1', ['base64.binary.k8s.io'], (text) => text.split('\n').length > 3);
  t.is(result.protocol, 'base64.binary.k8s.io');
  t.true(result.messages.every((m) => !m.binary));
  t.regex(textOf(result), /^tick \d+\ntick \d+\ntick \d+\n/);
});

test.serial('pod logs over WebSocket: a client naming only other subprotocols is refused with 403; errors before the upgrade are Status answers', async (t) => {
  const refused = new WebSocket(`${current().url.replace(/^http/, 'ws')}/api/v1/namespaces/default/pods/shell/log`, ['v4.channel.k8s.io']);
  const [, response] = (await once(refused, 'unexpected-response')) as [unknown, { statusCode: number }];
  t.is(response.statusCode, 403);
  refused.on('error', () => {}).terminate();
  const missing = new WebSocket(`${current().url.replace(/^http/, 'ws')}/api/v1/namespaces/default/pods/nobody/log`, ['binary.k8s.io']);
  const [, notFound] = (await once(missing, 'unexpected-response')) as [unknown, IncomingMessageLike];
  t.is(notFound.statusCode, 404);
  const body = await readAll(notFound);
  t.like(JSON.parse(body), { kind: 'Status', reason: 'NotFound', message: 'pods "nobody" not found' });
  missing.on('error', () => {}).terminate();
});

interface IncomingMessageLike extends AsyncIterable<Buffer> {
  readonly statusCode: number;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

// Last, as it stops the file's API server.
test.serial('an API server that stops cuts the logs it follows over WebSocket, and exits in time', async (t) => {
  const ws = new WebSocket(`${current().url.replace(/^http/, 'ws')}/api/v1/namespaces/default/pods/shell/log?follow=true`, ['binary.k8s.io']);
  const closed = once(ws, 'close');
  await once(ws, 'message');
  const started = Date.now();
  const code = await current().stop();
  await closed;
  t.is(code, 0);
  // Not the 10 s after which the test's stopper kills it.
  t.true(Date.now() - started < 9_000, `stopped after ${Date.now() - started} ms`);
});
