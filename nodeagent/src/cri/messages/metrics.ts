// Prometheus-style metrics that the runtime gathers for the kubelet's /metrics/cadvisor
// (the PodAndContainerStatsFromCRI feature).

import { enumOf, field, message, repeated, type Declarations } from './declare.ts';
import type { UInt64Value } from './wrappers.ts';

export const metricTypes = ['COUNTER', 'GAUGE'] as const;
export type MetricType = (typeof metricTypes)[number];

export interface MetricDescriptor {
  readonly name: string;
  readonly help: string;
  readonly labelKeys: readonly string[];
}

export interface Metric {
  readonly name: string;
  /** Nanoseconds since the epoch. */
  readonly timestamp: number;
  readonly metricType: MetricType;
  readonly labelValues: readonly string[];
  readonly value: UInt64Value | null;
}

export interface ContainerMetrics {
  readonly containerId: string;
  readonly metrics: readonly Metric[];
}

export interface PodSandboxMetrics {
  readonly podSandboxId: string;
  readonly metrics: readonly Metric[];
  readonly containerMetrics: readonly ContainerMetrics[];
}

export interface ListMetricDescriptorsRequest {}

export interface ListMetricDescriptorsResponse {
  readonly descriptors: readonly MetricDescriptor[];
}

export interface ListPodSandboxMetricsRequest {}

export interface ListPodSandboxMetricsResponse {
  readonly podMetrics: readonly PodSandboxMetrics[];
}

export const metricDeclarations: Declarations = {
  MetricType: enumOf(metricTypes),
  MetricDescriptor: message({ name: field(1, 'string'), help: field(2, 'string'), labelKeys: repeated(3, 'string') }),
  Metric: message({
    name: field(1, 'string'),
    timestamp: field(2, 'int64'),
    metricType: field(3, 'MetricType'),
    labelValues: repeated(4, 'string'),
    value: field(5, 'UInt64Value'),
  }),
  ContainerMetrics: message({ containerId: field(1, 'string'), metrics: repeated(2, 'Metric') }),
  PodSandboxMetrics: message({
    podSandboxId: field(1, 'string'),
    metrics: repeated(2, 'Metric'),
    containerMetrics: repeated(3, 'ContainerMetrics'),
  }),
  ListMetricDescriptorsRequest: message({}),
  ListMetricDescriptorsResponse: message({ descriptors: repeated(1, 'MetricDescriptor') }),
  ListPodSandboxMetricsRequest: message({}),
  ListPodSandboxMetricsResponse: message({ podMetrics: repeated(1, 'PodSandboxMetrics') }),
};
