// References to another object that kinds share: by kind and name (ValidateCrossVersionObjectReference,
// as an HPA's scale target), and networking's TypedLocalObjectReference, which adds an optional
// API group (an Ingress resource backend, an IngressClass's parameters).

import { fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { stringOf } from '../defaulting/json-fields.ts';
import { isDNS1123Subdomain, pathSegmentErrors } from '../name-validation.ts';
import { invalidEach } from './value-formats.ts';

/** A kind and a name, both required and both path segments. */
export function kindAndNameErrors(reference: JsonObject, path: string): FieldError[] {
  return (['kind', 'name'] as const).flatMap((key) => {
    const value = stringOf(reference[key]);
    return value === '' ? [fieldRequired(`${path}.${key}`)] : invalidEach(`${path}.${key}`, value, pathSegmentErrors(value, false));
  });
}

/** validateIngressTypedLocalObjectReference: a DNS subdomain API group when one is given, then kind and name. */
export function typedLocalObjectReferenceErrors(reference: JsonObject, path: string): FieldError[] {
  const apiGroup = reference.apiGroup;
  return [...(typeof apiGroup === 'string' ? invalidEach(`${path}.apiGroup`, apiGroup, isDNS1123Subdomain(apiGroup)) : []), ...kindAndNameErrors(reference, path)];
}
