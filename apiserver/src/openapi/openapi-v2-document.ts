// The Swagger 2.0 document of GET /openapi/v2: every served resource's paths and every schema
// they reach, the same schemas as the v3 documents in v2's conventions (and, as kube's v2 only,
// with the values of enum strings), with the shared parameters and kube-apiserver's BearerToken
// security definition. It is made of parts: the built-in resources' paths and definitions, and
// each custom resource's (openapi-v2-custom-resource.ts), put together by name, the first part
// keeping a name two of them have (a built-in definition is not replaced by a custom one).

import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { sharedParameters } from './openapi-v2-parameters.ts';
import { openApiV2Paths } from './openapi-v2-paths.ts';
import { openApiV2SchemaOf } from './openapi-v2-schema.ts';
import { servedSchemas } from './served-schemas.ts';

type Json = Record<string, unknown>;

/** Paths and definitions by name: what a set of resources adds to the document. */
export interface OpenApiV2Parts {
  readonly paths: Readonly<Record<string, Json>>;
  readonly definitions: Readonly<Record<string, Json>>;
}

/** The parts of the built-in resources. */
export function builtinV2Parts(definitions: readonly ResourceDefinition[]): OpenApiV2Parts {
  const schemas = servedSchemas(definitions, { enums: true });
  return {
    paths: openApiV2Paths(definitions),
    definitions: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, openApiV2SchemaOf(schema)])),
  };
}

/** The document's fields but its paths and definitions, in their order around those two. */
export function openApiV2Frame(kubernetesVersion: string): Json {
  const parameters = [...sharedParameters].map(([parameter, name]) => [name, parameter] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: kubernetesVersion },
    parameters: Object.fromEntries(parameters),
    securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', in: 'header', name: 'authorization', type: 'apiKey' } },
    security: [{ BearerToken: [] }],
  };
}

/** For each name of a section, the first part that has it; by name, as kube's document is sorted. */
export function mergedEntries<P extends OpenApiV2Parts>(parts: readonly P[], section: keyof OpenApiV2Parts): [string, P][] {
  const owners = new Map<string, P>();
  for (const part of parts) for (const name of Object.keys(part[section])) if (!owners.has(name)) owners.set(name, part);
  return [...owners].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The whole document as one object. */
export function openApiV2Document(parts: readonly OpenApiV2Parts[], kubernetesVersion: string): Json {
  const { swagger, info, ...after } = openApiV2Frame(kubernetesVersion);
  const section = (name: keyof OpenApiV2Parts): Json => Object.fromEntries(mergedEntries(parts, name).map(([key, part]) => [key, part[name][key]]));
  return { swagger, info, paths: section('paths'), definitions: section('definitions'), ...after };
}
