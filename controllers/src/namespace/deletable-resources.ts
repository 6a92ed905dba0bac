// The resources a terminating namespace is emptied of, found through the API server's discovery as
// kube-controller-manager finds them (client-go's ServerPreferredNamespacedResources, then those
// that support delete): each group's resources at its preferred version, or at the first version
// serving them, subresources left out, the namespaced ones kept. Aggregated discovery (/api and
// /apis) is asked for; a server answering with the legacy documents is read version by version
// (discovery/served-groups.ts).

import type { RestClient } from '@capstan/common/client';
import { discoverServedGroups, groupVersionString, type DiscoveryOptions, type ServedGroup } from '../discovery/served-groups.ts';

export { groupVersionString };

export interface DeletableResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly verbs: ReadonlySet<string>;
}

export interface Discovery {
  readonly resources: readonly DeletableResource[];
  /** Why the list is incomplete, worded as client-go's ErrGroupDiscoveryFailed; absent when nothing failed. */
  readonly failure?: { readonly message: string; readonly failedGroupVersions: number };
}

/** Throws when the group lists themselves cannot be read (nothing is known then). */
export async function discoverDeletableResources(client: RestClient, options: DiscoveryOptions = {}): Promise<Discovery> {
  const groups = await discoverServedGroups(client, options);
  const failed = groups.flatMap((group) => group.versions.flatMap((v) => (v.failure === undefined ? [] : [`${groupVersionString(group.name, v.version)}: ${v.failure}`])));
  const resources = preferredResources(groups).filter((r) => r.namespaced && r.verbs.has('delete'));
  if (failed.length === 0) return { resources };
  return {
    resources,
    failure: { message: `unable to retrieve the complete list of server APIs: ${failed.sort().join(', ')}`, failedGroupVersions: failed.length },
  };
}

/** What ParseGroupVersion says of a group version with a slash too many, if it has one. */
export function groupVersionParseError(resource: DeletableResource): string | undefined {
  const groupVersion = groupVersionString(resource.group, resource.version);
  return groupVersion.split('/').length > 2 ? `unexpected GroupVersion string: ${groupVersion}` : undefined;
}

function preferredResources(groups: readonly ServedGroup[]): (DeletableResource & { readonly namespaced: boolean })[] {
  const chosen = new Map<string, DeletableResource & { readonly namespaced: boolean }>();
  for (const group of groups) {
    for (const served of group.versions) {
      for (const resource of served.resources ?? []) {
        if (resource.name.includes('/')) continue;
        const key = `${group.name}/${resource.name}`;
        if (chosen.has(key) && served.version !== group.preferredVersion) continue;
        chosen.set(key, { group: group.name, version: served.version, resource: resource.name, namespaced: resource.namespaced, verbs: new Set(resource.verbs) });
      }
    }
  }
  return [...chosen.values()];
}
