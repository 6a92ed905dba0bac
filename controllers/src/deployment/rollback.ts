// A rollback asked for by the deprecated.deployment.rollback.to annotation (extensions/v1beta1's
// spec.rollbackTo, which old clients still write; kubectl 1.35's `rollout undo` patches the
// template itself). kube's controller still honours it: the template (and annotations) of the
// ReplicaSet of that revision (0: the previous one) is copied to the Deployment, and the
// annotation removed.

import type { Deployment, ReplicaSet } from '@capstan/common/api-types/apps-v1';
import type { PodTemplateSpec } from '@capstan/common/api-types/core-v1';
import type { Mutable } from './mutable.ts';
import { replicaSetsAndSyncRevision } from './new-replica-set.ts';
import { equalIgnoreHash, podTemplateHashLabel } from './pod-template-hash.ts';
import { deploymentAnnotationsFrom, lastRevision, parseRevision, revisionOf, rollbackToAnnotation } from './replica-set-annotations.ts';
import { recordEvent, type SyncContext, updateDeployment, type WorkingDeployment } from './sync-context.ts';

const rollbackRevisionNotFound = 'DeploymentRollbackRevisionNotFound';
const rollbackTemplateUnchanged = 'DeploymentRollbackTemplateUnchanged';
const rollbackDone = 'DeploymentRollback';

/** getRollbackTo: the revision asked for, or undefined when there is no (valid) annotation. */
export function rollbackTo(deployment: Deployment): bigint | undefined {
  const value = deployment.metadata?.annotations?.[rollbackToAnnotation];
  return value === undefined || value === '' ? undefined : parseRevision(value);
}

async function clearRollbackTo(context: SyncContext, deployment: WorkingDeployment): Promise<void> {
  if (deployment.metadata?.annotations !== undefined) delete deployment.metadata.annotations[rollbackToAnnotation];
  await updateDeployment(context, deployment);
}

async function rollbackToTemplate(context: SyncContext, deployment: WorkingDeployment, rs: ReplicaSet): Promise<boolean> {
  const d = deployment as Deployment;
  if (equalIgnoreHash(d.spec?.template, rs.spec?.template)) {
    recordEvent(context, d, 'Warning', rollbackTemplateUnchanged, `The rollback revision contains the same template as current deployment "${d.metadata?.name}"`);
    await clearRollbackTo(context, deployment);
    return false;
  }
  const template = structuredClone(rs.spec?.template ?? {}) as Mutable<PodTemplateSpec>;
  if (template.metadata?.labels !== undefined) delete template.metadata.labels[podTemplateHashLabel];
  if (deployment.spec !== undefined) deployment.spec.template = template;
  (deployment.metadata ??= {}).annotations = deploymentAnnotationsFrom(d, rs);
  await clearRollbackTo(context, deployment);
  return true;
}

export async function rollback(context: SyncContext, deployment: WorkingDeployment, rsList: ReplicaSet[]): Promise<void> {
  const d = deployment as Deployment;
  const { newRS, oldRSs } = await replicaSetsAndSyncRevision(context, deployment, rsList, true);
  const allRSs = [...oldRSs, ...(newRS === undefined ? [] : [newRS])];
  let revision = rollbackTo(d) ?? 0n;
  if (revision === 0n) {
    revision = lastRevision(allRSs);
    if (revision === 0n) {
      recordEvent(context, d, 'Warning', rollbackRevisionNotFound, 'Unable to find last revision.');
      return clearRollbackTo(context, deployment);
    }
  }
  const target = allRSs.find((rs) => revisionOf(rs) === revision);
  if (target === undefined) {
    recordEvent(context, d, 'Warning', rollbackRevisionNotFound, 'Unable to find the revision to rollback to.');
    return clearRollbackTo(context, deployment);
  }
  if (await rollbackToTemplate(context, deployment, target))
    recordEvent(context, d, 'Normal', rollbackDone, `Rolled back deployment "${d.metadata?.name}" to revision ${revision}`);
}
