// kube's syncDeployment: one Deployment brought to what its spec says. Its ReplicaSets are claimed
// (adopted and released by selector); then, in kube's order: a Deployment being deleted only gets
// its status, the paused condition is kept, a paused Deployment is only scaled, a rollback
// annotation is honoured, a replicas change is a proportional scaling, and otherwise its strategy
// rolls it out.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ReadonlyObjectStore } from '@capstan/common/client';
import { claimObjects, recheckDeletionTimestamp } from '../workload/claim-objects.ts';
import { controllerRefOf, deploymentKind } from '../workload/controller-ref.ts';
import { labelSelectorMatcher } from '../workload/label-selector-matcher.ts';
import { cleanupDeployment } from './cleanup.ts';
import { getCondition, newCondition, progressing, reasons, setCondition } from './deployment-conditions.ts';
import { syncDeploymentStatus } from './deployment-status.ts';
import { mutableCopy } from './mutable.ts';
import { replicaSetsAndSyncRevision } from './new-replica-set.ts';
import { type PodMap, rolloutRecreate } from './recreate.ts';
import { rollback, rollbackTo } from './rollback.ts';
import { rolloutRolling } from './rolling-update.ts';
import { hasProgressDeadline, isRecreate, isRollingUpdate } from './rollout-limits.ts';
import { isScalingEvent, scaleDeployment } from './scale.ts';
import { recordEvent, replicaSetsResource, type SyncContext, updateDeploymentStatus, type WorkingDeployment } from './sync-context.ts';

export interface DeploymentStores {
  readonly deployments: ReadonlyObjectStore<Deployment>;
  readonly replicaSets: ReadonlyObjectStore<ReplicaSet>;
  readonly pods: ReadonlyObjectStore<Pod>;
}

/** An empty selector (not an absent one) selects every pod: kube refuses to act on it. */
export function selectsEverything(deployment: Deployment): boolean {
  const selector = deployment.spec?.selector;
  return selector !== undefined && selector !== null && Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}

/** getReplicaSetsForDeployment: the ReplicaSets of its namespace it controls, after adoption and release. */
function claimReplicaSets(context: SyncContext, stores: DeploymentStores, deployment: Deployment): Promise<ReplicaSet[]> {
  return claimObjects<ReplicaSet>({
    client: context.client,
    owner: deployment,
    ownerKind: deploymentKind,
    matches: labelSelectorMatcher(deployment.spec?.selector),
    target: replicaSetsResource,
    objects: stores.replicaSets.list(deployment.metadata?.namespace ?? ''),
    canAdopt: recheckDeletionTimestamp(context.client, deployment, deploymentKind),
  });
}

/** getPodMapForDeployment: the pods its selector matches, by the uid of the claimed ReplicaSet controlling them. */
export function podMapForDeployment(stores: DeploymentStores, deployment: Deployment, rsList: readonly ReplicaSet[]): PodMap {
  const matches = labelSelectorMatcher(deployment.spec?.selector);
  const map = new Map<string, Pod[]>(rsList.map((rs) => [rs.metadata?.uid ?? '', []]));
  for (const pod of stores.pods.list(deployment.metadata?.namespace ?? '')) {
    if (!matches(pod.metadata?.labels)) continue;
    map.get(controllerRefOf(pod)?.uid ?? '')?.push(pod);
  }
  return map;
}

/** checkPausedConditions: Progressing Unknown with DeploymentPaused or DeploymentResumed, so that a pause never counts against the deadline. */
async function checkPausedConditions(context: SyncContext, deployment: WorkingDeployment): Promise<void> {
  const d = deployment as Deployment;
  if (!hasProgressDeadline(d)) return;
  const condition = getCondition(d.status?.conditions, progressing);
  if (condition?.reason === reasons.timedOut) return;
  const pausedCondition = condition?.reason === reasons.paused;
  const paused = d.spec?.paused === true;
  let update: ReturnType<typeof newCondition> | undefined;
  if (paused && !pausedCondition) update = newCondition(progressing, 'Unknown', reasons.paused, 'Deployment is paused', context.now());
  else if (!paused && pausedCondition) update = newCondition(progressing, 'Unknown', reasons.resumed, 'Deployment is resumed', context.now());
  if (update === undefined) return;
  (deployment.status ??= {}).conditions = setCondition(d.status?.conditions, update);
  await updateDeploymentStatus(context, deployment);
}

/** sync: scaling (a scaling event, or a paused Deployment), and the history cleanup of a paused one. */
async function syncScaling(context: SyncContext, deployment: WorkingDeployment, rsList: ReplicaSet[]): Promise<void> {
  const d = deployment as Deployment;
  const { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, false);
  await scaleDeployment(context, d, newRS, oldRSs);
  if (d.spec?.paused === true && rollbackTo(d) === undefined) await cleanupDeployment(context, oldRSs, d);
  await syncDeploymentStatus(context, [...oldRSs, newRS], newRS, deployment);
}

export async function syncDeployment(context: SyncContext, stores: DeploymentStores, namespace: string, name: string): Promise<void> {
  const stored = stores.deployments.get(namespace, name);
  if (stored === undefined) return;
  const deployment = mutableCopy(stored);
  const d = deployment as Deployment;
  if (selectsEverything(d)) {
    recordEvent(context, d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
    if ((d.status?.observedGeneration ?? 0) < (d.metadata?.generation ?? 0)) {
      (deployment.status ??= {}).observedGeneration = d.metadata?.generation;
      await updateDeploymentStatus(context, deployment).catch(() => {});
    }
    return;
  }
  const rsList = await claimReplicaSets(context, stores, d);
  if (d.metadata?.deletionTimestamp) {
    const { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, false);
    return syncDeploymentStatus(context, [...oldRSs, newRS], newRS, deployment);
  }
  await checkPausedConditions(context, deployment);
  if (d.spec?.paused === true) return syncScaling(context, deployment, rsList);
  // A rollback is not re-entrant: it finishes (and clears its annotation) before anything else.
  if (rollbackTo(d) !== undefined) return rollback(context, deployment, rsList);
  const { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, false);
  if (isScalingEvent(d, newRS, oldRSs)) return syncScaling(context, deployment, rsList);
  // Only Recreate reads the pods (to wait for the old ones to be gone): they are grouped only then.
  if (isRecreate(d)) return rolloutRecreate(context, deployment, rsList, () => podMapForDeployment(stores, d, rsList));
  if (isRollingUpdate(d)) return rolloutRolling(context, deployment, rsList);
  throw new Error(`unexpected deployment strategy type: ${d.spec?.strategy?.type}`);
}
