// A pod as the scheduler works with it: what it requests, tolerates and selects, worked out once
// per scheduling attempt (or once when it is counted on a node) rather than per node examined.

import { objectKey } from '@capstan/common/client';
import { emptyPodSpec, type Pod, type Toleration } from './api-types.ts';
import { affinityNodeNames, requiredNodeAffinity, type RequiredNodeAffinity } from './node-affinity.ts';
import { hostPortsOf, type HostPort } from './node-ports.ts';
import { toleratesUnschedulable } from './node-unschedulable.ts';
import { podRequests, type PodRequests } from './resource-requests.ts';
import type { CountedPod } from './scheduler-cache.ts';

export interface PodInfo {
  readonly key: string;
  readonly pod: Pod;
  readonly priority: number;
  readonly requests: PodRequests;
  readonly ports: readonly HostPort[];
  readonly tolerations: readonly Toleration[];
  readonly toleratesUnschedulable: boolean;
  readonly affinity: RequiredNodeAffinity;
  /** The NodeAffinity PreFilter's node names, or undefined for all nodes. */
  readonly affinityNodeNames: ReadonlySet<string> | undefined;
  /** preemptionPolicy: Never. */
  readonly neverPreempts: boolean;
}

export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0;
}

export function podInfoOf(pod: Pod): PodInfo {
  const spec = pod.spec ?? emptyPodSpec;
  const tolerations = spec.tolerations ?? [];
  return {
    key: objectKey(pod),
    pod,
    priority: podPriority(pod),
    requests: podRequests(spec),
    ports: hostPortsOf(spec),
    tolerations,
    toleratesUnschedulable: toleratesUnschedulable(tolerations),
    affinity: requiredNodeAffinity(spec),
    affinityNodeNames: affinityNodeNames(spec),
    neverPreempts: spec.preemptionPolicy === 'Never',
  };
}

/** What a pod bound (or assumed) to `nodeName` takes there. */
export function countedPodOf(pod: Pod, nodeName: string, assumed: boolean, requests?: PodRequests): CountedPod {
  const spec = pod.spec ?? emptyPodSpec;
  return { key: objectKey(pod), nodeName, requests: requests ?? podRequests(spec), priority: podPriority(pod), ports: hostPortsOf(spec), assumed };
}
