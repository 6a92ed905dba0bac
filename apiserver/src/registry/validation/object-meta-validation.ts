// ValidateObjectMeta beyond the name: label keys and values, annotation keys and their total
// size, finalizer names, with kube's field paths and messages.

import { fieldInvalid, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject } from '../defaulting/json-fields.ts';
import { isQualifiedName, isValidLabelValue } from './value-formats.ts';

/** kube's TotalAnnotationSizeLimitB. */
const maxAnnotationBytes = 256 * 1024;

export function labelErrors(labels: unknown, field: string): FieldError[] {
  if (!isObject(labels)) return [];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels)) {
    for (const message of isQualifiedName(key)) errors.push(fieldInvalid(field, key, message));
    for (const message of isValidLabelValue(String(value))) errors.push(fieldInvalid(field, String(value), message));
  }
  return errors;
}

export function objectMetaErrors(object: JsonObject): FieldError[] {
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const errors = labelErrors(metadata.labels, 'metadata.labels');
  if (isObject(metadata.annotations)) {
    let size = 0;
    for (const [key, value] of Object.entries(metadata.annotations)) {
      for (const message of isQualifiedName(key.toLowerCase())) errors.push(fieldInvalid('metadata.annotations', key, message));
      size += Buffer.byteLength(key) + Buffer.byteLength(String(value));
    }
    if (size > maxAnnotationBytes) errors.push(fieldTooLong('metadata.annotations', maxAnnotationBytes));
  }
  if (Array.isArray(metadata.finalizers)) {
    for (const finalizer of metadata.finalizers) {
      for (const message of isQualifiedName(String(finalizer))) errors.push(fieldInvalid('metadata.finalizers', String(finalizer), message));
    }
  }
  return errors;
}
