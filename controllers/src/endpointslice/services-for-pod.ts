// Which Services a pod change concerns (kube's GetPodServiceMemberships and podEndpointsChanged):
// those whose selector picks the pod, before and after, when something an endpoint is made of
// changed.

import { isDeepStrictEqual } from 'node:util';
import type { Pod, Service } from '@capstan/common/api-types/core-v1';
import type { ReadonlyObjectStore } from '@capstan/common/client';
import { isPodReady } from '../workload/pod-state.ts';

/**
 * The Service's selector, or undefined when it has none. An empty one is none too: kube's API
 * drops an empty map (omitempty), so kube's controllers never see `selector: {}`.
 */
export function serviceSelector(service: Service): Readonly<Record<string, string>> | undefined {
  const selector = service.spec?.selector;
  return selector === undefined || selector === null || Object.keys(selector).length === 0 ? undefined : selector;
}

/** True when the selector (a Service's map; absent selects nothing, as kube lists pods) picks the labels. */
export function selectorMatches(selector: Readonly<Record<string, string>> | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (selector === undefined || selector === null) return false;
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}

/** The keys ("namespace/name") of the Services of the pod's namespace whose selector picks it. */
export function servicesSelecting(services: ReadonlyObjectStore<Service>, pod: Pod): string[] {
  const namespace = pod.metadata?.namespace ?? '';
  return services
    .list(namespace)
    .filter((service) => selectorMatches(serviceSelector(service), pod.metadata?.labels))
    .map((service) => `${namespace}/${service.metadata?.name ?? ''}`);
}

const podIps = (pod: Pod): string[] => (pod.status?.podIPs ?? []).map((ip) => ip.ip);

/** Whether the change can alter the pod's endpoints (its labels included: that changes which Services it is in). */
export function podEndpointsChanged(old: Pod, pod: Pod): boolean {
  return (
    !isDeepStrictEqual(old.metadata?.labels ?? {}, pod.metadata?.labels ?? {}) ||
    old.spec?.hostname !== pod.spec?.hostname ||
    old.spec?.subdomain !== pod.spec?.subdomain ||
    old.metadata?.deletionTimestamp !== pod.metadata?.deletionTimestamp ||
    isPodReady(old) !== isPodReady(pod) ||
    old.status?.phase !== pod.status?.phase ||
    old.status?.podIP !== pod.status?.podIP ||
    old.spec?.nodeName !== pod.spec?.nodeName ||
    !isDeepStrictEqual(podIps(old), podIps(pod))
  );
}

/** The Services to sync after a pod changed: those picking it before or after. */
export function servicesForPodUpdate(services: ReadonlyObjectStore<Service>, old: Pod, pod: Pod): string[] {
  if (!podEndpointsChanged(old, pod)) return [];
  return [...new Set([...servicesSelecting(services, old), ...servicesSelecting(services, pod)])];
}
