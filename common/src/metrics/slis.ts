// The SLI registry (component-base/metrics/prometheus/slis): the health checks' results, served on
// /metrics/slis apart from /metrics, with the process's start time, as kube's components serve them.

import { KubeRegistry } from './kube-registry.ts';

/** What /metrics/slis serves. */
export const slisRegistry = new KubeRegistry();

export type HealthcheckStatus = 'success' | 'error';

let metrics: ReturnType<typeof defineMetrics> | undefined;

function defineMetrics() {
  slisRegistry.gauge({ name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds.' }).set(Math.floor(performance.timeOrigin) / 1000);
  return {
    healthcheck: slisRegistry.gauge({
      name: 'kubernetes_healthcheck',
      help: 'This metric records the result of a single healthcheck.',
      stabilityLevel: 'STABLE',
      labelNames: ['name', 'type'],
    }),
    healthchecksTotal: slisRegistry.counter({
      name: 'kubernetes_healthchecks_total',
      help: 'This metric records the results of all healthcheck.',
      stabilityLevel: 'STABLE',
      labelNames: ['name', 'type', 'status'],
    }),
  };
}

/** Registers the SLI metrics (listed without samples until a check runs). */
export function registerSliMetrics(): void {
  metrics ??= defineMetrics();
}

/** One check's result on one endpoint (`type` is healthz, livez or readyz): 1 or 0, and counted. */
export function observeHealthcheck(name: string, type: string, status: HealthcheckStatus): void {
  metrics ??= defineMetrics();
  metrics.healthcheck.set({ name, type }, status === 'success' ? 1 : 0);
  metrics.healthchecksTotal.inc({ name, type, status });
}
