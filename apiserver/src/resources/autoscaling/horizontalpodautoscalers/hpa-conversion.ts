// autoscaling/v1 HorizontalPodAutoscalers are the autoscaling/v2 ones (the storage version) seen
// through the older shape, as kube converts them: v1's targetCPUUtilizationPercentage is v2's cpu
// Utilization metric, and what v1 cannot say (the other metrics, behavior, conditions, the other
// current metrics) rides in kube's autoscaling.alpha.kubernetes.io annotations on the v1 object.
// Those annotations hold v2-shaped JSON here (kube writes the older v1 metric shape).

import { fieldAt } from '@capstan/common';
import type { MetricSpec, MetricStatus } from '@capstan/common/api-types/autoscaling-v2';
import { objectOf, objectsAt } from '../../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import type { StoredConversion } from '../../../registry/conversions/stored-conversion.ts';

const annotationPrefix = 'autoscaling.alpha.kubernetes.io/';
const metricsAnnotation = `${annotationPrefix}metrics`;
const behaviorAnnotation = `${annotationPrefix}behavior`;
const conditionsAnnotation = `${annotationPrefix}conditions`;
const currentMetricsAnnotation = `${annotationPrefix}current-metrics`;

const isCpuUtilization = (metric: JsonObject): boolean =>
  metric.type === 'Resource' && fieldAt(metric, 'resource', 'name') === 'cpu' && fieldAt(metric, 'resource', 'target', 'type') === 'Utilization';
const isCpuCurrent = (metric: JsonObject): boolean =>
  metric.type === 'Resource' && fieldAt(metric, 'resource', 'name') === 'cpu' && fieldAt(metric, 'resource', 'current', 'averageUtilization') !== undefined;

const annotationsOf = (object: JsonObject): JsonObject => ({ ...objectOf(objectOf(object.metadata).annotations) });

function withAnnotations(object: JsonObject, annotations: JsonObject): JsonObject {
  const metadata: JsonObject = { ...objectOf(object.metadata) };
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  else delete metadata.annotations;
  return { ...object, metadata };
}

const parsed = (text: unknown): unknown => {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** autoscaling/v2's default metric: 80% average cpu utilization. */
export const defaultCpuMetric = (): MetricSpec => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } });

/** A v1 HorizontalPodAutoscaler in the v2 (stored) shape. */
function toV2(v1: JsonObject): JsonObject {
  const annotations = annotationsOf(v1);
  const spec = { ...objectOf(v1.spec) };
  const status = { ...objectOf(v1.status) };
  // What the annotations hold is carried over as it is: validation judges it as the v2 object's.
  const metrics: unknown[] = [];
  if (typeof spec.targetCPUUtilizationPercentage === 'number') {
    const cpu: MetricSpec = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } };
    metrics.push(cpu);
  }
  const others = parsed(annotations[metricsAnnotation]);
  if (Array.isArray(others)) metrics.push(...others);
  delete spec.targetCPUUtilizationPercentage;
  // kube's v2 default, which its reads apply to what was stored without any metric.
  spec.metrics = metrics.length > 0 ? metrics : [defaultCpuMetric()];
  const behavior = parsed(annotations[behaviorAnnotation]);
  if (behavior !== undefined) spec.behavior = behavior;

  const currentMetrics: unknown[] = [];
  if (typeof status.currentCPUUtilizationPercentage === 'number') {
    const cpu: MetricStatus = { type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } };
    currentMetrics.push(cpu);
  }
  const otherCurrent = parsed(annotations[currentMetricsAnnotation]);
  if (Array.isArray(otherCurrent)) currentMetrics.push(...otherCurrent);
  delete status.currentCPUUtilizationPercentage;
  if (currentMetrics.length > 0) status.currentMetrics = currentMetrics;
  const conditions = parsed(annotations[conditionsAnnotation]);
  if (Array.isArray(conditions)) status.conditions = conditions;

  for (const key of [metricsAnnotation, behaviorAnnotation, conditionsAnnotation, currentMetricsAnnotation]) delete annotations[key];
  return withAnnotations({ ...v1, apiVersion: 'autoscaling/v2', spec, status }, annotations);
}

/** A stored (v2) HorizontalPodAutoscaler in the v1 shape. */
function toV1(v2: JsonObject): JsonObject {
  const annotations = annotationsOf(v2);
  const spec = { ...objectOf(v2.spec) };
  const status = { ...objectOf(v2.status) };
  const metrics = objectsAt(spec, 'metrics');
  const cpu = metrics.find(isCpuUtilization);
  if (cpu !== undefined) spec.targetCPUUtilizationPercentage = fieldAt(cpu, 'resource', 'target', 'averageUtilization');
  const others = metrics.filter((metric) => metric !== cpu);
  if (others.length > 0) annotations[metricsAnnotation] = JSON.stringify(others);
  if (spec.behavior !== undefined) annotations[behaviorAnnotation] = JSON.stringify(spec.behavior);
  delete spec.metrics;
  delete spec.behavior;

  const current = objectsAt(status, 'currentMetrics');
  const cpuNow = current.find(isCpuCurrent);
  if (cpuNow !== undefined) status.currentCPUUtilizationPercentage = fieldAt(cpuNow, 'resource', 'current', 'averageUtilization');
  const otherCurrent = current.filter((metric) => metric !== cpuNow);
  if (otherCurrent.length > 0) annotations[currentMetricsAnnotation] = JSON.stringify(otherCurrent);
  if (Array.isArray(status.conditions) && status.conditions.length > 0) annotations[conditionsAnnotation] = JSON.stringify(status.conditions);
  delete status.currentMetrics;
  delete status.conditions;
  return withAnnotations({ ...v2, apiVersion: 'autoscaling/v1', spec, status }, annotations);
}

export const autoscalingV1Conversion: StoredConversion = { toStorage: toV2, fromStorage: toV1 };
