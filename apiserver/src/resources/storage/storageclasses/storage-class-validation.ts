// ValidateStorageClass beyond the name: the provisioner, the parameters' keys and size, the
// reclaim policy and the volume binding mode.

import { fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isQualifiedName } from '../../../registry/validation/value-formats.ts';

const reclaimPolicies = ['Delete', 'Retain'] as const;
const volumeBindingModes = ['Immediate', 'WaitForFirstConsumer'] as const;
const maxParameterCount = 512;
const maxParameterBytes = 256 * 1024;

export function storageClassErrors(storageClass: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  const provisioner = stringOf(storageClass.provisioner);
  if (provisioner === '') errors.push(fieldRequired('provisioner'));
  // kube checks the lower-cased name and quotes it lower-cased.
  else for (const message of isQualifiedName(provisioner.toLowerCase())) errors.push(fieldInvalid('provisioner', provisioner.toLowerCase(), message));
  errors.push(...parameterErrors(storageClass.parameters));
  const reclaimPolicy = storageClass.reclaimPolicy;
  if (typeof reclaimPolicy === 'string' && reclaimPolicy !== '' && !(reclaimPolicies as readonly string[]).includes(reclaimPolicy)) {
    errors.push(fieldNotSupported('reclaimPolicy', reclaimPolicy, reclaimPolicies));
  }
  const mode = storageClass.volumeBindingMode;
  if (typeof mode !== 'string') errors.push(fieldRequired('volumeBindingMode'));
  else if (!(volumeBindingModes as readonly string[]).includes(mode)) errors.push(fieldNotSupported('volumeBindingMode', mode, volumeBindingModes));
  return errors;
}

function parameterErrors(parameters: unknown): FieldError[] {
  if (!isObject(parameters)) return [];
  const entries = Object.entries(parameters);
  if (entries.length > maxParameterCount) return [fieldTooLong('parameters', maxParameterCount)];
  const errors: FieldError[] = [];
  let bytes = 0;
  for (const [key, value] of entries) {
    if (key === '') errors.push(fieldInvalid('parameters', key, 'field can not be empty.'));
    bytes += Buffer.byteLength(key) + Buffer.byteLength(String(value));
  }
  if (bytes > maxParameterBytes) errors.push(fieldTooLong('parameters', maxParameterBytes));
  return errors;
}
