// ValidateObjectMeta beyond the name: label keys and values, annotation keys and their total
// size, finalizer names (apimachinery's checks, for every kind) and the standard finalizer rule
// core's ValidateObjectMeta adds for the built-in kinds, with kube's field paths and messages.

import { fieldInvalid, fieldTooLong, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { isObject, objectOf, stringsOf } from '../defaulting/json-fields.ts';
import { invalidEach, isQualifiedName, isValidLabelValue } from './value-formats.ts';

/** kube's TotalAnnotationSizeLimitB. */
const maxAnnotationBytes = 256 * 1024;

/**
 * A label key without a prefix, and a label value, that are valid for sure: ASCII (so characters
 * are bytes), at most 63 long, of the label alphabet. Most labels are such; checking them with one
 * test instead of the full checks (which split, measure bytes and build arrays) keeps a map of
 * 100,000 labels cheap.
 */
const plainLabelKey = /^[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const plainLabelValue = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

export function labelErrors(labels: unknown, field: string): FieldError[] {
  if (!isObject(labels)) return [];
  const errors: FieldError[] = [];
  for (const key of Object.keys(labels)) {
    const value = labels[key];
    if (!plainLabelKey.test(key)) for (const message of isQualifiedName(key)) errors.push(fieldInvalid(field, key, message));
    if (typeof value === 'string' && plainLabelValue.test(value)) continue;
    for (const message of isValidLabelValue(String(value))) errors.push(fieldInvalid(field, String(value), message));
  }
  return errors;
}

/** ValidateAnnotations: each key a qualified name (case aside), all of them at most 256 KiB. */
export function annotationErrors(annotations: unknown, field: string): FieldError[] {
  if (!isObject(annotations)) return [];
  const errors: FieldError[] = [];
  let size = 0;
  for (const [key, value] of Object.entries(annotations)) {
    errors.push(...invalidEach(field, key, isQualifiedName(key.toLowerCase())));
    size += Buffer.byteLength(key) + Buffer.byteLength(String(value));
  }
  if (size > maxAnnotationBytes) errors.push(fieldTooLong(field, maxAnnotationBytes));
  return errors;
}

export function objectMetaErrors(object: JsonObject): FieldError[] {
  const metadata = objectOf(object.metadata);
  const errors = [...labelErrors(metadata.labels, 'metadata.labels'), ...annotationErrors(metadata.annotations, 'metadata.annotations')];
  // ValidateFinalizers reports at the unindexed list.
  const finalizers = stringsOf(metadata.finalizers);
  for (const finalizer of finalizers) errors.push(...invalidEach('metadata.finalizers', finalizer, isQualifiedName(finalizer)));
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    errors.push(fieldInvalid('metadata.finalizers', finalizers, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errors;
}

const standardFinalizers = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** validateKubeFinalizerName: a finalizer without a prefix must be one of kube's standard ones. */
export function standardFinalizerErrors(name: string, path: string): FieldError[] {
  return name.includes('/') || standardFinalizers.includes(name) ? [] : [fieldInvalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified')];
}

/**
 * What core's ValidateObjectMeta (which kube's own API groups use, not admissionregistration, the
 * aggregator, CRDs or custom resources) adds after apimachinery's checks: each finalizer, by index.
 */
export const kubeFinalizerErrors = (object: JsonObject): FieldError[] =>
  stringsOf(objectOf(object.metadata).finalizers).flatMap((finalizer, i) => standardFinalizerErrors(finalizer, `metadata.finalizers[${i}]`));
