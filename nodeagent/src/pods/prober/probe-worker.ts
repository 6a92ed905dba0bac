// One probe of one container (the prober's worker): every periodSeconds it reads the pod's status
// as the status manager last set it and, once the container runs, its initial delay has passed and
// (for liveness and readiness) it has started, probes it; a result is kept only after
// successThreshold successes or failureThreshold failures in a row. A new container instance
// starts from the probe's initial value (readiness: failure, liveness: success, startup: unknown);
// after a liveness or startup failure the worker holds until the container is replaced.

import type { Container, ContainerStatus, PodStatus, Probe } from '@capstan/common/api-types/core-v1';
import { probeObserved, probeWorkerStopped, type ProbedContainer } from '../../metrics/prober-metrics.ts';
import type { Pod } from '../pod-types.ts';
import type { ProbeKind, ProbeResult } from './probe-result.ts';

export interface ProbeWorkerHost {
  /** When the agent's prober started: probes of a recently started agent are spread over a period. */
  readonly startedAt: number;
  statusOf(uid: string): PodStatus | undefined;
  setResult(kind: ProbeKind, containerID: string, result: ProbeResult, pod: Pod): void;
  removeResult(kind: ProbeKind, containerID: string): void;
  /** Runs the probe once; undefined when it errored. */
  probe(kind: ProbeKind, spec: Probe, pod: Pod, container: Container, status: PodStatus, containerID: string): Promise<ProbeResult | undefined>;
  workerDone(worker: ProbeWorker): void;
}

const initialValues: Readonly<Record<ProbeKind, ProbeResult>> = { readiness: 'failure', liveness: 'success', startup: 'unknown' };

/** The runtime's id from the API's containerID (`containerd://abc` -> `abc`). */
export const criContainerId = (containerID: string): string => containerID.slice(containerID.indexOf('://') + 3);

export class ProbeWorker {
  readonly kind: ProbeKind;
  readonly container: Container;
  readonly spec: Probe;
  pod: Pod;
  readonly #host: ProbeWorkerHost;
  #containerID = '';
  #lastResult: ProbeResult | undefined;
  #resultRun = 0;
  #onHold = false;
  #timer: NodeJS.Timeout | undefined;
  #probing = false;
  #triggered = false;
  #stopped = false;

  constructor(host: ProbeWorkerHost, kind: ProbeKind, pod: Pod, container: Container, spec: Probe) {
    this.#host = host;
    this.kind = kind;
    this.pod = pod;
    this.container = container;
    this.spec = spec;
  }

  #probed(): ProbedContainer {
    return probedContainer(this.pod, this.container);
  }

  get #periodMs(): number {
    return Math.max(this.spec.periodSeconds ?? 10, 1) * 1000;
  }

  start(): void {
    // An agent that just started spreads its workers' first probes over one period.
    const jitter = this.#periodMs > Date.now() - this.#host.startedAt ? Math.random() * this.#periodMs : 0;
    this.#schedule(jitter);
  }

  /** A probe as soon as possible (a readiness probe with no result yet, when the status asks). */
  trigger(): void {
    if (this.#stopped) return;
    if (this.#probing) this.#triggered = true;
    else this.#schedule(0);
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#finish();
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#stopped) return;
    this.#probing = true;
    const started = Date.now();
    let keepGoing = true;
    try {
      keepGoing = await this.#doProbe();
    } catch {
      // A crash of one probe is eaten, as the kubelet's worker eats panics.
    } finally {
      this.#probing = false;
    }
    if (this.#stopped) return;
    if (!keepGoing) {
      this.stop();
      return;
    }
    if (this.#triggered) {
      this.#triggered = false;
      this.#schedule(0);
    } else this.#schedule(Math.max(0, started + this.#periodMs - Date.now()));
  }

  #finish(): void {
    probeWorkerStopped(this.kind, this.#probed());
    if (this.#containerID !== '') this.#host.removeResult(this.kind, this.#containerID);
    this.#host.workerDone(this);
  }

  /** doProbe: whether the worker goes on. */
  async #doProbe(): Promise<boolean> {
    const started = performance.now();
    const pod = this.pod;
    const status = this.#host.statusOf(pod.metadata.uid);
    if (status === undefined) return true;
    if (status.phase === 'Failed' || status.phase === 'Succeeded') return false;
    const containerStatus = findStatus(status.containerStatuses, this.container.name) ?? findStatus(status.initContainerStatuses, this.container.name);
    if (containerStatus === undefined) return true;
    const containerID = containerStatus.containerID as string;
    if (containerID !== this.#containerID) {
      if (this.#containerID !== '') this.#host.removeResult(this.kind, this.#containerID);
      this.#containerID = containerID;
      this.#host.setResult(this.kind, containerID, initialValues[this.kind], pod);
      this.#onHold = false;
    }
    if (this.#onHold) return true;
    const running = containerStatus.state?.running;
    if (running === undefined) {
      this.#host.setResult(this.kind, containerID, 'failure', pod);
      return containerStatus.state?.terminated === undefined || pod.spec.restartPolicy !== 'Never';
    }
    if (pod.metadata.deletionTimestamp !== undefined && (this.kind === 'liveness' || this.kind === 'startup')) {
      this.#host.setResult(this.kind, containerID, 'success', pod);
      return false;
    }
    const startedAt = running.startedAt ? Date.parse(running.startedAt) : Date.now();
    if (Math.trunc((Date.now() - startedAt) / 1000) < (this.spec.initialDelaySeconds ?? 0)) return true;
    if (containerStatus.started === true) {
      if (this.kind === 'startup') return true;
    } else if (this.kind !== 'startup') return true;

    const result = await this.#host.probe(this.kind, this.spec, pod, this.container, status, containerID);
    if (result !== undefined) probeObserved(this.kind, this.#probed(), result, (performance.now() - started) / 1000);
    if (result === undefined || this.#stopped) return true;
    if (this.#lastResult === result) this.#resultRun++;
    else {
      this.#lastResult = result;
      this.#resultRun = 1;
    }
    if ((result === 'failure' && this.#resultRun < (this.spec.failureThreshold ?? 3)) || (result === 'success' && this.#resultRun < (this.spec.successThreshold ?? 1))) return true;
    this.#host.setResult(this.kind, containerID, result, pod);
    if ((this.kind === 'liveness' || this.kind === 'startup') && result === 'failure') {
      // The container will be restarted: no probing until a new instance shows up.
      this.#onHold = true;
      this.#resultRun = 0;
    }
    return true;
  }
}

/** The labels of the prober's metrics for this worker's container. */
function probedContainer(pod: Pod, container: Container): ProbedContainer {
  return { container: container.name, pod: pod.metadata.name, namespace: pod.metadata.namespace ?? '', podUid: pod.metadata.uid };
}

function findStatus(statuses: readonly ContainerStatus[] | undefined, name: string): ContainerStatus | undefined {
  const status = statuses?.find((candidate) => candidate.name === name);
  return status !== undefined && status.containerID !== undefined && status.containerID !== '' ? status : undefined;
}
