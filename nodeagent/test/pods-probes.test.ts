// Probes through the simulated runtime and a real API server: a readiness probe gates the
// container's ready and the pod's Ready and ContainersReady conditions both ways, a startup probe
// holds `started` (and readiness) back, a failing liveness probe restarts the container with the
// kubelet's events, and httpGet and tcpSocket probes reach a real listener with the kubelet's
// answers (status codes, Go's dial errors), and gRPC probes ask a real health service.

import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import test from 'ava';
import { Server as GrpcServer, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import type { RestClient } from '@capstan/common/client';
import type { Pod } from '../src/pods/pod-types.ts';
import { createPod as create, eventsOf, execIn, isRunning } from './pods-events-and-exec.ts';
import { podManifest, podsOf, startAgentNode, startApiServer, until, waitForPod, type ApiServer } from './pods-fixture.ts';

let api: ApiServer;
test.before(async () => {
  api = await startApiServer();
});
test.after.always(() => api?.stop());

const condition = (pod: Pod, type: string) => pod.status?.conditions?.find((c) => c.type === type);
const running = (pod: Pod): boolean => isRunning(pod);

test('a readiness probe gates ready and the Ready condition, both ways', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-ready', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('gated', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', readinessProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 1, failureThreshold: 1 } }],
    }),
  );
  const unready = await waitForPod(client, 'default', 'gated', running, 'the container to run');
  // Running and started, but not ready until its probe succeeds.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const still = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'gated'));
  t.is(still.status?.phase, 'Running');
  t.like(still.status?.containerStatuses?.[0], { ready: false, started: true });
  t.like(condition(still, 'ContainersReady'), { status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
  t.like(condition(still, 'Ready'), { status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
  const failed = await until(
    () => eventsOf(client, 'gated'),
    (events) => events.some((e) => e.reason === 'Unhealthy'),
    'an Unhealthy event',
  );
  t.like(
    failed.find((e) => e.reason === 'Unhealthy'),
    {
      type: 'Warning',
      message: "Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory\n",
      involvedObject: { name: 'gated', fieldPath: 'spec.containers{app}' },
    },
  );

  t.is((await execIn(node, unready, ['touch', '/tmp/ready'])).exitCode, 0);
  const ready = await waitForPod(client, 'default', 'gated', (p) => condition(p, 'Ready')?.status === 'True', 'the pod to be Ready');
  t.like(ready.status?.containerStatuses?.[0], { ready: true, started: true });
  t.like(condition(ready, 'ContainersReady'), { status: 'True' });

  t.is((await execIn(node, unready, ['rm', '/tmp/ready'])).exitCode, 0);
  const again = await waitForPod(client, 'default', 'gated', (p) => condition(p, 'Ready')?.status === 'False', 'the pod to be unready again');
  t.is(again.status?.containerStatuses?.[0]?.ready, false);
  t.is(again.status?.containerStatuses?.[0]?.restartCount, 0, 'a readiness failure never restarts');
});

test('a startup probe holds started and readiness back until it succeeds', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-startup', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('starting', node.nodeName, {
      containers: [
        {
          name: 'app',
          image: 'busybox:1.36',
          startupProbe: { exec: { command: ['cat', '/tmp/started'] }, periodSeconds: 1, failureThreshold: 60 },
          // Would fail, but is not run before the container has started.
          livenessProbe: { exec: { command: ['false'] }, periodSeconds: 1, failureThreshold: 1 },
        },
      ],
    }),
  );
  const first = await waitForPod(client, 'default', 'starting', running, 'the container to run');
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const waiting = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'starting'));
  t.like(waiting.status?.containerStatuses?.[0], { started: false, ready: false, restartCount: 0 });
  t.is((await execIn(node, first, ['touch', '/tmp/started'])).exitCode, 0);
  const started = await waitForPod(client, 'default', 'starting', (p) => p.status?.containerStatuses?.[0]?.started === true, 'the container to have started');
  t.true(started.status?.containerStatuses?.[0]?.ready);
  // Now the liveness probe runs, fails, and the container is restarted.
  const restarted = await waitForPod(client, 'default', 'starting', (p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 1, 'a liveness restart');
  t.like(restarted.status?.containerStatuses?.[0]?.lastState?.terminated, { exitCode: 143, reason: 'Error' });
});

