// Serves /openapi/v3 (the index of every served group-version with the hash of its document) and
// the documents themselves: immutable caching when asked by hash, a 301 to the current hash when
// the hash is stale, ETag and 304. The built-in group-versions' documents are built and encoded
// once, on the first request (with the type declarations they need), so that a start does not pay
// for them; a custom resources' group-version's document is built at the first request after its
// resources change (update), and the index with it, so that its hash says the content changed.

import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { BytesResponse } from '../discovery/discovery-endpoints.ts';
import { isCustomResource, type CustomResourceDefinition, type ResourceDefinition } from '../resources/resource-definition.ts';

interface Document {
  readonly body: Uint8Array;
  readonly hash: string;
}

/** The custom resources of one group-version, with their document once it is made. */
interface CustomGroupVersion {
  readonly definitions: readonly CustomResourceDefinition[];
  document?: Promise<Document>;
}

const yearMs = 365 * 24 * 3600 * 1000;

const groupVersionKey = (definition: ResourceDefinition): string => (definition.group === '' ? `api/${definition.version}` : `apis/${definition.group}/${definition.version}`);

function documentOf(content: unknown): Document {
  const body = Buffer.from(JSON.stringify(content));
  return { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase() };
}

export class OpenApiV3Endpoints {
  readonly #builtins: readonly ResourceDefinition[];
  readonly #kubernetesVersion: string;
  #builtinDocuments: Promise<ReadonlyMap<string, Document>> | undefined;
  #custom: ReadonlyMap<string, CustomGroupVersion> = new Map();
  #index: Promise<Uint8Array> | undefined;

  constructor(builtins: readonly ResourceDefinition[], kubernetesVersion: string) {
    this.#builtins = builtins;
    this.#kubernetesVersion = kubernetesVersion;
  }

  /** Serves the custom resources among `definitions` from now on; the group-versions that did not change keep their documents. */
  update(definitions: readonly ResourceDefinition[]): void {
    const byGroupVersion = new Map<string, CustomResourceDefinition[]>();
    for (const definition of definitions.filter(isCustomResource)) {
      const key = groupVersionKey(definition);
      byGroupVersion.set(key, [...(byGroupVersion.get(key) ?? []), definition]);
    }
    let changed = byGroupVersion.size !== this.#custom.size;
    const custom = new Map<string, CustomGroupVersion>();
    for (const [key, group] of byGroupVersion) {
      const previous = this.#custom.get(key);
      const same = previous !== undefined && previous.definitions.length === group.length && group.every((definition, i) => definition === previous.definitions[i]);
      custom.set(key, same ? previous : { definitions: group });
      changed ||= !same;
    }
    if (!changed) return;
    this.#custom = custom;
    this.#index = undefined;
  }

  async respond(path: string, query: URLSearchParams, headers: IncomingHttpHeaders): Promise<BytesResponse | undefined> {
    if (path !== '/openapi/v3' && !path.startsWith('/openapi/v3/')) return undefined;
    if (path === '/openapi/v3' || path === '/openapi/v3/') {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: await (this.#index ??= this.#buildIndex()) };
    }
    const key = path.slice('/openapi/v3/'.length);
    const document = await this.#document(key, this.#custom);
    if (document === undefined) return undefined;
    const etag = `"${document.hash}"`;
    const asked = query.get('hash');
    if (asked !== null && asked !== document.hash) {
      return { status: 301, headers: { location: `/openapi/v3/${key}?hash=${document.hash}`, 'cache-control': 'no-cache, private' }, body: new Uint8Array() };
    }
    const caching: Record<string, string> =
      asked === null ? { 'cache-control': 'no-cache, private' } : { 'cache-control': 'public, immutable', expires: new Date(Date.now() + yearMs).toUTCString() };
    const responseHeaders = { 'content-type': 'application/json', etag, ...caching };
    if (headers['if-none-match'] === etag) return { status: 304, headers: responseHeaders, body: new Uint8Array() };
    return { status: 200, headers: responseHeaders, body: document.body };
  }

  /** The index: the built-in group-versions in their order, then the custom ones by name. */
  async #buildIndex(): Promise<Uint8Array> {
    const custom = this.#custom;
    const builtins = await this.#builtinDocumentsOnce();
    const keys = [...builtins.keys(), ...[...custom.keys()].filter((key) => !builtins.has(key)).sort()];
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const key of keys) {
      // A document that cannot be built is left out rather than failing the index of every other
      // (its own request answers the error).
      const document = await this.#document(key, custom).catch(() => undefined);
      if (document !== undefined) paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${document.hash}` };
    }
    return Buffer.from(JSON.stringify({ paths }));
  }

  async #document(key: string, custom: ReadonlyMap<string, CustomGroupVersion>): Promise<Document | undefined> {
    const builtin = (await this.#builtinDocumentsOnce()).get(key);
    const group = custom.get(key);
    if (group === undefined) return builtin;
    group.document ??= this.#buildCustom(group.definitions, builtin);
    return group.document;
  }

  async #buildCustom(definitions: readonly CustomResourceDefinition[], builtin: Document | undefined): Promise<Document> {
    const { customResourcesV3Document } = await import('./openapi-v3-custom-document.ts');
    const content = customResourcesV3Document(definitions) as { paths: object; components: { schemas: object } };
    if (builtin === undefined) return documentOf(content);
    // A CRD in a built-in group-version: the built-in resources keep their paths and schemas.
    const served = JSON.parse(Buffer.from(builtin.body).toString()) as { paths: object; components: { schemas: object } };
    return documentOf({ ...served, paths: { ...content.paths, ...served.paths }, components: { schemas: { ...content.components.schemas, ...served.components.schemas } } });
  }

  #builtinDocumentsOnce(): Promise<ReadonlyMap<string, Document>> {
    this.#builtinDocuments ??= (async () => {
      const { openApiV3Document } = await import('./openapi-v3-document.ts');
      const byGroupVersion = new Map<string, ResourceDefinition[]>();
      for (const definition of this.#builtins) {
        const key = groupVersionKey(definition);
        byGroupVersion.set(key, [...(byGroupVersion.get(key) ?? []), definition]);
      }
      return new Map([...byGroupVersion].map(([key, group]) => [key, documentOf(openApiV3Document(group, this.#kubernetesVersion))]));
    })();
    return this.#builtinDocuments;
  }
}
