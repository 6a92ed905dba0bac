// The declared lifecycles of the simulated runtime: start delays, exits, crash loops, start and
// create failures, stop with a grace period, and the sandbox rules a CRI runtime keeps.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { RuntimeError } from '../src/runtime-sim/runtime-error.ts';
import { inlineLifecycle, simulatedNode } from './runtime-sim-fixture.ts';

test('the default lifecycle is running 1 ms after StartContainer and runs until stopped', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('web');
  const id = await node.create(sandboxId, 'main');
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_CREATED');
  const started = node.runtime.startContainer(id);
  await node.clock.advance(0);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_CREATED', 'not running before its start delay');
  await node.clock.advance(1);
  await started;
  const status = node.runtime.containerStatus(id).status;
  t.is(status.state, 'CONTAINER_RUNNING');
  t.is(status.startedAt - status.createdAt, 1_000_000n);
  t.is(status.finishedAt, 0n);
  await node.clock.advance(3_600_000);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  t.is(node.runtime.wheel.pending, 0, 'a container that waits for nothing is not in the timer wheel');
  await t.throwsAsync(node.runtime.startContainer(id), { message: `failed to set starting state for container "${id}": container is in CONTAINER_RUNNING state` });
});

test('a lifecycle exits after its declared time with its exit code, reason and message', async (t) => {
  const node = simulatedNode(t);
  const cases = [
    { lifecycle: 'succeeded', exitCode: 0, reason: 'Completed', message: '' },
    { lifecycle: 'failed', exitCode: 1, reason: 'Error', message: 'simulated failure' },
    { lifecycle: 'oom-killed', exitCode: 137, reason: 'OOMKilled', message: '' },
  ];
  const ids: string[] = [];
  for (const c of cases) ids.push(await node.create(await node.sandbox(c.lifecycle, { 'runtime-sim.capstan.dev/lifecycle': c.lifecycle }), 'main'));
  const started = Promise.all(ids.map((id) => node.runtime.startContainer(id)));
  await node.clock.advance(1);
  await started;
  await node.clock.advance(99);
  for (const id of ids) t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.clock.advance(1);
  for (const [i, c] of cases.entries()) {
    const status = node.runtime.containerStatus(ids[i] as string).status;
    t.like(status, { state: 'CONTAINER_EXITED', exitCode: c.exitCode, reason: c.reason, message: c.message }, c.lifecycle);
    t.is(status.finishedAt - status.startedAt, 100_000_000n);
  }
});

test('a crash loop that recovers: the first attempts exit with an error, a later attempt keeps running', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('flaky', inlineLifecycle({ exit: { after: '2s', code: 2, attempts: 2 } }));
  const states = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = await node.create(sandboxId, 'app', { metadata: { name: 'app', attempt } });
    await node.start(id);
    await node.clock.advance(2000);
    const status = node.runtime.containerStatus(id).status;
    states.push(`${status.state}:${status.exitCode}`);
    await node.runtime.removeContainer(id);
  }
  t.deepEqual(states, ['CONTAINER_EXITED:2', 'CONTAINER_EXITED:2', 'CONTAINER_RUNNING:0']);
});

test('a start failure answers StartContainer with an error and leaves the container exited with StartError', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('broken', { 'runtime-sim.capstan.dev/lifecycle': 'start-error' });
  const id = await node.create(sandboxId, 'main');
  const error = await t.throwsAsync(node.start(id), { instanceOf: RuntimeError });
  t.regex(error?.message ?? '', /simulated start failure/);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 128, reason: 'StartError', startedAt: 0n });
  t.regex(node.runtime.containerStatus(id).status.message, /executable file not found in \$PATH/);
});

test('a create failure, an unknown lifecycle name and an invalid inline lifecycle fail CreateContainer', async (t) => {
  const node = simulatedNode(t);
  const failing = await node.sandbox('a', inlineLifecycle({ create: { error: 'no space left on device' } }));
  await t.throwsAsync(node.create(failing, 'main'), { instanceOf: RuntimeError, message: 'no space left on device' });
  const unknown = await node.sandbox('b', { 'runtime-sim.capstan.dev/lifecycle': 'nonesuch' });
  const error = await t.throwsAsync(node.create(unknown, 'main'), { instanceOf: RuntimeError });
  t.is(error?.code, 'InvalidArgument');
  t.regex(error?.message ?? '', /^runtime-sim has no lifecycle "nonesuch" \(annotation runtime-sim.capstan.dev\/lifecycle\); known lifecycles: "default", /);
  const invalid = await node.sandbox('c', inlineLifecycle({ exit: { after: 'soon' } }));
  await t.throwsAsync(node.create(invalid, 'main'), {
    message:
      'invalid runtime-sim configuration in annotation runtime-sim.capstan.dev/lifecycle: lifecycle.exit.after: Invalid value: "soon": must be a duration such as 300ms, 5s or 1m30s, or a number of milliseconds',
  });
});

