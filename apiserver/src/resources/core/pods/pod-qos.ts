// A pod's quality-of-service class, as kube sets status.qosClass when the pod is created: from the
// cpu and memory requests and limits of its containers.

import { addQuantities, compareQuantities, decodeQuantity, quantitySign, type Quantity } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';

type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const computeResources = ['cpu', 'memory'];

export function podQosClass(pod: JsonObject): QosClass {
  const spec = (pod.spec ?? {}) as { containers?: JsonObject[]; initContainers?: JsonObject[] };
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const resources = (container.resources ?? {}) as { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
    sumInto(requests, resources.requests);
    const limited = sumInto(limits, resources.limits);
    if (!computeResources.every((name) => limited.has(name))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (
    guaranteed &&
    requests.size === limits.size &&
    [...requests].every(([name, request]) => {
      const limit = limits.get(name);
      return limit !== undefined && compareQuantities(limit, request) === 0;
    })
  )
    return 'Guaranteed';
  return 'Burstable';
}

/** Adds the positive cpu and memory quantities of `list` into `totals`; answers the names it added. */
function sumInto(totals: Map<string, Quantity>, list: Record<string, unknown> | undefined): Set<string> {
  const found = new Set<string>();
  for (const [name, json] of Object.entries(list ?? {})) {
    const quantity = decodeQuantity(json);
    if (!computeResources.includes(name) || quantity === undefined || quantitySign(quantity) <= 0) continue;
    found.add(name);
    const total = totals.get(name);
    totals.set(name, total === undefined ? quantity : addQuantities(total, quantity));
  }
  return found;
}
