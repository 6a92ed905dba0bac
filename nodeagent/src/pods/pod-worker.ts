// One pod's worker (pod_workers.go): every change of the pod, runtime event and resync runs one
// step at a time, never two at once. A pod syncs until it is deleted, removed or terminal; then it
// terminates (containers stopped with the grace period, the final status set); once terminated,
// a pod being deleted is handed to the status manager for deletion, and a pod gone from its source
// has everything left of it removed. Each sync of a running pod sets up its volumes (containers wait
// until they are) and makes sure its probes run; a terminating pod is no longer probed for liveness.
// A pod past its activeDeadlineSeconds is failed (DeadlineExceeded) and so terminates; its worker
// wakes at the deadline to see to it. A running pod runs with its allocated resources: a resize
// the API asks for is allocated first when it fits (pod-resize.ts), then actuated.

import { jitter } from '@capstan/common';
import { activeDeadlineRemainingMs, deadlineExceeded, type PodEviction } from './active-deadline.ts';
import type { LifecycleHooks } from './hooks/lifecycle-hooks.ts';
import { killPod, removePod, effectiveGracePeriodSeconds } from './kill-pod.ts';
import type { MirrorClient } from './mirror-pods.ts';
import { generateAPIPodStatus } from './pod-status.ts';
import type { PodStatus } from '@capstan/common/api-types/core-v1';
import { isStaticPod, isTerminalPhase, type Pod } from './pod-types.ts';
import type { ReasonCache } from './reason-cache.ts';
import { emptyRuntimePodStatus, type RuntimePodStatus } from './runtime-pod-status.ts';
import type { StatusManager } from './status-manager.ts';
import { terminatedPodStatus } from './terminated-pod-status.ts';
import type { ProbeManager } from './prober/probe-manager.ts';
import type { PodRuntime } from './sync-pod.ts';
import type { PodVolumes } from './volumes/pod-volumes.ts';
import type { ResizeManager } from './pod-resize.ts';

export type WorkerState = 'syncing' | 'terminating' | 'terminated';

export interface PodWorkerContext {
  readonly podRuntime: PodRuntime;
  readonly statusManager: StatusManager;
  readonly reasons: ReasonCache;
  readonly hostIPs: readonly string[];
  /** Absent in standalone mode. */
  readonly mirrors?: { readonly client: MirrorClient; readonly find: (staticPod: Pod) => Pod | undefined };
  readonly dirs: { readonly podLogsDir: string; readonly podsDir: string };
  /** syncFrequency: a resync of a healthy pod. */
  readonly resyncMs: number;
  /** The requeue after a failed sync (the kubelet's 10 s, with up to 50% jitter). */
  readonly errorBackOffMs: number;
  readonly log: (message: string, error?: unknown) => void;
  /** Told when a removed pod is gone for good. */
  readonly onGone: (uid: string) => void;
  /** Probes the pods' containers (none: containers are ready once running). */
  readonly probes?: ProbeManager;
  /** Sets up the pods' configMap, secret, projected and downwardAPI volumes. */
  readonly volumes?: PodVolumes;
  /** Runs preStop hooks when a pod terminates. */
  readonly hooks?: LifecycleHooks;
  /** In-place resize: allocations, and the resize conditions (none: pods run with their spec). */
  readonly resize?: ResizeManager;
}

export class PodWorker {
  pod: Pod;
  state: WorkerState;
  /** Gone from its source (deleted from the API, its static pod file removed). */
  removed = false;
  /** The runtime's view of the pod at the last step. */
  runtimeStatus: RuntimePodStatus;
  readonly #context: PodWorkerContext;
  #pending = false;
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #deadlineRecorded = false;

  constructor(pod: Pod, context: PodWorkerContext, state: WorkerState = 'syncing') {
    this.pod = pod;
    this.state = state;
    this.#context = context;
    this.runtimeStatus = emptyRuntimePodStatus(pod.metadata.uid);
  }

