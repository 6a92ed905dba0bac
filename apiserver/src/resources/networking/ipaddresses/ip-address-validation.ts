// IPAddress (networking.k8s.io/v1): the object a Service IP allocation holds, named by the IP (see
// name-validation.ts); its parent reference is required, well formed, and fixed once set.

import { isDeepStrictEqual } from 'node:util';
import { fieldInvalid, fieldRequired, goQuote, type FieldBadValue, type FieldError } from '@capstan/common';
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
  return [...objectErrors, fieldInvalid('spec.parentRef', parentRef === undefined ? null : parentReferenceGoSyntax(parentRef), 'field is immutable')];
}

/** The reference as Go's %#v writes a networking.ParentReference. */
function parentReferenceGoSyntax(parentRef: JsonObject): FieldBadValue {
  const fields = (['group', 'resource', 'namespace', 'name'] as const).map((key) => `${key[0]?.toUpperCase()}${key.slice(1)}:${goQuote(stringOf(parentRef[key]))}`);
  return { goSyntax: `networking.ParentReference{${fields.join(', ')}}` };
}
