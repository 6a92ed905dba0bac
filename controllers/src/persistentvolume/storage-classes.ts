// What the binder reads of claims, volumes and StorageClasses (component-helpers' storage/volume
// helpers and pkg/volume/util's GetDefaultClass): a class named by the beta annotation wins over
// the spec's field, the default class is the newest one annotated default (by name on a tie), and a
// claim of a WaitForFirstConsumer class is bound only once a pod using it is scheduled.

import type { PersistentVolume, PersistentVolumeClaim } from '@capstan/common/api-types/core-v1';
import type { StorageClass } from '@capstan/common/api-types/storage-v1';
import type { ReadonlyObjectStore } from '@capstan/common/client';

export const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';
export const defaultClassAnnotation = 'storageclass.kubernetes.io/is-default-class';
export const betaDefaultClassAnnotation = 'storageclass.beta.kubernetes.io/is-default-class';

/** PersistentVolumeClaimHasClass: the beta annotation, or a storageClassName (even ""). */
export function claimHasClass(claim: PersistentVolumeClaim): boolean {
  return claim.metadata?.annotations?.[betaStorageClassAnnotation] !== undefined || claim.spec?.storageClassName !== undefined;
}

/** GetPersistentVolumeClaimClass. */
export function claimClass(claim: PersistentVolumeClaim): string {
  return claim.metadata?.annotations?.[betaStorageClassAnnotation] ?? claim.spec?.storageClassName ?? '';
}

/** GetPersistentVolumeClass. */
export function volumeClass(volume: PersistentVolume): string {
  return volume.metadata?.annotations?.[betaStorageClassAnnotation] ?? volume.spec?.storageClassName ?? '';
}

export function isDefaultClass(storageClass: StorageClass): boolean {
  const annotations = storageClass.metadata?.annotations ?? {};
  return annotations[defaultClassAnnotation] === 'true' || annotations[betaDefaultClassAnnotation] === 'true';
}

/** GetDefaultClass: the newest default class, by name among classes created in the same second. */
export function defaultClass(classes: ReadonlyObjectStore<StorageClass>): StorageClass | undefined {
  const created = (storageClass: StorageClass): number => Date.parse(storageClass.metadata?.creationTimestamp ?? '') || 0;
  return classes
    .list()
    .filter(isDefaultClass)
    .sort((a, b) => created(b) - created(a) || byName(a, b))[0];
}

const byName = (a: StorageClass, b: StorageClass): number => {
  const [x, y] = [a.metadata?.name ?? '', b.metadata?.name ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
};

export class DelayBindingModeError extends Error {
  override name = 'DelayBindingModeError';
}

/** IsDelayBindingMode: the claim's class exists and binds on first consumer. */
export function isDelayBindingMode(claim: PersistentVolumeClaim, classes: ReadonlyObjectStore<StorageClass>): boolean {
  const name = claimClass(claim);
  if (name === '') return false;
  const storageClass = classes.get(undefined, name);
  if (storageClass === undefined) return false;
  if (storageClass.volumeBindingMode === undefined) throw new DelayBindingModeError(`VolumeBindingMode not set for StorageClass ${JSON.stringify(name)}`);
  return storageClass.volumeBindingMode === 'WaitForFirstConsumer';
}
