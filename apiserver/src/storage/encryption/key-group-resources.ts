// Which resource a storage key belongs to, for encryption at rest: the built-in resources by their
// key prefix ("/registry/secrets/", "/registry/services/specs/"), and custom resources by theirs,
// "/registry/<group>/<plural>/" (a CRD's group always has a dot; a built-in prefix never does in
// its first segment, except "apiregistration.k8s.io/apiservices", which reads the same way).

import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import { collectionPrefix, registryRoot } from '../keys.ts';
import type { GroupResource } from './group-resources.ts';

export type KeyGroupResource = (key: string) => GroupResource | undefined;

/** The resolver of keys under the stored resources of `definitions` and of custom resources. */
export function keyGroupResources(definitions: readonly ResourceDefinition[]): KeyGroupResource {
  const byPrefix = new Map<string, GroupResource>();
  for (const definition of definitions) {
    if (definition.storagePrefix === undefined) continue;
    const prefix = collectionPrefix(definition.storagePrefix);
    // The first declaration of a prefix is its storage resource: core events before events.k8s.io's,
    // as kube encrypts events.k8s.io Events as the core `events` they are stored as.
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, { group: definition.group, resource: definition.resource });
  }
  return (key) => {
    if (!key.startsWith(registryRoot)) return undefined;
    const first = key.indexOf('/', registryRoot.length);
    if (first < 0) return undefined;
    const one = byPrefix.get(key.slice(0, first + 1));
    if (one !== undefined) return one;
    const second = key.indexOf('/', first + 1);
    if (second < 0) return undefined;
    const twoSegments = key.slice(0, second + 1);
    const two = byPrefix.get(twoSegments);
    if (two !== undefined) return two;
    const group = key.slice(registryRoot.length, first);
    if (!group.includes('.')) return undefined;
    const custom = { group, resource: key.slice(first + 1, second) };
    byPrefix.set(twoSegments, custom);
    return custom;
  };
}
