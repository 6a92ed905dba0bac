// Unknown fields of a written object: dropped, as Go's decoding of a built-in kind drops them,
// and then, by the request's fieldValidation, ignored, warned about, or refused (400, kube's
// "strict decoding error"). The type declarations load with the first write.

import type { ServerResponse } from 'node:http';
import { newBadRequest } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ResourceDefinition } from '../registry/resource-definition.ts';
import type { FieldValidation } from '../registry/write-options.ts';
import { schemaName } from '../openapi/schema-name.ts';
import { addWarning } from './warning-header.ts';

/**
 * `decoded`: the object is a request body, whose strict error kube words as a failed decoding
 * ('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: ...');
 * otherwise a patch result, whose error is the strict decoding error alone.
 */
export async function dropUnknownFieldsOf(
  object: JsonObject,
  definition: Pick<ResourceDefinition, 'group' | 'version' | 'kind'>,
  validation: FieldValidation,
  response: ServerResponse,
  decoded = true,
): Promise<void> {
  const { builtinTypes, dropUnknownFields } = await import('@capstan/common/schema');
  const typeName = schemaName(definition);
  if (!builtinTypes.has(typeName)) return;
  const unknown = dropUnknownFields(object, typeName, (name) => builtinTypes.get(name));
  if (unknown.length === 0 || validation === 'Ignore') return;
  const messages = unknown.map((path) => `unknown field ${JSON.stringify(path)}`);
  if (validation === 'Strict') {
    const strict = `strict decoding error: ${messages.join(', ')}`;
    const { kind } = definition;
    throw newBadRequest(decoded ? `${kind} in version ${JSON.stringify(definition.version)} cannot be handled as a ${kind}: ${strict}` : strict);
  }
  for (const message of messages) addWarning(response, message);
}
