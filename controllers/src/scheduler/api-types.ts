// The fields of Pods and Nodes that the scheduler reads and writes, and where those resources live
// in the API.

import type { KubeObject } from '@capstan/common/client';

/** A ResourceList: resource name to quantity ("500m", "1Gi", or a JSON number). */
export type ResourceList = Readonly<Record<string, string | number>>;

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: TaintEffect;
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: string;
  readonly value?: string;
  readonly effect?: string;
}

export interface NodeSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

export interface NodeSelectorTerm {
  readonly matchExpressions?: readonly NodeSelectorRequirement[];
  readonly matchFields?: readonly NodeSelectorRequirement[];
}

export interface ContainerPort {
  readonly containerPort?: number;
  readonly hostPort?: number;
  readonly hostIP?: string;
  readonly protocol?: string;
}

export interface Container {
  readonly name?: string;
  readonly restartPolicy?: string;
  readonly resources?: { readonly requests?: ResourceList };
  readonly ports?: readonly ContainerPort[];
}

export interface PodCondition {
  readonly type: string;
  readonly status: string;
  readonly observedGeneration?: number;
  readonly lastProbeTime?: string | null;
  readonly lastTransitionTime?: string | null;
  readonly reason?: string;
  readonly message?: string;
}

export interface PodSpec {
  readonly nodeName?: string;
  readonly schedulerName?: string;
  readonly priority?: number;
  readonly preemptionPolicy?: string;
  readonly schedulingGates?: readonly unknown[];
  readonly nodeSelector?: Readonly<Record<string, string>>;
  readonly affinity?: {
    readonly nodeAffinity?: { readonly requiredDuringSchedulingIgnoredDuringExecution?: { readonly nodeSelectorTerms?: readonly NodeSelectorTerm[] } };
  };
  readonly tolerations?: readonly Toleration[];
  readonly containers?: readonly Container[];
  readonly initContainers?: readonly Container[];
  readonly overhead?: ResourceList;
  /** Pod-level resources (PodLevelResources). */
  readonly resources?: { readonly requests?: ResourceList };
}

export interface Pod extends KubeObject {
  readonly spec?: PodSpec;
  readonly status?: { readonly phase?: string; readonly conditions?: readonly PodCondition[]; readonly nominatedNodeName?: string };
}

export interface Node extends KubeObject {
  readonly spec?: { readonly unschedulable?: boolean; readonly taints?: readonly Taint[] };
  readonly status?: { readonly allocatable?: ResourceList };
}

/** The scheduler name of kube-scheduler's default profile: pods naming it (or none) are ours. */
export const defaultSchedulerName = 'default-scheduler';

export const podsResource = { group: '', version: 'v1', resource: 'pods' } as const;
export const nodesResource = { group: '', version: 'v1', resource: 'nodes' } as const;
