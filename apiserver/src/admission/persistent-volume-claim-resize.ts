// kube-apiserver's PersistentVolumeClaimResize admission: a claim's storage request may grow only
// when the claim is bound and its StorageClass (the same before and after, by the beta annotation
// first) allows volume expansion.

import { compareQuantities, decodeQuantity, newQuantity } from '@capstan/common';
import { objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { betaStorageClassAnnotation } from './default-storage-class.ts';
import { resourceOf } from './resource-match.ts';
import { listerGet } from './lister-read.ts';

const storageRequest = (claim: JsonObject) => decodeQuantity(objectOf(objectOf(objectOf(claim.spec).resources).requests).storage) ?? newQuantity(0n, 'BinarySI');

/** kube's GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName. */
function claimClass(claim: JsonObject): string {
  const annotations = objectOf(metadataOf(claim).annotations);
  if (betaStorageClassAnnotation in annotations) return stringOf(annotations[betaStorageClassAnnotation]);
  return stringOf(objectOf(claim.spec).storageClassName);
}

async function allowsResize(storageClasses: GenericStore, claim: JsonObject, old: JsonObject): Promise<boolean> {
  const name = claimClass(claim);
  if (name === '' || name !== claimClass(old)) return false;
  try {
    return (await listerGet(storageClasses, undefined, name)).allowVolumeExpansion === true;
  } catch {
    return false;
  }
}

export function persistentVolumeClaimResize(storageClasses: GenericStore): AdmissionPlugin {
  return {
    name: 'PersistentVolumeClaimResize',
    operations: ['UPDATE'],
    validates: resourceOf('', 'persistentvolumeclaims'),
    validate: async (attributes) => {
      const { object: claim, oldObject: old } = attributes;
      if (!isWriteOf(attributes, '', 'persistentvolumeclaims') || claim === undefined || old === undefined) return;
      if (compareQuantities(storageRequest(claim), storageRequest(old)) <= 0) return;
      if (objectOf(old.status).phase !== 'Bound') throw admissionForbidden(attributes, 'Only bound persistent volume claims can be expanded');
      if (!(await allowsResize(storageClasses, claim, old))) {
        throw admissionForbidden(attributes, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
      }
    },
  };
}
