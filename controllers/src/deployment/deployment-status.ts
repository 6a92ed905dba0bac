// A Deployment's status as kube's deployment controller computes it from its ReplicaSets
// (calculateStatus), and the tests kube's progress tracking makes of it: complete, progressing,
// timed out.

import type { Deployment, DeploymentStatus, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { available, getCondition, newCondition, progressing, reasons, setCondition } from './deployment-conditions.ts';
import type { Mutable } from './mutable.ts';
import { canonicalValue } from './pod-template-hash.ts';
import { actualReplicas, availableReplicas, readyReplicas, specReplicas, terminatingReplicas } from './replica-set-lists.ts';
import { desiredReplicas, hasProgressDeadline, maxUnavailable } from './rollout-limits.ts';
import { type SyncContext, updateDeploymentStatus, type WorkingDeployment } from './sync-context.ts';

export type Status = Mutable<DeploymentStatus>;

/** Fields set to 0 are left out, as Go's omitempty leaves them out (but terminatingReplicas, a pointer, is kept). */
function withoutZeros(status: Status): Status {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(status)) if (value !== 0 || key === 'terminatingReplicas') if (value !== undefined) result[key] = value;
  return result as Status;
}

/** calculateStatus: the counts from the ReplicaSets, the conditions kept, Available set from the availability. */
export function calculateStatus(allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, deployment: Deployment, now: number): Status {
  const availableCount = availableReplicas(allRSs);
  const desired = desiredReplicas(deployment);
  const terminating = terminatingReplicas(allRSs);
  const status: Status = withoutZeros({
    observedGeneration: deployment.metadata?.generation ?? 0,
    replicas: actualReplicas(allRSs),
    updatedReplicas: actualReplicas([newRS]),
    readyReplicas: readyReplicas(allRSs),
    availableReplicas: availableCount,
    unavailableReplicas: Math.max(0, specReplicas(allRSs) - availableCount),
    ...(terminating === undefined ? {} : { terminatingReplicas: terminating }),
    ...(deployment.status?.collisionCount === undefined ? {} : { collisionCount: deployment.status.collisionCount }),
  });
  const conditions = [...(deployment.status?.conditions ?? [])];
  status.conditions =
    availableCount >= desired - maxUnavailable(deployment)
      ? setCondition(conditions, newCondition(available, 'True', reasons.minimumReplicasAvailable, 'Deployment has minimum availability.', now))
      : setCondition(conditions, newCondition(available, 'False', reasons.minimumReplicasUnavailable, 'Deployment does not have minimum availability.', now));
  return status;
}

/** reflect.DeepEqual of two statuses, an absent field being its zero value (terminatingReplicas aside). */
export function sameStatus(a: DeploymentStatus | undefined, b: DeploymentStatus | undefined): boolean {
  if ((a?.terminatingReplicas ?? undefined) !== (b?.terminatingReplicas ?? undefined)) return false;
  return JSON.stringify(canonicalValue(a ?? {})) === JSON.stringify(canonicalValue(b ?? {}));
}

/** DeploymentComplete: every desired replica updated and available, no old pod left, the latest spec observed. */
export function deploymentComplete(deployment: Deployment, status: DeploymentStatus): boolean {
  const desired = desiredReplicas(deployment);
  return (
    (status.updatedReplicas ?? 0) === desired &&
    (status.replicas ?? 0) === desired &&
    (status.availableReplicas ?? 0) === desired &&
    (status.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 0)
  );
}

/** DeploymentProgressing: more updated, ready or available pods than the stored status says, or fewer old ones. */
export function deploymentProgressing(deployment: Deployment, status: DeploymentStatus): boolean {
  const old = deployment.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (status.replicas ?? 0) - (status.updatedReplicas ?? 0);
  return (
    (status.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (status.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (status.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

/** DeploymentTimedOut: the Progressing condition is ProgressDeadlineExceeded, or was last updated longer ago than the deadline. */
export function deploymentTimedOut(deployment: Deployment, status: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(deployment)) return false;
  const condition = getCondition(status.conditions, progressing);
  if (condition === undefined || condition.reason === reasons.newReplicaSetAvailable) return false;
  if (condition.reason === reasons.timedOut) return true;
  const from = Date.parse(condition.lastUpdateTime ?? '');
  return !Number.isNaN(from) && from + (deployment.spec?.progressDeadlineSeconds ?? 0) * 1000 < now;
}

/** syncDeploymentStatus: writes the computed status when it differs. */
export async function syncDeploymentStatus(
  context: SyncContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  deployment: WorkingDeployment,
): Promise<void> {
  const status = calculateStatus(allRSs, newRS, deployment as Deployment, context.now());
  if (sameStatus(deployment.status as DeploymentStatus, status as DeploymentStatus)) return;
  deployment.status = status;
  await updateDeploymentStatus(context, deployment);
}
