// VolumeAttributesClass (storage.k8s.io/v1): a driver name and parameters checked as a
// StorageClass's provisioner and parameters are, with at least one parameter; neither may change.

import { isDeepStrictEqual } from 'node:util';
import { fieldForbidden, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { objectOf } from '../../../registry/defaulting/json-fields.ts';
import { storageClassErrors } from '../storageclasses/storage-class-validation.ts';

const parametersOf = (attributesClass: JsonObject): JsonObject => objectOf(attributesClass.parameters);

export function volumeAttributesClassErrors(attributesClass: JsonObject): FieldError[] {
  // kube runs StorageClass's own provisioner and parameter checks on these fields.
  const asStorageClass = { provisioner: attributesClass.driverName, parameters: attributesClass.parameters, volumeBindingMode: 'Immediate' };
  const errors = storageClassErrors(asStorageClass).map((error) => (error.field === 'provisioner' ? { ...error, field: 'driverName' } : error));
  if (Object.keys(parametersOf(attributesClass)).length === 0) errors.push(fieldRequired('parameters', 'must contain at least one key/value pair'));
  return errors;
}

export function volumeAttributesClassUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const errors: FieldError[] = [];
  if (next.driverName !== old.driverName) errors.push(fieldForbidden('driverName', 'updates to driverName are forbidden.'));
  if (!isDeepStrictEqual(parametersOf(next), parametersOf(old))) errors.push(fieldForbidden('parameters', 'updates to parameters are forbidden.'));
  return [...errors, ...objectErrors];
}
