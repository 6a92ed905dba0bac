// The Deployment's new ReplicaSet (the one running its current template) as kube's
// getNewReplicaSet finds, updates or creates it: named <deployment>-<pod-template-hash>, the hash
// label added to its selector and template, the next revision, the Deployment's annotations. The
// Deployment's revision annotation follows the new ReplicaSet's. A name taken by a ReplicaSet of
// another template is a hash collision: status.collisionCount goes up and the next sync tries the
// next name.

import type { Deployment, ReplicaSet, ReplicaSetSpec } from '@capstan/common/api-types/apps-v1';
import type { LabelSelector } from '@capstan/common/api-types/meta-v1';
import { isAlreadyExists } from '@capstan/common/client';
import { controllerRefOf, deploymentKind, newControllerRef } from '../workload/controller-ref.ts';
import { getCondition, newCondition, progressing, reasons, setCondition } from './deployment-conditions.ts';
import { type Mutable, mutableCopy } from './mutable.ts';
import { computePodTemplateHash, equalIgnoreHash, podTemplateHashLabel, replicaSetName } from './pod-template-hash.ts';
import { maxRevision, revisionAnnotation, setNewReplicaSetAnnotations } from './replica-set-annotations.ts';
import { findNewReplicaSet, findOldReplicaSets, replicasOf, specReplicas } from './replica-set-lists.ts';
import { desiredReplicas, hasProgressDeadline, isRollingUpdate, maxSurge } from './rollout-limits.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';
import { recordEvent, replicaSetsResource, type SyncContext, updateDeploymentStatus, updateReplicaSet, type WorkingDeployment } from './sync-context.ts';
import { scaledValueFromIntOrPercent } from '../workload/int-or-percent.ts';

export interface ReplicaSetsOfDeployment {
  readonly newRS: ReplicaSet | undefined;
  /** Every other ReplicaSet the Deployment controls, with or without pods. */
  readonly oldRSs: ReplicaSet[];
}

/** NewRSNewReplicas: the replicas the new ReplicaSet may have now (up to maxSurge above the desired total when rolling). */
export function newReplicaSetReplicas(deployment: Deployment, allRSs: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet): number {
  const desired = desiredReplicas(deployment);
  if (!isRollingUpdate(deployment)) {
    if (deployment.spec?.strategy?.type === 'Recreate') return desired;
    throw new Error(`deployment type ${deployment.spec?.strategy?.type} isn't supported`);
  }
  const surge = scaledValueFromIntOrPercent(deployment.spec?.strategy?.rollingUpdate?.maxSurge ?? 0, desired, true);
  const current = specReplicas(allRSs);
  const maxTotal = desired + surge;
  if (current >= maxTotal) return replicasOf(newRS);
  return replicasOf(newRS) + Math.min(maxTotal - current, desired - replicasOf(newRS));
}

/** labelsutil.CloneSelectorAndAddLabel. */
function selectorWithHash(selector: LabelSelector | undefined, hash: string): LabelSelector {
  return { ...selector, matchLabels: { ...selector?.matchLabels, [podTemplateHashLabel]: hash } };
}

/**
 * getAllReplicaSetsAndSyncRevision: the new ReplicaSet (created when asked and missing) and the old
 * ones. A new ReplicaSet written is put in `rsList` in place of the copy read, so that a second call
 * in the same sync does not write it again from a stale copy.
 */
export async function replicaSetsAndSyncRevision(
  context: SyncContext,
  deployment: WorkingDeployment,
  rsList: ReplicaSet[],
  createIfMissing: boolean,
): Promise<ReplicaSetsOfDeployment> {
  const oldRSs = findOldReplicaSets(deployment as Deployment, rsList);
  const newRS = await getNewReplicaSet(context, deployment, rsList, oldRSs, createIfMissing);
  if (newRS !== undefined) {
    const index = rsList.findIndex((rs) => rs.metadata?.uid === newRS.metadata?.uid);
    if (index < 0) rsList.push(newRS);
    else rsList[index] = newRS;
  }
  return { newRS, oldRSs };
}

