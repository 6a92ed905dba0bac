// The Pods and Nodes the scheduler reads and writes (core/v1, generated from the schema
// declarations), and where those resources live in the API.

export type {
  Container,
  ContainerPort,
  Node,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  Pod,
  PodCondition,
  PodSpec,
  Taint,
  Toleration,
} from '@capstan/common/api-types/core-v1';
import type { Quantity } from '@capstan/common/api-types/api-resource';
import type { PodSpec } from '@capstan/common/api-types/core-v1';

/** A ResourceList: resource name to quantity ("500m", "1Gi", or a JSON number). */
export type ResourceList = Readonly<Record<string, Quantity>>;

/** What a pod without a spec (which the API server never stores) is read as. */
export const emptyPodSpec: PodSpec = { containers: [] };

/** The scheduler name of kube-scheduler's default profile: pods naming it (or none) are ours. */
export const defaultSchedulerName = 'default-scheduler';

export const podsResource = { group: '', version: 'v1', resource: 'pods' } as const;
export const nodesResource = { group: '', version: 'v1', resource: 'nodes' } as const;
