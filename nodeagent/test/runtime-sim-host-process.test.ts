// Containers of the Capstan image in hostNetwork pods run as real processes of this host: this
// checkout's `capstan`, its output in the CRI log, its exit code the container's, SIGTERM on
// StopContainer and SIGKILL (137) when the grace period is over.

import { join } from 'node:path';
import test from 'ava';
import { capstanImage, capstanVersion, kubernetesMinor } from '@capstan/common';
import { eventually } from '../../common/test/eventually.ts';
import type { HostProcessSettings } from '../src/runtime-sim/host-process.ts';
import { exited, logLines, type SimulatedNode, simulatedNode } from './runtime-sim-fixture.ts';

const capstan: HostProcessSettings = {
  repositories: ['capstan.local/capstan'],
  capstan: [process.execPath, join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts')],
  env: { ...process.env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) },
};

/** A hostNetwork pod's container of the Capstan image running `command`. */
async function hostContainer(node: SimulatedNode, pod: string, command: string[]): Promise<string> {
  const sandboxId = await node.sandbox(pod, {}, { hostNetwork: true });
  return node.create(sandboxId, 'main', { imageName: capstanImage, command });
}

/** `capstan runtime-sim` serving until it is told to stop: a long-running program of the image. */
function longRunning(node: SimulatedNode, name: string): string[] {
  return ['capstan', 'runtime-sim', `--listen=unix://${join(node.dir, `${name}.sock`)}`, `--root-dir=${join(node.dir, name)}`];
}

const serving = (node: SimulatedNode, pod: string): Promise<true> =>
  eventually(`${pod} serving`, async () => ((await logLines(node, pod)).some((line) => line.startsWith('stdout runtime-sim serving CRI')) ? true : undefined), 30_000);

test('`capstan version` in a hostNetwork pod of the Capstan image runs for real: its line in the CRI log, exit code 0 (Completed)', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const id = await hostContainer(node, 'version', ['capstan', 'version']);
  const done = exited(node.runtime, id);
  await node.start(id);
  await done;
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
  t.deepEqual(await logLines(node, 'version'), [`stdout Capstan v${capstanVersion} (Kubernetes API ${kubernetesMinor})`]);
});

test('StopContainer sends the process SIGTERM: it exits by itself with its own code', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const id = await hostContainer(node, 'term', longRunning(node, 'term'));
  await node.start(id);
  await serving(node, 'term');
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.runtime.stopContainer(id, 30);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
});

test('StopContainer with no grace period kills the process: 137, Error', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const id = await hostContainer(node, 'kill', longRunning(node, 'kill'));
  await node.start(id);
  await serving(node, 'kill');
  await node.runtime.stopContainer(id, 0);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 137, reason: 'Error' });
});

test('RemovePodSandbox kills the process of a running container', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const sandboxId = await node.sandbox('removed', {}, { hostNetwork: true });
  const id = await node.create(sandboxId, 'main', { imageName: capstanImage, command: longRunning(node, 'removed') });
  await node.start(id);
  await serving(node, 'removed');
  const done = exited(node.runtime, id);
  await node.runtime.removePodSandbox(sandboxId);
  await done;
  t.deepEqual(node.runtime.listContainers({ podSandboxId: sandboxId }), []);
});

test('a program the image lacks fails the start as containerd does (StartError, 128)', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const id = await hostContainer(node, 'missing', ['sh', '-c', 'true']);
  const error = await t.throwsAsync(node.start(id));
  t.regex(error.message, /exec: "sh": executable file not found in \$PATH/);
  t.like(node.runtime.containerStatus(id).status, { state: 'CONTAINER_EXITED', exitCode: 128, reason: 'StartError' });
});

test('outside the host network the Capstan image is simulated as any other image: it runs until stopped', async (t) => {
  const node = simulatedNode(t, { hostProcesses: capstan });
  const { id } = await node.run('simulated', {}, { imageName: capstanImage, command: ['capstan', 'version'] });
  t.is(node.runtime.containerStatus(id).status.state, 'CONTAINER_RUNNING');
  await node.runtime.stopContainer(id, 0);
  t.is(node.runtime.containerStatus(id).status.exitCode, 137);
});
