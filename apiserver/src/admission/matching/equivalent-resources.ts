// kube's equivalent resource mapper, over what Capstan serves: the resources that address the same
// stored objects as a request's resource through another group or version (a custom resource's
// other served versions; core/v1 and events.k8s.io/v1 events, which share their storage), for the
// matchPolicy Equivalent of admission policies and webhooks.

import type { ResourceDefinition } from '../../resources/resource-definition.ts';

export interface GroupVersionResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
}

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

export interface EquivalentResources {
  /**
   * Every served resource over the same stored objects that serves `subresource` ("" for the
   * object itself), `resource` among them when it is served.
   */
  equivalentsOf(resource: GroupVersionResource, subresource: string): readonly GroupVersionResource[];
  /** The kind a request of the resource (and subresource) carries, e.g. autoscaling/v1 Scale for deployments/scale. */
  kindOf(resource: GroupVersionResource, subresource: string): GroupVersionKind | undefined;
}

const sameResource = (definition: ResourceDefinition, resource: GroupVersionResource): boolean =>
  definition.group === resource.group && definition.version === resource.version && definition.resource === resource.resource;

/** The kind a request of the resource (or of one of its subresources) carries; undefined for a subresource it does not serve. */
export function kindOfDefinition(definition: ResourceDefinition, subresource: string): GroupVersionKind | undefined {
  if (subresource === '') return { group: definition.group, version: definition.version, kind: definition.kind };
  const served = definition.subresources.find((candidate) => candidate.name === subresource);
  if (served === undefined) return undefined;
  return { group: served.group ?? definition.group, version: served.version ?? definition.version, kind: served.kind };
}

/**
 * The mapper over the resources served now (`definitions` is asked on every call, so custom
 * resources come and go with their definitions). Resources are equivalent when they are kept
 * under one storage prefix, as kube keys its registry by the storage's resource prefix.
 */
export function servedEquivalentResources(definitions: () => readonly ResourceDefinition[]): EquivalentResources {
  const definitionOf = (resource: GroupVersionResource): ResourceDefinition | undefined => definitions().find((definition) => sameResource(definition, resource));
  return {
    equivalentsOf: (resource, subresource) => {
      const requested = definitionOf(resource);
      if (requested === undefined) return [];
      const prefix = requested.storagePrefix;
      return definitions()
        .filter((definition) => (prefix === undefined ? definition === requested : definition.storagePrefix === prefix))
        .filter((definition) => kindOfDefinition(definition, subresource) !== undefined)
        .map((definition) => ({ group: definition.group, version: definition.version, resource: definition.resource }));
    },
    kindOf: (resource, subresource) => {
      const definition = definitionOf(resource);
      return definition === undefined ? undefined : kindOfDefinition(definition, subresource);
    },
  };
}
