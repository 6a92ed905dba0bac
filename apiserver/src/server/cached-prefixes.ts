// Which key prefixes the watch cache holds for a set of resource declarations: one per stored
// resource, whatever its versions, as kube-apiserver has one cacher per storage.

import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { collectionPrefix } from '../storage/keys.ts';

/** The collection prefixes ("/registry/example.com/widgets/") of the stored resources among `definitions`. */
export const cachedPrefixesOf = (definitions: readonly ResourceDefinition[]): Set<string> =>
  new Set(definitions.flatMap((definition) => (definition.storagePrefix === undefined ? [] : [collectionPrefix(definition.storagePrefix)])));
