// The access reviews of authorization.k8s.io/v1, checked as kube checks them before asking the
// authorizer: exactly one kind of attributes, a subject to ask about (but for the self review),
// well-formed selectors, and metadata left empty (but for a local review's namespace).

import { fieldInvalid, fieldRequired, goQuote, type FieldError } from '@capstan/common';
import { isObject } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';

/** A field a Go struct would hold at its zero value. */
const isZero = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A metav1.ObjectMeta as its String() writes it (in the bad value of "must be empty"). */
function objectMetaString(metadata: JsonObject): { goSyntax: string } {
  const map = (value: unknown): string => {
    const entries = isObject(value) ? Object.keys(value).sort().map((key) => `${key}: ${text(value[key])},`) : [];
    return `map[string]string{${entries.join('')}}`;
  };
  const finalizers = Array.isArray(metadata.finalizers) ? metadata.finalizers.map(String).join(' ') : '';
  const fields = [
    `Name:${text(metadata.name)}`,
    `GenerateName:${text(metadata.generateName)}`,
    `Namespace:${text(metadata.namespace)}`,
    `SelfLink:${text(metadata.selfLink)}`,
    `UID:${text(metadata.uid)}`,
    `ResourceVersion:${text(metadata.resourceVersion)}`,
    `Generation:${typeof metadata.generation === 'number' ? metadata.generation : 0}`,
    'CreationTimestamp:0001-01-01 00:00:00 +0000 UTC',
    'DeletionTimestamp:<nil>',
    'DeletionGracePeriodSeconds:nil',
    `Labels:${map(metadata.labels)}`,
    `Annotations:${map(metadata.annotations)}`,
    'OwnerReferences:[]OwnerReference{}',
    `Finalizers:[${finalizers}]`,
    'ManagedFields:[]ManagedFieldsEntry{}',
  ];
  return { goSyntax: `&ObjectMeta{${fields.map((field) => `${field},`).join('')}}` };
}

/**
 * Metadata is empty when every field but managedFields is unset. The namespace is the request's by
 * now (kube clears it for a cluster-scoped review); only a local review may have one.
 */
function metadataErrors(metadata: unknown, detail: string): FieldError[] {
  const fields = isObject(metadata) ? metadata : {};
  const empty = Object.entries(fields).every(([key, value]) => key === 'managedFields' || key === 'namespace' || isZero(value));
  return empty ? [] : [fieldInvalid('metadata', objectMetaString(fields), detail)];
}

const nonResourceGoSyntax = (attributes: JsonObject): { goSyntax: string } => ({
  goSyntax: `authorization.NonResourceAttributes{Path:${goQuote(text(attributes.path))}, Verb:${goQuote(text(attributes.verb))}}`,
});

function selectorAttributesErrors(selector: unknown, path: string): FieldError[] {
  if (!isObject(selector)) return [];
  const raw = text(selector.rawSelector);
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
    errors.push(fieldInvalid('spec.nonResourceAttributes', nonResourceGoSyntax(nonResource), 'cannot be specified in combination with resourceAttributes'));
  }
  // kube quotes the absent nonResourceAttributes as the text "null".
  if (resource === undefined && nonResource === undefined) errors.push(fieldInvalid('spec.resourceAttributes', 'null', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  const groups = Array.isArray(spec.groups) ? spec.groups : [];
  if (withSubject && text(spec.user) === '' && groups.length === 0) errors.push(fieldInvalid('spec.user', '', 'at least one of user or group must be specified'));
  if (resource !== undefined) {
    errors.push(...selectorAttributesErrors(resource.fieldSelector, 'spec.resourceAttributes.fieldSelector'));
    errors.push(...selectorAttributesErrors(resource.labelSelector, 'spec.resourceAttributes.labelSelector'));
  }
  return errors;
}

const specOf = (review: JsonObject): JsonObject => (isObject(review.spec) ? review.spec : {});

export const subjectAccessReviewErrors = (review: JsonObject): FieldError[] => [...accessReviewSpecErrors(specOf(review), true), ...metadataErrors(review.metadata, 'must be empty')];

export const selfSubjectAccessReviewErrors = (review: JsonObject): FieldError[] => [...accessReviewSpecErrors(specOf(review), false), ...metadataErrors(review.metadata, 'must be empty')];

/** `review.metadata.namespace` is the request's namespace by now. */
export function localSubjectAccessReviewErrors(review: JsonObject): FieldError[] {
  const spec = specOf(review);
  const errors = [...accessReviewSpecErrors(spec, true), ...metadataErrors(review.metadata, 'must be empty except for namespace')];
  const namespace = isObject(review.metadata) ? text(review.metadata.namespace) : '';
  if (isObject(spec.resourceAttributes) && text(spec.resourceAttributes.namespace) !== namespace) {
    errors.push(fieldInvalid('spec.resourceAttributes.namespace', text(spec.resourceAttributes.namespace), 'must match metadata.namespace'));
  }
  if (isObject(spec.nonResourceAttributes)) {
    errors.push(fieldInvalid('spec.nonResourceAttributes', nonResourceGoSyntax(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  }
  return errors;
}
