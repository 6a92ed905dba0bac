// The RollingUpdate strategy (kube's rolling.go): the new ReplicaSet grows while the total stays
// within replicas + maxSurge, old ReplicaSets shrink (their unhealthy pods first) while the
// available pods stay at least replicas - maxUnavailable; old ReplicaSets beyond the history limit
// go once the rollout is complete.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { cleanupDeployment } from './cleanup.ts';
import { deploymentComplete } from './deployment-status.ts';
import { newReplicaSetReplicas, replicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncRolloutStatus } from './progress.ts';
import { activeReplicaSets, availableReplicas, byCreation, replicasOf, specReplicas } from './replica-set-lists.ts';
import { desiredReplicas, maxUnavailable } from './rollout-limits.ts';
import { scaleReplicaSetIfNeeded } from './scale.ts';
import type { SyncContext, WorkingDeployment } from './sync-context.ts';

/** reconcileNewReplicaSet: the new ReplicaSet toward the desired count, within the surge. */
async function reconcileNewReplicaSet(context: SyncContext, allRSs: readonly ReplicaSet[], newRS: ReplicaSet, deployment: Deployment): Promise<boolean> {
  const desired = desiredReplicas(deployment);
  if (replicasOf(newRS) === desired) return false;
  if (replicasOf(newRS) > desired) return (await scaleReplicaSetIfNeeded(context, newRS, desired, deployment)).scaled;
  return (await scaleReplicaSetIfNeeded(context, newRS, newReplicaSetReplicas(deployment, allRSs, newRS), deployment)).scaled;
}

/** cleanupUnhealthyReplicas: old ReplicaSets lose their unavailable pods first (they do not lower availability). */
async function cleanupUnhealthyReplicas(context: SyncContext, oldRSs: ReplicaSet[], deployment: Deployment, maxCleanup: number): Promise<number> {
  oldRSs.sort(byCreation);
  let total = 0;
  for (const [index, rs] of oldRSs.entries()) {
    if (total >= maxCleanup) break;
    const replicas = replicasOf(rs);
    const availableCount = rs.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === availableCount) continue;
    const count = Math.min(maxCleanup - total, replicas - availableCount);
    oldRSs[index] = (await scaleReplicaSetIfNeeded(context, rs, replicas - count, deployment)).rs;
    total += count;
  }
  return total;
}

/** scaleDownOldReplicaSetsForRollingUpdate: the oldest first, as far as availability allows. */
async function scaleDownOldReplicaSets(context: SyncContext, allRSs: readonly ReplicaSet[], oldRSs: ReplicaSet[], deployment: Deployment): Promise<number> {
  const minAvailable = desiredReplicas(deployment) - maxUnavailable(deployment);
  const availableCount = availableReplicas(allRSs);
  if (availableCount <= minAvailable) return 0;
  oldRSs.sort(byCreation);
  const toScaleDown = availableCount - minAvailable;
  let total = 0;
  for (const rs of oldRSs) {
    if (total >= toScaleDown) break;
    if (replicasOf(rs) === 0) continue;
    const count = Math.min(replicasOf(rs), toScaleDown - total);
    await scaleReplicaSetIfNeeded(context, rs, replicasOf(rs) - count, deployment);
    total += count;
  }
  return total;
}

/** reconcileOldReplicaSets: how far old ReplicaSets may shrink without the new one's unavailable pods counting as room. */
async function reconcileOldReplicaSets(context: SyncContext, allRSs: readonly ReplicaSet[], oldRSs: ReplicaSet[], newRS: ReplicaSet, deployment: Deployment): Promise<boolean> {
  if (specReplicas(oldRSs) === 0) return false;
  const minAvailable = desiredReplicas(deployment) - maxUnavailable(deployment);
  const newUnavailable = replicasOf(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = specReplicas(allRSs) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  // kube goes on as if nothing was scaled when a write fails: the next sync sees what happened.
  try {
    const cleaned = await cleanupUnhealthyReplicas(context, oldRSs, deployment, maxScaledDown);
    const scaledDown = await scaleDownOldReplicaSets(context, [...oldRSs, newRS], oldRSs, deployment);
    return cleaned + scaledDown > 0;
  } catch {
    return false;
  }
}

/** rolloutRolling. */
export async function rolloutRolling(context: SyncContext, deployment: WorkingDeployment, rsList: ReplicaSet[]): Promise<void> {
  const d = deployment as Deployment;
  const { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, true);
  if (newRS === undefined) throw new Error('no new replica set');
  const allRSs = [...oldRSs, newRS];
  if (await reconcileNewReplicaSet(context, allRSs, newRS, d)) return syncRolloutStatus(context, allRSs, newRS, deployment);
  if (await reconcileOldReplicaSets(context, allRSs, activeReplicaSets(oldRSs), newRS, d)) return syncRolloutStatus(context, allRSs, newRS, deployment);
  if (deploymentComplete(d, d.status ?? {})) await cleanupDeployment(context, oldRSs, d);
  return syncRolloutStatus(context, allRSs, newRS, deployment);
}
