// kube-apiserver's StorageObjectInUseProtection admission: a PersistentVolume, PersistentVolumeClaim
// or VolumeAttributesClass is created with its protection finalizer, which the controllers of the
// same name remove once nothing uses it, so it is not removed from under a pod (or a claim).

import type { GroupResource } from '@capstan/common';
import { metadataOf } from '../registry/object-meta.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export const pvcProtectionFinalizer = 'kubernetes.io/pvc-protection';
export const pvProtectionFinalizer = 'kubernetes.io/pv-protection';
export const vacProtectionFinalizer = 'kubernetes.io/vac-protection';

const protectedResources: readonly (GroupResource & { readonly finalizer: string })[] = [
  { group: '', resource: 'persistentvolumes', finalizer: pvProtectionFinalizer },
  { group: '', resource: 'persistentvolumeclaims', finalizer: pvcProtectionFinalizer },
  { group: 'storage.k8s.io', resource: 'volumeattributesclasses', finalizer: vacProtectionFinalizer },
];

const protectionOf = (group: string, resource: string) => protectedResources.find((entry) => entry.group === group && entry.resource === resource);

export const storageObjectInUseProtection: AdmissionPlugin = {
  name: 'StorageObjectInUseProtection',
  operations: ['CREATE'],
  mutates: (group, resource) => protectionOf(group, resource) !== undefined,
  admit: (attributes) => {
    const protection = protectionOf(attributes.resource.group, attributes.resource.resource);
    if (protection === undefined || !isWriteOf(attributes, protection.group, protection.resource)) return;
    const object = attributes.object ?? {};
    if (typeof object.metadata !== 'object' || object.metadata === null) object.metadata = {};
    const metadata = metadataOf(object);
    const finalizers = Array.isArray(metadata.finalizers) ? metadata.finalizers : [];
    if (!finalizers.includes(protection.finalizer)) metadata.finalizers = [...finalizers, protection.finalizer];
  },
};
