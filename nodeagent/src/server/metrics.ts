// GET /metrics on the agent's port: the kubelet's /metrics (metrics/kubelet-metrics.ts, process and
// Node.js runtime metrics) for whoever may get nodes/metrics, in Prometheus' text format or
// OpenMetrics when the Accept header prefers it.

import { legacyRegistry } from '@capstan/common/metrics';
import { answer, type Exchange } from './exchange.ts';

export async function serveMetrics(exchange: Exchange): Promise<void> {
  const { contentType, body } = await legacyRegistry.expose(exchange.request.headers.accept);
  answer(exchange, 200, body, { 'Content-Type': contentType });
}
