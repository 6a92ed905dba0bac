// Serves GET /openapi/v2 as kube-openapi's handler does: JSON, or gnostic's Protobuf for kubectl's
// media type, picked from Accept (none means */*; nothing acceptable is a bare 406), one ETag
// (the quoted upper-case SHA-512 of the JSON) for both, Last-Modified, If-None-Match and
// If-Modified-Since answered with 304 as Go's http.ServeContent does, Vary: Accept, and gzip for
// a client that accepts it. The document follows the custom resources served (update): it is made
// again at the first request after they change, each encoding and each gzip once, on first use,
// from the built-in resources' part, encoded once, and each custom resource's.

import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { BytesResponse } from '../discovery/discovery-endpoints.ts';
import { discoveryETag } from '../discovery/aggregated-discovery.ts';
import { acceptsGzip } from '../endpoints/compress-response.ts';
import { isCustomResource, type CustomResourceDefinition, type ResourceDefinition } from '../resources/resource-definition.ts';
import type { EncodedV2Part } from './openapi-v2-assembly.ts';

type Encoding = 'json' | 'protobuf';

const contentTypes: Readonly<Record<Encoding, string>> = {
  json: 'application/json',
  protobuf: 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf',
};

/** The media types kube-openapi answers, in its order: a wildcard picks the first. */
const offered: readonly { readonly type: string; readonly subtype: string; readonly encoding: Encoding }[] = [
  { type: 'application', subtype: 'json', encoding: 'json' },
  { type: 'application', subtype: 'com.github.proto-openapi.spec.v2@v1.0+protobuf', encoding: 'protobuf' },
  { type: 'application', subtype: 'com.github.proto-openapi.spec.v2.v1.0+protobuf', encoding: 'protobuf' },
];

const gzipAsync = promisify(gzip);

interface Built {
  readonly json: Uint8Array;
  readonly etag: string;
  /** When the served document took this form (HTTP dates have whole seconds). */
  readonly lastModified: Date;
  readonly frame: Record<string, unknown>;
  readonly parts: readonly EncodedV2Part[];
  /** Each encoding, gzipped or not, once. */
  readonly bodies: Map<string, Promise<Uint8Array>>;
}

/** What every document is made from and never changes: the frame and the built-in resources' part. */
interface Static {
  readonly frame: Record<string, unknown>;
  readonly builtins: EncodedV2Part;
}

export class OpenApiV2Endpoint {
  readonly #builtins: readonly ResourceDefinition[];
  readonly #kubernetesVersion: string;
  #static: Promise<Static> | undefined;
  #customResources: readonly CustomResourceDefinition[] = [];
  /** Each custom resource's part, by its declaration (a CRD that changes is declared anew). */
  readonly #customParts = new WeakMap<ResourceDefinition, EncodedV2Part>();
  #built: Promise<Built> | undefined;

  constructor(builtins: readonly ResourceDefinition[], kubernetesVersion: string) {
    this.#builtins = builtins;
    this.#kubernetesVersion = kubernetesVersion;
  }

  /** Serves the custom resources among `definitions` from now on: the next request makes the document again. */
  update(definitions: readonly ResourceDefinition[]): void {
    const customResources = definitions.filter(isCustomResource);
    const same = customResources.length === this.#customResources.length && customResources.every((definition, i) => definition === this.#customResources[i]);
    if (same) return;
    this.#customResources = customResources;
    this.#built = undefined;
  }

  async respond(path: string, headers: IncomingHttpHeaders): Promise<BytesResponse | undefined> {
    if (path !== '/openapi/v2') return undefined;
    const gzipped = acceptsGzip(headers['accept-encoding']);
    // kube's gzip wrapper adds its Vary before the handler adds Accept.
    const vary = 'Accept-Encoding, Accept';
    const encoding = negotiate(headers.accept);
    if (encoding === undefined) return { status: 406, headers: { vary }, body: new Uint8Array() };
    const built = await (this.#built ??= this.#build());
    const validators = { etag: built.etag, vary };
    if (notModified(headers, built)) return { status: 304, headers: validators, body: new Uint8Array() };
    const body = await this.#body(built, encoding, gzipped);
    return {
      status: 200,
      headers: {
        'accept-ranges': 'bytes',
        'content-type': contentTypes[encoding],
        ...validators,
        'last-modified': built.lastModified.toUTCString(),
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      },
      body,
    };
  }

  #body(built: Built, encoding: Encoding, gzipped: boolean): Promise<Uint8Array> {
    const key = `${encoding}${gzipped ? '+gzip' : ''}`;
    let body = built.bodies.get(key);
    if (body === undefined) {
      body = gzipped ? this.#body(built, encoding, false).then((plain) => gzipAsync(plain)) : this.#encode(built, encoding);
      built.bodies.set(key, body);
    }
    return body;
  }

  async #encode(built: Built, encoding: Encoding): Promise<Uint8Array> {
    if (encoding === 'json') return built.json;
    const { assembledProtobuf } = await import('./openapi-v2-assembly.ts');
    return assembledProtobuf(built.frame, built.parts);
  }

  async #build(): Promise<Built> {
    const customResources = this.#customResources;
    const { frame, builtins } = await (this.#static ??= this.#buildStatic());
    const { EncodedV2Part, assembledJson } = await import('./openapi-v2-assembly.ts');
    const { customResourceV2Parts } = await import('./openapi-v2-custom-resource.ts');
    const parts = [builtins];
    for (const definition of customResources) {
      let part = this.#customParts.get(definition);
      if (part === undefined) {
        part = new EncodedV2Part(customResourceV2Parts(definition));
        this.#customParts.set(definition, part);
      }
      parts.push(part);
    }
    const json = Buffer.from(assembledJson(frame, parts));
    return { json, etag: discoveryETag(json), lastModified: new Date(Math.floor(Date.now() / 1000) * 1000), frame, parts, bodies: new Map() };
  }

  async #buildStatic(): Promise<Static> {
    const { builtinV2Parts, openApiV2Frame } = await import('./openapi-v2-document.ts');
    const { EncodedV2Part } = await import('./openapi-v2-assembly.ts');
    return { frame: openApiV2Frame(this.#kubernetesVersion), builtins: new EncodedV2Part(builtinV2Parts(this.#builtins)) };
  }
}

/** Go's checkIfNoneMatch (weak comparison, lists, *), else checkIfModifiedSince. */
function notModified(headers: IncomingHttpHeaders, built: Built): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(built.etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && built.lastModified.getTime() <= since;
}

/**
 * The encoding the Accept header picks, as goautoneg orders it (by q, then exact types before
 * wildcards) and kube-openapi walks it: the first range that one of the offered types matches.
 */
function negotiate(accept: string | undefined): Encoding | undefined {
  const ranges = (accept === undefined || accept.trim() === '' ? '*/*' : accept).split(',').map((range) => {
    const [mediaType = '', ...params] = range.split(';').map((part) => part.trim());
    const [type = '', subtype = '*'] = mediaType.split('/');
    const q = params.find((p) => p.startsWith('q='));
    return { type, subtype, q: q === undefined ? 1 : Number(q.slice(2)) };
  });
  const wildness = (r: { type: string; subtype: string }): number => (r.type === '*' ? 2 : r.subtype === '*' ? 1 : 0);
  ranges.sort((a, b) => b.q - a.q || wildness(a) - wildness(b));
  for (const range of ranges) {
    const match = offered.find((o) => (range.type === '*' || range.type === o.type) && (range.subtype === '*' || range.subtype === o.subtype));
    if (match !== undefined) return match.encoding;
  }
  return undefined;
}
