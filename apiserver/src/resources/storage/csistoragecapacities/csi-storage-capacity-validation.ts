// CSIStorageCapacity (storage.k8s.io/v1): a node topology selector, a storage class name that is
// a DNS subdomain, a capacity that is not negative; the topology and the class are fixed.

import { isDeepStrictEqual } from 'node:util';
import { decodeQuantity, fieldInvalid, quantitySign, quantityString, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import { labelSelectorErrors } from '../../../registry/validation/label-selector-validation.ts';
import { labelSelectorValue } from '../../../registry/validation/value-formats.ts';

const immutable = 'field is immutable';

export function csiStorageCapacityErrors(capacity: JsonObject): FieldError[] {
  const errors = labelSelectorErrors(capacity.nodeTopology, 'nodeTopology');
  const className = stringOf(capacity.storageClassName);
  for (const message of isDNS1123Subdomain(className)) errors.push(fieldInvalid('storageClassName', className, message));
  const value = decodeQuantity(capacity.capacity);
  if (value !== undefined && quantitySign(value) < 0) errors.push(fieldInvalid('capacity', quantityString(value), 'must be greater than or equal to 0'));
  return errors;
}

export function csiStorageCapacityUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const errors = [...objectErrors];
  const topology = next.nodeTopology;
  if (!isDeepStrictEqual(topology ?? null, old.nodeTopology ?? null)) {
    errors.push(fieldInvalid('nodeTopology', isObject(topology) ? labelSelectorValue(topology) : null, immutable));
  }
  if (stringOf(next.storageClassName) !== stringOf(old.storageClassName)) errors.push(fieldInvalid('storageClassName', stringOf(next.storageClassName), immutable));
  return errors;
}