  get uid(): string {
    return this.pod.metadata.uid;
  }

  /** Whether the pod still counts against the node (admitted and not finished). */
  get active(): boolean {
    return this.state !== 'terminated' && !this.removed;
  }

  update(pod: Pod): void {
    this.pod = pod;
    this.wake();
  }

  remove(): void {
    this.removed = true;
    this.wake();
  }

  wake(): void {
    if (this.#closed) return;
    this.#pending = true;
    this.#running ??= this.#loop();
  }

  /** Stops scheduling steps; resolves once the current one ends. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #loop(): Promise<void> {
    while (this.#pending && !this.#closed) {
      this.#pending = false;
      clearTimeout(this.#timer);
      try {
        await this.#step();
      } catch (error) {
        this.#context.log(`Error syncing pod ${this.pod.metadata.namespace}/${this.pod.metadata.name}, skipping`, error);
        this.#requeue(jitter(this.#context.errorBackOffMs, 0.5));
      }
    }
    this.#running = undefined;
  }

  #requeue(ms: number): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.wake(), ms);
    this.#timer.unref();
  }

  async #step(): Promise<void> {
    if (this.state === 'syncing') {
      const pod = this.pod;
      const terminationRequested = this.removed || pod.metadata.deletionTimestamp !== undefined || isTerminalPhase(pod.status?.phase);
      if (!terminationRequested && !(await this.#syncPod())) return;
      this.state = 'terminating';
    }
    if (this.state === 'terminating') {
      await this.#syncTerminatingPod();
      this.state = 'terminated';
    }
    await this.#syncTerminatedPod();
  }

  /** The pod's eviction if it is past its activeDeadlineSeconds; the event is recorded once. */
  #eviction(): PodEviction | undefined {
    const { statusManager, podRuntime } = this.#context;
    const remaining = activeDeadlineRemainingMs(this.pod, statusManager.startedAtMs(this.uid), Date.now());
    if (remaining === undefined || remaining > 0) return undefined;
    if (!this.#deadlineRecorded) {
      this.#deadlineRecorded = true;
      podRuntime.options.recordEvent(this.pod, undefined, { type: 'Normal', ...deadlineExceeded });
    }
    return deadlineExceeded;
  }

  /** The next resync: sooner when the pod's active deadline comes first. */
  #resyncDelayMs(delayMs: number): number {
    const remaining = activeDeadlineRemainingMs(this.pod, this.#context.statusManager.startedAtMs(this.uid), Date.now());
    return remaining === undefined ? delayMs : Math.max(0, Math.min(delayMs, remaining + 10));
  }

  #generateStatus(podIsTerminal: boolean, pod: Pod = this.pod): PodStatus {
    const { statusManager, reasons, hostIPs, resize } = this.#context;
    const eviction = this.#eviction();
    const uid = this.uid;
    return generateAPIPodStatus({
      ...(eviction === undefined ? {} : { eviction }),
      ...(resize === undefined ? {} : { resize: { conditions: resize.conditions(uid, podIsTerminal), actuated: (name: string) => resize.actuated(uid, name) } }),
      pod,
      runtime: this.runtimeStatus,
      oldStatus: statusManager.get(this.uid) ?? this.pod.status ?? {},
      podIsTerminal,
      reasons,
      hostIPs,
      supportsRecursiveReadOnly: this.#context.podRuntime.options.handlers.get('')?.recursiveReadOnlyMounts ?? false,
      ...(this.#context.probes === undefined ? {} : { probes: this.#context.probes }),
    });
  }

