// The annotations a Deployment keeps on its ReplicaSets (kube's deploymentutil): the revision
// (its place in the rollout history, copied back to the Deployment), the revisions it served
// before (revision-history, when a rollback reuses it), the desired and maximum replicas (to tell
// scaling from rolling out, and to scale proportionally), and the Deployment's own annotations.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { Mutable } from './mutable.ts';

export const revisionAnnotation = 'deployment.kubernetes.io/revision';
export const revisionHistoryAnnotation = 'deployment.kubernetes.io/revision-history';
export const desiredReplicasAnnotation = 'deployment.kubernetes.io/desired-replicas';
export const maxReplicasAnnotation = 'deployment.kubernetes.io/max-replicas';
/** apps.DeprecatedRollbackTo: what round-trips extensions/v1beta1's spec.rollbackTo; the controller still honours it. */
export const rollbackToAnnotation = 'deprecated.deployment.rollback.to';
const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

/** Not copied between a Deployment and its ReplicaSets. */
const annotationsToSkip = new Set([lastAppliedAnnotation, revisionAnnotation, revisionHistoryAnnotation, desiredReplicasAnnotation, maxReplicasAnnotation, rollbackToAnnotation]);

/** kube keeps revision-history under this many characters. */
const maxRevisionHistoryLength = 2000;

interface Annotated {
  readonly metadata?: { readonly annotations?: Readonly<Record<string, string>> };
}

/**
 * An int64 revision as kube parses it (strconv.ParseInt): a bigint, since revisions may be past
 * 2^53 (the conformance tests start from 3546343826724305832); undefined when not a number.
 */
export function parseRevision(value: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(value)) return undefined;
  const revision = BigInt(value);
  return revision >= -(2n ** 63n) && revision < 2n ** 63n ? revision : undefined;
}

/** deploymentutil.Revision: the revision annotation, 0 when absent, undefined when not a number. */
export function revisionOf(object: Annotated): bigint | undefined {
  const value = object.metadata?.annotations?.[revisionAnnotation];
  return value === undefined ? 0n : parseRevision(value);
}

/** MaxRevision: the highest revision among the ReplicaSets (unparsable ones skipped). */
export function maxRevision(replicaSets: readonly ReplicaSet[]): bigint {
  let max = 0n;
  for (const rs of replicaSets) {
    const revision = revisionOf(rs);
    if (revision !== undefined && revision > max) max = revision;
  }
  return max;
}

/** LastRevision: the second highest revision (the one before the current). */
export function lastRevision(replicaSets: readonly ReplicaSet[]): bigint {
  let max = 0n;
  let second = 0n;
  for (const rs of replicaSets) {
    const revision = revisionOf(rs);
    if (revision === undefined) continue;
    if (revision >= max) {
      second = max;
      max = revision;
    } else if (revision > second) second = revision;
  }
  return second;
}

/** A non-negative int32 annotation of the ReplicaSet, or undefined when absent or invalid. */
function int32Annotation(rs: ReplicaSet, key: string): number | undefined {
  const value = rs.metadata?.annotations?.[key];
  if (value === undefined || !/^\+?\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number <= 2147483647 ? number : undefined;
}

export function desiredReplicasOf(rs: ReplicaSet): number | undefined {
  return int32Annotation(rs, desiredReplicasAnnotation);
}

export function maxReplicasOf(rs: ReplicaSet): number | undefined {
  return int32Annotation(rs, maxReplicasAnnotation);
}

/** SetReplicasAnnotations: answers whether anything changed. */
export function setReplicasAnnotations(rs: Mutable<ReplicaSet>, desired: number, max: number): boolean {
  rs.metadata ??= {};
  const annotations = (rs.metadata.annotations ??= {});
  let changed = false;
  for (const [key, value] of [
    [desiredReplicasAnnotation, String(desired)],
    [maxReplicasAnnotation, String(max)],
  ] as const) {
    if (annotations[key] !== value) {
      annotations[key] = value;
      changed = true;
    }
  }
  return changed;
}

/** ReplicasAnnotationsNeedUpdate. */
export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const annotations = rs.metadata?.annotations ?? {};
  return annotations[desiredReplicasAnnotation] !== String(desired) || annotations[maxReplicasAnnotation] !== String(max);
}

/** copyDeploymentAnnotationsToReplicaSet: the Deployment's annotations (but the skipped ones) onto the ReplicaSet. */
function copyDeploymentAnnotations(deployment: Deployment, annotations: Record<string, string>): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(deployment.metadata?.annotations ?? {})) {
    if (annotationsToSkip.has(key) || annotations[key] === value) continue;
    annotations[key] = value;
    changed = true;
  }
  return changed;
}

/** The new history: the old revision appended, the oldest dropped while it is too long. */
function appendRevisionHistory(history: string | undefined, oldRevision: string): string | undefined {
  if (history === undefined || history === '') return oldRevision;
  const revisions = history.split(',');
  let total = history.length + oldRevision.length + 1;
  let start = 0;
  while (total > maxRevisionHistoryLength && start < revisions.length) {
    total -= (revisions[start] as string).length + 1;
    start += 1;
  }
  return total <= maxRevisionHistoryLength ? [...revisions.slice(start), oldRevision].join(',') : undefined;
}

/**
 * SetNewReplicaSetAnnotations: the Deployment's annotations copied, the revision raised to
 * `newRevision` (never lowered; the one it had goes to revision-history), and, for a ReplicaSet
 * about to be created, the replicas annotations. Answers whether anything changed.
 */
export function setNewReplicaSetAnnotations(deployment: Deployment, rs: Mutable<ReplicaSet>, newRevision: bigint, exists: boolean, max: number): boolean {
  rs.metadata ??= {};
  const annotations = (rs.metadata.annotations ??= {});
  let changed = copyDeploymentAnnotations(deployment, annotations);
  const oldRevision = annotations[revisionAnnotation];
  const oldNumber = oldRevision === undefined || oldRevision === '' ? 0n : parseRevision(oldRevision);
  if (oldNumber === undefined) return false;
  if (oldNumber < newRevision) {
    annotations[revisionAnnotation] = String(newRevision);
    changed = true;
    if (oldRevision !== undefined) {
      const history = appendRevisionHistory(annotations[revisionHistoryAnnotation], oldRevision);
      if (history !== undefined) annotations[revisionHistoryAnnotation] = history;
    }
  }
  const desired = deployment.spec?.replicas ?? 1;
  if (!exists && setReplicasAnnotations(rs, desired, max)) changed = true;
  return changed;
}

/** SetDeploymentAnnotationsTo: on a rollback, the Deployment takes the ReplicaSet's annotations (but keeps its skipped ones). */
export function deploymentAnnotationsFrom(deployment: Deployment, rs: ReplicaSet): Record<string, string> {
  const annotations: Record<string, string> = {};
  for (const [key, value] of Object.entries(deployment.metadata?.annotations ?? {})) if (annotationsToSkip.has(key)) annotations[key] = value;
  for (const [key, value] of Object.entries(rs.metadata?.annotations ?? {})) if (!annotationsToSkip.has(key)) annotations[key] = value;
  return annotations;
}