test('the per-container annotation wins over the pod annotation, which wins over image rules', async (t) => {
  const node = simulatedNode(t, {
    lifecycles: `
lifecycles:
  - name: batch
    match: { images: ["docker.io/library/job:*"] }
    exit: { after: 10ms, code: 0 }
`,
  });
  const byImage = await node.run('by-image', {}, { imageName: 'job:v1' });
  const sandboxId = await node.sandbox('by-annotation', { 'runtime-sim.capstan.dev/lifecycle': 'failed', 'runtime-sim.capstan.dev/lifecycle.sidecar': 'default' });
  const main = await node.create(sandboxId, 'main', { imageName: 'job:v1' });
  const sidecar = await node.create(sandboxId, 'sidecar', { imageName: 'job:v1' });
  await node.start(main);
  await node.start(sidecar);
  await node.clock.advance(200);
  t.like(node.runtime.containerStatus(byImage.id).status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
  t.like(node.runtime.containerStatus(main).status, { state: 'CONTAINER_EXITED', exitCode: 1 });
  t.like(node.runtime.containerStatus(sidecar).status, { state: 'CONTAINER_RUNNING' });
});

test('stop sends SIGTERM: the default container exits at once with 143', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  await node.clock.advance(500);
  const stopAt = node.clock.now();
  await node.runtime.stopContainer(id, 30);
  const status = node.runtime.containerStatus(id).status;
  t.like(status, { state: 'CONTAINER_EXITED', exitCode: 143, reason: 'Error' });
  t.is(status.finishedAt, BigInt(stopAt) * 1_000_000n);
});

test('a container that ignores SIGTERM is killed with 137 when the grace period ends', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('stubborn', { 'runtime-sim.capstan.dev/lifecycle': 'ignore-sigterm' });
  const stopAt = node.clock.now();
  let stopped = false;
  const stop = node.runtime.stopContainer(id, 30).then(() => (stopped = true));
  await node.clock.advance(29_999);
  t.false(stopped);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.clock.advance(1);
  await stop;
  const status = node.runtime.containerStatus(id).status;
  t.like(status, { state: 'CONTAINER_EXITED', exitCode: 137, reason: 'Error' });
  t.is(status.finishedAt, BigInt(stopAt + 30_000) * 1_000_000n);
});

test('a slow shutdown exits with its own code within the grace period, and is killed beyond it', async (t) => {
  const node = simulatedNode(t);
  const lifecycle = inlineLifecycle({ stop: { delay: '3s', code: 0 } });
  const quick = await node.run('graceful', lifecycle);
  const slow = await node.run('slow', lifecycle);
  const stops = [node.runtime.stopContainer(quick.id, 10), node.runtime.stopContainer(slow.id, 2)];
  await node.clock.advance(2000);
  t.like(node.runtime.containerStatus(slow.id).status, { state: 'CONTAINER_EXITED', exitCode: 137 });
  t.is(node.runtime.containerStatus(quick.id).status.state, 'CONTAINER_RUNNING');
  await node.clock.advance(1000);
  await Promise.all(stops);
  t.like(node.runtime.containerStatus(quick.id).status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
});

test('stop with timeout 0 kills at once; stopping an exited container changes nothing', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('web');
  await node.runtime.stopContainer(id, 0);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 137 });
  await node.clock.advance(10);
  await node.runtime.stopContainer(id, 30);
  t.like(node.runtime.containerStatus(id).status, { exitCode: 137 });
  const created = await node.create(await node.sandbox('idle'), 'main');
  await node.runtime.stopContainer(created, 30);
  t.is(node.runtime.containerStatus(created).status.state, 'CONTAINER_CREATED');
});

test('an exit stage after SIGTERM but before its grace period ends still exits on its own', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('job', inlineLifecycle({ exit: { after: '1s', code: 0 }, stop: { sigterm: 'ignore' } }));
  const stop = node.runtime.stopContainer(id, 30);
  await node.clock.advance(1000);
  await stop;
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
});

test('a missing Localhost seccomp profile fails CreateContainer; an existing one is loaded', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('secure');
  const missing = join(node.dir, 'seccomp', 'missing.json');
  const seccomp = (path: string) => ({ linux: { securityContext: { seccomp: { profileType: 'Localhost' as const, localhostRef: path } } } });
  await t.throwsAsync(node.create(sandboxId, 'main', seccomp(missing)), {
    message: `failed to generate seccomp spec opts: cannot load seccomp profile "${missing}": open ${missing}: no such file or directory`,
  });
  const present = join(node.dir, 'profile.json');
  writeFileSync(present, JSON.stringify({ defaultAction: 'SCMP_ACT_ALLOW' }));
  const id = await node.create(sandboxId, 'main', seccomp(present));
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_CREATED');
});

