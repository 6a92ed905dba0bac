// The types of io.k8s.api.policy.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta, Time } from './meta-v1.ts';
import type { IntOrString } from './util-intstr.ts';

/** A request to evict a pod, subject to its disruption budgets; posted to the pod's eviction subresource. */
export interface Eviction {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** How the pod is to be deleted. */
  readonly deleteOptions?: DeleteOptions;
}

/** Limits how many pods of a set voluntary disruptions may take down at once. */
export interface PodDisruptionBudget {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the budget. */
  readonly spec?: PodDisruptionBudgetSpec;
  /** The observed state of the budget. */
  readonly status?: PodDisruptionBudgetStatus;
}

/** A list of PodDisruptionBudgets. */
export interface PodDisruptionBudgetList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PodDisruptionBudget objects of this page. */
  readonly items: readonly PodDisruptionBudget[];
}

/** The desired behavior of a pod disruption budget. */
export interface PodDisruptionBudgetSpec {
  /** How many selected pods (or what percentage) must stay available after an eviction. */
  readonly minAvailable?: IntOrString;
  /** Selects the pods the budget covers; null selects none, empty selects all in the namespace. */
  readonly selector?: LabelSelector;
  /** How many selected pods (or what percentage) may be unavailable after an eviction. */
  readonly maxUnavailable?: IntOrString;
  /** IfHealthyBudget or AlwaysAllow: when running but unhealthy pods may be evicted. */
  readonly unhealthyPodEvictionPolicy?: string;
}

/** The observed state of a pod disruption budget. */
export interface PodDisruptionBudgetStatus {
  /** The latest generation the status was computed from. */
  readonly observedGeneration?: number;
  /** Pods whose eviction was accepted but not yet seen by the controller, with the time of acceptance. */
  readonly disruptedPods?: Readonly<Record<string, Time>>;
  /** How many disruptions are allowed now. */
  readonly disruptionsAllowed: number;
  /** How many pods are healthy now. */
  readonly currentHealthy: number;
  /** The fewest healthy pods wanted. */
  readonly desiredHealthy: number;
  /** How many pods the budget counts. */
  readonly expectedPods: number;
  /** The conditions of the budget, such as DisruptionAllowed. */
  readonly conditions?: readonly Condition[];
}
