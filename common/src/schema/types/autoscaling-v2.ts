// The types of autoscaling/v2.

import { apiName, field, int32, int64, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, labelSelectorName, listKind, objectMetaField, quantityName, timeName, typeMetaFields } from './meta-v1.ts';

const autoscaling = (type: string): string => apiName('autoscaling', 'v2', type);

const metricTarget = ref(autoscaling('MetricTarget'), { default: {} });
const metricValueStatus = ref(autoscaling('MetricValueStatus'), { default: {} });
const metricIdentifier = ref(autoscaling('MetricIdentifier'), { default: {} });
const crossVersionObjectReference = ref(autoscaling('CrossVersionObjectReference'), { default: {} });

export const autoscalingV2Types: readonly TypeDeclaration[] = [
  struct(autoscaling('ContainerResourceMetricSource'), "How to scale on a resource (such as CPU) of one container in each of the target's pods.", {
    name: field(1, string({ default: '' }), 'The name of the resource.', { required: true }),
    target: field(2, metricTarget, 'The target value of the metric.', { required: true }),
    container: field(3, string({ default: '' }), 'The name of the container in the pods.', { required: true }),
  }),
  struct(autoscaling('ContainerResourceMetricStatus'), "The current value of a resource of one container in each of the target's pods.", {
    name: field(1, string({ default: '' }), 'The name of the resource.', { required: true }),
    current: field(2, metricValueStatus, 'The current value of the metric.', { required: true }),
    container: field(3, string({ default: '' }), 'The name of the container in the pods.', { required: true }),
  }),
  struct(autoscaling('CrossVersionObjectReference'), 'Identifies an object by kind, name and API version.', {
    kind: field(1, string({ default: '' }), 'The kind of the object.', { required: true }),
    name: field(2, string({ default: '' }), 'The name of the object.', { required: true }),
    apiVersion: field(3, string(), 'The API version of the object.'),
  }),
  struct(autoscaling('ExternalMetricSource'), 'How to scale on a metric not tied to any Kubernetes object.', {
    metric: field(1, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
    target: field(2, metricTarget, 'The target value of the metric.', { required: true }),
  }),
  struct(autoscaling('ExternalMetricStatus'), 'The current value of a metric not tied to any Kubernetes object.', {
    metric: field(1, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
    current: field(2, metricValueStatus, 'The current value of the metric.', { required: true }),
  }),
  struct(autoscaling('HPAScalingPolicy'), 'A limit on how much the replica count may change within a period.', {
    type: field(1, string({ default: '' }), 'Pods or Percent: how value is measured.', { required: true }),
    value: field(2, int32({ default: 0 }), 'How much change the policy allows; greater than zero.', { required: true }),
    periodSeconds: field(3, int32({ default: 0 }), 'The window, in seconds, the policy applies over.', { required: true }),
  }),
  struct(autoscaling('HPAScalingRules'), 'How the autoscaler scales in one direction: policies, stabilization and tolerance.', {
    stabilizationWindowSeconds: pointer(field(3, int32(), 'How many seconds of past recommendations are considered when scaling.')),
    selectPolicy: pointer(field(1, string(), 'Max, Min or Disabled: which policy applies; Max when unset.')),
    policies: field(2, list(ref(autoscaling('HPAScalingPolicy'), { default: {} })), 'The scaling policies that may be used.', { listType: 'atomic' }),
    tolerance: pointer(field(4, ref(quantityName), 'The ratio of current to desired metric value within which no scaling happens.')),
  }),

  // HorizontalPodAutoscaler
  struct(
    autoscaling('HorizontalPodAutoscaler'),
    'Scales a workload through its scale subresource to keep given metrics near their targets.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(autoscaling('HorizontalPodAutoscalerSpec'), { default: {} }), 'The desired behavior of the autoscaler.'),
      status: field(3, ref(autoscaling('HorizontalPodAutoscalerStatus'), { default: {} }), 'The observed state of the autoscaler.'),
    },
    { groupVersionKinds: kinds('HorizontalPodAutoscaler', ['autoscaling/v2']) },
  ),
  struct(autoscaling('HorizontalPodAutoscalerBehavior'), 'How the autoscaler scales up and down.', {
    scaleUp: pointer(field(1, ref(autoscaling('HPAScalingRules')), 'The rules for scaling up.')),
    scaleDown: pointer(field(2, ref(autoscaling('HPAScalingRules')), 'The rules for scaling down.')),
  }),
  struct(autoscaling('HorizontalPodAutoscalerCondition'), "One aspect of a horizontal pod autoscaler's state at a point in time.", {
    type: field(1, string({ default: '' }), 'Which aspect of the state the condition is about.', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status last changed, in CamelCase, for programs.'),
    message: field(5, string(), 'Why the status last changed, for people.'),
  }),
  listKind(autoscaling('HorizontalPodAutoscaler'), 'autoscaling/v2', 'A list of HorizontalPodAutoscalers.'),
  struct(autoscaling('HorizontalPodAutoscalerSpec'), 'The desired behavior of a horizontal pod autoscaler.', {
    scaleTargetRef: field(1, crossVersionObjectReference, 'The object to scale, whose pods the metrics are collected from.', { required: true }),
    minReplicas: pointer(field(2, int32(), 'The fewest replicas to scale down to; 1 when unset.')),
    maxReplicas: field(3, int32({ default: 0 }), 'The most replicas to scale up to.', { required: true }),
    metrics: field(4, list(ref(autoscaling('MetricSpec'), { default: {} })), 'The metrics the desired replica count is computed from; the highest wins.', {
      listType: 'atomic',
    }),
    behavior: pointer(field(5, ref(autoscaling('HorizontalPodAutoscalerBehavior')), 'How the target is scaled up and down.')),
  }),
  struct(autoscaling('HorizontalPodAutoscalerStatus'), 'The observed state of a horizontal pod autoscaler.', {
    observedGeneration: pointer(field(1, int64(), 'The latest generation the autoscaler has acted on.')),
    lastScaleTime: pointer(field(2, ref(timeName), 'When the autoscaler last changed the number of replicas.')),
    currentReplicas: field(3, int32(), 'The number of replicas as last seen.'),
    desiredReplicas: field(4, int32({ default: 0 }), 'The number of replicas as last computed.', { required: true }),
    currentMetrics: field(5, list(ref(autoscaling('MetricStatus'), { default: {} })), 'The metrics as last read.', { listType: 'atomic' }),
    conditions: field(6, list(ref(autoscaling('HorizontalPodAutoscalerCondition'), { default: {} })), 'Whether the conditions for scaling are met.', {
      listType: 'map',
      listMapKeys: ['type'],
      patchStrategy: 'merge',
      patchMergeKey: 'type',
    }),
  }),

  // Metrics
  struct(autoscaling('MetricIdentifier'), 'Names a metric, optionally narrowed by a selector.', {
    name: field(1, string({ default: '' }), 'The name of the metric.', { required: true }),
    selector: pointer(field(2, ref(labelSelectorName), 'Narrows the metric to matching series; the name alone when unset.')),
  }),
  struct(autoscaling('MetricSpec'), 'One metric to scale on: its type and the matching source.', {
    type: field(1, string({ default: '' }), 'ContainerResource, External, Object, Pods or Resource: which source field is set.', { required: true }),
    object: pointer(field(2, ref(autoscaling('ObjectMetricSource')), 'A metric of a single Kubernetes object.')),
    pods: pointer(field(3, ref(autoscaling('PodsMetricSource')), "A metric of each of the target's pods, averaged.")),
    resource: pointer(field(4, ref(autoscaling('ResourceMetricSource')), "A resource (such as CPU) of each of the target's pods.")),
    containerResource: pointer(field(7, ref(autoscaling('ContainerResourceMetricSource')), "A resource of one container in each of the target's pods.")),
    external: pointer(field(5, ref(autoscaling('ExternalMetricSource')), 'A metric not tied to any Kubernetes object.')),
  }),
  struct(autoscaling('MetricStatus'), 'The last-read state of one metric.', {
    type: field(1, string({ default: '' }), 'ContainerResource, External, Object, Pods or Resource: which status field is set.', { required: true }),
    object: pointer(field(2, ref(autoscaling('ObjectMetricStatus')), 'A metric of a single Kubernetes object.')),
    pods: pointer(field(3, ref(autoscaling('PodsMetricStatus')), "A metric of each of the target's pods, averaged.")),
    resource: pointer(field(4, ref(autoscaling('ResourceMetricStatus')), "A resource (such as CPU) of each of the target's pods.")),
    containerResource: pointer(field(7, ref(autoscaling('ContainerResourceMetricStatus')), "A resource of one container in each of the target's pods.")),
    external: pointer(field(5, ref(autoscaling('ExternalMetricStatus')), 'A metric not tied to any Kubernetes object.')),
  }),
  struct(autoscaling('MetricTarget'), 'The target of a metric: a value, an average value or an average utilization.', {
    type: field(1, string({ default: '' }), 'Utilization, Value or AverageValue: which target is set.', { required: true }),
    value: pointer(field(2, ref(quantityName), 'The target value.')),
    averageValue: pointer(field(3, ref(quantityName), 'The target average across the pods.')),
    averageUtilization: pointer(field(4, int32(), 'The target average across the pods, as a percentage of the requested resource.')),
  }),
  struct(autoscaling('MetricValueStatus'), 'The current value of a metric.', {
    value: pointer(field(1, ref(quantityName), 'The current value.')),
    averageValue: pointer(field(2, ref(quantityName), 'The current average across the pods.')),
    averageUtilization: pointer(field(3, int32(), 'The current average across the pods, as a percentage of the requested resource.')),
  }),
  struct(autoscaling('ObjectMetricSource'), 'How to scale on a metric of a single Kubernetes object.', {
    describedObject: field(1, crossVersionObjectReference, 'The object the metric describes.', { required: true }),
    target: field(2, metricTarget, 'The target value of the metric.', { required: true }),
    metric: field(3, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
  }),
  struct(autoscaling('ObjectMetricStatus'), 'The current value of a metric of a single Kubernetes object.', {
    metric: field(1, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
    current: field(2, metricValueStatus, 'The current value of the metric.', { required: true }),
    describedObject: field(3, crossVersionObjectReference, 'The object the metric describes.', { required: true }),
  }),
  struct(autoscaling('PodsMetricSource'), "How to scale on a metric of each of the target's pods, averaged.", {
    metric: field(1, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
    target: field(2, metricTarget, 'The target value of the metric.', { required: true }),
  }),
  struct(autoscaling('PodsMetricStatus'), "The current value of a metric of each of the target's pods, averaged.", {
    metric: field(1, metricIdentifier, 'Which metric, by name and selector.', { required: true }),
    current: field(2, metricValueStatus, 'The current value of the metric.', { required: true }),
  }),
  struct(autoscaling('ResourceMetricSource'), "How to scale on a resource (such as CPU) of each of the target's pods.", {
    name: field(1, string({ default: '' }), 'The name of the resource.', { required: true }),
    target: field(2, metricTarget, 'The target value of the metric.', { required: true }),
  }),
  struct(autoscaling('ResourceMetricStatus'), "The current value of a resource of each of the target's pods.", {
    name: field(1, string({ default: '' }), 'The name of the resource.', { required: true }),
    current: field(2, metricValueStatus, 'The current value of the metric.', { required: true }),
  }),
];
