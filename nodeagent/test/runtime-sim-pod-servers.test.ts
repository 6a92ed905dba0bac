// Servers in simulated pods with a loopback pod CIDR: agnhost serve-hostname, netexec and
// test-webserver, nginx and httpd listen on the pod's IP (any 127.x.y.z can be bound on Linux) until
// their container stops.

import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import test from 'ava';
import { grpcProbe } from '../src/pods/prober/grpc-probe.ts';
import { tcpProbe } from '../src/pods/prober/tcp-probe.ts';
import { exited, type SimulatedNode, simulatedNode } from './runtime-sim-fixture.ts';

const agnhost = 'registry.k8s.io/e2e-test-images/agnhost:2.53';

/** A /24 of 127.0.0.0/8 of its own, so that tests running at once never share an address. */
const loopbackCidr = (): string => `127.${randomInt(100, 250)}.${randomInt(0, 256)}.0/24`;

async function runPod(node: SimulatedNode, name: string, image: string, args: readonly string[] = []): Promise<{ id: string; ip: string }> {
  const sandboxId = await node.sandbox(name);
  const id = await node.create(sandboxId, 'main', { imageName: image, args: [...args] });
  await node.start(id);
  return { id, ip: node.runtime.podSandboxStatus(sandboxId).status.network?.ip ?? '' };
}

/** Whether something accepts connections at ip:port now. */
function accepts(ip: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: ip, port });
    socket.once('connect', () => resolve(true) === undefined && socket.destroy());
    socket.once('error', () => resolve(false));
  });
}

/** The server listens once its process has run a turn of the event loop: wait for the port as a probe would. */
async function listening(ip: string, port: number): Promise<void> {
  while (!(await accepts(ip, port))) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function get(ip: string, port: number, path: string): Promise<{ status: number; body: string }> {
  await listening(ip, port);
  const response = await fetch(`http://${ip}:${port}${path}`);
  return { status: response.status, body: await response.text() };
}

test('agnhost serve-hostname answers its pod name on podIP:9376, and stops listening when its container stops', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const { id, ip } = await runPod(node, 'hostname-a', agnhost, ['serve-hostname']);
  t.regex(ip, /^127\./);
  t.deepEqual(await get(ip, 9376, '/'), { status: 200, body: 'hostname-a' });
  await node.runtime.stopContainer(id, 0);
  t.false(await accepts(ip, 9376));
});

test('two pods serve on the same port of their own IPs', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const a = await runPod(node, 'pod-a', agnhost, ['serve-hostname', '--port=9000']);
  const b = await runPod(node, 'pod-b', agnhost, ['serve-hostname', '--port', '9000']);
  t.not(a.ip, b.ip);
  t.is((await get(a.ip, 9000, '/')).body, 'pod-a');
  t.is((await get(b.ip, 9000, '/')).body, 'pod-b');
});

test('agnhost netexec serves /echo, /hostname, /healthz, /clientip and /shell through the shell imitation', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const { ip } = await runPod(node, 'netexec', agnhost, ['netexec', '--http-port=8080']);
  t.deepEqual(await get(ip, 8080, '/echo?msg=hi'), { status: 200, body: 'hi' });
  t.deepEqual(await get(ip, 8080, '/echo?msg=gone&code=404'), { status: 404, body: 'gone' });
  t.deepEqual(await get(ip, 8080, '/hostname'), { status: 200, body: 'netexec' });
  t.is((await get(ip, 8080, '/healthz')).status, 200);
  t.regex((await get(ip, 8080, '/clientip')).body, /^127\.0\.0\.1:\d+$/);
  t.regex((await get(ip, 8080, '/')).body, /^NOW: \d{4}-\d\d-\d\d /);
  t.deepEqual(JSON.parse((await get(ip, 8080, `/shell?cmd=${encodeURIComponent('echo $HOSTNAME; exit 2')}`)).body), { output: 'netexec\n', error: 'exit status 2' });
});

test('netexec /exit?code=3 ends the container with exit code 3 and closes its port', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const { id, ip } = await runPod(node, 'leaver', agnhost, ['netexec']);
  await listening(ip, 8080);
  const done = exited(node.runtime, id);
  await t.throwsAsync(fetch(`http://${ip}:8080/exit?code=3`));
  await done;
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 3, reason: 'Error' });
  t.false(await accepts(ip, 8080));
});

test('netexec /dial reaches another pod over HTTP and UDP', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const client = await runPod(node, 'client', agnhost, ['netexec']);
  const server = await runPod(node, 'server', agnhost, ['netexec']);
  await listening(server.ip, 8080);
  const http = await get(client.ip, 8080, `/dial?request=hostname&protocol=http&host=${server.ip}&port=8080&tries=1`);
  t.deepEqual(JSON.parse(http.body), { responses: ['server'] });
  const udp = await get(client.ip, 8080, `/dial?request=hostname&protocol=udp&host=${server.ip}&port=8081&tries=1`);
  t.deepEqual(JSON.parse(udp.body), { responses: ['server'] });
});

test('agnhost test-webserver serves the container files on port 80, nginx and httpd their default page (or the bind error without root)', async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const web = await runPod(node, 'webserver', agnhost, ['test-webserver', '--port=8000']);
  t.deepEqual(await get(web.ip, 8000, '/etc/hostname'), { status: 200, body: 'webserver\n' });
  t.is((await get(web.ip, 8000, '/no/such/file')).status, 404);
  if (process.getuid?.() !== 0) {
    const sandboxId = await node.sandbox('nginx');
    const id = await node.create(sandboxId, 'main', { imageName: 'nginx:1.27' });
    const done = exited(node.runtime, id);
    await node.start(id);
    await done;
    t.like(node.runtime.containerStatus(id).status, { exitCode: 1 });
    return;
  }
  const nginx = await runPod(node, 'nginx', 'docker.io/library/nginx:1.27');
  const page = await get(nginx.ip, 80, '/');
  t.is(page.status, 200);
  t.regex(page.body, /<title>Welcome to nginx!<\/title>/);
  t.is((await get(nginx.ip, 80, '/missing')).status, 404);
  const httpd = await runPod(node, 'httpd', 'httpd:2.4');
  t.deepEqual(await get(httpd.ip, 80, '/'), { status: 200, body: '<html><body><h1>It works!</h1></body></html>\n' });
});

test('with a pod CIDR that is not this host (10.88.0.0/16) nothing listens: the server runs on, simulated', async (t) => {
  const node = simulatedNode(t);
  const { id, ip } = await runPod(node, 'simulated', agnhost, ['serve-hostname']);
  t.regex(ip, /^10\.88\./);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
});

test("the agent's gRPC and TCP probes reach agnhost grpc-health-checking: SERVING, then NOT_SERVING after /make-not-serving", async (t) => {
  const node = simulatedNode(t, { podCidr: loopbackCidr() });
  const { id, ip } = await runPod(node, 'grpc', agnhost, ['grpc-health-checking', '--port=5000', '--http-port=8080']);
  await listening(ip, 5000);
  t.like(await tcpProbe(ip, 5000, 1000), { result: 'success' });
  t.like(await grpcProbe(ip, 5000, '', 1000), { result: 'success' });
  t.like(await grpcProbe(ip, 5000, 'other', 1000), { result: 'failure' });
  t.is((await get(ip, 8080, '/make-not-serving')).status, 200);
  t.like(await grpcProbe(ip, 5000, '', 1000), { result: 'failure' });
  await node.runtime.stopContainer(id, 0);
  t.like(await tcpProbe(ip, 5000, 1000), { result: 'failure' });
});
