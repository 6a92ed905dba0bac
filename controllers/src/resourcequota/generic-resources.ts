// The objects of resources the quota controller keeps no informer on (a quota's
// count/<resource>.<group> of any served resource): listed when a quota is synced, at the version
// discovery prefers for the group (or the first serving the resource).

import type { KubeObject, RestClient } from '@capstan/common/client';
import { discoverServedGroups } from '../discovery/served-groups.ts';

export class GenericResourceLister {
  readonly #client: RestClient;
  /** group/resource -> version, as last discovered. */
  #versions: Map<string, string> | undefined;

  constructor(client: RestClient) {
    this.#client = client;
  }

  /** The namespace's objects of the resource; throws when it is not served. */
  async list(group: string, resource: string, namespace: string, signal?: AbortSignal): Promise<KubeObject[]> {
    const key = `${group}/${resource}`;
    let version = this.#versions?.get(key);
    if (version === undefined) {
      this.#versions = await this.#discover(signal);
      version = this.#versions.get(key);
    }
    if (version === undefined) throw new Error(`the server could not find the requested resource ${key}`);
    return (await this.#client.listAll({ group, version, resource, namespace }, { metadataOnly: true, ...(signal === undefined ? {} : { signal }) })).items;
  }

  async #discover(signal?: AbortSignal): Promise<Map<string, string>> {
    const versions = new Map<string, string>();
    for (const group of await discoverServedGroups(this.#client, signal === undefined ? {} : { signal })) {
      const ordered = [...group.versions].sort((a, b) => Number(b.version === group.preferredVersion) - Number(a.version === group.preferredVersion));
      for (const { version, resources } of ordered) {
        for (const served of resources ?? []) {
          const key = `${group.name}/${served.name}`;
          if (served.namespaced && served.verbs.includes('list') && !versions.has(key)) versions.set(key, version);
        }
      }
    }
    return versions;
  }
}