test('CreateContainer of an image the node does not have answers NotFound', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('web');
  const error = t.throws(() => node.runtime.createContainer(sandboxId, { metadata: { name: 'main' }, image: { image: 'nginx:1.27' } }), { instanceOf: RuntimeError });
  t.is(error?.code, 'NotFound');
  t.is(error?.message, 'failed to resolve image "nginx:1.27": not found');
});

test('sandboxes: names are reserved, IPs are distinct, hostNetwork has none, stop kills and remove deletes', async (t) => {
  const node = simulatedNode(t);
  const metadata = { name: 'web', namespace: 'default', uid: 'u-1', attempt: 0 };
  const first = await node.runtime.runPodSandbox({ metadata });
  const second = await node.runtime.runPodSandbox({ metadata: { ...metadata, attempt: 1 } });
  const error = await t.throwsAsync(node.runtime.runPodSandbox({ metadata }), { instanceOf: RuntimeError });
  t.is(error?.code, 'AlreadyExists');
  t.is(error?.message, `failed to reserve sandbox name "web_default_u-1_0": name "web_default_u-1_0" is reserved for "${first}"`);
  const ips = [first, second].map((id) => node.runtime.podSandboxStatus(id).status.network.ip);
  t.deepEqual(ips, ['10.88.0.2', '10.88.0.3']);
  const host = await node.sandbox('host', {}, { hostNetwork: true });
  t.is(node.runtime.podSandboxStatus(host).status.network.ip, '');

  const id = await node.create(first, 'main');
  await node.start(id);
  await node.runtime.stopPodSandbox(first);
  await node.runtime.stopPodSandbox(first);
  t.is(node.runtime.podSandboxStatus(first).status.state, 'SANDBOX_NOTREADY');
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 137 });
  await node.runtime.removePodSandbox(first);
  await node.runtime.removePodSandbox(first);
  t.throws(() => node.runtime.podSandboxStatus(first), { instanceOf: RuntimeError, message: `an error occurred when try to find sandbox "${first}": not found` });
  t.throws(() => node.runtime.containerStatus(id), { message: `an error occurred when try to find container "${id}": not found` });
  t.truthy(await node.runtime.runPodSandbox({ metadata }), 'the name is free again once the sandbox is removed');
  t.throws(() => node.runtime.createContainer(first, { metadata: { name: 'x' }, image: { image: 'busybox' } }), { message: /not found/ });
});

test('two containers may not share a name and attempt in a sandbox', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('web');
  const first = await node.create(sandboxId, 'main');
  await t.throwsAsync(node.create(sandboxId, 'main'), {
    message: `failed to reserve container name "main_web_default_uid-1_0": name "main_web_default_uid-1_0" is reserved for "${first}"`,
  });
  await node.runtime.removeContainer(first);
  t.truthy(await node.create(sandboxId, 'main'));
});

test('ListContainers and ListPodSandbox filter by id prefix, state, sandbox and labels', async (t) => {
  const node = simulatedNode(t);
  const a = await node.run('a');
  const b = await node.run('b', { 'runtime-sim.capstan.dev/lifecycle': 'succeeded' });
  const idle = await node.create(b.sandboxId, 'idle');
  await node.clock.advance(100);
  const ids = (filter: Parameters<typeof node.runtime.listContainers>[0]) =>
    node.runtime
      .listContainers(filter)
      .map((c) => c.id)
      .sort();
  t.deepEqual(ids(undefined), [a.id, b.id, idle].sort());
  t.deepEqual(ids({ state: { state: 'CONTAINER_RUNNING' } }), [a.id]);
  t.deepEqual(ids({ state: { state: 'CONTAINER_EXITED' } }), [b.id]);
  t.deepEqual(ids({ podSandboxId: b.sandboxId }), [b.id, idle].sort());
  t.deepEqual(ids({ id: a.id.slice(0, 12) }), [a.id]);
  t.deepEqual(ids({ labelSelector: { 'io.kubernetes.container.name': 'idle' } }), [idle]);
  t.deepEqual(
    node.runtime.listPodSandbox({ labelSelector: { 'io.kubernetes.pod.name': 'b' } }).map((s) => s.id),
    [b.sandboxId],
  );
  // Every label of the selector must match, the rarest one picking the candidates.
  t.deepEqual(node.runtime.listPodSandbox({ labelSelector: { 'io.kubernetes.pod.name': 'b', 'no.such/label': 'x' } }), []);
  t.deepEqual(ids({ labelSelector: { 'no.such/label': 'x' } }), []);
  await node.runtime.stopPodSandbox(a.sandboxId);
  t.deepEqual(
    node.runtime.listPodSandbox({ state: { state: 'SANDBOX_READY' } }).map((s) => s.id),
    [b.sandboxId],
  );
  // A removed sandbox and its containers leave the lists by label too.
  await node.runtime.removePodSandbox(b.sandboxId);
  t.deepEqual(ids({ labelSelector: { 'io.kubernetes.container.name': 'idle' } }), []);
  t.deepEqual(node.runtime.listPodSandbox({ labelSelector: { 'io.kubernetes.pod.name': 'b' } }), []);
});

