// What a served version's structural schema does to its custom objects on write, in kube's order:
// the decoding prunes what the schema does not declare (the unknown fields go to fieldValidation),
// defaulting fills its defaults, and validation checks the values (ratcheted on update) before the
// x-kubernetes-validations rules, which run only when the values hold no error that blocks them.

import { fieldErrorMessage, fieldInvalid, newBadRequest, type FieldError } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import type { SchemaRuleValidator } from './cel/index.ts';
import { schemaRuleValidator } from './cel/index.ts';
import { isSchemaObject } from './cel/rule-schema.ts';
import {
  applyDefaults,
  coerceCustomObject,
  objectMetaTypes,
  servingSchemaOf,
  unknownFieldMessages,
  validateCustomObjectValues,
  validateCustomObjectValuesUpdate,
} from './schema/index.ts';
import type { Structural } from './schema/index.ts';
import { builtinTypeLookup } from '../openapi/builtin-type-lookup.ts';
import { customObjectTypes, type DeclaredTypes } from './schema/custom-object-types.ts';

const blockingErrorTypes: ReadonlySet<FieldError['type']> = new Set([
  'FieldValueNotSupported',
  'FieldValueRequired',
  'FieldValueTooLong',
  'FieldValueTooMany',
  'FieldValueTypeInvalid',
]);
const rulesNotChecked = fieldInvalid('<nil>', null, 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation');

export interface CustomObjectSchema {
  /** Prunes a decoded object in place and answers kube's message for each unknown field; a value the decoding cannot take is kube's 400. */
  prune(object: JsonObject): Promise<string[]>;
  /** The schema's defaults, filled in place. */
  defaults(object: JsonObject): void;
  /** The values' errors, then the rules' (with the stored object on update). */
  errors(object: JsonObject, old?: JsonObject): FieldError[];
  /** The schema as type declarations, for server-side apply and managedFields (made on first use). */
  types(): Promise<DeclaredTypes>;
}

/** The schema of a served version of `kind` in `group`, or undefined when it has none that is structural. */
export function customObjectSchemaOf(openAPIV3Schema: unknown, group: string, kind: string, version: string): CustomObjectSchema | undefined {
  let structural: Structural;
  try {
    structural = servingSchemaOf(openAPIV3Schema);
  } catch {
    // A CRD whose schema is not structural is refused by its own validation; nothing to apply here.
    return undefined;
  }
  const rules: SchemaRuleValidator | undefined = isSchemaObject(openAPIV3Schema) ? schemaRuleValidator(openAPIV3Schema) : undefined;
  let types: Promise<DeclaredTypes> | undefined;
  return {
    async prune(object) {
      const coercion = coerceCustomObject(object, structural, await objectMetaTypes());
      if (coercion.error !== undefined) {
        throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${fieldErrorMessage(coercion.error)}`);
      }
      return unknownFieldMessages(coercion.unknownFields);
    },
    defaults: (object) => applyDefaults(object, structural),
    errors(object, old) {
      const valueErrors = old === undefined ? validateCustomObjectValues(object, structural) : validateCustomObjectValuesUpdate(object, old, structural);
      if (rules === undefined) return valueErrors;
      // kube's hasBlockingErr: errors the rules could trip over leave them unchecked, and say so.
      if (valueErrors.some((error) => blockingErrorTypes.has(error.type))) return [...valueErrors, rulesNotChecked];
      return [...valueErrors, ...rules.validate(object, old).errors];
    },
    types: () => (types ??= builtinTypeLookup().then((builtin) => customObjectTypes(structural, `${group}/${version}`, kind, builtin))),
  };
}
