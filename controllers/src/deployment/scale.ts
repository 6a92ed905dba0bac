// Scaling a Deployment's ReplicaSets (kube's sync.go): one ReplicaSet to a new size with the
// ScalingReplicaSet event, and a scaling of the whole Deployment (a replicas change, or any change
// while paused) spread over its active ReplicaSets in proportion to their sizes, so that a rollout
// in flight keeps its balance.

import type { Deployment, ReplicaSet, ReplicaSetSpec } from '@capstan/common/api-types/apps-v1';
import { type Mutable, mutableCopy } from './mutable.ts';
import { desiredReplicasOf, maxReplicasOf, replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './replica-set-annotations.ts';
import { activeReplicaSets, bySizeNewer, bySizeOlder, findActiveOrLatest, replicasOf, specReplicas } from './replica-set-lists.ts';
import { desiredReplicas, isRollingUpdate, maxSurge } from './rollout-limits.ts';
import { recordEvent, type SyncContext, updateReplicaSet } from './sync-context.ts';

export interface ScaleResult {
  readonly scaled: boolean;
  readonly rs: ReplicaSet;
}

/** scaleReplicaSet: writes the new size (and the replicas annotations); the event when the size changed. */
export async function scaleReplicaSet(context: SyncContext, rs: ReplicaSet, newScale: number, deployment: Deployment): Promise<ScaleResult> {
  const desired = desiredReplicas(deployment);
  const max = desired + maxSurge(deployment);
  const oldScale = replicasOf(rs);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs };
  const copy = mutableCopy(rs);
  (copy.spec as Mutable<ReplicaSetSpec>).replicas = newScale;
  setReplicasAnnotations(copy, desired, max);
  const updated = await updateReplicaSet(context, copy);
  if (sizeNeedsUpdate) {
    const direction = oldScale < newScale ? 'up' : 'down';
    recordEvent(context, deployment, 'Normal', 'ScalingReplicaSet', `Scaled ${direction} replica set ${updated.metadata?.name} from ${oldScale} to ${newScale}`);
  }
  return { scaled: sizeNeedsUpdate, rs: updated };
}

/** scaleReplicaSetAndRecordEvent: nothing to do when the size is already right. */
export async function scaleReplicaSetIfNeeded(context: SyncContext, rs: ReplicaSet, newScale: number, deployment: Deployment): Promise<ScaleResult> {
  if (replicasOf(rs) === newScale) return { scaled: false, rs };
  return scaleReplicaSet(context, rs, newScale, deployment);
}

/** IsSaturated: the new ReplicaSet holds, wants and has available every desired replica. */
export function isSaturated(deployment: Deployment, rs: ReplicaSet | undefined): boolean {
  if (rs === undefined) return false;
  const desired = desiredReplicas(deployment);
  return replicasOf(rs) === desired && desiredReplicasOf(rs) === desired && (rs.status?.availableReplicas ?? 0) === desired;
}

/** Go's math.Round for the halves kube meets (integer.RoundToInt32): away from zero. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** getReplicaSetFraction: the change the ReplicaSet's share of the new maximum asks for. */
function replicaSetFraction(rs: ReplicaSet, deployment: Deployment): number {
  const desired = desiredReplicas(deployment);
  if (desired === 0) return -replicasOf(rs);
  const maxReplicas = desired + maxSurge(deployment);
  let maxBefore = maxReplicasOf(rs) ?? 0;
  if (maxBefore === 0) {
    // The annotation was removed or spoiled: the current size is the best guess.
    maxBefore = deployment.status?.replicas ?? 0;
    if (maxBefore === 0) return 0;
  }
  return roundHalfAway((replicasOf(rs) * maxReplicas) / maxBefore) - replicasOf(rs);
}

/** GetReplicaSetProportion: the ReplicaSet's share of `toAdd`, never beyond what is left to add (or remove). */
export function replicaSetProportion(rs: ReplicaSet, deployment: Deployment, toAdd: number, added: number): number {
  if (replicasOf(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, deployment);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** scale: a scaling event (or a paused Deployment) applied to its ReplicaSets. */
export async function scaleDeployment(context: SyncContext, deployment: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): Promise<void> {
  const desired = desiredReplicas(deployment);
  const only = findActiveOrLatest(newRS, oldRSs);
  if (only !== undefined) {
    if (replicasOf(only) !== desired) await scaleReplicaSetIfNeeded(context, only, desired, deployment);
    return;
  }
  // The new ReplicaSet took every pod (an adoption during a finished rollout): the old ones go to 0.
  if (isSaturated(deployment, newRS)) {
    for (const old of activeReplicaSets(oldRSs)) await scaleReplicaSetIfNeeded(context, old, 0, deployment);
    return;
  }
  if (!isRollingUpdate(deployment)) return;
  const allRSs = activeReplicaSets([...oldRSs, newRS]);
  const allowedSize = desired > 0 ? desired + maxSurge(deployment) : 0;
  const toAdd = allowedSize - specReplicas(allRSs);
  // Larger first; among equals the newer grows first and the older shrinks first.
  if (toAdd > 0) allRSs.sort(bySizeNewer);
  else if (toAdd < 0) allRSs.sort(bySizeOlder);
  let added = 0;
  const sizes = new Map<ReplicaSet, number>();
  for (const rs of allRSs) {
    if (toAdd === 0) {
      sizes.set(rs, replicasOf(rs));
      continue;
    }
    const proportion = replicaSetProportion(rs, deployment, toAdd, added);
    sizes.set(rs, replicasOf(rs) + proportion);
    added += proportion;
  }
  for (const [index, rs] of allRSs.entries()) {
    // What rounding left over goes to the largest.
    if (index === 0 && toAdd !== 0) sizes.set(rs, Math.max(0, (sizes.get(rs) ?? 0) + toAdd - added));
    await scaleReplicaSet(context, rs, sizes.get(rs) ?? 0, deployment);
  }
}

/** isScalingEvent: an active ReplicaSet was sized for another replicas count than the Deployment's. */
export function isScalingEvent(deployment: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): boolean {
  const desired = desiredReplicas(deployment);
  return activeReplicaSets([...oldRSs, newRS]).some((rs) => {
    const annotated = desiredReplicasOf(rs);
    return annotated !== undefined && annotated !== desired;
  });
}
