// GET /metrics on the agent's port: the kubelet's /metrics (metrics/kubelet-metrics.ts, the REST
// client's rest_client_*, process and Node.js runtime metrics) for whoever may get nodes/metrics, in
// Prometheus' text format or OpenMetrics when the Accept header prefers it; and GET
// /metrics/resource (metrics/resource-metrics.ts) and /metrics/probes (metrics/prober-metrics.ts),
// under the same authorization.

import { legacyRegistry } from '@capstan/common/metrics';
import { proberRegistry } from '../metrics/prober-metrics.ts';
import { resourceMetrics, type ResourceMetricsSources } from '../metrics/resource-metrics.ts';
import { answer, type Exchange } from './exchange.ts';

export async function serveMetrics(exchange: Exchange): Promise<void> {
  const { contentType, body } = await legacyRegistry.expose(exchange.request.headers.accept);
  answer(exchange, 200, body, { 'Content-Type': contentType });
}

export async function serveResourceMetrics(sources: ResourceMetricsSources, exchange: Exchange): Promise<void> {
  const { contentType, body } = await resourceMetrics(sources);
  answer(exchange, 200, body, { 'Content-Type': contentType });
}

export async function serveProbeMetrics(exchange: Exchange): Promise<void> {
  const { contentType, body } = await proberRegistry.expose(exchange.request.headers.accept);
  answer(exchange, 200, body, { 'Content-Type': contentType });
}
