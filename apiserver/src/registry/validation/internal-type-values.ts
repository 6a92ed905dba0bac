// Bad values of kube's internal types, as field errors print them: json.Marshal of a struct without
// JSON tags, so Go's field names in declaration order, every field present, nil as null.

import { type GoStruct, goStruct, isRawJSON } from '@capstan/common';
import { isObject, stringOf } from '../defaulting/json-fields.ts';

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
