// A simulated node for the runtime-sim tests: a runtime on a manual clock, a temporary log
// directory, and shortcuts for the kubelet's sandbox, pull, create and start steps.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { effectiveSettings } from '../src/runtime-sim/builtin-lifecycles.ts';
import { parseRuntimeSimFile } from '../src/runtime-sim/lifecycle-file.ts';
import type { HostProcessSettings } from '../src/runtime-sim/host-process.ts';
import { ManualClock } from '../src/runtime-sim/manual-clock.ts';
import type { ContainerConfig, StringMap } from '../src/runtime-sim/runtime-types.ts';
import { SimulatedRuntime } from '../src/runtime-sim/simulated-runtime.ts';

export interface SimulatedNode {
  readonly runtime: SimulatedRuntime;
  readonly clock: ManualClock;
  readonly dir: string;
  /** Runs a sandbox for pod `name` with these annotations; its logs go under `dir/pods/<name>`. */
  sandbox(name: string, annotations?: StringMap, extra?: { hostNetwork?: boolean; hostname?: string }): Promise<string>;
  /** Pulls the image and creates the container, as the kubelet does (log path `<name>/<attempt>.log`). */
  create(sandboxId: string, name: string, extra?: Partial<ContainerConfig> & { imageName?: string }): Promise<string>;
  /** Starts the container, moving the clock past its start delay (1 ms unless told). */
  start(id: string, delayMs?: number): Promise<void>;
  run(podName: string, annotations?: StringMap, extra?: Partial<ContainerConfig> & { imageName?: string }): Promise<{ sandboxId: string; id: string }>;
  logFile(podName: string, container: string, attempt?: number): string;
}

export function simulatedNode(
  t: ExecutionContext,
  options: { lifecycles?: string; waitForPodCidr?: boolean; podCidr?: string; hostProcesses?: HostProcessSettings } = {},
): SimulatedNode {
  const clock = new ManualClock();
  const settings = effectiveSettings(options.lifecycles === undefined ? undefined : parseRuntimeSimFile(options.lifecycles, 'test'));
  const runtime = new SimulatedRuntime({
    clock,
    settings,
    waitForPodCidr: options.waitForPodCidr === true,
    ...(options.podCidr !== undefined && { podCidr: options.podCidr }),
    ...(options.hostProcesses !== undefined && { hostProcesses: options.hostProcesses }),
  });
  const dir = mkdtempSync(join(tmpdir(), 'runtime-sim-'));
  t.teardown(async () => {
    runtime.close();
    await runtime.flushLogs();
    rmSync(dir, { recursive: true, force: true });
  });
  let uid = 0;
  const node: SimulatedNode = {
    runtime,
    clock,
    dir,
    sandbox: (name, annotations = {}, extra = {}) => {
      // The kubelet makes the pod's log directory before it asks for the sandbox.
      mkdirSync(join(dir, 'pods', name), { recursive: true });
      return runtime.runPodSandbox({
        metadata: { name, namespace: 'default', uid: `uid-${++uid}`, attempt: 0 },
        hostname: extra.hostname ?? name,
        logDirectory: join(dir, 'pods', name),
        annotations,
        labels: { 'io.kubernetes.pod.name': name },
        ...(extra.hostNetwork && { linux: { securityContext: { namespaceOptions: { network: 'NODE' } } } }),
      });
    },
    async create(sandboxId, name, extra = {}) {
      const { imageName = 'busybox', ...config } = extra;
      const imageRef = await runtime.pullImage({ image: imageName });
      const attempt = config.metadata?.attempt ?? 0;
      return runtime.createContainer(sandboxId, {
        metadata: { name, attempt },
        image: { image: imageRef, userSpecifiedImage: imageName },
        logPath: `${name}/${attempt}.log`,
        labels: { 'io.kubernetes.container.name': name },
        ...config,
      });
    },
    async start(id, delayMs = 1) {
      const started = runtime.startContainer(id);
      started.catch(() => {});
      await clock.advance(delayMs);
      await started;
    },
    async run(podName, annotations, extra) {
      const sandboxId = await node.sandbox(podName, annotations);
      const id = await node.create(sandboxId, 'main', extra);
      await node.start(id);
      return { sandboxId, id };
    },
    logFile: (podName, container, attempt = 0) => join(dir, 'pods', podName, container, `${attempt}.log`),
  };
  return node;
}

/** The log's lines of the pod's container `main` as `stream text`, as kubectl logs shows them (timestamps dropped). */
export async function logLines(node: SimulatedNode, pod: string): Promise<string[]> {
  await node.runtime.flushLogs();
  return readFileSync(node.logFile(pod, 'main'), 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => line.replace(/^\S+ (\S+) F /, '$1 '));
}

/** The lifecycle annotation with an inline lifecycle. */
export function inlineLifecycle(lifecycle: unknown): StringMap {
  return { 'runtime-sim.capstan.dev/lifecycle': JSON.stringify(lifecycle) };
}

/** Resolves once the container has exited (the runtime's CONTAINER_STOPPED_EVENT). */
export function exited(runtime: SimulatedRuntime, id: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = runtime.subscribeContainerEvents((event) => {
      if (event.containerId !== id || event.containerEventType !== 'CONTAINER_STOPPED_EVENT') return;
      unsubscribe();
      resolve();
    });
    if (runtime.containerStatus(id).status.state === 'CONTAINER_EXITED') {
      unsubscribe();
      resolve();
    }
  });
}