  /** syncPod; true when the pod reached a terminal phase. */
  async #syncPod(): Promise<boolean> {
    const { podRuntime, statusManager, mirrors, resize } = this.#context;
    resize?.retryPendingResizes(this.pod);
    const pod = resize === undefined ? this.pod : resize.allocatedPod(this.pod);
    this.runtimeStatus = await podRuntime.status(this.uid);
    this.#observeActuation(pod);
    const status = this.#generateStatus(false, pod);
    statusManager.set(pod, status);
    if (isTerminalPhase(status.phase)) return true;
    // A static pod runs whether or not its mirror can be made: the API server may be one of them,
    // not serving yet, or the Node not registered yet. The mirror is tried again after the error back-off.
    let mirrorFailed = false;
    if (mirrors !== undefined && isStaticPod(pod)) {
      await mirrors.client.sync(pod, mirrors.find(pod)).catch((error: unknown) => {
        mirrorFailed = true;
        this.#context.log(`Failed creating a mirror pod for ${pod.metadata.namespace}/${pod.metadata.name}`, error);
      });
    }
    if (this.#context.volumes !== undefined && !(await this.#context.volumes.mountPod(pod))) {
      // WaitForAttachAndMount failed: the containers wait for the volumes.
      this.#requeue(jitter(this.#context.errorBackOffMs, 0.5));
      return false;
    }
    this.#context.probes?.addPod(pod);
    const result = await podRuntime.syncPod(pod, this.runtimeStatus);
    if (result.changed) {
      this.runtimeStatus = await podRuntime.status(this.uid);
      this.#observeActuation(pod);
      const next = this.#generateStatus(false, pod);
      statusManager.set(pod, next);
      if (isTerminalPhase(next.phase)) return true;
    }
    const errorDelay = jitter(this.#context.errorBackOffMs, 0.5);
    if (result.failed) {
      this.#requeue(this.#resyncDelayMs(result.backOffEndsInMs === undefined ? errorDelay : Math.min(errorDelay, result.backOffEndsInMs + 50)));
    } else this.#requeue(this.#resyncDelayMs(mirrorFailed ? errorDelay : jitter(this.#context.resyncMs, 0.5)));
    return false;
  }

  /** Whether a resize is still being actuated: the PodResizeInProgress condition. */
  #observeActuation(pod: Pod): void {
    const running = new Set(this.runtimeStatus.containers.filter((container) => container.state === 'running').map((container) => container.name));
    this.#context.resize?.observeActuation(pod, running);
  }

  async #syncTerminatingPod(): Promise<void> {
    const { podRuntime, statusManager } = this.#context;
    const pod = this.pod;
    this.#context.probes?.stopLivenessAndStartup(pod);
    this.runtimeStatus = await podRuntime.status(this.uid);
    const hooks = this.#context.hooks;
    await killPod(podRuntime.options.runtime, pod, this.runtimeStatus, podRuntime.options.recordEvent, {
      gracePeriodOverride: effectiveGracePeriodSeconds(pod),
      ...(hooks === undefined ? {} : { hooks }),
      podIPs: pod.spec.hostNetwork === true ? this.#context.hostIPs : this.runtimeStatus.ips,
    });
    this.runtimeStatus = await podRuntime.status(this.uid);
    if (!this.removed) statusManager.set(pod, this.#generateStatus(true));
  }

  async #syncTerminatedPod(): Promise<void> {
    const { podRuntime, statusManager, reasons, dirs } = this.#context;
    this.#context.probes?.removePod(this.pod);
    if (!this.removed) {
      // TerminatePod: what the runtime could not account for ended in failure, not waiting for ever.
      const last = statusManager.get(this.uid);
      if (last !== undefined) statusManager.set(this.pod, terminatedPodStatus(this.pod, last));
      statusManager.markFinished(this.pod);
      return;
    }
    this.#context.volumes?.forgetPod(this.uid);
    await removePod(podRuntime.options.runtime, podRuntime.options.runtimeName, this.pod, dirs);
    this.runtimeStatus = emptyRuntimePodStatus(this.uid);
    statusManager.forget(this.uid);
    this.#context.resize?.forget(this.uid);
    reasons.forget(this.uid);
    podRuntime.forgetPod(this.pod);
    this.#closed = true;
    this.#context.onGone(this.uid);
  }
}
