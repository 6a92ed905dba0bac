// The schemas (OpenAPI v3 form) of the kinds some built-in resources serve: the kinds themselves,
// their subresources' kinds in other groups, their Lists and every type these reach, shallow
// schemas for the kinds not declared yet. The v3 document of each built-in group-version and the
// built-in part of the v2 document both start from this (custom kinds are published from their
// CRD's schema: custom-kind-schemas.ts).

import type { OpenApiSchemaOptions } from '@capstan/common/schema';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { documentSchemas } from './declared-schemas.ts';
import { objectMetaSchemaName, schemaName } from './schema-name.ts';

type Json = Record<string, unknown>;

export function servedSchemas(definitions: readonly ResourceDefinition[], options: OpenApiSchemaOptions = {}): Record<string, Json> {
  const kindNames = definitions.flatMap((definition) => [
    schemaName(definition),
    ...definition.subresources.filter((s) => s.group !== undefined).map((s) => schemaName({ group: s.group as string, version: s.version ?? definition.version, kind: s.kind })),
  ]);
  const shallowKinds = new Map(definitions.map((definition) => [schemaName(definition), definition]));
  return documentSchemas(
    kindNames,
    (name) => {
      const definition = shallowKinds.get(name);
      return definition === undefined ? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } : shallowSchema(definition);
    },
    options,
  );
}

/** A kind not yet declared: an object with type meta and metadata that keeps every other field. */
function shallowSchema(definition: ResourceDefinition): Json {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { default: {}, allOf: [{ $ref: `#/components/schemas/${objectMetaSchemaName}` }] },
    },
    'x-kubernetes-preserve-unknown-fields': true,
    'x-kubernetes-group-version-kind': [{ group: definition.group, version: definition.version, kind: definition.kind }],
  };
}
