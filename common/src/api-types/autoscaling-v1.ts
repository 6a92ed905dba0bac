// The types of io.k8s.api.autoscaling.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** Identifies an object by kind, name and API version. */
export interface CrossVersionObjectReference {
  /** The kind of the object. */
  readonly kind: string;
  /** The name of the object. */
  readonly name: string;
  /** The API version of the object. */
  readonly apiVersion?: string;
}

/** Scales a workload to keep its average CPU utilization near a target. */
export interface HorizontalPodAutoscaler {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired behavior of the autoscaler. */
  readonly spec?: HorizontalPodAutoscalerSpec;
  /** The observed state of the autoscaler. */
  readonly status?: HorizontalPodAutoscalerStatus;
}

/** A list of HorizontalPodAutoscalers. */
export interface HorizontalPodAutoscalerList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The HorizontalPodAutoscaler objects of this page. */
  readonly items: readonly HorizontalPodAutoscaler[];
}

/** The desired behavior of a horizontal pod autoscaler. */
export interface HorizontalPodAutoscalerSpec {
  /** The object to scale through its scale subresource. */
  readonly scaleTargetRef: CrossVersionObjectReference;
  /** The fewest replicas to scale down to; 1 when unset. */
  readonly minReplicas?: number;
  /** The most replicas to scale up to. */
  readonly maxReplicas: number;
  /** The target average CPU use, as a percentage of the requested CPU. */
  readonly targetCPUUtilizationPercentage?: number;
}

/** The observed state of a horizontal pod autoscaler. */
export interface HorizontalPodAutoscalerStatus {
  /** The latest generation the autoscaler has acted on. */
  readonly observedGeneration?: number;
  /** When the autoscaler last changed the number of replicas. */
  readonly lastScaleTime?: Time;
  /** The number of replicas now. */
  readonly currentReplicas: number;
  /** The number of replicas wanted. */
  readonly desiredReplicas: number;
  /** The average CPU use now, as a percentage of the requested CPU. */
  readonly currentCPUUtilizationPercentage?: number;
}

/** The scale subresource of a scalable object: its desired and observed replicas. */
export interface Scale {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The desired scale. */
  readonly spec?: ScaleSpec;
  /** The observed scale. */
  readonly status?: ScaleStatus;
}

/** The desired scale of an object. */
export interface ScaleSpec {
  /** The desired number of replicas. */
  readonly replicas?: number;
}

/** The observed scale of an object. */
export interface ScaleStatus {
  /** The observed number of replicas. */
  readonly replicas: number;
  /** The label selector of the replicas, in query-string form. */
  readonly selector?: string;
}
