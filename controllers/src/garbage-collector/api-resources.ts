// What the garbage collector learns from the API server's aggregated discovery (/api and /apis):
// the resources it watches (kube's GetDeletableResources: each group's resources at the preferred
// version, or at the first version serving them, that support list, watch and delete; events
// left out as kube ignores them) and a REST mapper from an ownerReference's apiVersion and kind
// to the resource to ask for, over every served version.

import type { RestClient } from '@capstan/common/client';
import { discoverServedGroups, groupVersionString } from '../discovery/served-groups.ts';

export interface ApiResource {
  readonly group: string;
  readonly version: string;
  /** The plural resource name. */
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

export interface ApiResources {
  /** The resources to keep informers on. */
  readonly deletable: readonly ApiResource[];
  /** Group versions whose discovery failed (stale): their informers are kept as they are. */
  readonly failedGroupVersions: ReadonlySet<string>;
  /** The resource of an apiVersion and kind, if one is served. */
  mapping(apiVersion: string, kind: string): ApiResource | undefined;
}

/** The resources kube's garbage collector never watches (its DefaultIgnoredResources). */
const ignoredResources: ReadonlySet<string> = new Set(['/events', 'events.k8s.io/events']);

const requiredVerbs = ['delete', 'list', 'watch'];

/** An ownerReference's apiVersion of a group and version (client-go's GroupVersion.String()). */
export const apiVersionOf = groupVersionString;

export async function discoverApiResources(client: RestClient, signal?: AbortSignal): Promise<ApiResources> {
  const groups = await discoverServedGroups(client, signal === undefined ? {} : { signal });
  const mappings = new Map<string, ApiResource>();
  const seen = new Set<string>();
  const deletable: ApiResource[] = [];
  const failedGroupVersions = new Set<string>();
  for (const group of groups) {
    // Versions come in preference order: the first one serving a resource is where it is watched.
    for (const served of group.versions) {
      if (served.resources === undefined) {
        failedGroupVersions.add(apiVersionOf(group.name, served.version));
        continue;
      }
      for (const entry of served.resources) {
        const resource: ApiResource = { group: group.name, version: served.version, resource: entry.name, kind: entry.kind, namespaced: entry.namespaced };
        const mappingKey = `${apiVersionOf(group.name, served.version)}/${entry.kind}`;
        if (entry.kind !== '' && !mappings.has(mappingKey)) mappings.set(mappingKey, resource);
        const groupResource = `${group.name}/${entry.name}`;
        if (seen.has(groupResource)) continue;
        seen.add(groupResource);
        if (!ignoredResources.has(groupResource) && requiredVerbs.every((verb) => entry.verbs.includes(verb))) deletable.push(resource);
      }
    }
  }
  return {
    deletable,
    failedGroupVersions,
    mapping: (apiVersion, kind) => mappings.get(`${apiVersion}/${kind}`),
  };
}
