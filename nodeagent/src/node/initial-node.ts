// The Node the agent registers, as the kubelet's initialNode builds it: the default labels
// (hostname, os, arch and their beta forms), the controller-managed attach/detach annotation,
// the registration taints, and the status it already knows.

import type { NodeSpec, Taint } from '@capstan/common/api-types/core-v1';

export interface InitialNodeOptions {
  readonly nodeName: string;
  readonly hostname: string;
  readonly operatingSystem: string;
  readonly architecture: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly registerWithTaints?: readonly Taint[];
  readonly registerSchedulable?: boolean;
  readonly status: Record<string, unknown>;
}

export const controllerManagedAttachAnnotation = 'volumes.kubernetes.io/controller-managed-attach-detach';

/** The labels the agent owns and puts back on a Node registered before (kubelet's updateDefaultLabels). */
export function defaultNodeLabels(options: Pick<InitialNodeOptions, 'hostname' | 'operatingSystem' | 'architecture'>): Record<string, string> {
  return {
    'kubernetes.io/hostname': options.hostname,
    'kubernetes.io/os': options.operatingSystem,
    'kubernetes.io/arch': options.architecture,
    'beta.kubernetes.io/os': options.operatingSystem,
    'beta.kubernetes.io/arch': options.architecture,
  };
}

/** The Node to register; its status is the one the agent computed. */
export interface InitialNode {
  readonly apiVersion: 'v1';
  readonly kind: 'Node';
  readonly metadata: { readonly name: string; readonly labels: Readonly<Record<string, string>>; readonly annotations: Readonly<Record<string, string>> };
  readonly spec: NodeSpec;
  readonly status: Record<string, unknown>;
}

export function initialNode(options: InitialNodeOptions): InitialNode {
  const taints: Taint[] = [...(options.registerWithTaints ?? [])];
  const unschedulable = options.registerSchedulable === false;
  if (unschedulable && !taints.some((taint) => taint.key === 'node.kubernetes.io/unschedulable' && taint.effect === 'NoSchedule')) {
    taints.push({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });
  }
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: options.nodeName,
      labels: { ...defaultNodeLabels(options), ...options.labels },
      annotations: { [controllerManagedAttachAnnotation]: 'true' },
    },
    spec: { ...(unschedulable ? { unschedulable: true } : {}), ...(taints.length > 0 ? { taints } : {}) },
    status: options.status,
  };
}