test('a termination message is written to the host file the kubelet mounted at terminationMessagePath', async (t) => {
  const node = simulatedNode(t);
  const hostFile = join(node.dir, 'termination-log');
  writeFileSync(hostFile, '');
  const { id } = await node.run('job', inlineLifecycle({ exit: { after: '1s', code: 1, terminationMessage: 'disk quota exceeded' } }), {
    mounts: [{ containerPath: '/dev/termination-log', hostPath: hostFile }],
    annotations: { 'io.kubernetes.container.terminationMessagePath': '/dev/termination-log' },
  });
  await node.clock.advance(1000);
  t.is(node.runtime.containerStatus(id).status.exitCode, 1);
  const { readFileSync } = await import('node:fs');
  t.is(readFileSync(hostFile, 'utf8'), 'disk quota exceeded');
});

test('a container whose sandbox stops while it is starting does not start', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('slow', inlineLifecycle({ start: { delay: '2s' } }));
  const id = await node.create(sandboxId, 'main');
  const start = node.runtime.startContainer(id);
  start.catch(() => {});
  await node.clock.advance(1000);
  await node.runtime.stopPodSandbox(sandboxId);
  await node.clock.advance(1000);
  await t.throwsAsync(start, { message: `container "${id}" was removed or its sandbox stopped while it was starting` });
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_CREATED');
});

test('the pod CIDR from UpdateRuntimeConfig gives new sandboxes their IPs; the same CIDR again changes nothing', async (t) => {
  const node = simulatedNode(t);
  node.runtime.updateRuntimeConfig({ networkConfig: { podCidr: '10.244.1.0/24,fd00:10:244:1::/64' } });
  const first = await node.sandbox('a');
  node.runtime.updateRuntimeConfig({ networkConfig: { podCidr: '10.244.1.0/24' } });
  const second = await node.sandbox('b');
  t.deepEqual(
    [first, second].map((id) => node.runtime.podSandboxStatus(id).status.network.ip),
    ['10.244.1.2', '10.244.1.3'],
  );
});

test("dual-stack pod CIDRs give each new sandbox an IP of each family, the first CIDR's first; a bad CIDR is refused", async (t) => {
  const node = simulatedNode(t);
  node.runtime.updateRuntimeConfig({ networkConfig: { podCidr: 'fd00:10:244:1::/64,10.244.1.0/24' } });
  const first = await node.sandbox('a');
  const second = await node.sandbox('b');
  t.deepEqual(node.runtime.podSandboxStatus(first).status.network, { ip: 'fd00:10:244:1::2', additionalIps: [{ ip: '10.244.1.2' }] });
  t.deepEqual(node.runtime.podSandboxStatus(second).status.network, { ip: 'fd00:10:244:1::3', additionalIps: [{ ip: '10.244.1.3' }] });
  // Released addresses come back; the IPv6 one too.
  await node.runtime.stopPodSandbox(first);
  const third = await node.sandbox('c');
  t.deepEqual(node.runtime.podSandboxStatus(third).status.network, { ip: 'fd00:10:244:1::2', additionalIps: [{ ip: '10.244.1.2' }] });
  t.throws(() => node.runtime.updateRuntimeConfig({ networkConfig: { podCidr: '10.244.1.0/33' } }), { message: /^invalid pod CIDR "10\.244\.1\.0\/33"/ });
});

test('waiting for the pod CIDR: NetworkReady false and pod-network sandboxes refused as containerd words it until UpdateRuntimeConfig', async (t) => {
  const node = simulatedNode(t, { waitForPodCidr: true });
  const network = () => node.runtime.status().status?.conditions.find((c) => c.type === 'NetworkReady');
  t.deepEqual(network(), { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: 'Network plugin returns error: cni plugin not initialized' });
  await t.throwsAsync(node.sandbox('early'), { message: /^failed to setup network for sandbox "[0-9a-f]+": cni plugin not initialized$/ });
  // The node's own network needs no pod CIDR.
  const host = await node.sandbox('host', {}, { hostNetwork: true });
  t.is(node.runtime.podSandboxStatus(host).status.network.ip, '');
  node.runtime.updateRuntimeConfig({ networkConfig: { podCidr: '10.244.5.0/24' } });
  t.like(network(), { status: true });
  const late = await node.sandbox('early');
  t.is(node.runtime.podSandboxStatus(late).status.network.ip, '10.244.5.2');
});
