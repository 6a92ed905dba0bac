// The Nodes, Pods and node Leases that the node lifecycle and taint eviction controllers read and
// write (generated from the schema declarations), and where those resources live in the API.

export type { Lease } from '@capstan/common/api-types/coordination-v1';
export type { Node, NodeCondition, Pod, PodCondition, Taint, Toleration } from '@capstan/common/api-types/core-v1';

/** The status of a node or pod condition. */
export type ConditionStatus = 'True' | 'False' | 'Unknown';
export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

/** The namespace of the Leases that kubelets renew as their heartbeat (kube-node-lease/<node>). */
export const nodeLeaseNamespace = 'kube-node-lease';

export const nodesResource = { group: '', version: 'v1', resource: 'nodes' } as const;
export const podsResource = { group: '', version: 'v1', resource: 'pods' } as const;
export const nodeLeasesResource = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: nodeLeaseNamespace } as const;