test('a failing liveness probe restarts the container with the kubelet events', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-liveness', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('unhealthy', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, periodSeconds: 1, failureThreshold: 2 } }],
    }),
  );
  const first = await waitForPod(client, 'default', 'unhealthy', running, 'the container to run');
  const firstId = first.status?.containerStatuses?.[0]?.containerID;
  const restarted = await waitForPod(
    client,
    'default',
    'unhealthy',
    (p) => p.status?.containerStatuses?.[0]?.restartCount === 1 && p.status.containerStatuses[0].state?.running !== undefined,
    'the restart',
    20_000,
  );
  const status = restarted.status?.containerStatuses?.[0];
  t.not(status?.containerID, firstId);
  // SIGTERM ended the first instance: the default lifecycle exits 143.
  t.like(status?.lastState?.terminated, { exitCode: 143, reason: 'Error', containerID: firstId });
  const events = await until(
    () => eventsOf(client, 'unhealthy'),
    (list) => list.some((e) => e.reason === 'Killing'),
    'the Killing event',
  );
  // The kubelet's correlator counts each failed probe on the one Unhealthy event.
  const unhealthy = events.filter((e) => e.reason === 'Unhealthy');
  t.is(unhealthy.length, 1);
  t.true((unhealthy[0]?.count ?? 0) >= 2, 'one count per failed probe');
  t.is(unhealthy[0]?.message, "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory\n");
  t.like(
    events.find((e) => e.reason === 'Killing'),
    { type: 'Normal', message: 'Container app failed liveness probe, will be restarted', involvedObject: { fieldPath: 'spec.containers{app}' } },
  );
  // A liveness restart is immediate: the back-off applies from the next one on.
  t.false(events.some((e) => e.reason === 'BackOff'));
});

test('with restartPolicy Never a liveness failure ends the pod', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-liveness-never', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('once', node.nodeName, {
      restartPolicy: 'Never',
      containers: [{ name: 'app', image: 'busybox:1.36', livenessProbe: { exec: { command: ['false'] }, periodSeconds: 1, failureThreshold: 1 } }],
    }),
  );
  const failed = await waitForPod(client, 'default', 'once', (p) => p.status?.phase === 'Failed', 'the pod to fail');
  t.like(failed.status?.containerStatuses?.[0], { restartCount: 0, state: { terminated: { exitCode: 143 } } });
  const events = await until(
    () => eventsOf(client, 'once'),
    (list) => list.some((e) => e.reason === 'Killing'),
    'the Killing event',
  );
  t.true(events.some((e) => e.reason === 'Unhealthy' && e.message === 'Liveness probe failed: '));
  // Nothing is left to run: the kubelet kills the whole pod, with its plain message.
  t.deepEqual(
    events.filter((e) => e.reason === 'Killing').map((e) => e.message),
    ['Stopping container app'],
  );
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

