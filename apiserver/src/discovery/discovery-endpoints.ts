// Serves the discovery documents: encoded once when the served resources change (at start-up, and
// when a CustomResourceDefinition is established or goes), aggregated v2 for clients that ask for
// it by Accept (with ETag and 304), the legacy documents otherwise.

import type { IncomingHttpHeaders } from 'node:http';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import {
  acceptsAggregatedDiscovery,
  aggregatedCoreDiscovery,
  aggregatedGroupsDiscovery,
  AGGREGATED_DISCOVERY_HEADERS,
  discoveryETag,
  isNotModified,
} from './aggregated-discovery.ts';
import { apiGroup, apiGroupList, apiResourceList, apiVersions, orderedGroups, orderedVersions } from './legacy-discovery.ts';

export interface BytesResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

interface Aggregated {
  readonly body: Uint8Array;
  readonly etag: string;
}

const jsonHeaders = { 'content-type': 'application/json' } as const;
const encode = (document: unknown): Uint8Array => Buffer.from(JSON.stringify(document));

function aggregated(document: unknown): Aggregated {
  const body = encode(document);
  return { body, etag: discoveryETag(body) };
}

export class DiscoveryEndpoints {
  #definitions: readonly ResourceDefinition[] = [];
  #aggregated: ReadonlyMap<string, Aggregated> = new Map();
  #legacy: ReadonlyMap<string, Uint8Array> = new Map();

  constructor(definitions: readonly ResourceDefinition[]) {
    this.update(definitions);
  }

  /** Serves the documents of `definitions` from now on. */
  update(definitions: readonly ResourceDefinition[]): void {
    this.#definitions = definitions;
    this.#aggregated = new Map([
      ['/api', aggregated(aggregatedCoreDiscovery(definitions))],
      ['/apis', aggregated(aggregatedGroupsDiscovery(definitions))],
    ]);
    const legacy = new Map<string, Uint8Array>([['/apis', encode(apiGroupList(definitions))]]);
    for (const group of orderedGroups(definitions)) {
      if (group !== '') legacy.set(`/apis/${group}`, encode(apiGroup(definitions, group)));
      for (const version of orderedVersions(definitions, group)) {
        const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
        legacy.set(path, encode(apiResourceList(definitions, group, version)));
      }
    }
    this.#legacy = legacy;
  }

  /** The response for a discovery path, or undefined when the path is not one. */
  respond(path: string, headers: IncomingHttpHeaders, serverAddress: string): BytesResponse | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const aggregatedDocument = this.#aggregated.get(trimmed);
    if (aggregatedDocument !== undefined && acceptsAggregatedDiscovery(headers.accept)) {
      const responseHeaders = { ...AGGREGATED_DISCOVERY_HEADERS, etag: aggregatedDocument.etag };
      if (isNotModified(headers['if-none-match'], aggregatedDocument.etag)) {
        return { status: 304, headers: responseHeaders, body: new Uint8Array() };
      }
      return { status: 200, headers: responseHeaders, body: aggregatedDocument.body };
    }
    if (trimmed === '/api') return { status: 200, headers: jsonHeaders, body: encode(apiVersions(this.#definitions, serverAddress)) };
    const body = this.#legacy.get(trimmed);
    return body === undefined ? undefined : { status: 200, headers: jsonHeaders, body };
  }
}
