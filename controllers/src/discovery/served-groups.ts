// What the API server serves, read from its discovery documents as client-go's discovery client
// reads them: aggregated discovery (/api and /apis, apidiscovery.k8s.io/v2) when the server offers
// it, else the legacy documents version by version. Versions come in preference order; a version
// whose discovery failed (stale, or unreadable) says why instead of listing resources.

import { ApiError, type RestClient } from '@capstan/common/client';
import { errorMessage } from '@capstan/common';

export interface ServedResource {
  /** The plural name; subresources ("pods/status") are left out. */
  readonly name: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

export interface ServedVersion {
  readonly version: string;
  /** Undefined when the version could not be discovered (`failure` says why). */
  readonly resources?: readonly ServedResource[];
  readonly failure?: string;
}

export interface ServedGroup {
  /** "" for the core group. */
  readonly name: string;
  readonly preferredVersion: string | undefined;
  readonly versions: readonly ServedVersion[];
}

export interface DiscoveryOptions {
  readonly signal?: AbortSignal;
  /** false asks for the legacy documents only, as a client without aggregated discovery does. */
  readonly aggregated?: boolean;
}

/** client-go's GroupVersion.String(): the core group's versions stand alone. */
export function groupVersionString(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

// The documents as the API server writes them (only the fields read here).
interface AggregatedDiscovery {
  readonly items?: readonly {
    readonly metadata?: { readonly name?: string };
    readonly versions?: readonly {
      readonly version: string;
      readonly freshness?: string;
      readonly resources?: readonly { readonly resource: string; readonly scope: string; readonly verbs?: readonly string[]; readonly responseKind?: { readonly kind?: string } }[];
    }[];
  }[];
}
interface LegacyVersions {
  readonly versions?: readonly string[];
}
interface LegacyGroupList {
  readonly groups?: readonly { readonly name: string; readonly preferredVersion?: { readonly version: string }; readonly versions?: readonly { readonly version: string }[] }[];
}
interface LegacyResourceList {
  readonly resources?: readonly { readonly name: string; readonly kind?: string; readonly namespaced?: boolean; readonly verbs?: readonly string[] }[];
}

const aggregatedAccept =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

/** Every served group, the core one first; throws when the group lists themselves cannot be read. */
export async function discoverServedGroups(client: RestClient, options: DiscoveryOptions = {}): Promise<ServedGroup[]> {
  const { signal, aggregated = true } = options;
  const accept = aggregated ? aggregatedAccept : 'application/json';
  const [core, named] = await Promise.all([fetchGroups(client, '/api', accept, signal), fetchGroups(client, '/apis', accept, signal)]);
  return [...core, ...named];
}

async function fetchGroups(client: RestClient, path: '/api' | '/apis', accept: string, signal: AbortSignal | undefined): Promise<ServedGroup[]> {
  let response;
  try {
    response = await client.request({ method: 'GET', path, accept, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    // A server without the core group (or without named groups) answers 404 or 403: nothing there.
    if (error instanceof ApiError && (error.code === 404 || error.code === 403)) return [];
    throw error;
  }
  const document: unknown = JSON.parse(response.body.toString('utf8'));
  if (String(response.headers['content-type'] ?? '').includes('g=apidiscovery.k8s.io')) return aggregatedGroups(document as AggregatedDiscovery);
  return path === '/api' ? legacyGroups(client, legacyCoreGroup(document as LegacyVersions), signal) : legacyGroups(client, legacyNamedGroups(document as LegacyGroupList), signal);
}

/** A stale version (an aggregated API server not answering) failed. */
function aggregatedGroups(document: AggregatedDiscovery): ServedGroup[] {
  return (document.items ?? []).map((item) => {
    const name = item.metadata?.name ?? '';
    const versions = (item.versions ?? []).map((entry): ServedVersion => {
      if (entry.freshness === 'Stale') return { version: entry.version, failure: `stale GroupVersion discovery: ${groupVersionString(name, entry.version)}` };
      const resources = (entry.resources ?? []).map((r) => ({ name: r.resource, kind: r.responseKind?.kind ?? '', namespaced: r.scope === 'Namespaced', verbs: r.verbs ?? [] }));
      return { version: entry.version, resources };
    });
    return { name, preferredVersion: versions[0]?.version, versions };
  });
}

interface LegacyGroup {
  readonly name: string;
  readonly preferredVersion: string | undefined;
  readonly versions: readonly string[];
}

function legacyCoreGroup(document: LegacyVersions): LegacyGroup[] {
  const versions = document.versions ?? [];
  return versions.length === 0 ? [] : [{ name: '', preferredVersion: versions[0], versions }];
}

function legacyNamedGroups(document: LegacyGroupList): LegacyGroup[] {
  return (document.groups ?? []).map((group) => ({
    name: group.name,
    preferredVersion: group.preferredVersion?.version,
    versions: (group.versions ?? []).map((v) => v.version),
  }));
}

function legacyGroups(client: RestClient, groups: readonly LegacyGroup[], signal: AbortSignal | undefined): Promise<ServedGroup[]> {
  return Promise.all(
    groups.map(async (group) => ({
      name: group.name,
      preferredVersion: group.preferredVersion,
      versions: await Promise.all(group.versions.map((version) => legacyVersion(client, group.name, version, signal))),
    })),
  );
}

async function legacyVersion(client: RestClient, group: string, version: string, signal: AbortSignal | undefined): Promise<ServedVersion> {
  const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  try {
    const response = await client.request({ method: 'GET', path, ...(signal === undefined ? {} : { signal }) });
    const list = JSON.parse(response.body.toString('utf8')) as LegacyResourceList;
    const resources = (list.resources ?? []).filter((r) => !r.name.includes('/'));
    return { version, resources: resources.map((r) => ({ name: r.name, kind: r.kind ?? '', namespaced: r.namespaced === true, verbs: r.verbs ?? [] })) };
  } catch (error) {
    if (signal?.aborted === true) throw error;
    return { version, failure: errorMessage(error) };
  }
}
