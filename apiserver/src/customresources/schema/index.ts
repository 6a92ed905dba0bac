// The structural-schema machinery kube-apiserver applies to custom objects on write, as one
// library: a CRD version's schema made structural (structuralOf, then pruneDefaults for serving),
// a written object coerced and pruned (coerceCustomObject, with the unknown fields for
// fieldValidation Warn and Strict), defaulted (applyDefaults) and validated
// (validateCustomObjectValues).

import type { FieldError } from '@capstan/common';
import { embeddedResourceErrors } from './embedded-resources.ts';
import { listTypeErrors } from './list-types.ts';
import type { Structural } from './structural-schema.ts';
import { validateValues, validateValuesUpdate } from './validate-values.ts';

export { applyDefaults, pruneDefaults } from './default-values.ts';
export { embeddedResourceErrors } from './embedded-resources.ts';
export { listTypeErrors } from './list-types.ts';
export {
  coerceCustomObject,
  coerceEmbeddedResources,
  coerceObjectMeta,
  type CustomObjectCoercion,
  objectMetaTypes,
  type ObjectMetaTypes,
  pruneNonNullableNulls,
  pruneUnknownFields,
  unknownFieldMessages,
} from './prune.ts';
export { NotStructuralError, type Structural, structuralOf, supportedFormats } from './structural-schema.ts';
export { meetsSchema, validateValues, validateValuesUpdate } from './validate-values.ts';
export { fieldErrorValue, matchesFormat } from './value-formats.ts';

/** The schema of a served version: structural, its defaults pruned as kube serves them. */
export { servingSchemaOf } from './serving-schema.ts';

/**
 * What kube-apiserver's custom resource strategy checks of an object's values after its
 * metadata (which the store checks as for every kind): the OpenAPI value validation, the embedded
 * resources' rules, then the list-type invariants, in kube's order.
 */
export function validateCustomObjectValues(object: unknown, schema: Structural): FieldError[] {
  return [...validateValues(object, schema), ...embeddedResourceErrors(object, schema), ...listTypeErrors(object, schema)];
}

/**
 * The same checks of an update, as kube's strategy runs them: the value validation ratcheted
 * against the old object, and the list-type invariants only when the old object met them.
 */
export function validateCustomObjectValuesUpdate(object: unknown, old: unknown, schema: Structural): FieldError[] {
  const listErrors = listTypeErrors(old, schema).length === 0 ? listTypeErrors(object, schema) : [];
  return [...validateValuesUpdate(object, old, schema), ...embeddedResourceErrors(object, schema), ...listErrors];
}
