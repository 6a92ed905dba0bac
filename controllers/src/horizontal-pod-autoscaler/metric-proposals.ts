// One metric of an HPA's spec turned into a replica proposal and its MetricStatus, or into the
// ScalingActive condition and error kube gives when it cannot (FailedGetResourceMetric, ...).
// Resource and ContainerResource metrics are read from metrics.k8s.io; Pods, Object and External
// metrics need the custom and external metrics APIs, which Capstan's controller does not read yet:
// it says so in kube's words when they are not registered.

import type { MetricSpec, MetricStatus } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import { quantityString } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { HpaCondition } from './hpa-conditions.ts';
import { milliValue, type ReplicaCalculatorSettings, resourceReplicasForAverageValue, resourceReplicasForUtilization } from './replica-calculator.ts';
import { resourceMetrics } from './resource-metrics.ts';

export type MetricProposal =
  | { readonly replicas: number; readonly metricName: string; readonly status: MetricStatus; readonly timestamp: string | undefined }
  | { readonly error: Error; readonly condition: HpaCondition; readonly eventReason: string; readonly eventMessage: string };

export interface MetricContext {
  readonly client: RestClient;
  readonly namespace: string;
  readonly selector: string;
  readonly pods: readonly Pod[];
  readonly currentReplicas: number;
  readonly settings: ReplicaCalculatorSettings;
  /** Whether custom.metrics.k8s.io is served (discovery). */
  readonly customMetricsServed: () => Promise<boolean>;
}

function unable(reason: string, cause: string, wrapped: string): MetricProposal {
  return {
    error: new Error(wrapped),
    condition: { type: 'ScalingActive', status: 'False', reason, message: `the HPA was unable to compute the replica count: ${cause}` },
    eventReason: reason,
    eventMessage: cause,
  };
}

/** buildQuantity: a milli-value written as kube writes a metric's quantity, memory in binary units (as metrics-server). */
function quantityOf(resource: string, milli: number): string {
  return quantityString({ amount: { kind: 'int64', value: BigInt(milli), scale: -3 }, format: resource === 'memory' ? 'BinarySI' : 'DecimalSI' });
}

async function resourceProposal(spec: MetricSpec, context: MetricContext): Promise<MetricProposal> {
  const source = spec.type === 'Resource' ? spec.resource : spec.containerResource;
  const resource = source?.name ?? '';
  const container = spec.type === 'ContainerResource' ? (spec.containerResource?.container ?? '') : '';
  const reason = spec.type === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric';
  const wrap = (message: string): string =>
    spec.type === 'Resource' ? `failed to get ${resource} resource metric value: ${message}` : `failed to get ${container} container metric value: ${message}`;
  const target = source?.target;
  const byValue = target?.averageValue !== undefined && target.averageValue !== null;
  if (!byValue && target?.averageUtilization === undefined) {
    const message = 'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set';
    return unable(reason, message, wrap(message));
  }
  // kube's chain of errors: what failed, then why (the metrics API, or the calculation).
  const failed = `failed to get ${resource} ${byValue ? 'usage' : 'utilization'}`;
  let read: Awaited<ReturnType<typeof resourceMetrics>>;
  try {
    read = await resourceMetrics(context.client, resource, context.namespace, context.selector, container);
  } catch (error) {
    const cause = `${failed}: unable to get metrics for resource ${resource}: ${(error as Error).message}`;
    return unable(reason, cause, wrap(cause));
  }
  try {
    if (byValue) {
      const proposal = resourceReplicasForAverageValue(context.currentReplicas, milliValue(target?.averageValue) ?? 0, resource, context.pods, read.metrics, context.settings);
      const current = { averageValue: quantityOf(resource, proposal.rawAverage) };
      return { replicas: proposal.replicas, metricName: `${resource} resource`, status: statusOf(spec, current), timestamp: read.timestamp };
    }
    const proposal = resourceReplicasForUtilization(context.currentReplicas, target?.averageUtilization ?? 0, resource, container, context.pods, read.metrics, context.settings);
    const current = { averageUtilization: proposal.utilization, averageValue: quantityOf(resource, proposal.rawAverage) };
    const metricName = spec.type === 'Resource' ? `${resource} resource utilization (percentage of request)` : `${resource} container resource utilization (percentage of request)`;
    return { replicas: proposal.replicas, metricName, status: statusOf(spec, current), timestamp: read.timestamp };
  } catch (error) {
    const cause = `${failed}: ${(error as Error).message}`;
    return unable(reason, cause, wrap(cause));
  }
}

function statusOf(spec: MetricSpec, current: Record<string, unknown>): MetricStatus {
  if (spec.type === 'Resource') return { type: 'Resource', resource: { name: spec.resource?.name ?? '', current } } as MetricStatus;
  return {
    type: 'ContainerResource',
    containerResource: { name: spec.containerResource?.name ?? '', container: spec.containerResource?.container ?? '', current },
  } as MetricStatus;
}

export async function proposeForMetric(spec: MetricSpec, context: MetricContext): Promise<MetricProposal> {
  switch (spec.type) {
    case 'Resource':
    case 'ContainerResource':
      return resourceProposal(spec, context);
    case 'Pods':
    case 'Object': {
      const name = (spec.type === 'Pods' ? spec.pods?.metric.name : spec.object?.metric.name) ?? '';
      const api = (await context.customMetricsServed())
        ? 'the custom metrics API is served, but Capstan reads resource metrics only'
        : 'no custom metrics API (custom.metrics.k8s.io) registered';
      const cause = `unable to get metric ${name}: unable to fetch metrics from custom metrics API: ${api}`;
      return spec.type === 'Pods'
        ? unable('FailedGetPodsMetric', cause, `failed to get pods metric value: ${cause}`)
        : unable('FailedGetObjectMetric', cause, `failed to get object metric value: ${cause}`);
    }
    case 'External': {
      const name = spec.external?.metric.name ?? '';
      const cause = `unable to get external metric ${context.namespace}/${name}/${JSON.stringify(spec.external?.metric.selector ?? null)}: unable to fetch metrics from external metrics API: Capstan reads resource metrics only`;
      return unable('FailedGetExternalMetric', cause, `failed to get ${name} external metric value: ${cause}`);
    }
    default: {
      const cause = `unknown metric source type "${spec.type}"`;
      return unable('InvalidMetricSourceType', cause, cause);
    }
  }
}
