// Serves /openapi/v3 (the index of every served group-version with the hash of its document) and
// the documents themselves: immutable caching when asked by hash, a 301 to the current hash when
// the hash is stale, ETag and 304. Everything is built and encoded once, on the first request
// (with the type declarations it needs), so that a start does not pay for it.

import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { BytesResponse } from '../discovery/discovery-endpoints.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

interface Document {
  readonly body: Uint8Array;
  readonly hash: string;
}

const yearMs = 365 * 24 * 3600 * 1000;

interface Built {
  readonly documents: ReadonlyMap<string, Document>;
  readonly index: Uint8Array;
}

export class OpenApiV3Endpoints {
  readonly #definitions: readonly ResourceDefinition[];
  readonly #kubernetesVersion: string;
  #built: Promise<Built> | undefined;

  constructor(definitions: readonly ResourceDefinition[], kubernetesVersion: string) {
    this.#definitions = definitions;
    this.#kubernetesVersion = kubernetesVersion;
  }

  async respond(path: string, query: URLSearchParams, headers: IncomingHttpHeaders): Promise<BytesResponse | undefined> {
    if (path !== '/openapi/v3' && !path.startsWith('/openapi/v3/')) return undefined;
    const { documents, index } = await (this.#built ??= this.#build());
    if (path === '/openapi/v3' || path === '/openapi/v3/') {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: index };
    }
    const key = path.slice('/openapi/v3/'.length);
    const document = documents.get(key);
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

  async #build(): Promise<Built> {
    const { openApiV3Document } = await import('./openapi-v3-document.ts');
    const byGroupVersion = new Map<string, ResourceDefinition[]>();
    for (const definition of this.#definitions) {
      const key = definition.group === '' ? `api/${definition.version}` : `apis/${definition.group}/${definition.version}`;
      byGroupVersion.set(key, [...(byGroupVersion.get(key) ?? []), definition]);
    }
    const documents = new Map<string, Document>();
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const [key, group] of byGroupVersion) {
      const body = Buffer.from(JSON.stringify(openApiV3Document(group, this.#kubernetesVersion)));
      const hash = createHash('sha512').update(body).digest('hex').toUpperCase();
      documents.set(key, { body, hash });
      paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${hash}` };
    }
    return { documents, index: Buffer.from(JSON.stringify({ paths })) };
  }
}
