// The innermost handler, after the filters: health checks, /metrics, discovery, the OpenAPI documents,
// /version, then the resources; anything else is kube's 404.

import type { ServerResponse } from 'node:http';
import type { Logger } from '@capstan/common';
import type { BytesResponse, DiscoveryEndpoints } from '../discovery/discovery-endpoints.ts';
import { loadProtobufCodec, mentionsProtobuf } from '../endpoints/protobuf-codec.ts';
import { notFoundPath, routeResourceRequest, type ServedResources } from '../endpoints/resource-router.ts';
import { sendJson } from '../endpoints/send-json.ts';
import { requestInfoOf, type RequestContext } from '../filters/request-context.ts';
import { healthResponse, singleCheckResponse, type HealthCheck, type TextResponse } from '../health/health-endpoint.ts';
import type { OpenApiV2Endpoint } from '../openapi/openapi-v2-endpoint.ts';
import type { OpenApiV3Endpoints } from '../openapi/openapi-v3-endpoints.ts';
import type { VersionInfo } from './version-info.ts';
import { isMetricsRequest, serveMetrics } from '../metrics/metrics-endpoint.ts';
import type { OpenIdMetadata } from '../authentication/openid-metadata.ts';

export interface Routes {
  /** livez, readyz and healthz, each with its checks. */
  readonly health: Readonly<Record<string, readonly HealthCheck[]>>;
  readonly discovery: DiscoveryEndpoints;
  readonly openapi: OpenApiV3Endpoints;
  readonly openapiV2: OpenApiV2Endpoint;
  readonly served: ServedResources;
  /** The service account issuer's discovery documents, where they are served. */
  readonly openIdMetadata?: OpenIdMetadata;
  /** The /debug/api_priority_and_fairness/ dumps, where flow control has them. */
  readonly flowControlDump?: (pathname: string, query: URLSearchParams) => TextResponse | undefined;
  /** GET /version's body. */
  readonly version: VersionInfo;
  readonly logger: Logger;
}

export async function routeRequest(routes: Routes, context: RequestContext): Promise<void> {
  const { request, response, url } = context;
  const [first, second, ...rest] = url.pathname.split('/').filter((part) => part !== '');
  if (first !== undefined && first in routes.health && rest.length === 0) {
    const checks = routes.health[first] as readonly HealthCheck[];
    if (second === undefined) {
      sendText(
        response,
        await healthResponse(first, checks, url.searchParams, (failures) => {
          routes.logger.info({ failures: failures.map((f) => `${f.check}: ${String(f.error)}`) }, `${first} check failed`);
        }),
      );
      return;
    }
    const check = checks.find((c) => c.name === second);
    if (check !== undefined) {
      sendText(response, await singleCheckResponse(check));
      return;
    }
  }
  if (isMetricsRequest(request, url.pathname)) return serveMetrics(request, response, url.pathname);
  const socket = request.socket;
  const document =
    (request.method === 'GET' ? await routes.openIdMetadata?.respond(url.pathname) : undefined) ??
    routes.discovery.respond(url.pathname, request.headers, `${socket.localAddress}:${socket.localPort}`) ??
    (await routes.openapi.respond(url.pathname, url.searchParams, request.headers)) ??
    (await routes.openapiV2.respond(url.pathname, request.headers));
  if (document !== undefined) {
    sendBytes(response, document);
    return;
  }
  const dump = routes.flowControlDump?.(url.pathname, url.searchParams);
  if (dump !== undefined) {
    sendText(response, dump);
    return;
  }
  if (url.pathname === '/version' || url.pathname === '/version/') {
    sendJson(response, 200, routes.version);
    return;
  }
  // The Protobuf codec answers synchronously; a request that names Protobuf loads it first.
  if (mentionsProtobuf(request.headers)) await loadProtobufCodec();
  const info = requestInfoOf(context);
  if (info.isResourceRequest && (await routeResourceRequest(routes.served, context))) return;
  // Under a group nothing is served in (unknown, or turned off by --runtime-config) kube's
  // aggregator has no handler: Go's plain-text 404 page, not a Status.
  if (first === 'apis' && second !== undefined && !routes.served.registry.servesGroup(second)) {
    sendText(response, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }, body: '404 page not found\n' });
    return;
  }
  throw notFoundPath();
}

function sendText(response: ServerResponse, text: TextResponse): void {
  response.writeHead(text.status, text.headers);
  response.end(text.body);
}

function sendBytes(response: ServerResponse, answer: BytesResponse): void {
  response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
}
