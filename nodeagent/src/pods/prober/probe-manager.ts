// The prober manager: a worker per probe of each regular and sidecar container, the results they
// keep by container instance, and what the rest of the agent asks of them: whether a container has
// started (its startup probe succeeded) and is ready (its readiness probe succeeded; a probe with no
// result yet is asked to run now), and whether a running container must be killed because it
// failed its liveness or startup probe. A changed result wakes the pod's worker.

import type { CriRuntimeClient } from '../../cri/index.ts';
import type { RecordPodEvent } from '../pod-events.ts';
import type { Container, ContainerStatus, PodStatus, Probe } from '@capstan/common/api-types/core-v1';
import { isRestartableInitContainer, type Pod } from '../pod-types.ts';
import type { ProbeKind, ProbeResult } from './probe-result.ts';
import { criContainerId, ProbeWorker, type ProbeWorkerHost } from './probe-worker.ts';
import { probeContainer } from './run-probe.ts';

export interface ProbeManagerOptions {
  readonly runtime: CriRuntimeClient;
  readonly recordEvent: RecordPodEvent;
  /** The pod's status as the status manager last set it. */
  readonly statusOf: (uid: string) => PodStatus | undefined;
  /** A result changed: readiness changes the status, liveness and startup failures the containers. */
  readonly onChange: (uid: string) => void;
}

/** Why a running container is killed (containerKillReason), for its grace period. */
export type ContainerKillReason = 'LivenessProbe' | 'StartupProbe' | 'FailedPostStartHook';

export interface ProbeKill {
  readonly message: string;
  readonly reason: ContainerKillReason;
}

const probeKinds: readonly ProbeKind[] = ['startup', 'readiness', 'liveness'];
const probeOf = (container: Container, kind: ProbeKind): Probe | undefined =>
  kind === 'startup' ? container.startupProbe : kind === 'readiness' ? container.readinessProbe : container.livenessProbe;
const workerKey = (uid: string, container: string, kind: ProbeKind): string => `${uid}/${container}/${kind}`;

/** The containers that have probes: the regular ones and the sidecars. */
const probedContainers = (pod: Pod): readonly Container[] => [...(pod.spec.initContainers ?? []).filter(isRestartableInitContainer), ...pod.spec.containers];

export class ProbeManager implements ProbeWorkerHost {
  readonly startedAt = Date.now();
  readonly #options: ProbeManagerOptions;
  readonly #workers = new Map<string, ProbeWorker>();
  /** Once stopped (the agent stopping), a pod sync still under way starts no new probe. */
  #stopped = false;
  readonly #results: Readonly<Record<ProbeKind, Map<string, ProbeResult>>> = { liveness: new Map(), readiness: new Map(), startup: new Map() };

  constructor(options: ProbeManagerOptions) {
    this.#options = options;
  }

  /** AddPod: starts the workers of probes that have none yet (called at every sync of the pod). */
  addPod(pod: Pod): void {
    if (this.#stopped) return;
    for (const container of probedContainers(pod)) {
      for (const kind of probeKinds) {
        const spec = probeOf(container, kind);
        if (spec === undefined) continue;
        const key = workerKey(pod.metadata.uid, container.name, kind);
        const existing = this.#workers.get(key);
        if (existing !== undefined) {
          existing.pod = pod;
          continue;
        }
        const worker = new ProbeWorker(this, kind, pod, container, spec);
        this.#workers.set(key, worker);
        worker.start();
      }
    }
  }

  /** A terminating pod is probed for readiness only. */
  stopLivenessAndStartup(pod: Pod): void {
    for (const container of probedContainers(pod)) {
      for (const kind of ['liveness', 'startup'] as const) this.#workers.get(workerKey(pod.metadata.uid, container.name, kind))?.stop();
    }
  }

  removePod(pod: Pod): void {
    for (const container of probedContainers(pod)) {
      for (const kind of probeKinds) this.#workers.get(workerKey(pod.metadata.uid, container.name, kind))?.stop();
    }
  }

  stop(): void {
    this.#stopped = true;
    for (const worker of [...this.#workers.values()]) worker.stop();
  }

  /** Whether a container status of the pod has started: running, and its startup probe (if any) succeeded. */
  started(uid: string, status: ContainerStatus): boolean {
    if (status.state?.running === undefined) return false;
    const result = this.#results.startup.get(status.containerID ?? '');
    if (result !== undefined) return result === 'success';
    return !this.#workers.has(workerKey(uid, status.name, 'startup'));
  }

  /** Whether a started container is ready: running, and its readiness probe (if any) succeeded. */
  ready(uid: string, status: ContainerStatus): boolean {
    if (status.state?.running === undefined) return false;
    if (this.#results.readiness.get(status.containerID ?? '') === 'success') return true;
    const worker = this.#workers.get(workerKey(uid, status.name, 'readiness'));
    worker?.trigger();
    return worker === undefined;
  }

  /** Why a running container instance must be killed, if it failed its liveness or startup probe. */
  killFor(container: Container, containerID: string, init: boolean): ProbeKill | undefined {
    const prefix = init ? 'Init container' : 'Container';
    if (this.#results.liveness.get(containerID) === 'failure') return { message: `${prefix} ${container.name} failed liveness probe`, reason: 'LivenessProbe' };
    if (this.#results.startup.get(containerID) === 'failure') return { message: `${prefix} ${container.name} failed startup probe`, reason: 'StartupProbe' };
    return undefined;
  }

  // The workers' side.

  statusOf(uid: string): PodStatus | undefined {
    return this.#options.statusOf(uid);
  }

  setResult(kind: ProbeKind, containerID: string, result: ProbeResult, pod: Pod): void {
    const results = this.#results[kind];
    if (results.get(containerID) === result) return;
    results.set(containerID, result);
    this.#options.onChange(pod.metadata.uid);
  }

  removeResult(kind: ProbeKind, containerID: string): void {
    this.#results[kind].delete(containerID);
  }

  probe(kind: ProbeKind, spec: Probe, pod: Pod, container: Container, status: PodStatus, containerID: string): Promise<ProbeResult | undefined> {
    const target = { pod, container, containerId: criContainerId(containerID), podIP: status.podIP ?? '' };
    return probeContainer(this.#options.runtime, kind, spec, target, this.#options.recordEvent);
  }

  workerDone(worker: ProbeWorker): void {
    const key = workerKey(worker.pod.metadata.uid, worker.container.name, worker.kind);
    if (this.#workers.get(key) === worker) this.#workers.delete(key);
  }
}
