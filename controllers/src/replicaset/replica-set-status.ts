// A set's status as kube's calculateStatus and updateReplicaSetStatus write it: the counts of its
// active pods (fully labeled, ready, available after minReadySeconds), its terminating pods, and
// the ReplicaFailure condition, set (FailedCreate or FailedDelete, with the error) when creating or
// deleting pods failed and cleared by the next sync that does not fail. Written only when changed.

import { isDeepStrictEqual } from 'node:util';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { metaTime } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import { isPodAvailable, isPodReady } from '../workload/pod-state.ts';
import type { ReplicaSetCondition, ReplicaSetStatus } from '@capstan/common/api-types/apps-v1';
import type { ReplicatedKind, ReplicatedSet } from './replicated-kind.ts';

export const replicaFailure = 'ReplicaFailure';

/** kube's statusUpdateRetries: a failed write is tried once more on a fresh copy. */
const statusUpdateRetries = 1;

function templateLabelsMatch(template: Readonly<Record<string, string>>, labels: Readonly<Record<string, string>> | undefined): boolean {
  for (const [key, value] of Object.entries(template)) if (labels?.[key] !== value) return false;
  return true;
}

export interface StatusInput {
  readonly activePods: readonly Pod[];
  /** Undefined when the kind keeps no terminatingReplicas. */
  readonly terminatingPods: readonly Pod[] | undefined;
  /** What manageReplicas threw, if it did. */
  readonly manageError: unknown;
  readonly now: number;
}

export function calculateStatus(set: ReplicatedSet, input: StatusInput): ReplicaSetStatus {
  const minReadySeconds = set.spec?.minReadySeconds ?? 0;
  const templateLabels = set.spec?.template?.metadata?.labels ?? {};
  let fullyLabeledReplicas = 0;
  let readyReplicas = 0;
  let availableReplicas = 0;
  for (const pod of input.activePods) {
    if (templateLabelsMatch(templateLabels, pod.metadata?.labels)) fullyLabeledReplicas += 1;
    if (isPodReady(pod)) {
      readyReplicas += 1;
      if (isPodAvailable(pod, minReadySeconds, input.now)) availableReplicas += 1;
    }
  }
  const { terminatingReplicas: _old, ...previous } = set.status ?? { replicas: 0 };
  let conditions = previous.conditions;
  const failure = conditions?.find((condition) => condition.type === replicaFailure);
  if (input.manageError !== undefined && failure === undefined) {
    const diff = input.activePods.length - (set.spec?.replicas ?? 1);
    const condition: ReplicaSetCondition = {
      type: replicaFailure,
      status: 'True',
      lastTransitionTime: metaTime(input.now),
      reason: diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '',
      message: input.manageError instanceof Error ? input.manageError.message : String(input.manageError),
    };
    conditions = [...(conditions ?? []), condition];
  } else if (input.manageError === undefined && failure !== undefined) {
    conditions = conditions?.filter((condition) => condition.type !== replicaFailure);
  }
  // The counts are omitempty in kube's types: a zero is not written (replicas always is).
  return {
    ...previous,
    replicas: input.activePods.length,
    fullyLabeledReplicas: omitZero(fullyLabeledReplicas),
    readyReplicas: omitZero(readyReplicas),
    availableReplicas: omitZero(availableReplicas),
    ...(input.terminatingPods === undefined ? {} : { terminatingReplicas: input.terminatingPods.length }),
    ...(conditions === undefined || conditions.length === 0 ? { conditions: undefined } : { conditions }),
  };
}

function omitZero(count: number): number | undefined {
  return count === 0 ? undefined : count;
}

function unchanged(set: ReplicatedSet, status: ReplicaSetStatus): boolean {
  const current = set.status;
  return (
    (current?.replicas ?? 0) === status.replicas &&
    (current?.fullyLabeledReplicas ?? 0) === (status.fullyLabeledReplicas ?? 0) &&
    (current?.readyReplicas ?? 0) === (status.readyReplicas ?? 0) &&
    (current?.availableReplicas ?? 0) === (status.availableReplicas ?? 0) &&
    current?.terminatingReplicas === status.terminatingReplicas &&
    set.metadata?.generation === current?.observedGeneration &&
    isDeepStrictEqual(current?.conditions ?? [], status.conditions ?? [])
  );
}

/** Writes the status (with observedGeneration) through the status subresource unless it is what the set has; answers the set as stored. */
export async function updateSetStatus(client: RestClient, kind: ReplicatedKind, set: ReplicatedSet, status: ReplicaSetStatus): Promise<ReplicatedSet> {
  if (unchanged(set, status)) return set;
  const { namespace, name } = set.metadata ?? {};
  const target = { ...kind.kind.resource, namespace, name, subresource: 'status' };
  // The generation the status was computed for, even when the write is retried on a fresher copy.
  const observed = { ...status, observedGeneration: set.metadata?.generation };
  let current = set;
  for (let attempt = 0; ; attempt += 1) {
    const body = { ...current, apiVersion: kind.kind.apiVersion, kind: kind.kind.kind, status: observed };
    try {
      return await client.update<ReplicatedSet>(target, body);
    } catch (error) {
      if (attempt >= statusUpdateRetries) throw error;
      current = await client.get<ReplicatedSet>({ ...kind.kind.resource, namespace, name });
    }
  }
}
