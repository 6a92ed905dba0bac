// A simulated container's main process: its command and args over its image's entrypoint and CMD,
// run by the shell imitation, printing to the CRI log as it goes and exiting with its code.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { RuntimeError } from '../src/runtime-sim/runtime-error.ts';
import { exited, inlineLifecycle, logLines, type SimulatedNode, simulatedNode } from './runtime-sim-fixture.ts';

async function runToEnd(node: SimulatedNode, pod: string, extra: Parameters<SimulatedNode['run']>[2], annotations = {}) {
  const sandboxId = await node.sandbox(pod, annotations);
  const id = await node.create(sandboxId, 'main', extra);
  const done = exited(node.runtime, id);
  await node.start(id);
  await done;
  return node.runtime.containerStatus(id).status;
}

test('echo hi completes with exit code 0 (Completed) and its line in the log', async (t) => {
  const node = simulatedNode(t);
  const status = await runToEnd(node, 'once', { command: ['echo', 'hi'] });
  t.like(status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
  t.deepEqual(await logLines(node, 'once'), ['stdout hi']);
});

test("sh -c 'echo a; sleep 2; echo b; exit 3' prints a, then b two seconds later, and exits 3 (Error)", async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('script', {}, { command: ['sh', '-c', 'echo a; sleep 2; echo b >&2; exit 3'] });
  const done = exited(node.runtime, id);
  t.deepEqual(await logLines(node, 'script'), ['stdout a']);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.clock.advance(2000);
  await done;
  t.deepEqual(await logLines(node, 'script'), ['stdout a', 'stderr b']);
  const times = readFileSync(node.logFile('script', 'main'), 'utf8')
    .split('\n')
    .slice(0, 2)
    .map((line) => Date.parse(line.split(' ')[0] as string));
  t.is((times[1] as number) - (times[0] as number), 2000);
  t.like(node.runtime.containerStatus(id).status, { exitCode: 3, reason: 'Error' });
});

test('true and false, printf, env and $VAR from the container env, args after the command', async (t) => {
  const node = simulatedNode(t);
  t.like(await runToEnd(node, 'yes', { command: ['/bin/true'] }), { exitCode: 0, reason: 'Completed' });
  t.like(await runToEnd(node, 'no', { command: ['false'] }), { exitCode: 1, reason: 'Error' });
  await runToEnd(node, 'fmt', { command: ['printf'], args: ['%s=%03d\\n', 'x', '7', 'y', '42'] });
  t.deepEqual(await logLines(node, 'fmt'), ['stdout x=007', 'stdout y=042']);
  await runToEnd(node, 'vars', {
    command: ['sh', '-c'],
    args: ['echo "pod $POD_NAME on $NODE"; env | grep -v PATH; nosuch'],
    envs: [
      { key: 'POD_NAME', value: 'vars' },
      { key: 'NODE', value: 'node-a' },
    ],
  });
  t.deepEqual(await logLines(node, 'vars'), ['stdout pod vars on node-a', 'stdout HOSTNAME=vars', 'stdout POD_NAME=vars', 'stdout NODE=node-a', 'stderr sh: nosuch: not found']);
});

test('mounted files are read, and a file written into a shared volume is read by another container and by exec', async (t) => {
  const node = simulatedNode(t);
  const config = join(node.dir, 'config');
  const shared = join(node.dir, 'shared');
  mkdirSync(config);
  mkdirSync(shared);
  writeFileSync(join(config, 'key'), 'value-1');
  const mounts = [
    { containerPath: '/etc/config', hostPath: config, readonly: true },
    { containerPath: '/data', hostPath: shared },
  ];
  await runToEnd(node, 'writer', { command: ['sh', '-c', 'cat /etc/config/key > /data/copy; echo " written" >> /data/copy'], mounts });
  t.is(readFileSync(join(shared, 'copy'), 'utf8'), 'value-1 written\n');
  await runToEnd(node, 'reader', { command: ['cat', '/data/copy'], mounts });
  t.deepEqual(await logLines(node, 'reader'), ['stdout value-1 written']);
  const { id } = await node.run('server', {}, { command: ['sh', '-c', 'echo later > /tmp/state; sleep 3600'], mounts });
  t.is(Buffer.from((await node.runtime.execSync(id, ['cat', '/tmp/state'])).stdout).toString(), 'later\n');
  t.is(Buffer.from((await node.runtime.execSync(id, ['ls', '/data'])).stdout).toString(), 'copy\n');
});

test('id answers the runAsUser, runAsGroup and supplemental groups; a read-only root file system refuses writes outside mounts', async (t) => {
  const node = simulatedNode(t);
  const status = await runToEnd(node, 'secure', {
    command: ['sh', '-c', 'test $(id -u) -eq 1000 && id -G; touch /checkfile'],
    linux: { securityContext: { runAsUser: { value: 1000 }, runAsGroup: { value: 3000 }, supplementalGroups: [2000], readonlyRootfs: true } },
  });
  t.like(status, { exitCode: 1, reason: 'Error' });
  t.deepEqual(await logLines(node, 'secure'), ['stdout 3000 2000', 'stderr touch: /checkfile: Read-only file system']);
});

