// The field selectors of a served custom resource version, as kube-apiserver 1.35 has them: its
// selectableFields (spec.versions[].selectableFields), named by their path without the leading
// dot, beside metadata.name and, for a namespaced resource, metadata.namespace. Any other label
// is kube's 400 "field label not supported" (the CRD converter's ConvertFieldLabel).

import { isRawJSON } from '@capstan/common';
import { stringOf } from '../registry/defaulting/json-fields.ts';
import { at, notSupported, type FieldReader, type KindFields } from '../registry/field-labels.ts';
import type { JsonObject } from '../registry/object-meta.ts';

/**
 * A selectable field's value as kube's strategy renders it (fmt.Sprint of what its JSONPath finds,
 * "" where nothing is): the CRD's validation lets only strings, integers and booleans be selected,
 * so other values (left by an older schema) are shown as JSON.
 */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRawJSON(value)) return value.rawJSON;
  return JSON.stringify(value);
}

/**
 * The reader of a field path: its steps are the names between the dots, as the CRD's validation
 * allows them (no array notation).
 */
const readerOf = (name: string): FieldReader => {
  const steps = name.split('.');
  return (object) => shown(at(object, ...steps));
};

/** The field labels of a served version: its selectableFields, then the metadata ones every custom resource has. */
export function selectableFieldLabels(selectableFields: readonly JsonObject[], namespaced: boolean): KindFields {
  // kube's strategy names a field by its JSONPath with one leading dot trimmed.
  const names = selectableFields.map((field) => stringOf(field.jsonPath).replace(/^\./, ''));
  return {
    accepted: names.map((name) => [name, name] as const),
    metadataNamespace: namespaced,
    readers: names.map((name) => [name, readerOf(name)] as const),
    unsupported: notSupported,
  };
}
