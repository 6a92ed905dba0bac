// @capstan/common/schema: the declarations of the built-in types and what derives from them.

export { builtinTypes } from './builtin-types.ts';
export { openApiSchemaOf, schemaRefPrefix, type OpenApiSchemaOptions } from './openapi-schema.ts';
export type * from './schema.ts';
export * from './types/enum-values.ts';
export { dropUnknownFields } from './unknown-fields.ts';
export { goJsonTypeError } from './go-json-type-error.ts';