test('an unknown executable fails the start as containerd reports it: StartError, exit code 128', async (t) => {
  const node = simulatedNode(t);
  const sandboxId = await node.sandbox('typo');
  const id = await node.create(sandboxId, 'main', { command: ['ech0', 'hi'] });
  const error = await t.throwsAsync(node.start(id), { instanceOf: RuntimeError });
  const message =
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "ech0": executable file not found in $PATH: unknown';
  t.is(error?.message, message);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 128, reason: 'StartError', message });
});

test('images without a command run their defaults: agnhost pauses (and its entrypoint-tester prints its args), nginx and pause serve until stopped', async (t) => {
  const node = simulatedNode(t);
  const agnhost = 'registry.k8s.io/e2e-test-images/agnhost:2.53';
  const { id } = await node.run('paused', {}, { imageName: agnhost });
  t.deepEqual(await logLines(node, 'paused'), ['stdout Paused', 'stdout Signals registered']);
  await node.clock.advance(60_000);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await runToEnd(node, 'args', { imageName: agnhost, args: ['entrypoint-tester', 'override', 'arguments'] });
  t.deepEqual(await logLines(node, 'args'), ['stdout [/agnhost entrypoint-tester override arguments]']);
  await runToEnd(node, 'command', { imageName: agnhost, command: ['/agnhost-2'], args: ['entrypoint-tester'] });
  t.deepEqual(await logLines(node, 'command'), ['stdout [/agnhost-2 entrypoint-tester]']);
  for (const image of ['nginx', 'registry.k8s.io/pause:3.10.1', 'httpd:2.4']) {
    const pod = `server-${image.length}`;
    const server = await node.run(pod, {}, { imageName: image });
    await node.clock.advance(60_000);
    t.is(node.runtime.containerStatus(server.id).status.state, 'CONTAINER_RUNNING', image);
  }
});

test("the conformance tests' busybox without a command runs sh, which exits at once without stdin; with stdin it waits", async (t) => {
  const node = simulatedNode(t);
  const busybox = 'registry.k8s.io/e2e-test-images/busybox:1.37.0-1';
  t.like(await runToEnd(node, 'init', { imageName: busybox }), { exitCode: 0, reason: 'Completed' });
  const { id } = await node.run('interactive', {}, { imageName: busybox, stdin: true, tty: true });
  await node.clock.advance(60_000);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
});

test('a lifecycle chosen by annotation still says what a command cannot: OOM kill, and SIGTERM ends a sleeping process', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('oom', { 'runtime-sim.capstan.dev/lifecycle': 'oom-killed' }, { command: ['sh', '-c', 'echo started; sleep 3600; echo never'] });
  const done = exited(node.runtime, id);
  await node.clock.advance(100);
  await done;
  t.like(node.runtime.containerStatus(id).status, { exitCode: 137, reason: 'OOMKilled' });
  await node.clock.advance(3_600_000);
  t.deepEqual(await logLines(node, 'oom'), ['stdout started']);

  const sleeper = await node.run('sleeper', inlineLifecycle({}), { command: ['sleep', '3600'] });
  const stopped = node.runtime.stopContainer(sleeper.id, 30);
  await node.clock.advance(1);
  await stopped;
  t.like(node.runtime.containerStatus(sleeper.id).status, { exitCode: 143 });
});

test('the cgroup v2 files show the resources of CreateContainer, then of UpdateContainerResources', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run(
    'sized',
    {},
    {
      // The in-place resize tests' command: it must stay up for them to read its cgroup files.
      command: ['/bin/sh'],
      args: ['-c', 'grep Cpus_allowed_list /proc/self/status | cut -f2 && sleep 1d'],
      linux: { resources: { cpuPeriod: 100_000, cpuQuota: 50_000, cpuShares: 512, memoryLimitInBytes: 268_435_456 } },
    },
  );
  const read = async (file: string) => Buffer.from((await node.runtime.execSync(id, ['/bin/sh', '-c', `head -n 1 /sys/fs/cgroup/${file}`])).stdout).toString();
  await node.clock.advance(3_600_000);
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.runtime.flushLogs();
  t.regex(readFileSync(node.logFile('sized', 'main'), 'utf8'), / stdout F 0(-\d+)?\n$/);
  t.is(await read('cpu.max'), '50000 100000\n');
  t.is(await read('memory.max'), '268435456\n');
  t.is(await read('cpu.weight'), '20\n');
  node.runtime.updateContainerResources(id, { cpuPeriod: 100_000, cpuQuota: 0, cpuShares: 1024, memoryLimitInBytes: 0 });
  t.is(await read('cpu.max'), 'max 100000\n');
  t.is(await read('memory.max'), 'max\n');
  t.is(await read('cpu.weight'), '39\n');
  t.regex(Buffer.from((await node.runtime.execSync(id, ['sh', '-c', 'mount -t cgroup2'])).stdout).toString(), /\/sys\/fs\/cgroup/);
});
