// Serves GET /openapi/v2 as kube-openapi's handler does: JSON, or gnostic's Protobuf for kubectl's
// media type, picked from Accept (none means */*; nothing acceptable is a bare 406), one ETag
// (the quoted upper-case SHA-512 of the JSON) for both, Last-Modified, If-None-Match and
// If-Modified-Since answered with 304 as Go's http.ServeContent does, Vary: Accept, and gzip for
// a client that accepts it. The document, each encoding and each gzip are made once, on first use.

import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { BytesResponse } from '../discovery/discovery-endpoints.ts';
import { discoveryETag } from '../discovery/aggregated-discovery.ts';
import { acceptsGzip } from '../endpoints/compress-response.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

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
  readonly document: Record<string, unknown>;
}

export class OpenApiV2Endpoint {
  readonly #definitions: readonly ResourceDefinition[];
  readonly #kubernetesVersion: string;
  /** When the served spec took its current form: this server's start (HTTP dates have whole seconds). */
  readonly #lastModified = new Date(Math.floor(Date.now() / 1000) * 1000);
  #built: Promise<Built> | undefined;
  readonly #bodies = new Map<string, Promise<Uint8Array>>();

  constructor(definitions: readonly ResourceDefinition[], kubernetesVersion: string) {
    this.#definitions = definitions;
    this.#kubernetesVersion = kubernetesVersion;
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
    if (this.#notModified(headers, built.etag)) return { status: 304, headers: validators, body: new Uint8Array() };
    const body = await this.#body(built, encoding, gzipped);
    return {
      status: 200,
      headers: {
        'accept-ranges': 'bytes',
        'content-type': contentTypes[encoding],
        ...validators,
        'last-modified': this.#lastModified.toUTCString(),
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      },
      body,
    };
  }

  /** Go's checkIfNoneMatch (weak comparison, lists, *), else checkIfModifiedSince. */
  #notModified(headers: IncomingHttpHeaders, etag: string): boolean {
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined) {
      const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
      return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
    }
    const since = Date.parse(headers['if-modified-since'] ?? '');
    return !Number.isNaN(since) && this.#lastModified.getTime() <= since;
  }

  #body(built: Built, encoding: Encoding, gzipped: boolean): Promise<Uint8Array> {
    const key = `${encoding}${gzipped ? '+gzip' : ''}`;
    let body = this.#bodies.get(key);
    if (body === undefined) {
      body = gzipped ? this.#body(built, encoding, false).then((plain) => gzipAsync(plain)) : this.#encode(built, encoding);
      this.#bodies.set(key, body);
    }
    return body;
  }

  async #encode(built: Built, encoding: Encoding): Promise<Uint8Array> {
    if (encoding === 'json') return built.json;
    const { encodeOpenApiV2Document } = await import('./openapi-v2-protobuf.ts');
    return encodeOpenApiV2Document(built.document);
  }

  async #build(): Promise<Built> {
    const { openApiV2Document } = await import('./openapi-v2-document.ts');
    const document = openApiV2Document(this.#definitions, this.#kubernetesVersion);
    const json = Buffer.from(JSON.stringify(document));
    return { json, etag: discoveryETag(json), document };
  }
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
