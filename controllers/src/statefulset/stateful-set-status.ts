// A StatefulSet's status as kube computes it: replicas (pods with a phase), ready (Running and
// Ready), available (ready for minReadySeconds), current and updated (by revision label, not
// terminating); a finished RollingUpdate makes the update revision current. Written through the
// status subresource only when it differs, retrying conflicts on a fresh copy.

import type { StatefulSet, StatefulSetStatus } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { isConflict, type ReadonlyObjectStore, type RestClient } from '@capstan/common/client';
import { statefulSetKind } from '../workload/controller-ref.ts';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import { podRevision, replicasOf } from './stateful-pod-identity.ts';

export type MutableStatus = { -readonly [K in keyof StatefulSetStatus]: StatefulSetStatus[K] };

/** retry.DefaultRetry's attempts. */
const statusAttempts = 5;

export function isCreated(pod: Pod): boolean {
  return (pod.status?.phase ?? '') !== '';
}

export function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

export function isTerminating(pod: Pod): boolean {
  return pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
}

/** isUnavailable: not available after minReadySeconds, or terminating. */
export function isUnavailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  return !isPodAvailable(pod, minReadySeconds, now) || isTerminating(pod);
}

/** updateStatus: the replica counts of the pods (each list counted once). */
export function countReplicas(status: MutableStatus, pods: readonly Pod[], minReadySeconds: number, now: number): void {
  let replicas = 0;
  let ready = 0;
  let available = 0;
  let current = 0;
  let updated = 0;
  for (const pod of pods) {
    if (isCreated(pod)) replicas++;
    if (isRunningAndReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReadySeconds, now)) available++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const revision = podRevision(pod);
      if (revision === status.currentRevision) current++;
      if (revision === status.updateRevision) updated++;
    }
  }
  status.replicas = replicas;
  status.readyReplicas = ready;
  status.availableReplicas = available;
  status.currentReplicas = current;
  status.updatedReplicas = updated;
}

/** completeRollingUpdate: every replica updated and ready makes the update revision the current one. */
export function completeRollingUpdate(set: StatefulSet, status: MutableStatus): void {
  const replicas = replicasOf(set);
  if (
    (set.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate' &&
    status.updatedReplicas === replicas &&
    status.readyReplicas === replicas &&
    status.replicas === replicas
  ) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
}

function inconsistentStatus(set: StatefulSet, status: StatefulSetStatus): boolean {
  const old = set.status;
  return (
    (status.observedGeneration ?? 0) > (old?.observedGeneration ?? 0) ||
    status.replicas !== (old?.replicas ?? 0) ||
    (status.currentReplicas ?? 0) !== (old?.currentReplicas ?? 0) ||
    (status.readyReplicas ?? 0) !== (old?.readyReplicas ?? 0) ||
    (status.updatedReplicas ?? 0) !== (old?.updatedReplicas ?? 0) ||
    (status.currentRevision ?? '') !== (old?.currentRevision ?? '') ||
    (status.availableReplicas ?? 0) !== (old?.availableReplicas ?? 0) ||
    (status.updateRevision ?? '') !== (old?.updateRevision ?? '')
  );
}

/** The status fields Go leaves out when zero or empty (omitempty), left out here too as kube's client sends them. */
const omittedWhenEmpty = ['observedGeneration', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'currentRevision', 'updateRevision'] as const;

function withoutEmpty(status: MutableStatus): StatefulSetStatus {
  const result: Record<string, unknown> = { ...status };
  for (const field of omittedWhenEmpty) if (result[field] === 0 || result[field] === '' || result[field] === undefined) delete result[field];
  return result as unknown as StatefulSetStatus;
}

/** updateStatefulSetStatus: completes a finished rolling update, then writes the status if it changed. */
export async function writeStatus(client: RestClient, sets: ReadonlyObjectStore<StatefulSet>, set: StatefulSet, status: MutableStatus): Promise<void> {
  completeRollingUpdate(set, status);
  if (!inconsistentStatus(set, status)) return;
  let latest = set;
  for (let attempt = 1; ; attempt++) {
    const target = { ...statefulSetKind.resource, namespace: latest.metadata?.namespace, name: latest.metadata?.name, subresource: 'status' };
    try {
      await client.update(target, { ...latest, status: withoutEmpty(status) });
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= statusAttempts) throw error;
      latest = sets.get(latest.metadata?.namespace, latest.metadata?.name ?? '') ?? latest;
    }
  }
}
