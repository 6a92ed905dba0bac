// The access reviews of authorization.k8s.io/v1, checked as kube checks them before asking the
// authorizer: exactly one kind of attributes, a subject to ask about (but for the self review),
// well-formed selectors, and metadata left empty (but for a local review's namespace).

import { fieldInvalid, fieldRequired, goStruct, type FieldBadValue, type FieldError } from '@capstan/common';
import { isObject, objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { objectMetaJson } from '../../registry/validation/internal-type-values.ts';

/** A field a Go struct would hold at its zero value. */
const isZero = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

/**
 * Metadata is empty when every field but managedFields is unset. The namespace is the request's by
 * now (kube clears it for a cluster-scoped review); only a local review may have one.
 */
function metadataErrors(metadata: unknown, detail: string): FieldError[] {
  const fields = objectOf(metadata);
  const empty = Object.entries(fields).every(([key, value]) => key === 'managedFields' || key === 'namespace' || isZero(value));
  return empty ? [] : [fieldInvalid('metadata', { json: objectMetaJson(fields) }, detail)];
}

/** The internal authorization.NonResourceAttributes: its JSON, Go's field names. */
const nonResourceValue = (attributes: JsonObject): FieldBadValue => ({ json: goStruct({ Path: stringOf(attributes.path), Verb: stringOf(attributes.verb) }) });

function selectorAttributesErrors(selector: unknown, path: string): FieldError[] {
  if (!isObject(selector)) return [];
  const raw = stringOf(selector.rawSelector);
  const requirements = Array.isArray(selector.requirements) ? selector.requirements : [];
  const errors: FieldError[] = [];
  if (raw !== '' && requirements.length > 0) errors.push(fieldInvalid(`${path}.rawSelector`, raw, 'may not specified at the same time as requirements'));
  if (raw === '' && requirements.length === 0) errors.push(fieldRequired(`${path}.requirements`, `when ${path} is specified, requirements or rawSelector is required`));
  return errors;
}

/** ValidateSelfSubjectAccessReviewSpec, and with a subject, ValidateSubjectAccessReviewSpec. */
function accessReviewSpecErrors(spec: JsonObject, withSubject: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const resource = isObject(spec.resourceAttributes) ? spec.resourceAttributes : undefined;
  const nonResource = isObject(spec.nonResourceAttributes) ? spec.nonResourceAttributes : undefined;
  if (resource !== undefined && nonResource !== undefined) {
    errors.push(fieldInvalid('spec.nonResourceAttributes', nonResourceValue(nonResource), 'cannot be specified in combination with resourceAttributes'));
  }
  // kube quotes the absent nonResourceAttributes as the text "null".
  if (resource === undefined && nonResource === undefined)
    errors.push(fieldInvalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  const groups = Array.isArray(spec.groups) ? spec.groups : [];
  if (withSubject && stringOf(spec.user) === '' && groups.length === 0) errors.push(fieldInvalid('spec.user', '', 'at least one of user or group must be specified'));
  if (resource !== undefined) {
    errors.push(...selectorAttributesErrors(resource.fieldSelector, 'spec.resourceAttributes.fieldSelector'));
    errors.push(...selectorAttributesErrors(resource.labelSelector, 'spec.resourceAttributes.labelSelector'));
  }
  return errors;
}

export const subjectAccessReviewErrors = (review: JsonObject): FieldError[] => [
  ...accessReviewSpecErrors(objectOf(review.spec), true),
  ...metadataErrors(review.metadata, 'must be empty'),
];

export const selfSubjectAccessReviewErrors = (review: JsonObject): FieldError[] => [
  ...accessReviewSpecErrors(objectOf(review.spec), false),
  ...metadataErrors(review.metadata, 'must be empty'),
];

/** `review.metadata.namespace` is the request's namespace by now. */
export function localSubjectAccessReviewErrors(review: JsonObject): FieldError[] {
  const spec = objectOf(review.spec);
  const errors = [...accessReviewSpecErrors(spec, true), ...metadataErrors(review.metadata, 'must be empty except for namespace')];
  const namespace = stringOf(objectOf(review.metadata).namespace);
  if (isObject(spec.resourceAttributes) && stringOf(spec.resourceAttributes.namespace) !== namespace) {
    errors.push(fieldInvalid('spec.resourceAttributes.namespace', stringOf(spec.resourceAttributes.namespace), 'must match metadata.namespace'));
  }
  if (isObject(spec.nonResourceAttributes)) {
    errors.push(fieldInvalid('spec.nonResourceAttributes', nonResourceValue(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  }
  return errors;
}
