// The OpenAPI schema of a kind, as kube's ClientDiscoveryResolver reads it for type checking: the
// group-version's /openapi/v3 document, the component whose x-kubernetes-group-version-kind names
// the kind, with every $ref (alone or as the first of an allOf) replaced by what it names; a
// reference back into itself becomes a plain object.

import type { OpenApiV3Schema } from '@capstan/common/cel';
import { ApiError, type RestClient } from '@capstan/common/client';

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

type Schemas = Readonly<Record<string, Record<string, unknown>>>;

const refPrefix = '#/components/schemas/';

function refOf(schema: Record<string, unknown>): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref.startsWith(refPrefix) ? schema.$ref.slice(refPrefix.length) : schema.$ref;
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const ref = typeof part === 'object' && part !== null ? refOf(part as Record<string, unknown>) : undefined;
    if (ref !== undefined) return ref;
  }
  return undefined;
}

/** kube's populateRefs: a referenced schema replaces the referring one whole. */
function populated(schemas: Schemas, visited: Set<string>, schema: Record<string, unknown>): Record<string, unknown> {
  let result = schema;
  const ref = refOf(schema);
  if (ref !== undefined) {
    if (visited.has(ref)) return { type: 'object' };
    const resolved = schemas[ref];
    if (resolved === undefined) throw new Error(`internal error: cannot resolve Ref "${ref}"`);
    visited.add(ref);
    try {
      return populated(schemas, visited, resolved);
    } finally {
      visited.delete(ref);
    }
  }
  const properties = result.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties !== undefined)
    result = { ...result, properties: Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, populated(schemas, visited, property)])) };
  const additional = result.additionalProperties;
  if (typeof additional === 'object' && additional !== null) result = { ...result, additionalProperties: populated(schemas, visited, additional as Record<string, unknown>) };
  const items = result.items;
  if (typeof items === 'object' && items !== null && !Array.isArray(items)) result = { ...result, items: populated(schemas, visited, items as Record<string, unknown>) };
  return result;
}

const namesKind = (schema: Record<string, unknown>, gvk: GroupVersionKind): boolean =>
  (Array.isArray(schema['x-kubernetes-group-version-kind']) ? (schema['x-kubernetes-group-version-kind'] as GroupVersionKind[]) : []).some(
    (named) => named.group === gvk.group && named.version === gvk.version && named.kind === gvk.kind,
  );

/** Resolves schemas through the API server's OpenAPI v3 documents, each document read once. */
export class SchemaResolver {
  readonly #client: RestClient;
  readonly #documents = new Map<string, Promise<Schemas | undefined>>();

  constructor(client: RestClient) {
    this.#client = client;
  }

  #schemasOf(group: string, version: string): Promise<Schemas | undefined> {
    const path = group === '' ? `/openapi/v3/api/${version}` : `/openapi/v3/apis/${group}/${version}`;
    let document = this.#documents.get(path);
    if (document === undefined) {
      document = this.#client.request({ method: 'GET', path, accept: 'application/json' }).then(
        (response) => (JSON.parse(response.body.toString('utf8')) as { components?: { schemas?: Schemas } }).components?.schemas ?? {},
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 404) return undefined;
          throw error;
        },
      );
      this.#documents.set(path, document);
    }
    return document;
  }

  /** The kind's resolved schema; undefined when the server has none for it (kube's ErrSchemaNotFound). */
  async schemaOf(gvk: GroupVersionKind): Promise<OpenApiV3Schema | undefined> {
    const schemas = await this.#schemasOf(gvk.group, gvk.version);
    if (schemas === undefined) return undefined;
    const name = Object.keys(schemas).find((candidate) => namesKind(schemas[candidate] as Record<string, unknown>, gvk));
    if (name === undefined) return undefined;
    return populated(schemas, new Set([name]), schemas[name] as Record<string, unknown>) as OpenApiV3Schema;
  }
}
