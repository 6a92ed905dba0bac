// computeReplicasForMetric for each kind of metric: Resource and ContainerResource from the
// resource metrics API (replica-calculator.ts); Pods, Object and External metrics need the custom
// and external metrics APIs, which Capstan's HPA does not read yet: they fail as kube's do when
// those APIs are not registered. A failure carries the ScalingActive condition it sets (and its
// event is recorded by the caller).

import { matchesLabels, type LabelSelector, quantityString, type Quantity } from '@capstan/common';
import type { MetricSpec, MetricStatus, MetricTarget } from '@capstan/common/api-types/autoscaling-v2';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { ReadonlyObjectStore, RestClient } from '@capstan/common/client';
import { decodeQuantity, quantityMilliValue } from '@capstan/common';
import { type CalculatorSettings, resourceReplicas, type Tolerances } from './replica-calculator.ts';
import { resourceMetrics } from './resource-metrics.ts';

export interface MetricContext {
  readonly client: RestClient;
  readonly pods: ReadonlyObjectStore<Pod>;
  readonly namespace: string;
  readonly selector: LabelSelector;
  readonly selectorText: string;
  readonly currentReplicas: number;
  readonly tolerances: Tolerances;
  readonly settings: CalculatorSettings;
}

export type MetricOutcome =
  | { readonly replicas: number; readonly metric: string; readonly status: MetricStatus; readonly timestamp: number }
  /** `reason` is the ScalingActive condition's (and the event's); `conditionError` its message's error, `error` the one reported up. */
  | { readonly reason: string; readonly conditionError: string; readonly error: string };

const noCustomMetrics = 'unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered';

/** buildQuantity: milli units, memory in binary units. */
const milliQuantity = (resource: string, raw: bigint): Quantity => ({ amount: { kind: 'int64', value: raw, scale: -3 }, format: resource === 'memory' ? 'BinarySI' : 'DecimalSI' });

async function resourceMetric(
  context: MetricContext,
  target: MetricTarget,
  resource: string,
  container: string,
): Promise<{ replicas: number; metric: string; current: object; timestamp: number }> {
  const pods = context.pods.list(context.namespace).filter((pod) => matchesLabels(context.selector, pod.metadata?.labels));
  if (target.averageValue !== undefined) {
    const averageMilli = quantityMilliValue(decodeQuantity(target.averageValue) as Quantity);
    try {
      const { metrics, timestamp } = await resourceMetrics(context.client, resource, context.namespace, context.selectorText, container).catch((error: unknown) => {
        throw new Error(`unable to get metrics for resource ${resource}: ${(error as Error).message}`);
      });
      const proposal = resourceReplicas(context.currentReplicas, { averageMilli }, resource, container, pods, metrics, context.tolerances, context.settings);
      return { replicas: proposal.replicas, metric: `${resource} resource`, current: { averageValue: quantityString(milliQuantity(resource, proposal.raw)) }, timestamp };
    } catch (error) {
      throw new Error(`failed to get ${resource} usage: ${(error as Error).message}`);
    }
  }
  if (target.averageUtilization === undefined) throw new Error('invalid resource metric source: neither an average utilization target nor an average value (usage) target was set');
  try {
    const { metrics, timestamp } = await resourceMetrics(context.client, resource, context.namespace, context.selectorText, container).catch((error: unknown) => {
      throw new Error(`unable to get metrics for resource ${resource}: ${(error as Error).message}`);
    });
    const proposal = resourceReplicas(
      context.currentReplicas,
      { utilization: target.averageUtilization },
      resource,
      container,
      pods,
      metrics,
      context.tolerances,
      context.settings,
    );
    const metric = container === '' ? `${resource} resource utilization (percentage of request)` : `${resource} container resource utilization (percentage of request)`;
    return {
      replicas: proposal.replicas,
      metric,
      current: { averageUtilization: proposal.utilization, averageValue: quantityString(milliQuantity(resource, proposal.raw)) },
      timestamp,
    };
  } catch (error) {
    throw new Error(`failed to get ${resource} utilization: ${(error as Error).message}`);
  }
}

export async function computeReplicasForMetric(context: MetricContext, spec: MetricSpec): Promise<MetricOutcome> {
  switch (spec.type) {
    case 'Resource': {
      const source = spec.resource;
      if (source === undefined) break;
      try {
        const result = await resourceMetric(context, source.target, source.name, '');
        return {
          replicas: result.replicas,
          metric: result.metric,
          timestamp: result.timestamp,
          status: { type: 'Resource', resource: { name: source.name, current: result.current } },
        };
      } catch (error) {
        const message = (error as Error).message;
        return { reason: 'FailedGetResourceMetric', conditionError: message, error: `failed to get ${source.name} resource metric value: ${message}` };
      }
    }
    case 'ContainerResource': {
      const source = spec.containerResource;
      if (source === undefined) break;
      try {
        const result = await resourceMetric(context, source.target, source.name, source.container);
        return {
          replicas: result.replicas,
          metric: result.metric,
          timestamp: result.timestamp,
          status: { type: 'ContainerResource', containerResource: { name: source.name, container: source.container, current: result.current } },
        };
      } catch (error) {
        const message = (error as Error).message;
        return { reason: 'FailedGetContainerResourceMetric', conditionError: message, error: `failed to get ${source.container} container metric value: ${message}` };
      }
    }
    case 'Pods': {
      const message = `unable to get metric ${spec.pods?.metric.name}: ${noCustomMetrics}`;
      return { reason: 'FailedGetPodsMetric', conditionError: message, error: `failed to get pods metric value: ${message}` };
    }
    case 'Object': {
      const ref = spec.object?.describedObject;
      // kube's own wording, its arguments in that order.
      const message = `unable to get metric ${spec.object?.metric.name}: ${ref?.kind} on ${context.namespace} ${ref?.name}/${noCustomMetrics}`;
      return { reason: 'FailedGetObjectMetric', conditionError: message, error: `failed to get object metric value: ${message}` };
    }
    case 'External': {
      const message = `unable to get external metric ${context.namespace}/${spec.external?.metric.name}: unable to fetch metrics from external metrics API: the server could not find the requested resource`;
      return { reason: 'FailedGetExternalMetric', conditionError: message, error: `failed to get ${spec.external?.metric.name} external metric value: ${message}` };
    }
  }
  const message = `unknown metric source type ${JSON.stringify(spec.type)}`;
  return { reason: 'InvalidMetricSourceType', conditionError: message, error: message };
}
