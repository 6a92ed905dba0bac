// Bad values of kube's internal types, as field errors print them: json.Marshal of a struct without
// JSON tags, so Go's field names in declaration order, every field present, nil as null.

import { type GoStruct, goStruct, isRawJSON } from '@capstan/common';
import { isObject, stringOf } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';

/** A slice of structs: each object of the list made by `each`, null when absent (a nil slice). */
export const objectsOrNull = <T>(list: unknown, each: (item: JsonObject) => T): T[] | null => (Array.isArray(list) ? list.filter(isObject).map(each) : null);

/** An int32 or int64 field: 0 when unset. */
export const goInt = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A []string field: null when absent (a nil slice). */
export const stringsOrNull = (values: unknown): string[] | null => (Array.isArray(values) ? values.map((value) => String(value)) : null);

/** A list of core.NodeSelectorRequirement (also the MatchFields of a term), null when absent. */
export function nodeSelectorRequirementsJson(requirements: unknown): GoStruct[] | null {
  if (!Array.isArray(requirements)) return null;
  return requirements
    .filter(isObject)
    .map((requirement) => goStruct({ Key: stringOf(requirement.key), Operator: stringOf(requirement.operator), Values: stringsOrNull(requirement.values) }));
}

/** A list of core.NodeSelectorTerm, null when absent. */
export function nodeSelectorTermsJson(terms: unknown): GoStruct[] | null {
  if (!Array.isArray(terms)) return null;
  return terms
    .filter(isObject)
    .map((term) => goStruct({ MatchExpressions: nodeSelectorRequirementsJson(term.matchExpressions), MatchFields: nodeSelectorRequirementsJson(term.matchFields) }));
}

/**
 * A value kept as the client sent its JSON (a runtime.RawExtension, whose MarshalJSON gives back
 * the raw bytes): objects keep their keys' order, Go then compacts and HTML-escapes it.
 */
export function rawJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rawJsonValue);
  if (!isObject(value) || isRawJSON(value)) return value;
  return goStruct(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rawJsonValue(item)])));
}

/** A field a Go struct's omitempty leaves out: nil, "", 0, false, an empty list or map. */
const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (isObject(value) && Object.keys(value).length === 0);

const objectMetaFields = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** The fields of a metav1.ObjectMeta as json.Marshal writes them: the type's order, empty ones left out (omitempty). */
export function objectMetaFieldsJson(metadata: JsonObject): Record<string, unknown> {
  return Object.fromEntries(objectMetaFields.map((key) => [key, isEmptyValue(metadata[key]) ? undefined : metadata[key]]));
}

/** A metav1.ObjectMeta (its JSON tags: name, labels, ...). */
export const objectMetaJson = (metadata: JsonObject): GoStruct => goStruct(objectMetaFieldsJson(metadata));
