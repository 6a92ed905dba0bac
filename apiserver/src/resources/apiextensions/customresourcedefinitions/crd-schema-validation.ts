// The schema of a CRD version (or the one all versions share, at spec.validation), checked as
// kube-apiserver's validateCustomResourceDefinitionValidation checks it: what the root may have
// when the status subresource is on, no nullable root, the structural schema rules (then the
// defaults, then the CEL rules, each only when what comes before is clean), and the OpenAPI
// checks of every node. Why a schema cannot be read as structural at all is shown only when
// nothing else is wrong.

import { compileSchemaRules } from '../../../customresources/cel/index.ts';
import { fieldForbidden, fieldInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { defaultsErrors } from './crd-defaults-validation.ts';
import { goSchemaValue } from './crd-go-json.ts';
import { openAPIV3SchemaOf } from './crd-internal.ts';
import { openAPISchemaErrors, type SchemaOptions } from './openapi-schema-validation.ts';
import { structuralConversionError, structuralSchemaErrors } from './structural-schema-validation.ts';

export interface CrdSchemaOptions extends SchemaOptions {
  readonly requireStructuralSchema: boolean;
  readonly requirePrunedDefaults: boolean;
}

/** The internal JSONSchemaProps fields in their Go order, by their JSON names, and which the root may have with a status subresource. */
const rootFields: readonly [string, string][] = [
  ['id', 'ID'],
  ['$schema', 'Schema'],
  ['$ref', 'Ref'],
  ['description', 'Description'],
  ['type', 'Type'],
  ['nullable', 'Nullable'],
  ['format', 'Format'],
  ['title', 'Title'],
  ['default', 'Default'],
  ['maximum', 'Maximum'],
  ['exclusiveMaximum', 'ExclusiveMaximum'],
  ['minimum', 'Minimum'],
  ['exclusiveMinimum', 'ExclusiveMinimum'],
  ['maxLength', 'MaxLength'],
  ['minLength', 'MinLength'],
  ['pattern', 'Pattern'],
  ['maxItems', 'MaxItems'],
  ['minItems', 'MinItems'],
  ['uniqueItems', 'UniqueItems'],
  ['multipleOf', 'MultipleOf'],
  ['enum', 'Enum'],
  ['maxProperties', 'MaxProperties'],
  ['minProperties', 'MinProperties'],
  ['required', 'Required'],
  ['items', 'Items'],
  ['allOf', 'AllOf'],
  ['oneOf', 'OneOf'],
  ['anyOf', 'AnyOf'],
  ['not', 'Not'],
  ['properties', 'Properties'],
  ['additionalProperties', 'AdditionalProperties'],
  ['patternProperties', 'PatternProperties'],
  ['dependencies', 'Dependencies'],
  ['additionalItems', 'AdditionalItems'],
  ['definitions', 'Definitions'],
  ['externalDocs', 'ExternalDocs'],
  ['example', 'Example'],
  ['x-kubernetes-preserve-unknown-fields', 'XPreserveUnknownFields'],
  ['x-kubernetes-embedded-resource', 'XEmbeddedResource'],
  ['x-kubernetes-int-or-string', 'XIntOrString'],
  ['x-kubernetes-list-map-keys', 'XListMapKeys'],
  ['x-kubernetes-list-type', 'XListType'],
  ['x-kubernetes-map-type', 'XMapType'],
  ['x-kubernetes-validations', 'XValidations'],
];
const allowedAtRoot = [
  'Description',
  'Type',
  'Format',
  'Title',
  'Maximum',
  'ExclusiveMaximum',
  'Minimum',
  'ExclusiveMinimum',
  'MaxLength',
  'MinLength',
  'Pattern',
  'MaxItems',
  'MinItems',
  'UniqueItems',
  'MultipleOf',
  'Required',
  'Items',
  'Properties',
  'ExternalDocs',
  'Example',
  'XPreserveUnknownFields',
  'XValidations',
];

/** With the status subresource on, status is read as properties.status: the root may only say what survives that. */
function statusRootErrors(schema: JsonObject, path: string): FieldError[] {
  for (const [json, go] of rootFields) {
    const value = schema[json];
    if (value === undefined || value === null || value === false || value === '') continue;
    if (go === 'Type') {
      if (value !== 'object')
        return [
          fieldInvalid(`${path}.openAPIV3Schema.type`, stringOf(value), 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'),
        ];
      continue;
    }
    if (!allowedAtRoot.includes(go)) {
      return [
        fieldInvalid(
          `${path}.openAPIV3Schema`,
          goSchemaValue(schema),
          `only [${allowedAtRoot.join(' ')}] fields are allowed at the root of the schema if the status subresource is enabled`,
        ),
      ];
    }
  }
  return [];
}

/** validateCustomResourceDefinitionValidation of one CustomResourceValidation at `path` (spec.validation or spec.versions[i].schema). */
export function customResourceValidationErrors(validation: JsonObject | undefined, statusEnabled: boolean, options: CrdSchemaOptions, path: string): FieldError[] {
  const schema = openAPIV3SchemaOf(validation);
  if (schema === undefined) return [];
  const schemaPath = `${path}.openAPIV3Schema`;
  const errors: FieldError[] = statusEnabled ? statusRootErrors(schema, path) : [];
  if (schema.nullable === true) errors.push(fieldForbidden(`${schemaPath}.nullable`, 'nullable cannot be true at the root'));
  const initErrors: FieldError[] = [];
  let compileRules = false;
  if (options.requireStructuralSchema) {
    const conversionError = structuralConversionError(schema);
    if (conversionError !== undefined) initErrors.push(fieldInvalid(schemaPath, '', conversionError));
    else {
      const structural = structuralSchemaErrors(schema, schemaPath);
      const defaults = structural.length === 0 ? defaultsErrors(schema, schemaPath, options.requirePrunedDefaults) : [];
      errors.push(...structural, ...defaults);
      compileRules = structural.length === 0 && defaults.length === 0;
    }
  }
  const schemaErrors = openAPISchemaErrors(schema, schemaPath, options);
  errors.push(...schemaErrors);
  // The x-kubernetes-validations rules compile only where the schema holds no other error, after its errors.
  if (compileRules) errors.push(...compileSchemaRules(schema, schemaPath, { schemaErrorPaths: schemaErrors.map((error) => error.field) }).celErrors);
  if (errors.length === 0) errors.push(...initErrors);
  return errors;
}

/** Whether any node of a schema satisfies `test` (kube's SchemaHas). */
export function schemaHas(schema: unknown, test: (node: JsonObject) => boolean): boolean {
  if (!isObject(schema)) return false;
  if (test(schema)) return true;
  const children: unknown[] = [];
  if (Array.isArray(schema.items)) children.push(...schema.items);
  else children.push(schema.items);
  for (const junctor of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(schema[junctor])) children.push(...(schema[junctor] as unknown[]));
  children.push(schema.not, schema.additionalProperties, schema.additionalItems);
  for (const map of ['properties', 'patternProperties', 'definitions', 'dependencies'] as const) if (isObject(schema[map])) children.push(...Object.values(schema[map]));
  return children.some((child) => schemaHas(child, test));
}
