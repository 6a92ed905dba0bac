// What flow control reads from the registry: the FlowSchema and PriorityLevelConfiguration stores,
// and the watch cache's object counts of a request's resource (for the list work estimate).

import type { Registry } from '../registry/registry.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { flowSchemaResource } from '../resources/flowcontrol/flowschemas.ts';
import { priorityLevelConfigurationResource } from '../resources/flowcontrol/prioritylevelconfigurations.ts';
import type { ResourceCaches } from '../storage/cacher/cacher.ts';
import type { ResourceStats } from '../storage/cacher/resource-cache.ts';
import { collectionPrefix } from '../storage/keys.ts';
import type { FlowControlStores } from './config-producer.ts';

/** The stores, or undefined when --runtime-config leaves the flowcontrol API without them. */
export function flowControlStoresOf(registry: Registry): FlowControlStores | undefined {
  try {
    return { flowSchemas: registry.builtinStore(flowSchemaResource), priorityLevels: registry.builtinStore(priorityLevelConfigurationResource) };
  } catch {
    return undefined;
  }
}

export function objectStatsOf(registry: Registry, caches: ResourceCaches | undefined): (info: RequestInfo) => ResourceStats | undefined {
  return (info) => {
    const definition = registry.definition(info.apiGroup, info.apiVersion, info.resource);
    if (definition?.storagePrefix === undefined) return undefined;
    return caches?.stats?.(collectionPrefix(definition.storagePrefix));
  };
}
