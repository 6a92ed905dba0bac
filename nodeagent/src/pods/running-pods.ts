// The pods the workers hold, listed and found by namespace and name for the agent's server
// (PodDirectory): a
// container's current instance is the one its status names (running, else terminated, else the
// last terminated one), and the previous instance is its last state's, as the kubelet resolves
// `kubectl logs` and `kubectl logs --previous`.

import { join } from 'node:path';
import { podFullName, type PodContainerRef, type PodDirectory, type PodRef } from './pod-directory.ts';
import type { PodWorker } from './pod-worker.ts';
import type { ContainerStatus, PodStatus } from '@capstan/common/api-types/core-v1';
import { allContainers } from './pod-types.ts';
import { podLogsDirectory } from './sandbox-config.ts';
import type { RuntimeContainerStatus } from './runtime-pod-status.ts';

export class RunningPods implements PodDirectory {
  readonly #workers: ReadonlyMap<string, PodWorker>;
  readonly #statusOf: (uid: string) => PodStatus | undefined;
  readonly #podLogsDir: string;

  constructor(workers: ReadonlyMap<string, PodWorker>, statusOf: (uid: string) => PodStatus | undefined, podLogsDir: string) {
    this.#workers = workers;
    this.#statusOf = statusOf;
    this.#podLogsDir = podLogsDir;
  }

  #worker(namespace: string, name: string): PodWorker | undefined {
    for (const worker of this.#workers.values()) {
      if (!worker.removed && worker.pod.metadata.namespace === namespace && worker.pod.metadata.name === name) return worker;
    }
    return undefined;
  }

  findPod(namespace: string, name: string): PodRef | undefined {
    const worker = this.#worker(namespace, name);
    if (worker === undefined) return undefined;
    const { metadata, spec } = worker.pod;
    return { namespace, name, uid: metadata.uid, fullName: podFullName(name, namespace), containerNames: allContainers(spec).map((c) => c.name) };
  }

  listPods(): readonly Readonly<Record<string, unknown>>[] {
    return [...this.#workers.values()]
      .filter((worker) => !worker.removed)
      .map((worker) => ({ ...worker.pod, apiVersion: 'v1', kind: 'Pod', status: this.#statusOf(worker.uid) ?? worker.pod.status ?? {} }));
  }

  findContainer(namespace: string, podName: string, containerName: string, options: { readonly previous?: boolean } = {}): PodContainerRef | undefined {
    const worker = this.#worker(namespace, podName);
    if (worker === undefined) return undefined;
    const instances = worker.runtimeStatus.containers.filter((container) => container.name === containerName);
    if (instances.length === 0) return undefined;
    const status = this.#containerStatus(worker.uid, containerName);
    let wanted: string | undefined;
    if (options.previous === true) wanted = status?.lastState?.terminated?.containerID;
    else wanted = status?.state?.running !== undefined ? status.containerID : (status?.state?.terminated?.containerID ?? status?.lastState?.terminated?.containerID);
    const instance = wanted === undefined ? (options.previous === true ? instances[1] : instances[0]) : instances.find((candidate) => candidate.containerID === wanted);
    return instance === undefined ? undefined : this.#ref(worker, instance);
  }

  #containerStatus(uid: string, name: string): ContainerStatus | undefined {
    const status = this.#statusOf(uid);
    return [...(status?.containerStatuses ?? []), ...(status?.initContainerStatuses ?? []), ...(status?.ephemeralContainerStatuses ?? [])].find(
      (candidate) => candidate.name === name,
    );
  }

  #ref(worker: PodWorker, instance: RuntimeContainerStatus): PodContainerRef {
    const logPath = instance.logPath !== '' ? instance.logPath : join(podLogsDirectory(this.#podLogsDir, worker.pod), instance.name, `${instance.restartCount}.log`);
    return { id: instance.id, name: instance.name, logPath, attempt: instance.restartCount, running: instance.state === 'running' };
  }
}
