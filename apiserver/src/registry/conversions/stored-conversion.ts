// A kind served in more than one group-version is one stored object: each other group-version
// converts it on the way in (toStorage) and out (fromStorage), on every read, write and watch event.

import type { JsonObject } from '../object-meta.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import { eventsV1Conversion } from './event-conversion.ts';
import { autoscalingV1Conversion } from './hpa-conversion.ts';
import { lookup, versionedResourceKeyOf, type BuiltinVersionedResourceKey } from '../../resources/builtin-keys.ts';

export interface StoredConversion {
  /** The stored shape (the storage version, its apiVersion included) of an object of this view. */
  toStorage(object: JsonObject): JsonObject;
  /** This view's shape of a stored object. */
  fromStorage(object: JsonObject): JsonObject;
}

const conversions: Readonly<Partial<Record<BuiltinVersionedResourceKey, StoredConversion>>> = {
  'events.k8s.io/v1/events': eventsV1Conversion,
  'autoscaling/v1/horizontalpodautoscalers': autoscalingV1Conversion,
};

/** The conversion of the definition's group-version, when it is not the one its objects are stored in. */
export const conversionFor = (definition: Pick<ResourceDefinition, 'group' | 'version' | 'resource'>): StoredConversion | undefined =>
  lookup(conversions, versionedResourceKeyOf(definition));
