// The HPA's target through its scale subresource, as kube's scale client reaches it: the kind of
// scaleTargetRef is mapped to its resource in the group (any served version, the preferred one
// first; a kind the group does not serve is kube's NoKindMatchError), then the scale of that
// resource is read and written at the group's preferred version.

import type { RestClient } from '@capstan/common/client';
import { discoverServedGroups, type ServedGroup } from '../discovery/served-groups.ts';

export interface Scale {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly namespace?: string; readonly resourceVersion?: string };
  readonly spec?: { readonly replicas?: number };
  readonly status?: { readonly replicas?: number; readonly selector?: string };
}

export interface ScaleResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
}

/** schema.ParseGroupVersion's answer, or its error. */
export function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0] as string, version: parts[1] as string };
  throw new Error(`unexpected GroupVersion string: ${apiVersion}`);
}

export class ScaleTargets {
  readonly #client: RestClient;
  #groups: readonly ServedGroup[] | undefined;

  constructor(client: RestClient) {
    this.#client = client;
  }

  /** RESTMappings for the group and kind, narrowed to the resource to scale; discovery is read again on a miss. */
  async resolve(group: string, kind: string): Promise<ScaleResource> {
    for (const fresh of [false, true]) {
      if (fresh || this.#groups === undefined) this.#groups = await discoverServedGroups(this.#client);
      const served = this.#groups.find((candidate) => candidate.name === group);
      for (const version of served?.versions ?? []) {
        const entry = version.resources?.find((resource) => resource.kind === kind);
        if (entry !== undefined) return { group, version: served?.preferredVersion ?? version.version, resource: entry.name };
      }
    }
    throw new Error(`no matches for kind ${JSON.stringify(kind)} in group ${JSON.stringify(group)}`);
  }

  get(target: ScaleResource, namespace: string, name: string): Promise<Scale> {
    return this.#client.get<Scale>({ ...target, namespace, name, subresource: 'scale' });
  }

  update(target: ScaleResource, namespace: string, scale: Scale): Promise<Scale> {
    return this.#client.update<Scale & { metadata?: object }>({ ...target, namespace, name: scale.metadata?.name ?? '', subresource: 'scale' }, scale);
  }
}
