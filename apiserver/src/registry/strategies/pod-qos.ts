// A pod's quality-of-service class, as kube sets status.qosClass when the pod is created: from the
// cpu and memory requests and limits of its containers.

import { quantityValue } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';

type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const computeResources = ['cpu', 'memory'];

export function podQosClass(pod: JsonObject): QosClass {
  const spec = (pod.spec ?? {}) as { containers?: JsonObject[]; initContainers?: JsonObject[] };
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const resources = (container.resources ?? {}) as { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
    sumInto(requests, resources.requests);
    const limited = sumInto(limits, resources.limits);
    if (!computeResources.every((name) => limited.has(name))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed && requests.size === limits.size && [...requests].every(([name, value]) => limits.get(name) === value)) return 'Guaranteed';
  return 'Burstable';
}

/** Adds the non-zero cpu and memory quantities of `list` into `totals`; answers the names it added. */
function sumInto(totals: Map<string, number>, list: Record<string, unknown> | undefined): Set<string> {
  const found = new Set<string>();
  for (const [name, quantity] of Object.entries(list ?? {})) {
    const value = quantityValue(quantity);
    if (!computeResources.includes(name) || value === undefined || value === 0) continue;
    found.add(name);
    totals.set(name, (totals.get(name) ?? 0) + value);
  }
  return found;
}
