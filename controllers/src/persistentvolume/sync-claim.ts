// syncClaim (pv_controller.go): a claim without bind-completed looks for a volume (the one it
// names, or the best match), has the default class set when it has none, waits for its first
// consumer, has a volume provisioned, or stays Pending with the reason as an event; a bound claim
// is checked against its volume (Lost when the volume went or belongs to another claim).

import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { type BinderContext, claimEvent } from './binder-context.ts';
import { bind, bindCompletedAnnotation, boundByControllerAnnotation, updateClaim, updateClaimStatus, updateClaimStatusWithEvent } from './binding-writes.ts';
import { consumerNode, waitingForConsumer } from './first-consumer.ts';
import { provisionClaim, selectedNodeAnnotation } from './provision-claim.ts';
import { claimClass, claimHasClass, defaultClass, isDelayBindingMode } from './storage-classes.ts';
import { findBestMatchForClaim, isVolumeBoundToClaim, volumeMismatch } from './volume-matching.ts';

/** StorageClasses whose claims can only be bound to volumes made beforehand. */
const noProvisioner = 'kubernetes.io/no-provisioner';

export function syncClaim(context: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  return claim.metadata?.annotations?.[bindCompletedAnnotation] === undefined ? syncUnboundClaim(context, claim) : syncBoundClaim(context, claim);
}

/** assignDefaultStorageClass: a claim with no class at all gets the default one (kube's retroactive default class). */
async function assignDefaultStorageClass(context: BinderContext, claim: PersistentVolumeClaim): Promise<boolean> {
  if (claimHasClass(claim)) return false;
  const storageClass = defaultClass(context.classes);
  if (storageClass === undefined) return false;
  await updateClaim(context, { ...claim, spec: { ...claim.spec, storageClassName: storageClass.metadata?.name ?? '' } });
  return true;
}

/**
 * The scheduler's VolumeBinding part for a claim whose consuming pod has a node (see
 * first-consumer.ts): a volume that fits the node is bound; else the node is selected for
 * provisioning. Answers whether it did either.
 */
async function bindForConsumer(context: BinderContext, claim: PersistentVolumeClaim): Promise<boolean> {
  const nodeName = consumerNode(context, claim);
  if (nodeName === undefined) return false;
  const node = context.nodes.get(undefined, nodeName);
  const volume = findBestMatchForClaim(claim, [...context.volumes.values()], true, { name: nodeName, labels: node?.metadata?.labels ?? {} });
  if (volume !== undefined) {
    await bind(context, volume, claim);
    return true;
  }
  const storageClass = context.classes.get(undefined, claimClass(claim));
  if (storageClass === undefined || storageClass.provisioner === noProvisioner) return false;
  await updateClaim(context, { ...claim, metadata: { ...claim.metadata, annotations: { ...claim.metadata?.annotations, [selectedNodeAnnotation]: nodeName } } });
  return true;
}

async function syncUnboundClaim(context: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  const volumeName = claim.spec?.volumeName ?? '';
  if (volumeName === '') {
    const delayBinding = isDelayBindingMode(claim, context.classes);
    const volume = findBestMatchForClaim(claim, [...context.volumes.values()], delayBinding);
    if (volume !== undefined) return bind(context, volume, claim);
    if (await assignDefaultStorageClass(context, claim)) return;
    if (delayBinding && claim.metadata?.annotations?.[selectedNodeAnnotation] === undefined) {
      if (await bindForConsumer(context, claim)) return;
      const { reason, message } = waitingForConsumer(context, claim);
      claimEvent(context, claim, 'Normal', reason, message);
    } else if (claimClass(claim) !== '') {
      // The provisioning updates the claim, whose next sync binds it.
      provisionClaim(context, claim);
      return;
    } else {
      claimEvent(context, claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
    }
    await updateClaimStatus(context, claim, 'Pending', undefined);
    return;
  }
  // The user asked for a volume by name.
  const volume = context.volumes.get(volumeName);
  if (volume === undefined) {
    await updateClaimStatus(context, claim, 'Pending', undefined);
    return;
  }
  if (volume.spec?.claimRef === undefined) {
    const mismatch = volumeMismatch(volume, claim);
    if (mismatch === undefined) return bind(context, volume, claim);
    claimEvent(context, claim, 'Warning', 'VolumeMismatch', `Cannot bind to requested volume ${JSON.stringify(volumeName)}: ${mismatch}`);
    await updateClaimStatus(context, claim, 'Pending', undefined);
    return;
  }
  if (isVolumeBoundToClaim(volume, claim)) return bind(context, volume, claim);
  claimEvent(context, claim, 'Warning', 'FailedBinding', `volume ${JSON.stringify(volumeName)} already bound to a different claim.`);
  if (claim.metadata?.annotations?.[boundByControllerAnnotation] !== undefined) {
    // Someone took bind-completed off a claim the binder bound: nothing it can fix.
    const ref = volume.spec.claimRef;
    throw new Error(
      `invalid binding of claim "${claim.metadata?.namespace}/${claim.metadata?.name}" to volume ${JSON.stringify(volumeName)}: volume already claimed by "${ref.namespace}/${ref.name}"`,
    );
  }
  await updateClaimStatus(context, claim, 'Pending', undefined);
}

async function syncBoundClaim(context: BinderContext, claim: PersistentVolumeClaim): Promise<void> {
  const volumeName = claim.spec?.volumeName ?? '';
  if (volumeName === '') {
    await updateClaimStatusWithEvent(context, claim, 'Lost', undefined, 'Warning', 'ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!');
    return;
  }
  const volume: PersistentVolume | undefined = context.volumes.get(volumeName);
  if (volume === undefined) {
    await updateClaimStatusWithEvent(context, claim, 'Lost', undefined, 'Warning', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
    return;
  }
  // Unbound volume (or one whose binding the informer has not shown yet), or all well: bind sets what is missing.
  if (volume.spec?.claimRef === undefined || volume.spec.claimRef.uid === claim.metadata?.uid) return bind(context, volume, claim);
  await updateClaimStatusWithEvent(context, claim, 'Lost', undefined, 'Warning', 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly');
}
