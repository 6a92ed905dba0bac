// The types of io.k8s.api.autoscaling.v2, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Quantity } from './api-resource.ts';
import type { LabelSelector, ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** How to scale on a resource (such as CPU) of one container in each of the target's pods. */
export interface ContainerResourceMetricSource {
  /** The name of the resource. */
  readonly name: string;
  /** The target value of the metric. */
  readonly target: MetricTarget;
  /** The name of the container in the pods. */
  readonly container: string;
}

/** The current value of a resource of one container in each of the target's pods. */
export interface ContainerResourceMetricStatus {
  /** The name of the resource. */
  readonly name: string;
  /** The current value of the metric. */
  readonly current: MetricValueStatus;
  /** The name of the container in the pods. */
  readonly container: string;
}

/** Identifies an object by kind, name and API version. */
export interface CrossVersionObjectReference {
  /** The kind of the object. */
  readonly kind: string;
  /** The name of the object. */
  readonly name: string;
  /** The API version of the object. */
  readonly apiVersion?: string;
}

/** How to scale on a metric not tied to any Kubernetes object. */
export interface ExternalMetricSource {
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
  /** The target value of the metric. */
  readonly target: MetricTarget;
}

/** The current value of a metric not tied to any Kubernetes object. */
export interface ExternalMetricStatus {
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
  /** The current value of the metric. */
  readonly current: MetricValueStatus;
}

/** A limit on how much the replica count may change within a period. */
export interface HPAScalingPolicy {
  /** Pods or Percent: how value is measured. */
  readonly type: string;
  /** How much change the policy allows; greater than zero. */
  readonly value: number;
  /** The window, in seconds, the policy applies over. */
  readonly periodSeconds: number;
}

/** How the autoscaler scales in one direction: policies, stabilization and tolerance. */
export interface HPAScalingRules {
  /** How many seconds of past recommendations are considered when scaling. */
  readonly stabilizationWindowSeconds?: number;
  /** Max, Min or Disabled: which policy applies; Max when unset. */
  readonly selectPolicy?: string;
  /** The scaling policies that may be used. */
  readonly policies?: readonly HPAScalingPolicy[];
  /** The ratio of current to desired metric value within which no scaling happens. */
  readonly tolerance?: Quantity;
}

/** Scales a workload through its scale subresource to keep given metrics near their targets. */
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

/** How the autoscaler scales up and down. */
export interface HorizontalPodAutoscalerBehavior {
  /** The rules for scaling up. */
  readonly scaleUp?: HPAScalingRules;
  /** The rules for scaling down. */
  readonly scaleDown?: HPAScalingRules;
}

/** One aspect of a horizontal pod autoscaler's state at a point in time. */
export interface HorizontalPodAutoscalerCondition {
  /** Which aspect of the state the condition is about. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status last changed, in CamelCase, for programs. */
  readonly reason?: string;
  /** Why the status last changed, for people. */
  readonly message?: string;
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
  /** The object to scale, whose pods the metrics are collected from. */
  readonly scaleTargetRef: CrossVersionObjectReference;
  /** The fewest replicas to scale down to; 1 when unset. */
  readonly minReplicas?: number;
  /** The most replicas to scale up to. */
  readonly maxReplicas: number;
  /** The metrics the desired replica count is computed from; the highest wins. */
  readonly metrics?: readonly MetricSpec[];
  /** How the target is scaled up and down. */
  readonly behavior?: HorizontalPodAutoscalerBehavior;
}

/** The observed state of a horizontal pod autoscaler. */
export interface HorizontalPodAutoscalerStatus {
  /** The latest generation the autoscaler has acted on. */
  readonly observedGeneration?: number;
  /** When the autoscaler last changed the number of replicas. */
  readonly lastScaleTime?: Time;
  /** The number of replicas as last seen. */
  readonly currentReplicas?: number;
  /** The number of replicas as last computed. */
  readonly desiredReplicas: number;
  /** The metrics as last read. */
  readonly currentMetrics?: readonly MetricStatus[];
  /** Whether the conditions for scaling are met. */
  readonly conditions?: readonly HorizontalPodAutoscalerCondition[];
}

/** Names a metric, optionally narrowed by a selector. */
export interface MetricIdentifier {
  /** The name of the metric. */
  readonly name: string;
  /** Narrows the metric to matching series; the name alone when unset. */
  readonly selector?: LabelSelector;
}

/** One metric to scale on: its type and the matching source. */
export interface MetricSpec {
  /** ContainerResource, External, Object, Pods or Resource: which source field is set. */
  readonly type: string;
  /** A metric of a single Kubernetes object. */
  readonly object?: ObjectMetricSource;
  /** A metric of each of the target's pods, averaged. */
  readonly pods?: PodsMetricSource;
  /** A resource (such as CPU) of each of the target's pods. */
  readonly resource?: ResourceMetricSource;
  /** A resource of one container in each of the target's pods. */
  readonly containerResource?: ContainerResourceMetricSource;
  /** A metric not tied to any Kubernetes object. */
  readonly external?: ExternalMetricSource;
}

/** The last-read state of one metric. */
export interface MetricStatus {
  /** ContainerResource, External, Object, Pods or Resource: which status field is set. */
  readonly type: string;
  /** A metric of a single Kubernetes object. */
  readonly object?: ObjectMetricStatus;
  /** A metric of each of the target's pods, averaged. */
  readonly pods?: PodsMetricStatus;
  /** A resource (such as CPU) of each of the target's pods. */
  readonly resource?: ResourceMetricStatus;
  /** A resource of one container in each of the target's pods. */
  readonly containerResource?: ContainerResourceMetricStatus;
  /** A metric not tied to any Kubernetes object. */
  readonly external?: ExternalMetricStatus;
}

/** The target of a metric: a value, an average value or an average utilization. */
export interface MetricTarget {
  /** Utilization, Value or AverageValue: which target is set. */
  readonly type: string;
  /** The target value. */
  readonly value?: Quantity;
  /** The target average across the pods. */
  readonly averageValue?: Quantity;
  /** The target average across the pods, as a percentage of the requested resource. */
  readonly averageUtilization?: number;
}

/** The current value of a metric. */
export interface MetricValueStatus {
  /** The current value. */
  readonly value?: Quantity;
  /** The current average across the pods. */
  readonly averageValue?: Quantity;
  /** The current average across the pods, as a percentage of the requested resource. */
  readonly averageUtilization?: number;
}

/** How to scale on a metric of a single Kubernetes object. */
export interface ObjectMetricSource {
  /** The object the metric describes. */
  readonly describedObject: CrossVersionObjectReference;
  /** The target value of the metric. */
  readonly target: MetricTarget;
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
}

/** The current value of a metric of a single Kubernetes object. */
export interface ObjectMetricStatus {
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
  /** The current value of the metric. */
  readonly current: MetricValueStatus;
  /** The object the metric describes. */
  readonly describedObject: CrossVersionObjectReference;
}

/** How to scale on a metric of each of the target's pods, averaged. */
export interface PodsMetricSource {
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
  /** The target value of the metric. */
  readonly target: MetricTarget;
}

/** The current value of a metric of each of the target's pods, averaged. */
export interface PodsMetricStatus {
  /** Which metric, by name and selector. */
  readonly metric: MetricIdentifier;
  /** The current value of the metric. */
  readonly current: MetricValueStatus;
}

/** How to scale on a resource (such as CPU) of each of the target's pods. */
export interface ResourceMetricSource {
  /** The name of the resource. */
  readonly name: string;
  /** The target value of the metric. */
  readonly target: MetricTarget;
}

/** The current value of a resource of each of the target's pods. */
export interface ResourceMetricStatus {
  /** The name of the resource. */
  readonly name: string;
  /** The current value of the metric. */
  readonly current: MetricValueStatus;
}
