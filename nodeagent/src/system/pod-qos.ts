// A pod's QoS class as the kubelet reads it (qos.GetPodQOS): status.qosClass when set, else
// computed from the cpu and memory requests and limits, pod-level resources first.

import { addQuantities, compareQuantities, decodeQuantity, quantitySign, type Quantity } from '@capstan/common';
import type { Pod, ResourceRequirements } from '@capstan/common/api-types/core-v1';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const qosResources = new Set(['cpu', 'memory']);

/** The positive cpu and memory quantities of a list; unparsable ones count as absent. */
function positiveQuantities(list: ResourceRequirements['requests']): Map<string, Quantity> {
  const found = new Map<string, Quantity>();
  for (const [name, value] of Object.entries(list ?? {})) {
    if (!qosResources.has(name)) continue;
    const quantity = decodeQuantity(value);
    if (quantity !== undefined && quantitySign(quantity) > 0) found.set(name, quantity);
  }
  return found;
}

function accumulate(total: Map<string, Quantity>, more: ReadonlyMap<string, Quantity>): void {
  for (const [name, quantity] of more) {
    const sum = total.get(name);
    total.set(name, sum === undefined ? quantity : addQuantities(quantity, sum));
  }
}

/** ComputePodQOS (with the PodLevelResources gate on, as it is by default in 1.35). */
export function computePodQOS(pod: Pod): QOSClass {
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  const podResources = pod.spec?.resources;
  const podLevel = podResources !== undefined && (Object.keys(podResources.requests ?? {}).length > 0 || Object.keys(podResources.limits ?? {}).length > 0);
  if (podLevel) {
    accumulate(requests, positiveQuantities(podResources?.requests));
    const podLimits = positiveQuantities(podResources?.limits);
    accumulate(limits, podLimits);
    if (Object.keys(podResources?.limits ?? {}).length > 0 && !(podLimits.has('cpu') && podLimits.has('memory'))) guaranteed = false;
  } else {
    for (const container of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
      accumulate(requests, positiveQuantities(container.resources?.requests));
      const containerLimits = positiveQuantities(container.resources?.limits);
      accumulate(limits, containerLimits);
      if (!(containerLimits.has('cpu') && containerLimits.has('memory'))) guaranteed = false;
    }
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, request] of requests) {
      const limit = limits.get(name);
      if (limit === undefined || compareQuantities(limit, request) !== 0) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** GetPodQOS: the status field when the API server has set it. */
export function podQOS(pod: Pod): QOSClass {
  const recorded = pod.status?.qosClass;
  return recorded === 'Guaranteed' || recorded === 'Burstable' || recorded === 'BestEffort' ? recorded : computePodQOS(pod);
}

/** kubelettypes.SystemCriticalPriority. */
export const systemCriticalPriority = 2_000_000_000;

/** kubelettypes.IsCriticalPod: static and mirror pods, and pods of system-critical priority. */
export function isCriticalPod(pod: Pod): boolean {
  const annotations = pod.metadata?.annotations ?? {};
  const source = annotations['kubernetes.io/config.source'];
  if (source !== undefined && source !== 'api') return true;
  if (annotations['kubernetes.io/config.mirror'] !== undefined) return true;
  return pod.spec?.priority !== undefined && pod.spec.priority >= systemCriticalPriority;
}
