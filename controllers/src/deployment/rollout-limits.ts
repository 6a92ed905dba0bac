// What a Deployment's spec allows a rollout (kube's deploymentutil): maxSurge and maxUnavailable
// resolved against the replicas (surge rounded up, unavailable down, never both 0), and whether
// the deadline and history limit are in force.

import type { Deployment } from '@capstan/common/api-types/apps-v1';
import { scaledValueFromIntOrPercent } from '../workload/int-or-percent.ts';

const maxInt32 = 2147483647;

/** spec.replicas (the API server defaults it to 1). */
export function desiredReplicas(deployment: Deployment): number {
  return deployment.spec?.replicas ?? 1;
}

export function isRollingUpdate(deployment: Deployment): boolean {
  return (deployment.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

export function isRecreate(deployment: Deployment): boolean {
  return deployment.spec?.strategy?.type === 'Recreate';
}

/** ResolveFenceposts: [maxSurge, maxUnavailable]; when both come to 0, one pod may be unavailable (surge might be refused by a quota). */
export function resolveFenceposts(deployment: Deployment): [number, number] {
  const rollingUpdate = deployment.spec?.strategy?.rollingUpdate;
  const desired = desiredReplicas(deployment);
  const surge = scaledValueFromIntOrPercent(rollingUpdate?.maxSurge ?? 0, desired, true);
  const unavailable = scaledValueFromIntOrPercent(rollingUpdate?.maxUnavailable ?? 0, desired, false);
  return surge === 0 && unavailable === 0 ? [0, 1] : [surge, unavailable];
}

/** MaxSurge: the pods a rolling update may run above the desired count (0 for Recreate). */
export function maxSurge(deployment: Deployment): number {
  return isRollingUpdate(deployment) ? resolveFenceposts(deployment)[0] : 0;
}

/** MaxUnavailable: the pods a rolling update may have unavailable, at most the replicas (0 for Recreate). */
export function maxUnavailable(deployment: Deployment): number {
  const desired = desiredReplicas(deployment);
  if (!isRollingUpdate(deployment) || desired === 0) return 0;
  return Math.min(resolveFenceposts(deployment)[1], desired);
}

/** HasProgressDeadline: progressDeadlineSeconds set and not MaxInt32 (which means no deadline). */
export function hasProgressDeadline(deployment: Deployment): boolean {
  const seconds = deployment.spec?.progressDeadlineSeconds;
  return seconds !== undefined && seconds !== null && seconds !== maxInt32;
}

/** HasRevisionHistoryLimit: revisionHistoryLimit set and not MaxInt32 (keep everything). */
export function hasRevisionHistoryLimit(deployment: Deployment): boolean {
  const limit = deployment.spec?.revisionHistoryLimit;
  return limit !== undefined && limit !== null && limit !== maxInt32;
}
