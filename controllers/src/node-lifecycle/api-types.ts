// The fields of Nodes, Pods and node Leases that the node lifecycle and taint eviction controllers
// read and write, and where those resources live in the API.

import type { KubeObject } from '@capstan/common/client';

export type ConditionStatus = 'True' | 'False' | 'Unknown';
export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: TaintEffect;
  readonly timeAdded?: string;
}

export interface NodeCondition {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly lastHeartbeatTime?: string | null;
  readonly lastTransitionTime?: string | null;
  readonly reason?: string;
  readonly message?: string;
}

export interface Node extends KubeObject {
  readonly spec?: { readonly unschedulable?: boolean; readonly taints?: readonly Taint[]; readonly [field: string]: unknown };
  readonly status?: { readonly conditions?: readonly NodeCondition[]; readonly [field: string]: unknown };
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: 'Exists' | 'Equal' | string;
  readonly value?: string;
  readonly effect?: TaintEffect | '';
  readonly tolerationSeconds?: number | null;
}

export interface PodCondition {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly lastProbeTime?: string | null;
  readonly lastTransitionTime?: string | null;
  readonly reason?: string;
  readonly message?: string;
  readonly observedGeneration?: number;
}

export interface Pod extends KubeObject {
  readonly spec?: { readonly nodeName?: string; readonly tolerations?: readonly Toleration[]; readonly [field: string]: unknown };
  readonly status?: { readonly conditions?: readonly PodCondition[]; readonly [field: string]: unknown };
}

export interface Lease extends KubeObject {
  readonly spec?: { readonly holderIdentity?: string; readonly renewTime?: string | null; readonly [field: string]: unknown };
}

/** The namespace of the Leases that kubelets renew as their heartbeat (kube-node-lease/<node>). */
export const nodeLeaseNamespace = 'kube-node-lease';

export const nodesResource = { group: '', version: 'v1', resource: 'nodes' } as const;
export const podsResource = { group: '', version: 'v1', resource: 'pods' } as const;
export const nodeLeasesResource = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: nodeLeaseNamespace } as const;
