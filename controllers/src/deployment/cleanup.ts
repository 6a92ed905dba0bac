// revisionHistoryLimit (kube's cleanupDeployment): the oldest old ReplicaSets beyond the limit are
// deleted once they are scaled to 0, have no pod left and their controller has seen that.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import { isNotFound } from '@capstan/common/client';
import { byRevision, replicasOf } from './replica-set-lists.ts';
import { hasRevisionHistoryLimit } from './rollout-limits.ts';
import { replicaSetsResource, type SyncContext } from './sync-context.ts';

export async function cleanupDeployment(context: SyncContext, oldRSs: readonly ReplicaSet[], deployment: Deployment): Promise<void> {
  if (!hasRevisionHistoryLimit(deployment)) return;
  const cleanable = oldRSs.filter((rs) => !rs.metadata?.deletionTimestamp).sort(byRevision);
  const excess = cleanable.length - (deployment.spec?.revisionHistoryLimit ?? 0);
  for (const rs of cleanable.slice(0, Math.max(0, excess))) {
    if ((rs.status?.replicas ?? 0) !== 0 || replicasOf(rs) !== 0 || (rs.metadata?.generation ?? 0) > (rs.status?.observedGeneration ?? 0)) continue;
    try {
      await context.client.delete({ ...replicaSetsResource, namespace: rs.metadata?.namespace, name: rs.metadata?.name });
    } catch (error) {
      // One failure stops the cleanup: the API server may be overloaded.
      if (!isNotFound(error)) throw error;
    }
  }
}
