// The Recreate strategy (kube's recreate.go): every old ReplicaSet to 0, then, once no old pod is
// left running, the new ReplicaSet created (only then) and scaled to the desired count.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { cleanupDeployment } from './cleanup.ts';
import { deploymentComplete } from './deployment-status.ts';
import { replicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncRolloutStatus } from './progress.ts';
import { activeReplicaSets, actualReplicas } from './replica-set-lists.ts';
import { desiredReplicas } from './rollout-limits.ts';
import { scaleReplicaSetIfNeeded } from './scale.ts';
import type { SyncContext, WorkingDeployment } from './sync-context.ts';

/** Pods by the uid of the ReplicaSet controlling them. */
export type PodMap = ReadonlyMap<string, readonly Pod[]>;

/** oldPodsRunning: an old ReplicaSet still counts pods, or a pod of one is not yet Succeeded or Failed. */
function oldPodsRunning(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[], podMap: PodMap): boolean {
  if (actualReplicas(oldRSs) > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS !== undefined && newRS.metadata?.uid === uid) continue;
    if (pods.some((pod) => pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed')) return true;
  }
  return false;
}

export async function rolloutRecreate(context: SyncContext, deployment: WorkingDeployment, rsList: ReplicaSet[], podMap: () => PodMap): Promise<void> {
  const d = deployment as Deployment;
  // The new ReplicaSet is not created yet, so that nothing scales up before the old pods are gone.
  let { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, false);
  let allRSs = [...oldRSs, newRS];
  let scaledDown = false;
  for (const rs of activeReplicaSets(oldRSs)) if ((await scaleReplicaSetIfNeeded(context, rs, 0, d)).scaled) scaledDown = true;
  if (scaledDown || oldPodsRunning(newRS, oldRSs, podMap())) return syncRolloutStatus(context, allRSs, newRS, deployment);
  if (newRS === undefined) {
    ({ newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, true));
    allRSs = [...oldRSs, newRS];
  }
  if (newRS !== undefined) await scaleReplicaSetIfNeeded(context, newRS, desiredReplicas(d), d);
  if (deploymentComplete(d, d.status ?? {})) await cleanupDeployment(context, oldRSs, d);
  return syncRolloutStatus(context, allRSs, newRS, deployment);
}
