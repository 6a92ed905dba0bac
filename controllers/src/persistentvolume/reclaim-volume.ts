// What happens to a volume whose claim is gone (pv_controller.go's reclaimVolume): Retain keeps it
// Released; Delete has its plugin remove the storage (an external provisioner's volume is left to
// it), then the in-tree protection finalizer and the volume object go; a failure marks the volume
// Failed with a VolumeFailedDelete event, and later syncs try again. Recycle is not done (kube runs
// a recycler pod, deprecated since 1.9): such volumes stay Released.

import { errorMessage, isNotFound } from '@capstan/common';
import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import { type BinderContext, volumesResource } from './binder-context.ts';
import { updateVolume, updateVolumePhaseWithEvent } from './binding-writes.ts';
import { inTreeProtectionFinalizer } from './provision-claim.ts';
import { migratedToAnnotation } from './volume-plugins.ts';

export function reclaimVolume(context: BinderContext, volume: PersistentVolume): Promise<void> | undefined {
  if (volume.metadata?.annotations?.[migratedToAnnotation]) return undefined;
  switch (volume.spec?.persistentVolumeReclaimPolicy) {
    case 'Retain':
    case 'Recycle':
      return undefined;
    case 'Delete':
      context.operations.run(`delete-${volume.metadata?.name}[${volume.metadata?.uid}]`, () => deleteVolumeOperation(context, volume));
      return undefined;
    default:
      return updateVolumePhaseWithEvent(context, volume, 'Failed', 'Warning', 'VolumeUnknownReclaimPolicy', 'Volume has unrecognized PersistentVolumeReclaimPolicy').then(() => {});
  }
}

/** isVolumeReleased: bound (with a uid) to a claim that is gone, replaced, or bound elsewhere. */
function isVolumeReleased(context: BinderContext, volume: PersistentVolume): boolean {
  const ref = volume.spec?.claimRef;
  if (ref === undefined || !ref.uid) return false;
  const claim: PersistentVolumeClaim | undefined = context.claims.get(`${ref.namespace}/${ref.name}`);
  if (claim === undefined || claim.metadata?.uid !== ref.uid) return true;
  return Boolean(claim.spec?.volumeName) && claim.spec?.volumeName !== volume.metadata?.name;
}

async function deleteVolumeOperation(context: BinderContext, volume: PersistentVolume): Promise<void> {
  const name = volume.metadata?.name ?? '';
  let current: PersistentVolume;
  try {
    current = await context.client.get<PersistentVolume>({ ...volumesResource, name });
  } catch {
    return;
  }
  if (!isVolumeReleased(context, current)) return;
  let plugin: ReturnType<BinderContext['plugins']['deleter']>;
  try {
    plugin = context.plugins.deleter(current);
    // An external deleter is asked for: nothing to do here.
    if (plugin === undefined) return;
    await plugin.delete(current);
  } catch (error) {
    await updateVolumePhaseWithEvent(context, current, 'Failed', 'Warning', 'VolumeFailedDelete', errorMessage(error));
    throw error;
  }
  await removeInTreeFinalizer(context, name);
  try {
    await context.client.delete({ ...volumesResource, name });
  } catch (error) {
    // The next sync deletes it again.
    if (!isNotFound(error)) context.logger.debug({ err: error, volume: name }, 'deleting the volume object failed');
  }
}

/** removeDeletionProtectionFinalizer, on the newest version. */
async function removeInTreeFinalizer(context: BinderContext, name: string): Promise<void> {
  const volume = await context.client.get<PersistentVolume>({ ...volumesResource, name });
  const finalizers = volume.metadata?.finalizers ?? [];
  if (!finalizers.includes(inTreeProtectionFinalizer)) return;
  await updateVolume(context, { ...volume, metadata: { ...volume.metadata, finalizers: finalizers.filter((f) => f !== inTreeProtectionFinalizer) } });
}
