// autoscaling/v1 HorizontalPodAutoscalers are the autoscaling/v2 ones (the storage version) seen
// through the older shape, as kube converts them: v1's targetCPUUtilizationPercentage is v2's cpu
// Utilization metric, and what v1 cannot say (the other metrics, behavior, conditions, the other
// current metrics) rides in kube's autoscaling.alpha.kubernetes.io annotations on the v1 object.
// Those annotations hold v2-shaped JSON here (kube writes the older v1 metric shape).

import type { JsonObject } from '../object-meta.ts';
import type { StoredConversion } from './stored-conversion.ts';

const annotationPrefix = 'autoscaling.alpha.kubernetes.io/';
const metricsAnnotation = `${annotationPrefix}metrics`;
const behaviorAnnotation = `${annotationPrefix}behavior`;
const conditionsAnnotation = `${annotationPrefix}conditions`;
const currentMetricsAnnotation = `${annotationPrefix}current-metrics`;

const isCpuUtilization = (metric: JsonObject): boolean => {
  const resource = metric.resource as { name?: string; target?: { type?: string } } | undefined;
  return metric.type === 'Resource' && resource?.name === 'cpu' && resource.target?.type === 'Utilization';
};
const isCpuCurrent = (metric: JsonObject): boolean => {
  const resource = metric.resource as { name?: string; current?: { averageUtilization?: unknown } } | undefined;
  return metric.type === 'Resource' && resource?.name === 'cpu' && resource.current?.averageUtilization !== undefined;
};

function annotationsOf(object: JsonObject): Record<string, string> {
  return { ...(((object.metadata ?? {}) as JsonObject).annotations as Record<string, string> | undefined) };
}

function withAnnotations(object: JsonObject, annotations: Record<string, string>): JsonObject {
  const metadata: JsonObject = { ...((object.metadata ?? {}) as JsonObject) };
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  else delete metadata.annotations;
  return { ...object, metadata };
}

const parsed = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** autoscaling/v2's default metric: 80% average cpu utilization. */
export const defaultCpuMetric = (): JsonObject => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } });

/** A v1 HorizontalPodAutoscaler in the v2 (stored) shape. */
function toV2(v1: JsonObject): JsonObject {
  const annotations = annotationsOf(v1);
  const spec = { ...((v1.spec ?? {}) as JsonObject) };
  const status = { ...((v1.status ?? {}) as JsonObject) };
  const metrics: JsonObject[] = [];
  if (typeof spec.targetCPUUtilizationPercentage === 'number') {
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } });
  }
  const others = parsed(annotations[metricsAnnotation]);
  if (Array.isArray(others)) metrics.push(...(others as JsonObject[]));
  delete spec.targetCPUUtilizationPercentage;
  // kube's v2 default, which its reads apply to what was stored without any metric.
  spec.metrics = metrics.length > 0 ? metrics : [defaultCpuMetric()];
  const behavior = parsed(annotations[behaviorAnnotation]);
  if (behavior !== undefined) spec.behavior = behavior;

  const currentMetrics: JsonObject[] = [];
  if (typeof status.currentCPUUtilizationPercentage === 'number') {
    currentMetrics.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } });
  }
  const otherCurrent = parsed(annotations[currentMetricsAnnotation]);
  if (Array.isArray(otherCurrent)) currentMetrics.push(...(otherCurrent as JsonObject[]));
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
  const spec = { ...((v2.spec ?? {}) as JsonObject) };
  const status = { ...((v2.status ?? {}) as JsonObject) };
  const metrics = (spec.metrics ?? []) as JsonObject[];
  const cpu = metrics.find(isCpuUtilization);
  if (cpu !== undefined) spec.targetCPUUtilizationPercentage = ((cpu.resource as JsonObject).target as JsonObject).averageUtilization;
  const others = metrics.filter((metric) => metric !== cpu);
  if (others.length > 0) annotations[metricsAnnotation] = JSON.stringify(others);
  if (spec.behavior !== undefined) annotations[behaviorAnnotation] = JSON.stringify(spec.behavior);
  delete spec.metrics;
  delete spec.behavior;

  const current = (status.currentMetrics ?? []) as JsonObject[];
  const cpuNow = current.find(isCpuCurrent);
  if (cpuNow !== undefined) status.currentCPUUtilizationPercentage = ((cpuNow.resource as JsonObject).current as JsonObject).averageUtilization;
  const otherCurrent = current.filter((metric) => metric !== cpuNow);
  if (otherCurrent.length > 0) annotations[currentMetricsAnnotation] = JSON.stringify(otherCurrent);
  if (Array.isArray(status.conditions) && status.conditions.length > 0) annotations[conditionsAnnotation] = JSON.stringify(status.conditions);
  delete status.currentMetrics;
  delete status.conditions;
  return withAnnotations({ ...v2, apiVersion: 'autoscaling/v1', spec, status }, annotations);
}

export const autoscalingV1Conversion: StoredConversion = { toStorage: toV2, fromStorage: toV1 };
