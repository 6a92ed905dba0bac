// Which key prefixes the watch cache holds for a set of resource declarations: one per stored
// resource, whatever its versions, as kube-apiserver has one cacher per storage.

import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { indexedWatchField } from '../registry/watch-index.ts';
import type { WatchIndex } from '../storage/cacher/resource-cache.ts';
import { collectionPrefix } from '../storage/keys.ts';

/** The watch cache's indexed resources among `definitions` (pods by spec.nodeName), by collection prefix. */
export function watchIndexesOf(definitions: readonly ResourceDefinition[]): Map<string, WatchIndex> {
  const indexes = new Map<string, WatchIndex>();
  for (const definition of definitions) {
    const indexed = indexedWatchField(definition);
    if (definition.storagePrefix !== undefined && indexed !== undefined) indexes.set(collectionPrefix(definition.storagePrefix), indexed.value);
  }
  return indexes;
}

/** The collection prefixes ("/registry/example.com/widgets/") of the stored resources among `definitions`. */
export const cachedPrefixesOf = (definitions: readonly ResourceDefinition[]): Set<string> =>
  new Set(definitions.flatMap((definition) => (definition.storagePrefix === undefined ? [] : [collectionPrefix(definition.storagePrefix)])));
