// kube's metrics framework for Capstan's components (component-base/metrics on prom-client).

export {
  KubeRegistry,
  legacyRegistry,
  prefersOpenMetrics,
  type Exposition,
  type CounterOptions,
  type GaugeOptions,
  type HistogramOptions,
  type MetricOptions,
  type RegistryConfiguration,
} from './kube-registry.ts';
export { recordFeatureInfo, type FeatureInfo } from './feature-info.ts';
export { observeHealthcheck, registerSliMetrics, slisRegistry, type HealthcheckStatus } from './slis.ts';
export { disabledMetricsFlags } from './disabled-metrics.ts';
export { showHiddenMetrics, showHiddenMetricsFlags } from './show-hidden-metrics.ts';
export { annotatedHelp, isDeprecatedAt, isHiddenAt, parseMetricVersion, type MetricVersion, type StabilityLevel } from './stability.ts';
export type { Counter, Gauge, Histogram } from 'prom-client';
