// IPAddress (networking.k8s.io/v1): the object a Service IP allocation holds, named by the IP (see
// name-validation.ts); its parent reference is required, well formed, and fixed once set.

import { isDeepStrictEqual } from 'node:util';
import { fieldInvalid, fieldRequired, type FieldBadValue, type FieldError, goStruct } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { isDNS1123Subdomain, pathSegmentErrors } from '../../../registry/name-validation.ts';

const parentRefOf = (ipAddress: JsonObject): JsonObject | undefined => (isObject(ipAddress.spec) && isObject(ipAddress.spec.parentRef) ? ipAddress.spec.parentRef : undefined);

export function ipAddressErrors(ipAddress: JsonObject): FieldError[] {
  const parentRef = parentRefOf(ipAddress);
  if (parentRef === undefined) return [fieldRequired('spec.parentRef')];
  const path = 'spec.parentRef';
  const errors: FieldError[] = [];
  const group = stringOf(parentRef.group);
  for (const message of group === '' ? [] : isDNS1123Subdomain(group)) errors.push(fieldInvalid(`${path}.group`, group, message));
  for (const key of ['resource', 'name'] as const) {
    const value = stringOf(parentRef[key]);
    if (value === '') errors.push(fieldRequired(`${path}.${key}`));
    else for (const message of pathSegmentErrors(value, false)) errors.push(fieldInvalid(`${path}.${key}`, value, message));
  }
  const namespace = stringOf(parentRef.namespace);
  for (const message of namespace === '' ? [] : pathSegmentErrors(namespace, false)) errors.push(fieldInvalid(`${path}.namespace`, namespace, message));
  return errors;
}

export function ipAddressUpdateErrors(next: JsonObject, old: JsonObject, objectErrors: FieldError[]): FieldError[] {
  const parentRef = parentRefOf(next);
  if (isDeepStrictEqual(parentRef, parentRefOf(old))) return objectErrors;
  return [...objectErrors, fieldInvalid('spec.parentRef', parentRef === undefined ? null : parentReferenceValue(parentRef), 'field is immutable')];
}

/** The reference as a field error prints a networking.ParentReference: its JSON, Go's field names. */
function parentReferenceValue(parentRef: JsonObject): FieldBadValue {
  return { json: goStruct({ Group: stringOf(parentRef.group), Resource: stringOf(parentRef.resource), Namespace: stringOf(parentRef.namespace), Name: stringOf(parentRef.name) }) };
}