test('httpGet and tcpSocket probes reach a real listener and report as the kubelet does', async (t) => {
  let status = 500;
  const seen: { path?: string; agent?: string; custom?: string }[] = [];
  const server = createServer((request, response) => {
    seen.push({ path: request.url, agent: request.headers['user-agent'], custom: request.headers['x-probe'] as string });
    response.writeHead(status).end('body is never shown');
  });
  const port = await listen(server);
  // A port nothing listens on.
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const node = await startAgentNode(t, { nodeName: 'node-http', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('web', node.nodeName, {
      containers: [
        {
          name: 'app',
          image: 'busybox:1.36',
          ports: [{ name: 'http', containerPort: port }],
          readinessProbe: {
            httpGet: { host: '127.0.0.1', port: 'http', path: '/healthz?full=1', httpHeaders: [{ name: 'x-probe', value: 'yes' }] },
            periodSeconds: 1,
            failureThreshold: 1,
          },
          livenessProbe: { tcpSocket: { host: '127.0.0.1', port: closedPort }, periodSeconds: 1, failureThreshold: 3 },
        },
      ],
    }),
  );
  const events = await until(
    () => eventsOf(client, 'web'),
    (list) => list.some((e) => e.message.startsWith('Readiness')) && list.some((e) => e.message.startsWith('Liveness')),
    'probe events',
  );
  t.true(events.some((e) => e.message === 'Readiness probe failed: HTTP probe failed with statuscode: 500'));
  t.true(events.some((e) => e.message === `Liveness probe failed: dial tcp 127.0.0.1:${closedPort}: connect: connection refused`));
  t.like(seen[0], { path: '/healthz?full=1', agent: 'kube-probe/1.35', custom: 'yes' });
  status = 200;
  const ready = await waitForPod(client, 'default', 'web', (p) => condition(p, 'Ready')?.status === 'True', 'the pod to be Ready');
  t.is(ready.status?.containerStatuses?.[0]?.ready, true);
  await waitForPod(client, 'default', 'web', (p) => (p.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 1, 'the tcpSocket liveness restart');
  t.pass();
});

test('an exec probe that outlives its timeout fails with the timeout as its output', async (t) => {
  const node = await startAgentNode(t, { nodeName: 'node-timeout', api });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('slow', node.nodeName, {
      containers: [{ name: 'app', image: 'busybox:1.36', readinessProbe: { exec: { command: ['sleep', '5'] }, timeoutSeconds: 1, periodSeconds: 2 } }],
    }),
  );
  const events = await until(
    () => eventsOf(client, 'slow'),
    (list) => list.some((e) => e.reason === 'Unhealthy'),
    'an Unhealthy event',
  );
  t.is(events.find((e) => e.reason === 'Unhealthy')?.message, 'Readiness probe failed: command "sleep 5" timed out');
  const pod = await client.get<Pod & { metadata: { name: string } }>(podsOf('default', 'slow'));
  t.is(pod.status?.containerStatuses?.[0]?.ready, false);
});

test('gRPC probes ask grpc.health.v1.Health/Check at the pod IP and report as the kubelet does', async (t) => {
  // A health service whose answer the test sets: 1 SERVING, 2 NOT_SERVING.
  let serving = 2;
  const requests: { service: string; agent: string }[] = [];
  const health = new GrpcServer();
  const check = {
    path: '/grpc.health.v1.Health/Check',
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: Buffer) => value,
    requestDeserialize: (bytes: Buffer) => bytes,
    responseSerialize: (value: Buffer) => value,
    responseDeserialize: (bytes: Buffer) => bytes,
  };
  health.addService(
    { Check: check },
    {
      Check: (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
        requests.push({ service: call.request.subarray(2).toString(), agent: String(call.metadata.get('user-agent')[0] ?? '') });
        callback(null, Buffer.from([0x08, serving]));
      },
    },
  );
  const healthPort = await new Promise<number>((resolve, reject) =>
    health.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
  // A gRPC server without the health service.
  const bare = new GrpcServer();
  const barePort = await new Promise<number>((resolve, reject) =>
    bare.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  t.teardown(() => {
    health.forceShutdown();
    bare.forceShutdown();
  });

  // A host-network pod on a node whose IP is the loopback: the pod's IP is where the servers listen.
  const node = await startAgentNode(t, { nodeName: 'node-grpc', api, extra: { hostIPs: ['127.0.0.1'] } });
  const client = node.client as RestClient;
  await create(
    client,
    podManifest('rpc', node.nodeName, {
      hostNetwork: true,
      containers: [
        { name: 'app', image: 'busybox:1.36', readinessProbe: { grpc: { port: healthPort, service: 'app' }, periodSeconds: 1, failureThreshold: 1 } },
        { name: 'bare', image: 'busybox:1.36', readinessProbe: { grpc: { port: barePort }, periodSeconds: 1, failureThreshold: 1 } },
        { name: 'gone', image: 'busybox:1.36', readinessProbe: { grpc: { port: closedPort }, periodSeconds: 2, failureThreshold: 1 } },
      ],
    }),
  );
  const events = await until(
    () => eventsOf(client, 'rpc'),
    (list) => ['app', 'bare', 'gone'].every((name) => list.some((e) => e.reason === 'Unhealthy' && e.involvedObject.fieldPath === `spec.containers{${name}}`)),
    'the three probes to fail',
    20_000,
  );
  const failure = (name: string) => events.find((e) => e.reason === 'Unhealthy' && e.involvedObject.fieldPath === `spec.containers{${name}}`)?.message;
  t.is(failure('app'), 'Readiness probe failed: service unhealthy (responded with "NOT_SERVING")');
  t.regex(failure('bare') ?? '', /^Readiness probe failed: error: this server does not implement the grpc health protocol \(grpc\.health\.v1\.Health\): /);
  t.is(failure('gone'), `Readiness probe failed: timeout: failed to connect service "127.0.0.1:${closedPort}" within 1s: context deadline exceeded`);
  t.like(requests[0], { service: 'app' });
  t.regex(requests[0]?.agent ?? '', /^kube-probe\/1\.35/);
  serving = 1;
  const ready = await waitForPod(client, 'default', 'rpc', (p) => p.status?.containerStatuses?.find((c) => c.name === 'app')?.ready === true, 'the SERVING container to be ready');
  t.false(ready.status?.containerStatuses?.find((c) => c.name === 'bare')?.ready);
});
