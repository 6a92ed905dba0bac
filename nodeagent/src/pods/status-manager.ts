// The kubelet's status manager: the last status of each pod, kept with stable transition times
// and start time; written to the API server (a merge patch of pods/status carrying the pod's uid)
// only when it differs from what the API has, and again every 10 s while it does; the status of a
// static pod goes to its mirror pod. Once a pod that is being deleted shows a terminal phase in the
// API and its worker has finished, the pod is deleted with grace period 0 and a uid precondition.

import { forgetPod, observePodPhase } from '../metrics/kubelet-metrics.ts';
import { metaTime } from '@capstan/common';
import { isConflict, isNotFound, type RestClient } from '@capstan/common/client';
import { createMergePatch, jsonEqual } from './merge-patch.ts';
import type { PodCondition, PodStatus } from '@capstan/common/api-types/core-v1';
import { isMirrorPod, podsTarget, isStaticPod, isTerminalPhase, type Pod } from './pod-types.ts';

const pods = podsTarget;

export const statusSyncPeriodMs = 10_000;

interface Entry {
  pod: Pod;
  status: PodStatus;
  finished: boolean;
  /** Written as it is now. */
  synced: boolean;
  /** When the pod started, to the millisecond when this agent started it (startTime has whole seconds). */
  startedAtMs: number;
}

export interface StatusManagerOptions {
  /** No client: standalone, statuses are only kept. */
  readonly client: RestClient | undefined;
  /** The pod as the API has it now (the mirror pod of a static pod), if any. */
  readonly apiPod: (pod: Pod) => Pod | undefined;
  readonly log: (message: string, error?: unknown) => void;
  readonly now?: () => number;
}

export class StatusManager {
  readonly #options: StatusManagerOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #writing = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: StatusManagerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => {
      for (const [uid, entry] of this.#entries) if (!entry.synced || entry.finished) this.#schedule(uid);
    }, statusSyncPeriodMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#writing.values()]);
  }

  /** When the pod started (its startTime, to the millisecond if this agent set it); undefined before its first status. */
  startedAtMs(uid: string): number | undefined {
    return this.#entries.get(uid)?.startedAtMs;
  }

  /** The last status set for the pod. */
  get(uid: string): PodStatus | undefined {
    return this.#entries.get(uid)?.status;
  }

  /** updateStatusInternal: keeps transition and start times, and schedules a write when the status changed. */
  set(pod: Pod, status: PodStatus): void {
    const uid = pod.metadata.uid;
    const entry = this.#entries.get(uid);
    const old = entry?.status ?? this.#options.apiPod(pod)?.status ?? pod.status ?? {};
    const now = this.#options.now?.() ?? Date.now();
    const conditions = status.conditions?.map((condition): PodCondition => {
      const previous = old.conditions?.find((candidate) => candidate.type === condition.type);
      const lastTransitionTime = previous !== undefined && previous.status === condition.status ? previous.lastTransitionTime : metaTime(now);
      return { ...condition, lastProbeTime: condition.lastProbeTime ?? null, lastTransitionTime };
    });
    const known = old.startTime ?? status.startTime;
    const startTime = known ?? metaTime(now);
    const startedAtMs = entry?.startedAtMs ?? (known === undefined ? now : Date.parse(known));
    const next: PodStatus = { ...status, ...(conditions === undefined ? {} : { conditions }), startTime };
    if (entry !== undefined && jsonEqual(entry.status, next)) {
      entry.pod = pod;
      return;
    }
    observePodPhase(uid, old.phase, next.phase, now);
    this.#entries.set(uid, { pod, status: next, finished: entry?.finished ?? false, synced: false, startedAtMs });
    this.#schedule(uid);
  }

  /** The pod's worker has stopped everything: a pod being deleted may now go. */
  markFinished(pod: Pod): void {
    const entry = this.#entries.get(pod.metadata.uid);
    if (entry === undefined) return;
    entry.pod = pod;
    entry.finished = true;
    this.#schedule(pod.metadata.uid);
  }

  forget(uid: string): void {
    forgetPod(uid);
    this.#entries.delete(uid);
  }

  #schedule(uid: string): void {
    if (this.#stopped || this.#options.client === undefined) return;
    if (this.#writing.has(uid)) {
      this.#again.add(uid);
      return;
    }
    const write = this.#sync(uid)
      .catch((error: unknown) => this.#options.log(`Failed to update status for pod ${uid}`, error))
      .finally(() => {
        this.#writing.delete(uid);
        if (this.#again.delete(uid)) this.#schedule(uid);
      });
    this.#writing.set(uid, write);
  }

  async #sync(uid: string): Promise<void> {
    const client = this.#options.client;
    const entry = this.#entries.get(uid);
    if (client === undefined || entry === undefined) return;
    const target = this.#options.apiPod(entry.pod);
    if (target === undefined) return;
    if (isStaticPod(entry.pod) && !isMirrorPod(target)) return;
    const { namespace, name } = target.metadata;
    let current: Pod = target;
    const patch = createMergePatch(target.status ?? {}, entry.status);
    if (patch !== undefined) {
      try {
        current = await client.patch<Pod>(pods(namespace, name, 'status'), { metadata: { uid: target.metadata.uid }, status: patch }, { type: 'merge' });
      } catch (error) {
        if (isNotFound(error) || isConflict(error)) return;
        throw error;
      }
    }
    entry.synced = true;
    if (entry.finished && this.#canBeDeleted(current)) {
      try {
        await client.delete(pods(namespace, name), { gracePeriodSeconds: 0, preconditions: { uid: current.metadata.uid } });
      } catch (error) {
        if (!isNotFound(error) && !isConflict(error)) throw error;
      }
    }
  }

  /** canBeDeleted: a pod being deleted, not a mirror, whose phase in the API is terminal. */
  #canBeDeleted(pod: Pod): boolean {
    return pod.metadata.deletionTimestamp !== undefined && !isMirrorPod(pod) && isTerminalPhase(pod.status?.phase);
  }
}
