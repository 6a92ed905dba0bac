// The Swagger 2.0 document of GET /openapi/v2: every served resource's paths and every schema
// they reach, the same schemas as the v3 documents in v2's conventions (and, as kube's v2 only,
// with the values of enum strings), with the shared parameters and kube-apiserver's BearerToken
// security definition.

import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { sharedParameters } from './openapi-v2-parameters.ts';
import { openApiV2Paths } from './openapi-v2-paths.ts';
import { openApiV2SchemaOf } from './openapi-v2-schema.ts';
import { servedSchemas } from './served-schemas.ts';

type Json = Record<string, unknown>;

export function openApiV2Document(definitions: readonly ResourceDefinition[], kubernetesVersion: string): Json {
  const schemas = servedSchemas(definitions, { enums: true });
  const parameters = [...sharedParameters].map(([parameter, name]) => [name, parameter] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: kubernetesVersion },
    paths: openApiV2Paths(definitions),
    definitions: Object.fromEntries(
      Object.entries(schemas)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, schema]) => [name, openApiV2SchemaOf(schema)]),
    ),
    parameters: Object.fromEntries(parameters),
    securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', in: 'header', name: 'authorization', type: 'apiKey' } },
    security: [{ BearerToken: [] }],
  };
}
