// GET /metrics: the process's metrics (kube's legacyregistry) in Prometheus' text format, or
// OpenMetrics when the Accept header prefers it. RBAC's system:monitoring role allows it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { legacyRegistry } from '@capstan/common/metrics';
import { admissionMetrics } from '../admission/admission-metrics.ts';
import { watchCacheMetrics } from '../storage/cacher/cache-metrics.ts';
import { requestMetrics } from './request-metrics.ts';
import { watchEventMetrics } from './watch-event-metrics.ts';
import { storageRequestMetrics } from './storage-metrics.ts';
import { validationMetrics } from './validation-metrics.ts';

export const isMetricsRequest = (request: IncomingMessage, path: string): boolean => path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD');

export async function serveMetrics(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { contentType, body } = await legacyRegistry.expose(request.headers.accept);
  response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The API server's metrics, registered at start as kube registers them: listed (without samples) before their first use. */
export function registerApiServerMetrics(): void {
  legacyRegistry.registerProcessMetrics();
  requestMetrics();
  storageRequestMetrics();
  validationMetrics();
  admissionMetrics();
  watchCacheMetrics();
  watchEventMetrics();
}
