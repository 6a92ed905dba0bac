// Unknown fields of a written object, dropped as Go's decoding of a built-in kind drops them, and
// fields its JSON repeated: by the request's fieldValidation, ignored, warned about, or refused
// with kube's "strict decoding error" (400 for a request body, 422 naming the patch for a patch's
// result).

import { fieldInvalid, newBadRequest, newInvalid } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import { schemaName } from '../openapi/schema-name.ts';
import { builtinTypeLookup, loadSchemaModule } from '../openapi/builtin-type-lookup.ts';
import { duplicateFieldsOf } from './read-body.ts';
import type { CustomObjectSchema } from '../customresources/custom-object-schema.ts';

/** kube's message for each field a JSON text repeated. */
export const duplicateFieldMessages = (paths: readonly string[]): string[] => paths.map((path) => `duplicate field ${JSON.stringify(path)}`);

/** Drops the fields the declared type lacks, and answers kube's message for each. */
async function dropUnknownFields(object: JsonObject, typeName: string): Promise<string[]> {
  const { dropUnknownFields: drop } = await loadSchemaModule();
  const lookup = await builtinTypeLookup();
  if (lookup(typeName) === undefined) return [];
  return drop(object, typeName, lookup).map((path) => `unknown field ${JSON.stringify(path)}`);
}

/** kube's 400 for a body its decoder refuses ('ConfigMap in version "v1" cannot be handled as a ConfigMap: ...'). */
const undecodable = (definition: Pick<ResourceDefinition, 'version' | 'kind'>, why: string) =>
  newBadRequest(`${definition.kind} in version ${JSON.stringify(definition.version)} cannot be handled as a ${definition.kind}: ${why}`);

/** Go's error for the first value of `object` that does not fit its declared type's Go types, if any. */
export async function goTypeErrorOf(object: JsonObject, typeName: string | undefined): Promise<string | undefined> {
  if (typeName === undefined) return undefined;
  const { goJsonTypeError } = await loadSchemaModule();
  return goJsonTypeError(object, typeName, await builtinTypeLookup());
}

/**
 * A request body's wrongly typed values and unknown fields. A value Go cannot decode into the kind
 * (a number for a string, an array for a map) is refused whatever the validation, as kube's
 * decoding refuses it; then Strict refuses unknown fields as a failed decoding
 * ('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: ...').
 * Warnings (validation Warn) go to `warn`: a response's Warning header, or a worker thread's answer.
 */
export async function dropUnknownFieldsOf(
  object: JsonObject,
  definition: Pick<ResourceDefinition, 'group' | 'version' | 'kind' | 'behaviour'>,
  validation: FieldValidation,
  warn: (message: string) => void,
): Promise<void> {
  const { schema } = definition.behaviour;
  const typeError = schema === undefined ? await goTypeErrorOf(object, schemaName(definition)) : undefined;
  if (typeError !== undefined) throw undecodable(definition, typeError);
  // Unknown fields are dropped whatever the validation (a custom resource's by its schema); repeated ones only matter when it is not Ignore.
  const unknown = schema === undefined ? await dropUnknownFields(object, schemaName(definition)) : await schema.prune(object);
  if (validation === 'Ignore') return;
  const messages = [...unknown, ...duplicateFieldMessages(duplicateFieldsOf(object))];
  if (messages.length === 0) return;
  if (validation === 'Strict') throw undecodable(definition, `strict decoding error: ${messages.join(', ')}`);
  for (const message of messages) warn(message);
}

/**
 * A patch result's unknown fields, after the patch's own complaints (`patchMessages`, its repeated
 * fields); Strict refuses them with kube's 422 on the field "patch", whose value is what kube
 * shows of the patch (`shown`, taken before any field is dropped).
 */
export async function dropUnknownFieldsOfPatched(
  patched: JsonObject,
  typeName: string | undefined,
  schema: CustomObjectSchema | undefined,
  validation: FieldValidation,
  warn: (message: string) => void,
  shown: string,
  patchMessages: readonly string[],
): Promise<void> {
  const unknown = schema !== undefined ? await schema.prune(patched) : typeName === undefined ? [] : await dropUnknownFields(patched, typeName);
  const messages = [...patchMessages, ...unknown];
  if (messages.length === 0 || validation === 'Ignore') return;
  if (validation === 'Strict') throw newInvalid({ group: '', kind: '' }, '', [fieldInvalid('patch', shown, `strict decoding error: ${messages.join(', ')}`)]);
  for (const message of messages) warn(message);
}
