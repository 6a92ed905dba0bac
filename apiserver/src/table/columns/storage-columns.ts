// core/v1 PersistentVolume and PersistentVolumeClaim, and storage.k8s.io/v1 StorageClass columns.

import { ageColumn, ageOf, column, nameColumn, nameOf, wideColumn, type TableColumns } from './column.ts';
import { persistentVolumeClaimSpec, persistentVolumeClaimStatus, persistentVolumeSpec, persistentVolumeStatus, storageClass } from './field-descriptions.ts';
import { arrayAt, fieldAt, hasField, optionalStringAt, recordAt, stringAt, type JsonObject } from '@capstan/common';

// Defaults the API server fills in on create, used when a stored object lacks the field (an empty
// string counts as unset for the non-pointer fields, as in kube's defaulting).
const defaultVolumeMode = 'Filesystem';
const defaultPhase = 'Pending';

/** "RWO,ROX,RWX,RWOP": the access modes present, always in this order. */
function accessModes(modes: readonly unknown[]): string {
  const abbreviations: readonly [string, string][] = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return abbreviations
    .filter(([mode]) => modes.includes(mode))
    .map(([, short]) => short)
    .join(',');
}

/** A quantity as its string; an absent one is the zero quantity, "0". */
const quantity = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '0');

/** The storage class, the legacy beta annotation taking precedence over the spec field. */
function storageClassOf(object: JsonObject): string {
  const annotations = recordAt(object, 'metadata', 'annotations');
  const annotated = annotations['volume.beta.kubernetes.io/storage-class'];
  return typeof annotated === 'string' ? annotated : stringAt(object, 'spec', 'storageClassName');
}

/** The phase, or Terminating once deletion has begun. */
const phaseOf = (object: JsonObject): string => (hasField(object, 'metadata', 'deletionTimestamp') ? 'Terminating' : stringAt(object, 'status', 'phase') || defaultPhase);

function claimOf(volume: JsonObject): string {
  const claim = fieldAt(volume, 'spec', 'claimRef');
  return hasField(claim) ? `${stringAt(claim, 'namespace')}/${stringAt(claim, 'name')}` : '';
}

export const persistentVolumeColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Capacity', 'string', persistentVolumeSpec.capacity),
    column('Access Modes', 'string', persistentVolumeSpec.accessModes),
    column('Reclaim Policy', 'string', persistentVolumeSpec.persistentVolumeReclaimPolicy),
    column('Status', 'string', persistentVolumeStatus.phase),
    column('Claim', 'string', persistentVolumeSpec.claimRef),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    column('Reason', 'string', persistentVolumeStatus.reason),
    ageColumn,
    wideColumn('VolumeMode', 'string', persistentVolumeSpec.volumeMode),
  ],
  cells: (volume, now) => [
    nameOf(volume),
    quantity(fieldAt(volume, 'spec', 'capacity', 'storage')),
    accessModes(arrayAt(volume, 'spec', 'accessModes')),
    stringAt(volume, 'spec', 'persistentVolumeReclaimPolicy') || 'Retain',
    phaseOf(volume),
    claimOf(volume),
    storageClassOf(volume),
    optionalStringAt(volume, 'spec', 'volumeAttributesClassName') ?? '<unset>',
    stringAt(volume, 'status', 'reason'),
    ageOf(volume, now),
    optionalStringAt(volume, 'spec', 'volumeMode') ?? defaultVolumeMode,
  ],
};

export const persistentVolumeClaimColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Status', 'string', persistentVolumeClaimStatus.phase),
    column('Volume', 'string', persistentVolumeClaimSpec.volumeName),
    column('Capacity', 'string', persistentVolumeClaimStatus.capacity),
    column('Access Modes', 'string', persistentVolumeClaimStatus.accessModes),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
    ageColumn,
    wideColumn('VolumeMode', 'string', persistentVolumeClaimSpec.volumeMode),
  ],
  cells: (claim, now) => {
    // Capacity and access modes are only shown once the claim is bound to a volume.
    const bound = stringAt(claim, 'spec', 'volumeName') !== '';
    return [
      nameOf(claim),
      phaseOf(claim),
      stringAt(claim, 'spec', 'volumeName'),
      bound ? quantity(fieldAt(claim, 'status', 'capacity', 'storage')) : '',
      bound ? accessModes(arrayAt(claim, 'status', 'accessModes')) : '',
      storageClassOf(claim),
      optionalStringAt(claim, 'spec', 'volumeAttributesClassName') ?? '<unset>',
      ageOf(claim, now),
      optionalStringAt(claim, 'spec', 'volumeMode') ?? defaultVolumeMode,
    ];
  },
};

const isDefaultClass = (object: JsonObject): boolean => {
  const annotations = recordAt(object, 'metadata', 'annotations');
  return annotations['storageclass.kubernetes.io/is-default-class'] === 'true' || annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
};

export const storageClassColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Provisioner', 'string', storageClass.provisioner),
    column('ReclaimPolicy', 'string', storageClass.reclaimPolicy),
    column('VolumeBindingMode', 'string', storageClass.volumeBindingMode),
    column('AllowVolumeExpansion', 'string', storageClass.allowVolumeExpansion),
    ageColumn,
  ],
  cells: (object, now) => [
    isDefaultClass(object) ? `${nameOf(object)} (default)` : nameOf(object),
    stringAt(object, 'provisioner'),
    optionalStringAt(object, 'reclaimPolicy') ?? 'Delete',
    optionalStringAt(object, 'volumeBindingMode') ?? 'Immediate',
    fieldAt(object, 'allowVolumeExpansion') === true,
    ageOf(object, now),
  ],
};
