// The Progressing condition during a rollout (kube's progress.go): NewReplicaSetAvailable once
// complete, ReplicaSetUpdated while pods move, ProgressDeadlineExceeded when nothing moved for
// progressDeadlineSeconds; a ReplicaSet's ReplicaFailure shown on the Deployment; and a Deployment
// with no sign of progress synced again when its deadline would pass.

import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { fromReplicaSetCondition, getCondition, newCondition, progressing, reasons, removeCondition, replicaFailure, setCondition } from './deployment-conditions.ts';
import { calculateStatus, deploymentComplete, deploymentProgressing, deploymentTimedOut, sameStatus } from './deployment-status.ts';
import { hasProgressDeadline } from './rollout-limits.ts';
import { type SyncContext, updateDeploymentStatus, type WorkingDeployment } from './sync-context.ts';

/** getReplicaFailures: the new ReplicaSet's ReplicaFailure conditions, else those of the others. */
function replicaFailures(allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): DeploymentCondition[] {
  const of = (rs: ReplicaSet | undefined) => (rs?.status?.conditions ?? []).filter((c) => c.type === replicaFailure).map(fromReplicaSetCondition);
  const fromNew = of(newRS);
  return fromNew.length > 0 ? fromNew : allRSs.flatMap(of);
}

/** requeueStuckDeployment: a rollout showing no progress is looked at again when its deadline passes. */
function requeueStuckDeployment(context: SyncContext, deployment: Deployment, status: DeploymentStatus): void {
  const current = getCondition(deployment.status?.conditions, progressing);
  if (!hasProgressDeadline(deployment) || current === undefined) return;
  if (deploymentComplete(deployment, status) || current.reason === reasons.timedOut) return;
  const lastUpdate = Date.parse(current.lastUpdateTime ?? '');
  const after = (Number.isNaN(lastUpdate) ? context.now() : lastUpdate) + (deployment.spec?.progressDeadlineSeconds ?? 0) * 1000 - context.now();
  if (after < 1000) context.requeueRateLimited(deployment);
  // A second more, so that the deadline has surely passed when the sync comes.
  else context.requeueAfter(deployment, after + 1000);
}

/** syncRolloutStatus: the status of a Deployment being rolled out, with its Progressing condition. */
export async function syncRolloutStatus(
  context: SyncContext,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  deployment: WorkingDeployment,
): Promise<void> {
  const d = deployment as Deployment;
  const now = context.now();
  const status = calculateStatus(allRSs, newRS, d, now);
  if (!hasProgressDeadline(d)) status.conditions = removeCondition(status.conditions, progressing);
  const current = getCondition(d.status?.conditions, progressing);
  const complete = status.replicas === status.updatedReplicas && current?.reason === reasons.newReplicaSetAvailable;
  if (hasProgressDeadline(d) && !complete) {
    const subject = newRS === undefined ? `Deployment "${d.metadata?.name}"` : `ReplicaSet "${newRS.metadata?.name}"`;
    if (deploymentComplete(d, status as DeploymentStatus)) {
      status.conditions = setCondition(status.conditions, newCondition(progressing, 'True', reasons.newReplicaSetAvailable, `${subject} has successfully progressed.`, now));
    } else if (deploymentProgressing(d, status as DeploymentStatus)) {
      // Progress moves lastUpdateTime even when the reason stays; the transition time stays while it is True.
      const condition = newCondition(progressing, 'True', reasons.replicaSetUpdated, `${subject} is progressing.`, now);
      const kept = current?.status === 'True' ? { ...condition, lastTransitionTime: current.lastTransitionTime } : condition;
      status.conditions = [...removeCondition(status.conditions, progressing), kept];
    } else if (deploymentTimedOut(d, status as DeploymentStatus, now)) {
      status.conditions = setCondition(status.conditions, newCondition(progressing, 'False', reasons.timedOut, `${subject} has timed out progressing.`, now));
    }
  }
  const [failure] = replicaFailures(allRSs, newRS);
  status.conditions = failure === undefined ? removeCondition(status.conditions, replicaFailure) : setCondition(status.conditions, failure);
  if (sameStatus(d.status, status as DeploymentStatus)) {
    requeueStuckDeployment(context, d, status as DeploymentStatus);
    return;
  }
  deployment.status = status;
  await updateDeploymentStatus(context, deployment);
}
