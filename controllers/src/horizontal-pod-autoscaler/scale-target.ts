// An HPA's scaleTargetRef resolved as kube's controller resolves it: the kind's resource found
// through discovery (any served version of the group, the preferred first, as a RESTMapper maps a
// group and kind), then its /scale subresource read and written as autoscaling/v1 Scale.

import { isConflict, type KubeObject, type ResourceTarget, type RestClient } from '@capstan/common/client';
import type { CrossVersionObjectReference } from '@capstan/common/api-types/autoscaling-v2';
import { discoverServedGroups, type ServedGroup } from '../discovery/served-groups.ts';

export type Scale = KubeObject & { spec?: { replicas?: number }; status?: { replicas?: number; selector?: string } };

/** How long one reading of discovery is used; a kind not found in it reads it again at most this often. */
const discoveryMaxAgeMs = 30_000;

export class ScaleTargets {
  readonly #client: RestClient;
  #groups: Promise<ServedGroup[]> | undefined;
  #readAt = 0;

  constructor(client: RestClient) {
    this.#client = client;
  }

  /** The scale subresources that may be the reference's, in preference order; throws kube's RESTMapper error when none. */
  async targets(reference: CrossVersionObjectReference, namespace: string): Promise<ResourceTarget[]> {
    const apiVersion = reference.apiVersion ?? '';
    const parts = apiVersion.split('/');
    if (parts.length > 2 || parts.some((part) => part === '' && apiVersion !== '')) throw new Error(`unexpected GroupVersion string: ${apiVersion}`);
    const group = parts.length === 2 ? (parts[0] as string) : '';
    let found = this.#find(await this.#discovery(false), group, reference.kind);
    if (found.length === 0) found = this.#find(await this.#discovery(true), group, reference.kind);
    if (found.length === 0) throw new Error(`no matches for kind "${reference.kind}" in group "${group}"`);
    return found.map(({ version, resource }) => ({ group, version, resource, namespace, name: reference.name, subresource: 'scale' }));
  }

  /** What the API server serves, as last read (at most discoveryMaxAgeMs old). */
  servedGroups(): Promise<ServedGroup[]> {
    return this.#discovery(false);
  }

  async #discovery(refresh: boolean): Promise<ServedGroup[]> {
    const now = Date.now();
    if (this.#groups === undefined || now - this.#readAt > discoveryMaxAgeMs || (refresh && now - this.#readAt > 1_000)) {
      this.#readAt = now;
      this.#groups = discoverServedGroups(this.#client).catch((error: unknown) => {
        this.#groups = undefined;
        throw error;
      });
    }
    return this.#groups;
  }

  #find(groups: readonly ServedGroup[], group: string, kind: string): { version: string; resource: string }[] {
    const served = groups.find((g) => g.name === group);
    if (served === undefined) return [];
    const versions = [...served.versions].sort((a, b) => Number(b.version === served.preferredVersion) - Number(a.version === served.preferredVersion));
    const found: { version: string; resource: string }[] = [];
    for (const version of versions) {
      const resource = version.resources?.find((r) => r.kind === kind);
      if (resource !== undefined) found.push({ version: version.version, resource: resource.name });
    }
    return found;
  }

  /** The first scale that reads, trying each mapping (kube's scaleForResourceMappings); throws the first error. */
  async get(reference: CrossVersionObjectReference, namespace: string): Promise<{ scale: Scale; target: ResourceTarget }> {
    const targets = await this.targets(reference, namespace);
    let first: unknown;
    for (const target of targets) {
      try {
        return { scale: await this.#client.get<Scale>(target), target };
      } catch (error) {
        first ??= error;
      }
    }
    throw first ?? new Error('unrecognized resource');
  }

  /** Writes the replicas, reading the scale again after a conflict (client-go's RetryOnConflict, five tries). */
  async update(target: ResourceTarget, scale: Scale, replicas: number): Promise<void> {
    let current = scale;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#client.update<Scale>(target, { ...current, apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { ...current.spec, replicas } });
        return;
      } catch (error) {
        if (attempt >= 5 || !isConflict(error)) throw error;
        current = await this.#client.get<Scale>(target).catch(() => current);
      }
    }
  }
}
