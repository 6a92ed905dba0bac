// ValidateTemplateObjectMeta: the metadata of an object template (a ResourceClaimTemplate's claim)
// may carry labels and annotations only, each checked as an object's own.

import { fieldForbidden, type FieldError } from '@capstan/common';
import { isObject } from '../defaulting/json-fields.ts';
import { objectMetaErrors } from './object-meta-validation.ts';

/**
 * The other ObjectMeta fields in Go's order, named as kube names them (the Go field name with its
 * first letter lowered, hence "uID").
 */
const forbiddenFields: readonly (readonly [string, string])[] = [
  ['name', 'name'],
  ['generateName', 'generateName'],
  ['namespace', 'namespace'],
  ['selfLink', 'selfLink'],
  ['uid', 'uID'],
  ['resourceVersion', 'resourceVersion'],
  ['generation', 'generation'],
  ['creationTimestamp', 'creationTimestamp'],
  ['deletionTimestamp', 'deletionTimestamp'],
  ['deletionGracePeriodSeconds', 'deletionGracePeriodSeconds'],
  ['ownerReferences', 'ownerReferences'],
  ['finalizers', 'finalizers'],
  ['managedFields', 'managedFields'],
];

/** Go's zero values: what a field decoded from this JSON would hold when it is not set. */
const isZero = (value: unknown): boolean => value === undefined || value === null || value === '' || value === 0;

export function templateObjectMetaErrors(metadata: unknown, path: string): FieldError[] {
  if (!isObject(metadata)) return [];
  // Annotations come before labels here, unlike an object's own metadata.
  const own = (field: 'annotations' | 'labels'): FieldError[] =>
    objectMetaErrors({ metadata: { [field]: metadata[field] } }).map((error) => ({ ...error, field: `${path}${error.field.slice('metadata'.length)}` }));
  return [
    ...own('annotations'),
    ...own('labels'),
    ...forbiddenFields.filter(([key]) => !isZero(metadata[key])).map(([, name]) => fieldForbidden(`${path}.${name}`, 'cannot be set')),
  ];
}
