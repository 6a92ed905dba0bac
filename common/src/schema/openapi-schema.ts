// A declared type as the OpenAPI v3 schema kube-apiserver publishes for it (components/schemas),
// with kube-openapi's conventions: properties sorted by name, a reference with siblings wrapped in
// allOf, list and map markers as x-kubernetes-* extensions. The values of enum strings are left out
// as kube's v3 documents leave them out; the v2 document asks for them.

import type { FieldDeclaration, JsonValue, Schema, TypeDeclaration } from './schema.ts';

type OpenApiSchema = { [key: string]: JsonValue };

export const schemaRefPrefix = '#/components/schemas/';

export interface OpenApiSchemaOptions {
  /** List the values of enum strings (kube's /openapi/v2 does, its v3 documents do not). */
  readonly enums?: boolean;
}

export function openApiSchemaOf(declaration: TypeDeclaration, options: OpenApiSchemaOptions = {}): OpenApiSchema {
  if (declaration.kind === 'opaque') return { description: declaration.description, ...declaration.openApi };
  const properties: OpenApiSchema = {};
  const fields = Object.entries(declaration.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, field] of fields) properties[name] = propertyOf(field, options);
  const required = Object.entries(declaration.fields)
    .filter(([, field]) => field.required === true)
    .map(([name]) => name);
  const schema: OpenApiSchema = { description: declaration.description, type: 'object' };
  if (Object.keys(properties).length > 0) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  if (declaration.groupVersionKinds !== undefined) schema['x-kubernetes-group-version-kind'] = declaration.groupVersionKinds.map((gvk) => ({ ...gvk }));
  if (declaration.mapType !== undefined) schema['x-kubernetes-map-type'] = declaration.mapType;
  if (declaration.unions !== undefined) {
    schema['x-kubernetes-unions'] = declaration.unions.map((union) => ({ discriminator: union.discriminator, 'fields-to-discriminateBy': { ...union.fieldsToDiscriminateBy } }));
  }
  return schema;
}

function propertyOf(field: FieldDeclaration, options: OpenApiSchemaOptions): OpenApiSchema {
  const property: OpenApiSchema = { description: field.description, ...valueOf(field.schema, options, true) };
  if (field.listType !== undefined) property['x-kubernetes-list-type'] = field.listType;
  if (field.listMapKeys !== undefined) property['x-kubernetes-list-map-keys'] = [...field.listMapKeys];
  if (field.mapType !== undefined) property['x-kubernetes-map-type'] = field.mapType;
  if (field.patchStrategy !== undefined) property['x-kubernetes-patch-strategy'] = field.patchStrategy;
  if (field.patchMergeKey !== undefined) property['x-kubernetes-patch-merge-key'] = field.patchMergeKey;
  return property;
}

/** One value's schema; `withSiblings` says a description will stand beside a reference. */
function valueOf(schema: Schema, options: OpenApiSchemaOptions, withSiblings = false): OpenApiSchema {
  switch (schema.type) {
    case 'string': {
      const { type, enum: values, ...rest } = schema;
      return { type, ...rest, ...(options.enums === true && values !== undefined ? { enum: [...values] } : {}) };
    }
    case 'integer':
    case 'number':
    case 'boolean': {
      const { type, ...rest } = schema;
      return { type, ...(rest as OpenApiSchema) };
    }
    case 'list':
      return { type: 'array', items: valueOf(schema.items, options) };
    case 'map':
      return { type: 'object', additionalProperties: valueOf(schema.values, options) };
    case 'object':
      return { type: 'object' };
    case 'ref': {
      const target = { $ref: `${schemaRefPrefix}${schema.name}` };
      if (!withSiblings && schema.default === undefined) return target;
      return { allOf: [target], ...(schema.default === undefined ? {} : { default: schema.default }) };
    }
  }
}
