// ConfigMap and Secret data: keys kube accepts as file names, no key in both data and binaryData,
// and at most 1 MiB in all.

import { fieldInvalid, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import { isObject, objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import { invalidEach, isConfigMapKey } from '../../registry/validation/value-formats.ts';

/** kube's MaxSecretSize, the same for ConfigMaps. */
const maxDataBytes = 1024 * 1024;

function keyErrors(data: unknown, field: string): FieldError[] {
  if (!isObject(data)) return [];
  return Object.keys(data).flatMap((key) => invalidEach(`${field}[${key}]`, key, isConfigMapKey(key)));
}

const stringBytes = (value: unknown): number => Buffer.byteLength(stringOf(value));

export function configMapErrors(configMap: JsonObject): FieldError[] {
  const errors = [...keyErrors(configMap.data, 'data'), ...keyErrors(configMap.binaryData, 'binaryData')];
  let size = 0;
  const data = objectOf(configMap.data);
  const binaryData = objectOf(configMap.binaryData);
  for (const value of Object.values(data)) size += stringBytes(value);
  for (const [key, value] of Object.entries(binaryData)) {
    if (key in data) errors.push(fieldInvalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    size += Buffer.from(stringOf(value), 'base64').length;
  }
  if (size > maxDataBytes) errors.push(fieldTooLong('', maxDataBytes));
  return errors;
}

export function secretErrors(secret: JsonObject): FieldError[] {
  const errors = keyErrors(secret.data, 'data');
  let size = 0;
  if (isObject(secret.data)) for (const value of Object.values(secret.data)) size += Buffer.from(stringOf(value), 'base64').length;
  if (size > maxDataBytes) errors.push(fieldTooLong('data', maxDataBytes));
  return errors;
}
