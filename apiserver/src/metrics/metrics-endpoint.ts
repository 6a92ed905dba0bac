// GET /metrics: the process's metrics (kube's legacyregistry) in Prometheus' text format, or
// OpenMetrics when the Accept header prefers it; GET /metrics/slis: the health checks' SLIs.
// RBAC's system:monitoring role allows both.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type KubeRegistry, legacyRegistry, registerSliMetrics, slisRegistry } from '@capstan/common/metrics';
import { admissionMetrics } from '../admission/admission-metrics.ts';
import { policyCheckMetrics } from '../admission/policy/policy-check-metrics.ts';
import { celMetrics } from '../customresources/cel/cel-metrics.ts';
import { watchCacheMetrics } from '../storage/cacher/cache-metrics.ts';
import { requestMetrics } from './request-metrics.ts';
import { watchEventMetrics } from './watch-event-metrics.ts';
import { storageRequestMetrics } from './storage-metrics.ts';
import { validationMetrics } from './validation-metrics.ts';

const registries: Readonly<Record<string, KubeRegistry>> = { '/metrics': legacyRegistry, '/metrics/slis': slisRegistry };

export const isMetricsRequest = (request: IncomingMessage, path: string): boolean => Object.hasOwn(registries, path) && (request.method === 'GET' || request.method === 'HEAD');

/** /metrics, or /metrics/slis (the health checks' SLIs). */
export async function serveMetrics(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
  const registry = registries[path] ?? legacyRegistry;
  const { contentType, body } = await registry.expose(request.headers.accept);
  response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The API server's metrics, registered at start as kube registers them: listed (without samples) before their first use. */
export function registerApiServerMetrics(): void {
  legacyRegistry.registerProcessMetrics();
  registerSliMetrics();
  policyCheckMetrics();
  celMetrics();
  requestMetrics();
  storageRequestMetrics();
  validationMetrics();
  admissionMetrics();
  watchCacheMetrics();
  watchEventMetrics();
}
