// Aggregated discovery (apidiscovery.k8s.io/v2 APIGroupDiscoveryList) for GET /api and GET /apis,
// with its exact response media type and kube's ETag / If-None-Match rules.

import { createHash } from 'node:crypto';
import type { ResourceDefinition, Verb } from '../resources/resource-definition.ts';
import { orderedGroups, orderedVersions, resourcesOf } from './legacy-discovery.ts';
import { discoveryVerbs } from './discovery-verbs.ts';

/** client-go only treats the body as aggregated when g, v and as carry these values. */
export const AGGREGATED_DISCOVERY_CONTENT_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Headers kube's ServeHTTPWithETag sets beside ETag on aggregated discovery responses. */
export const AGGREGATED_DISCOVERY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': AGGREGATED_DISCOVERY_CONTENT_TYPE,
  Vary: 'Accept',
  'Cache-Control': 'public',
};

// Property order follows the apidiscovery/v2 Go structs; optional properties are `omitempty`.

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

export interface APISubresourceDiscovery {
  readonly subresource: string;
  readonly responseKind: GroupVersionKind;
  readonly verbs: readonly Verb[];
}

export interface APIResourceDiscovery {
  readonly resource: string;
  readonly responseKind: GroupVersionKind;
  readonly scope: 'Namespaced' | 'Cluster';
  readonly singularResource: string;
  readonly verbs: readonly Verb[];
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  readonly subresources?: readonly APISubresourceDiscovery[];
}

export interface APIVersionDiscovery {
  readonly version: string;
  readonly resources: readonly APIResourceDiscovery[];
  readonly freshness: 'Current';
}

/** ObjectMeta as kube-apiserver 1.35 encodes one with only a name: name omitted when "", and no creationTimestamp (omitted when zero). */
export interface DiscoveryGroupMeta {
  readonly name?: string;
}

export interface APIGroupDiscovery {
  readonly metadata: DiscoveryGroupMeta;
  readonly versions: readonly APIVersionDiscovery[];
}

export interface APIGroupDiscoveryList {
  readonly kind: 'APIGroupDiscoveryList';
  readonly apiVersion: 'apidiscovery.k8s.io/v2';
  readonly metadata: Readonly<Record<string, never>>;
  readonly items: readonly APIGroupDiscovery[];
}

function resourceDiscovery(def: ResourceDefinition): APIResourceDiscovery {
  const subresources = [...def.subresources]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(
      (sub): APISubresourceDiscovery => ({
        subresource: sub.name,
        responseKind: { group: sub.group ?? def.group, version: sub.version ?? def.version, kind: sub.kind },
        verbs: sub.verbs,
      }),
    );
  return {
    resource: def.resource,
    responseKind: { group: def.group, version: def.version, kind: def.kind },
    scope: def.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: def.singularName,
    verbs: discoveryVerbs(def),
    ...(def.shortNames.length > 0 ? { shortNames: def.shortNames } : {}),
    ...(def.categories.length > 0 ? { categories: def.categories } : {}),
    ...(subresources.length > 0 ? { subresources } : {}),
  };
}

function groupDiscovery(defs: readonly ResourceDefinition[], group: string): APIGroupDiscovery {
  const versions = orderedVersions(defs, group).map(
    (version): APIVersionDiscovery => ({
      version,
      resources: resourcesOf(defs, group, version).map(resourceDiscovery),
      freshness: 'Current',
    }),
  );
  return {
    metadata: group === '' ? {} : { name: group },
    versions,
  };
}

function discoveryList(items: readonly APIGroupDiscovery[]): APIGroupDiscoveryList {
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** GET /api: one item, the core group (no metadata.name), or no item when nothing is in core. */
export function aggregatedCoreDiscovery(defs: readonly ResourceDefinition[]): APIGroupDiscoveryList {
  return discoveryList(defs.some((d) => d.group === '') ? [groupDiscovery(defs, '')] : []);
}

/** GET /apis: every named group in kube's group order, preferred version first. */
export function aggregatedGroupsDiscovery(defs: readonly ResourceDefinition[]): APIGroupDiscoveryList {
  return discoveryList(
    orderedGroups(defs)
      .filter((g) => g !== '')
      .map((g) => groupDiscovery(defs, g)),
  );
}

/** kube's discovery ETag: the upper-case hex SHA-512 of the serialized document, in double quotes. */
export function discoveryETag(serialized: string | Uint8Array): string {
  return `"${createHash('sha512').update(serialized).digest('hex').toUpperCase()}"`;
}

/** kube answers 304 only when If-None-Match is exactly the quoted ETag. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch === etag;
}

/**
 * Whether an Accept header asks for aggregated v2 discovery: some media range is application/json
 * (or a wildcard over it) with g=apidiscovery.k8s.io, v=v2 and as=APIGroupDiscoveryList, in any order.
 */
export function acceptsAggregatedDiscovery(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim());
    if (!['application/json', 'application/*', '*/*'].includes(type.toLowerCase())) return false;
    const values = new Map(
      params.map((p) => {
        const eq = p.indexOf('=');
        return eq < 0 ? [p, ''] : [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
      }),
    );
    return values.get('g') === 'apidiscovery.k8s.io' && values.get('v') === 'v2' && values.get('as') === 'APIGroupDiscoveryList';
  });
}
