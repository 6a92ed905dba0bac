// The checks kube-apiserver makes of each object a conversion webhook returns, and what it keeps of
// it (webhook_converter.go: validateConvertedObject, restoreObjectMeta): the same kind, name,
// namespace and uid as the object sent, and of the metadata only labels and annotations, which
// must still be valid; everything else in metadata is the original's again.

import { fieldErrorMessage, goJsonKind, type FieldError } from '@capstan/common';
import { isObject } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { annotationErrors, labelErrors } from '../../registry/validation/object-meta-validation.ts';
import { ConversionFailure } from './conversion-review.ts';

/**
 * One converted object of an answer as kube reads it into an Unstructured: a JSON object with a
 * kind, or encoding/json's and apimachinery's errors, which kube passes on without its prefix.
 */
export function unstructuredOf(raw: unknown): JsonObject {
  if (!isObject(raw)) throw new ConversionFailure(`json: cannot unmarshal ${goJsonKind(raw)} into Go value of type map[string]interface {}`);
  if (typeof raw.kind !== 'string' || raw.kind === '') throw new ConversionFailure(`Object 'Kind' is missing in '${JSON.stringify(raw)}'`);
  return raw;
}

/** A group/version as Go's GroupVersion.String() prints an apiVersion field. */
export const groupVersionOf = (object: JsonObject): string => (typeof object.apiVersion === 'string' ? object.apiVersion : '');

/** An object's metadata field as Unstructured's getters read it: "" when it is missing or not a string. */
function metadataString(object: JsonObject, field: string): string {
  const metadata = object.metadata;
  if (!isObject(metadata)) return '';
  const value = metadata[field];
  return typeof value === 'string' ? value : '';
}

/** validateConvertedObject: what a webhook may not change; undefined when it changed none of it. */
export function convertedObjectError(original: JsonObject, converted: JsonObject): string | undefined {
  const pairs: readonly (readonly [string, string, string])[] = [
    ['kind', typeof original.kind === 'string' ? original.kind : '', typeof converted.kind === 'string' ? converted.kind : ''],
    ['name', metadataString(original, 'name'), metadataString(converted, 'name')],
    ['namespace', metadataString(original, 'namespace'), metadataString(converted, 'namespace')],
    ['UID', metadataString(original, 'uid'), metadataString(converted, 'uid')],
  ];
  for (const [what, expected, got] of pairs) if (expected !== got) return `must have the same ${what}: ${expected} != ${got}`;
  return undefined;
}

/** The type Go names a decoded JSON value by (%T of an interface{} from Unstructured). */
function goTypeOf(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  if (Array.isArray(value)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** utilerrors' aggregate of field errors: one message as it is, several (without repeats) in brackets. */
function aggregateMessage(errors: readonly FieldError[]): string {
  const messages = [...new Set(errors.map(fieldErrorMessage))];
  return messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`;
}

/**
 * restoreObjectMeta: the converted object with the original's metadata, but the labels and
 * annotations the webhook answered (gone where it left them out); ConversionFailure when they are
 * not maps of strings, or changed to something invalid.
 */
export function withRestoredObjectMeta(original: JsonObject, converted: JsonObject): JsonObject {
  if (!('metadata' in converted)) throw new ConversionFailure('missing metadata in converted object');
  const answered = converted.metadata;
  if (!isObject(answered)) throw new ConversionFailure(`invalid metadata of type ${goTypeOf(answered)} in converted object`);
  const metadata: JsonObject = isObject(original.metadata) ? structuredClone(original.metadata) : {};
  // kube's path for annotations lacks its "s".
  const fields = [
    ['labels', 'metadata.labels', labelErrors],
    ['annotations', 'metadata.annotation', annotationErrors],
  ] as const;
  for (const [field, path, errorsOf] of fields) {
    const given = answered[field];
    if (given === undefined || given === null) {
      delete metadata[field];
      continue;
    }
    if (!isObject(given)) throw new ConversionFailure(`invalid metadata.${field} of type ${goTypeOf(given)} in converted object`);
    const before = metadata[field];
    if (before !== undefined && before !== null && !isObject(before)) throw new ConversionFailure(`invalid metadata.${field} of type ${goTypeOf(before)} in original object`);
    const previous = isObject(before) ? before : {};
    let changed = Object.keys(previous).length !== Object.keys(given).length;
    for (const [key, value] of Object.entries(given)) {
      if (typeof value !== 'string') throw new ConversionFailure(`metadata.${field}[${key}] must be a string, but is ${goTypeOf(value)} in converted object`);
      if (previous[key] !== value) changed = true;
    }
    if (changed) {
      const errors = errorsOf(given, path);
      if (errors.length > 0) throw new ConversionFailure(aggregateMessage(errors));
    }
    metadata[field] = given;
  }
  return { ...converted, metadata };
}
