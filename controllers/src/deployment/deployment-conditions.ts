// A Deployment's conditions as kube's deploymentutil sets them: Progressing (with its reasons),
// Available, and ReplicaFailure copied from a ReplicaSet. Setting a condition that already has the
// same status and reason changes nothing; a condition whose status stays keeps its transition time.

import type { DeploymentCondition, ReplicaSetCondition } from '@capstan/common/api-types/apps-v1';
import { metaTime } from '@capstan/common';

export const progressing = 'Progressing';
export const available = 'Available';
export const replicaFailure = 'ReplicaFailure';

/** The reasons of the Progressing and Available conditions (kube's deploymentutil constants). */
export const reasons = {
  replicaSetUpdated: 'ReplicaSetUpdated',
  failedReplicaSetCreate: 'ReplicaSetCreateError',
  newReplicaSetCreated: 'NewReplicaSetCreated',
  foundNewReplicaSet: 'FoundNewReplicaSet',
  newReplicaSetAvailable: 'NewReplicaSetAvailable',
  timedOut: 'ProgressDeadlineExceeded',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
  minimumReplicasAvailable: 'MinimumReplicasAvailable',
  minimumReplicasUnavailable: 'MinimumReplicasUnavailable',
} as const;

export type Conditions = DeploymentCondition[];

export function newCondition(type: string, status: string, reason: string, message: string, now = Date.now()): DeploymentCondition {
  const time = metaTime(now);
  return { type, status, lastUpdateTime: time, lastTransitionTime: time, reason, message };
}

export function getCondition(conditions: readonly DeploymentCondition[] | undefined, type: string): DeploymentCondition | undefined {
  return conditions?.find((condition) => condition.type === type);
}

/** SetDeploymentCondition: answers the conditions with `condition` in place (at the end), or the same list when nothing changes. */
export function setCondition(conditions: readonly DeploymentCondition[] | undefined, condition: DeploymentCondition): Conditions {
  const current = getCondition(conditions, condition.type);
  if (current !== undefined && current.status === condition.status && current.reason === condition.reason) return [...(conditions ?? [])];
  const kept = current !== undefined && current.status === condition.status ? { ...condition, lastTransitionTime: current.lastTransitionTime } : condition;
  return [...removeCondition(conditions, condition.type), kept];
}

export function removeCondition(conditions: readonly DeploymentCondition[] | undefined, type: string): Conditions {
  return (conditions ?? []).filter((condition) => condition.type !== type);
}

/** ReplicaSetToDeploymentCondition: a ReplicaSet's condition as the Deployment shows it. */
export function fromReplicaSetCondition(condition: ReplicaSetCondition): DeploymentCondition {
  return {
    type: condition.type,
    status: condition.status,
    lastTransitionTime: condition.lastTransitionTime,
    lastUpdateTime: condition.lastTransitionTime,
    ...(condition.reason === undefined ? {} : { reason: condition.reason }),
    ...(condition.message === undefined ? {} : { message: condition.message }),
  };
}