async function syncExistingNewReplicaSet(context: SyncContext, deployment: WorkingDeployment, existing: ReplicaSet, newRevision: bigint): Promise<ReplicaSet> {
  const d = deployment as Deployment;
  const copy = mutableCopy(existing);
  const annotationsChanged = setNewReplicaSetAnnotations(d, copy, newRevision, true, desiredReplicas(d) + maxSurge(d));
  const minReadySeconds = d.spec?.minReadySeconds ?? 0;
  if (annotationsChanged || (copy.spec?.minReadySeconds ?? 0) !== minReadySeconds) {
    (copy.spec as Mutable<ReplicaSetSpec>).minReadySeconds = minReadySeconds;
    return updateReplicaSet(context, copy);
  }
  let needsUpdate = setDeploymentRevision(deployment, copy.metadata?.annotations?.[revisionAnnotation] ?? '');
  // A Deployment given a deadline after its rollout started: progress is measured from now.
  if (hasProgressDeadline(d) && getCondition(deployment.status?.conditions, progressing) === undefined) {
    const condition = newCondition(progressing, 'True', reasons.foundNewReplicaSet, `Found new replica set "${copy.metadata?.name}"`, context.now());
    (deployment.status ??= {}).conditions = setCondition(deployment.status.conditions, condition);
    needsUpdate = true;
  }
  if (needsUpdate) await updateDeploymentStatus(context, deployment);
  return existing;
}

/** SetDeploymentRevision. */
function setDeploymentRevision(deployment: WorkingDeployment, revision: string): boolean {
  const annotations = ((deployment.metadata ??= {}).annotations ??= {});
  if (annotations[revisionAnnotation] === revision) return false;
  annotations[revisionAnnotation] = revision;
  return true;
}

async function getNewReplicaSet(
  context: SyncContext,
  deployment: WorkingDeployment,
  rsList: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  createIfMissing: boolean,
): Promise<ReplicaSet | undefined> {
  const d = deployment as Deployment;
  const newRevision = maxRevision(oldRSs) + 1n;
  const existing = findNewReplicaSet(d, rsList);
  if (existing !== undefined) return syncExistingNewReplicaSet(context, deployment, existing, newRevision);
  if (!createIfMissing) return undefined;

  const namespace = d.metadata?.namespace ?? '';
  const template = structuredClone(d.spec?.template ?? {});
  const hash = computePodTemplateHash(template, d.status?.collisionCount);
  const labels = { ...template.metadata?.labels, [podTemplateHashLabel]: hash };
  const draft: Mutable<ReplicaSet> = mutableCopy({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: replicaSetName(d.metadata?.name ?? '', hash), namespace, ownerReferences: [newControllerRef(d, deploymentKind)], labels },
    spec: {
      replicas: 0,
      minReadySeconds: d.spec?.minReadySeconds ?? 0,
      selector: selectorWithHash(d.spec?.selector, hash),
      template: { ...template, metadata: { ...template.metadata, labels } },
    },
  });
  const replicas = newReplicaSetReplicas(d, [...oldRSs, draft as ReplicaSet], draft as ReplicaSet);
  (draft.spec as Mutable<ReplicaSetSpec>).replicas = replicas;
  setNewReplicaSetAnnotations(d, draft, newRevision, false, desiredReplicas(d) + maxSurge(d));
  const name = draft.metadata?.name ?? '';

  let created: ReplicaSet;
  let alreadyExists = false;
  try {
    created = await context.client.create<ReplicaSet>({ ...replicaSetsResource, namespace }, draft);
  } catch (error) {
    if (isAlreadyExists(error)) {
      const found = context.replicaSets.get(namespace, name);
      if (found === undefined) throw error;
      // Ours and of the same template: a cache that had not seen it yet.
      if (controllerRefOf(found)?.uid === d.metadata?.uid && equalIgnoreHash(d.spec?.template, found.spec?.template)) {
        created = found;
        alreadyExists = true;
      } else {
        (deployment.status ??= {}).collisionCount = (d.status?.collisionCount ?? 0) + 1;
        await updateDeploymentStatus(context, deployment);
        throw error;
      }
    } else if (isNamespaceTerminating(error)) {
      throw error;
    } else {
      const message = `Failed to create new replica set "${name}": ${(error as Error).message}`;
      if (hasProgressDeadline(d)) {
        (deployment.status ??= {}).conditions = setCondition(
          deployment.status.conditions,
          newCondition(progressing, 'False', reasons.failedReplicaSetCreate, message, context.now()),
        );
        await updateDeploymentStatus(context, deployment).catch(() => {});
      }
      recordEvent(context, d, 'Warning', reasons.failedReplicaSetCreate, message);
      throw error;
    }
  }
  if (!alreadyExists && replicas > 0) recordEvent(context, d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${created.metadata?.name} from 0 to ${replicas}`);
  let needsUpdate = setDeploymentRevision(deployment, String(newRevision));
  if (!alreadyExists && hasProgressDeadline(d)) {
    const condition = newCondition(progressing, 'True', reasons.newReplicaSetCreated, `Created new replica set "${created.metadata?.name}"`, context.now());
    (deployment.status ??= {}).conditions = setCondition(deployment.status.conditions, condition);
    needsUpdate = true;
  }
  if (needsUpdate) await updateDeploymentStatus(context, deployment);
  return created;
}
