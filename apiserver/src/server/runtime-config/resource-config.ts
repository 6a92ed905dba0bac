// Which group-versions and resources are served, as kube's ResourceConfig keeps it: a switch per
// group-version and, above it, a switch per resource. Starts from kube-apiserver 1.35's defaults
// (kube-api-versions.ts); runtime-config.ts applies --runtime-config to it.

import { groupVersionKey, kubeDefaultOffVersions, kubeDefaultOnVersions } from './kube-api-versions.ts';

const resourceKey = (group: string, version: string, resource: string): string => `${groupVersionKey(group, version)}/${resource}`;

export class ResourceConfig {
  /** By "group/version": whether it is served. A group-version absent is not. */
  readonly #versions = new Map<string, boolean>();
  /** By "group/version/resource": a resource's own switch, which wins over its version's. */
  readonly #resources = new Map<string, boolean>();

  /** kube-apiserver 1.35's defaults: GA versions on, the beta and alpha ones it lists off. */
  static kubeDefault(): ResourceConfig {
    const config = new ResourceConfig();
    for (const key of kubeDefaultOnVersions) config.#versions.set(key, true);
    for (const key of kubeDefaultOffVersions) config.#versions.set(key, false);
    return config;
  }

  /** Switches every group-version already listed whose version `matches` (api/all, api/ga, ...), dropping their resources' own switches. */
  setMatchingVersions(matches: (version: string) => boolean, enabled: boolean): void {
    for (const key of this.#versions.keys()) {
      if (matches(key.slice(key.indexOf('/') + 1))) this.#setVersionKey(key, enabled);
    }
  }

  /** Switches one group-version (listed or not), dropping its resources' own switches. */
  setVersion(group: string, version: string, enabled: boolean): void {
    this.#setVersionKey(groupVersionKey(group, version), enabled);
  }

  setResource(group: string, version: string, resource: string, enabled: boolean): void {
    this.#resources.set(resourceKey(group, version, resource), enabled);
  }

  resourceEnabled(group: string, version: string, resource: string): boolean {
    return this.#resources.get(resourceKey(group, version, resource)) ?? this.versionEnabled(group, version);
  }

  versionEnabled(group: string, version: string): boolean {
    return this.#versions.get(groupVersionKey(group, version)) ?? false;
  }

  #setVersionKey(key: string, enabled: boolean): void {
    this.#versions.set(key, enabled);
    for (const resource of [...this.#resources.keys()]) {
      if (resource.startsWith(`${key}/`) && !resource.slice(key.length + 1).includes('/')) this.#resources.delete(resource);
    }
  }
}
