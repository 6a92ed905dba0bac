// What a pod asks for in all, as component-helpers' PodRequests and PodLimits count it: the sum of
// its containers and sidecars (init containers that restart Always), or the largest init
// container with the sidecars started before it, whichever is more; pod-level cpu and memory
// replace the containers' sum where set. ResourceQuota adds the pod's overhead; LimitRanger does
// not. (The resources a resize has actuated, in the pod's status, are not read.)

import { compareQuantities, type Quantity } from '../quantity/resource-quantity.ts';
import { addResourceLists, resourceListOf, type ResourceList } from './resource-list.ts';

export type ResourceKind = 'requests' | 'limits';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsAt = (object: JsonObject, key: string): JsonObject[] => {
  const value = object[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
};

/** The containers of a pod spec, then its init containers. */
export const containersOf = (spec: JsonObject): { readonly containers: JsonObject[]; readonly initContainers: JsonObject[] } => ({
  containers: objectsAt(spec, 'containers'),
  initContainers: objectsAt(spec, 'initContainers'),
});

/** A container's requests or limits. */
export const containerResources = (container: JsonObject, kind: ResourceKind): ResourceList =>
  resourceListOf(isObject(container.resources) ? container.resources[kind] : undefined);

/** The larger quantity of each resource of either list. */
function maxResourceLists(a: ResourceList, b: ResourceList): ResourceList {
  const result: Record<string, Quantity> = { ...a };
  for (const [name, quantity] of Object.entries(b)) {
    const current = result[name];
    if (current === undefined || compareQuantities(quantity, current) > 0) result[name] = quantity;
  }
  return result;
}

const podLevelResources: ReadonlySet<string> = new Set(['cpu', 'memory']);

/** The pod's requests or limits, without its overhead. */
export function podResources(spec: JsonObject, kind: ResourceKind): ResourceList {
  const { containers, initContainers } = containersOf(spec);
  let total: ResourceList = {};
  for (const container of containers) total = addResourceLists(total, containerResources(container, kind));
  let sidecars: ResourceList = {};
  let initContainersMax: ResourceList = {};
  for (const container of initContainers) {
    let own = containerResources(container, kind);
    if (container.restartPolicy === 'Always') {
      total = addResourceLists(total, own);
      sidecars = addResourceLists(sidecars, own);
      own = sidecars;
    } else {
      own = addResourceLists(own, sidecars);
    }
    initContainersMax = maxResourceLists(initContainersMax, own);
  }
  const result: Record<string, Quantity> = { ...maxResourceLists(total, initContainersMax) };
  const podLevel = resourceListOf(isObject(spec.resources) ? spec.resources[kind] : undefined);
  for (const [name, quantity] of Object.entries(podLevel)) if (podLevelResources.has(name)) result[name] = quantity;
  return result;
}

/** Whether the pod spec sets pod-level cpu or memory (then its containers need not set them). */
export function hasPodLevelResources(spec: JsonObject): boolean {
  if (!isObject(spec.resources)) return false;
  return (['requests', 'limits'] as const).some((kind) => Object.keys(resourceListOf((spec.resources as JsonObject)[kind])).some((name) => podLevelResources.has(name)));
}
