// How the binder writes claims and volumes (pv_controller.go's bind, unbindVolume, updateClaimStatus,
// updateVolumePhase): the volume first (its claimRef, then its phase), then the claim (its
// volumeName and annotations, then its status), each write kept as the newest copy, each skipped
// when nothing would change. Events go with a phase change only.

import type { ObjectReference, PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import type { EventType } from '../event-recorder.ts';
import { type BinderContext, claimEvent, claimsResource, volumeEvent, volumesResource } from './binder-context.ts';
import { isVolumeBoundToClaim } from './volume-matching.ts';

export const bindCompletedAnnotation = 'pv.kubernetes.io/bind-completed';
export const boundByControllerAnnotation = 'pv.kubernetes.io/bound-by-controller';

/** reference.GetReference of a claim: what a volume's claimRef holds. */
export function claimReference(claim: PersistentVolumeClaim): ObjectReference {
  const meta = claim.metadata ?? {};
  return {
    kind: 'PersistentVolumeClaim',
    namespace: meta.namespace ?? '',
    name: meta.name ?? '',
    uid: meta.uid ?? '',
    apiVersion: 'v1',
    resourceVersion: meta.resourceVersion ?? '',
  };
}

const hasAnnotation = (object: { readonly metadata?: { readonly annotations?: Readonly<Record<string, string>> } }, key: string): boolean =>
  object.metadata?.annotations?.[key] !== undefined;

const withAnnotation = <T extends PersistentVolume | PersistentVolumeClaim>(object: T, key: string, value: string): T => ({
  ...object,
  metadata: { ...object.metadata, annotations: { ...object.metadata?.annotations, [key]: value } },
});

export async function updateVolume(context: BinderContext, volume: PersistentVolume): Promise<PersistentVolume> {
  const written = await context.client.update<PersistentVolume>({ ...volumesResource, name: volume.metadata?.name ?? '' }, volume);
  context.volumes.remember(written);
  return written;
}

export async function updateClaim(context: BinderContext, claim: PersistentVolumeClaim): Promise<PersistentVolumeClaim> {
  const target = { ...claimsResource, namespace: claim.metadata?.namespace ?? '', name: claim.metadata?.name ?? '' };
  const written = await context.client.update<PersistentVolumeClaim>(target, claim);
  context.claims.remember(written);
  return written;
}

/** updateVolumePhase: the status subresource, when the phase changes. */
export async function updateVolumePhase(context: BinderContext, volume: PersistentVolume, phase: string, message = ''): Promise<PersistentVolume> {
  if (volume.status?.phase === phase) return volume;
  const { message: _old, ...status } = volume.status ?? {};
  const next: PersistentVolume = { ...volume, status: { ...status, phase, ...(message === '' ? {} : { message }) } };
  const written = await context.client.update<PersistentVolume>({ ...volumesResource, name: volume.metadata?.name ?? '', subresource: 'status' }, next);
  context.volumes.remember(written);
  context.logger.debug({ volume: volume.metadata?.name, phase }, 'volume entered phase');
  return written;
}

export async function updateVolumePhaseWithEvent(
  context: BinderContext,
  volume: PersistentVolume,
  phase: string,
  type: EventType,
  reason: string,
  message: string,
): Promise<PersistentVolume> {
  if (volume.status?.phase === phase) return volume;
  const written = await updateVolumePhase(context, volume, phase, message);
  volumeEvent(context, written, type, reason, message);
  return written;
}

const sameModes = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** updateClaimStatus: the phase, and the bound volume's access modes, capacity (when becoming Bound) and attributes class. */
export async function updateClaimStatus(context: BinderContext, claim: PersistentVolumeClaim, phase: string, volume: PersistentVolume | undefined): Promise<PersistentVolumeClaim> {
  const current = claim.status ?? {};
  const status: Record<string, unknown> = { ...current };
  let dirty = current.phase !== phase;
  status.phase = phase;
  if (volume === undefined) {
    for (const field of ['accessModes', 'capacity', 'currentVolumeAttributesClassName'] as const) {
      if (current[field] !== undefined) {
        delete status[field];
        dirty = true;
      }
    }
  } else {
    if (!sameModes(current.accessModes, volume.spec?.accessModes)) {
      status.accessModes = volume.spec?.accessModes;
      dirty = true;
    }
    // Only when becoming Bound: a capacity that differs later may be a resize in progress.
    if (current.phase !== phase) {
      const capacity = volume.spec?.capacity?.storage;
      if (capacity === undefined) throw new Error(`PersistentVolume ${JSON.stringify(volume.metadata?.name)} is without a storage capacity`);
      if (current.capacity?.storage !== capacity) {
        status.capacity = volume.spec?.capacity;
        dirty = true;
      }
    }
    if (current.phase === 'Pending' && phase === 'Bound' && current.currentVolumeAttributesClassName !== volume.spec?.volumeAttributesClassName) {
      if (volume.spec?.volumeAttributesClassName === undefined) delete status.currentVolumeAttributesClassName;
      else status.currentVolumeAttributesClassName = volume.spec.volumeAttributesClassName;
      dirty = true;
    }
  }
  if (!dirty) return claim;
  const target = { ...claimsResource, namespace: claim.metadata?.namespace ?? '', name: claim.metadata?.name ?? '', subresource: 'status' };
  const written = await context.client.update<PersistentVolumeClaim>(target, { ...claim, status } as PersistentVolumeClaim);
  context.claims.remember(written);
  context.logger.debug({ claim: `${claim.metadata?.namespace}/${claim.metadata?.name}`, phase }, 'claim entered phase');
  return written;
}

export async function updateClaimStatusWithEvent(
  context: BinderContext,
  claim: PersistentVolumeClaim,
  phase: string,
  volume: PersistentVolume | undefined,
  type: EventType,
  reason: string,
  message: string,
): Promise<PersistentVolumeClaim> {
  if (claim.status?.phase === phase) return claim;
  const written = await updateClaimStatus(context, claim, phase, volume);
  claimEvent(context, written, type, reason, message);
  return written;
}

/** GetBindVolumeToClaim + bindVolumeToClaim: the claimRef with the claim's uid, bound-by-controller when the binder chose the volume. */
async function bindVolumeToClaim(context: BinderContext, volume: PersistentVolume, claim: PersistentVolumeClaim): Promise<PersistentVolume> {
  let next = volume;
  let dirty = false;
  const ref = volume.spec?.claimRef;
  if (ref === undefined || ref.name !== claim.metadata?.name || ref.namespace !== claim.metadata?.namespace || ref.uid !== claim.metadata?.uid) {
    next = { ...next, spec: { ...next.spec, claimRef: claimReference(claim) } };
    dirty = true;
  }
  if (!isVolumeBoundToClaim(volume, claim) && !hasAnnotation(next, boundByControllerAnnotation)) {
    next = withAnnotation(next, boundByControllerAnnotation, 'yes');
    dirty = true;
  }
  return dirty ? updateVolume(context, next) : volume;
}

/** bindClaimToVolume: volumeName (bound-by-controller when the binder set it) and bind-completed. */
async function bindClaimToVolume(context: BinderContext, claim: PersistentVolumeClaim, volume: PersistentVolume): Promise<PersistentVolumeClaim> {
  let next = claim;
  let dirty = false;
  if (claim.spec?.volumeName !== volume.metadata?.name) {
    next = { ...next, spec: { ...next.spec, volumeName: volume.metadata?.name ?? '' } };
    if (!hasAnnotation(next, boundByControllerAnnotation)) next = withAnnotation(next, boundByControllerAnnotation, 'yes');
    dirty = true;
  }
  if (!hasAnnotation(next, bindCompletedAnnotation)) {
    next = withAnnotation(next, bindCompletedAnnotation, 'yes');
    dirty = true;
  }
  return dirty ? updateClaim(context, next) : claim;
}

/** bind: both sides saved and marked Bound, the volume first; the first error stops it (a later sync finishes). */
export async function bind(context: BinderContext, volume: PersistentVolume, claim: PersistentVolumeClaim): Promise<void> {
  let boundVolume = await bindVolumeToClaim(context, volume, claim);
  boundVolume = await updateVolumePhase(context, boundVolume, 'Bound');
  const boundClaim = await bindClaimToVolume(context, claim, boundVolume);
  await updateClaimStatus(context, boundClaim, 'Bound', boundVolume);
}

/** unbindVolume: a binding the binder made is undone; a user's pre-binding keeps its claimRef without the uid. */
export async function unbindVolume(context: BinderContext, volume: PersistentVolume): Promise<void> {
  let next: PersistentVolume;
  if (hasAnnotation(volume, boundByControllerAnnotation)) {
    const { claimRef: _dropped, ...spec } = volume.spec ?? {};
    const { [boundByControllerAnnotation]: _annotation, ...annotations } = volume.metadata?.annotations ?? {};
    const { annotations: _all, ...meta } = volume.metadata ?? {};
    next = { ...volume, metadata: Object.keys(annotations).length === 0 ? meta : { ...meta, annotations }, spec };
  } else {
    const { uid: _uid, ...ref } = volume.spec?.claimRef ?? {};
    next = { ...volume, spec: { ...volume.spec, claimRef: ref } };
  }
  const written = await updateVolume(context, next);
  await updateVolumePhase(context, written, 'Available');
}
