// kube-apiserver's DefaultStorageClass admission (plugin/pkg/admission/storage/storageclass/setdefault):
// a PersistentVolumeClaim created without a class (no spec.storageClassName, not even "", and no
// beta volume.beta.kubernetes.io/storage-class annotation) gets the default StorageClass, the
// newest of those annotated storageclass.kubernetes.io/is-default-class=true (or the beta
// annotation); without one it is left classless.

import { objectOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { defaultClassName } from './default-class.ts';

export const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';
const defaultStorageClassAnnotations = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];

/** kube's PersistentVolumeClaimHasClass: the beta annotation, or spec.storageClassName (even ""). */
function claimHasClass(claim: JsonObject): boolean {
  const spec = objectOf(claim.spec);
  return betaStorageClassAnnotation in objectOf(metadataOf(claim).annotations) || (spec.storageClassName !== undefined && spec.storageClassName !== null);
}

const isClaims = (group: string, resource: string): boolean => group === '' && resource === 'persistentvolumeclaims';

export function defaultStorageClass(storageClasses: GenericStore): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    operations: ['CREATE'],
    mutates: isClaims,
    admit: async (attributes) => {
      const claim = attributes.object;
      if (!isWriteOf(attributes, '', 'persistentvolumeclaims') || claim === undefined || claimHasClass(claim)) return;
      const found = await defaultClassName(attributes, storageClasses, defaultStorageClassAnnotations);
      if (found === undefined) return;
      if (typeof claim.spec !== 'object' || claim.spec === null) claim.spec = {};
      (claim.spec as JsonObject).storageClassName = found;
    },
  };
}
