// syncVolume (pv_controller.go): a volume with no claimRef, or pre-bound by a user to a claim not
// yet bound, is Available; one whose claim is gone (or was replaced by another of the same name)
// is Released and reclaimed by its policy; one whose claim is bound elsewhere is unbound (or, if it
// was provisioned for that claim, deleted); one whose claim points back is Bound.

import { isNotFound } from '@capstan/common';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { type BinderContext, claimEvent, claimKey, claimsResource, volumeEvent } from './binder-context.ts';
import { unbindVolume, updateVolume, updateVolumePhase } from './binding-writes.ts';
import { inTreeProtectionFinalizer } from './provision-claim.ts';
import { reclaimVolume } from './reclaim-volume.ts';
import { provisionedByAnnotation } from './volume-plugins.ts';
import { volumeModeMismatch } from './volume-matching.ts';

/** The external provisioners' finalizer, which the binder drops from in-tree volumes. */
const externalProtectionFinalizer = 'external-provisioner.volume.kubernetes.io/finalizer';

/** modifyDeletionFinalizers: in-tree provisioned volumes keep kubernetes.io/pv-controller while their policy is Delete. */
function deletionFinalizers(volume: PersistentVolume): string[] | undefined {
  const provisioner = volume.metadata?.annotations?.[provisionedByAnnotation];
  if (provisioner === undefined || !provisioner.startsWith('kubernetes.io/')) return undefined;
  const finalizers = [...(volume.metadata?.finalizers ?? [])];
  let next = finalizers;
  const policy = volume.spec?.persistentVolumeReclaimPolicy;
  if (policy === 'Delete' && !next.includes(inTreeProtectionFinalizer)) next = [...next, inTreeProtectionFinalizer];
  else if ((policy === 'Retain' || policy === 'Recycle') && next.includes(inTreeProtectionFinalizer)) next = next.filter((f) => f !== inTreeProtectionFinalizer);
  if (next.includes(externalProtectionFinalizer)) next = next.filter((f) => f !== externalProtectionFinalizer);
  return next.length === finalizers.length && next.every((f, i) => f === finalizers[i]) ? undefined : next;
}

/** The claim a volume points to: the binder's copy, else the API server's (it may be newer than the informer). */
async function referencedClaim(context: BinderContext, volume: PersistentVolume): Promise<PersistentVolumeClaim | undefined> {
  const ref = volume.spec?.claimRef;
  if (ref === undefined) return undefined;
  const key = `${ref.namespace}/${ref.name}`;
  let claim = context.claims.get(key) ?? context.claimStore.get(ref.namespace, ref.name ?? '');
  const fetch = async (): Promise<PersistentVolumeClaim | undefined> => {
    try {
      return await context.client.get<PersistentVolumeClaim>({ ...claimsResource, namespace: ref.namespace ?? '', name: ref.name ?? '' });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  if (claim === undefined && volume.status?.phase !== 'Released' && volume.status?.phase !== 'Failed') claim = await fetch();
  // A claim of the same name but another uid: the old one went (unless the cache is behind).
  if (claim !== undefined && claim.metadata?.uid !== ref.uid) {
    claim = await fetch();
    if (claim !== undefined && claim.metadata?.uid !== ref.uid) claim = undefined;
  }
  return claim;
}

async function release(context: BinderContext, volume: PersistentVolume): Promise<void> {
  const released = volume.status?.phase === 'Released' || volume.status?.phase === 'Failed' ? volume : await updateVolumePhase(context, volume, 'Released');
  await reclaimVolume(context, released);
}

export async function syncVolume(context: BinderContext, original: PersistentVolume): Promise<void> {
  const finalizers = deletionFinalizers(original);
  const volume = finalizers === undefined ? original : await updateVolume(context, { ...original, metadata: { ...original.metadata, finalizers } });
  const ref = volume.spec?.claimRef;
  // Unused, or pre-bound to a claim that its own sync binds.
  if (ref === undefined || !ref.uid) {
    await updateVolumePhase(context, volume, 'Available');
    return;
  }
  const claim = await referencedClaim(context, volume);
  if (claim === undefined) return release(context, volume);
  const claimVolume = claim.spec?.volumeName ?? '';
  if (claimVolume === '') {
    if (volumeModeMismatch(claim, volume)) {
      volumeEvent(
        context,
        volume,
        'Warning',
        'VolumeMismatch',
        `Cannot bind PersistentVolume to requested PersistentVolumeClaim ${JSON.stringify(claim.metadata?.name)} due to incompatible volumeMode.`,
      );
      claimEvent(
        context,
        claim,
        'Warning',
        'VolumeMismatch',
        `Cannot bind PersistentVolume ${JSON.stringify(volume.metadata?.name)} to requested PersistentVolumeClaim due to incompatible volumeMode.`,
      );
      return;
    }
    // The claim's sync finishes the binding (of a volume just provisioned for it, say).
    context.claimQueue.add(claimKey(claim));
    return;
  }
  if (claimVolume === volume.metadata?.name) {
    await updateVolumePhase(context, volume, 'Bound');
    return;
  }
  // The claim is bound to another volume.
  if (volume.metadata?.annotations?.[provisionedByAnnotation] !== undefined && volume.spec?.persistentVolumeReclaimPolicy === 'Delete') return release(context, volume);
  // The binder's binding lost a race (undone), or a user's pre-binding waits (its uid cleared).
  await unbindVolume(context, volume);
}
