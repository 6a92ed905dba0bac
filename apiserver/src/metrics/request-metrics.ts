// kube-apiserver's request metrics (k8s.io/apiserver/pkg/endpoints/metrics), with kube's names,
// labels, buckets and stability levels, and kube's rules for the labels: the reported verb (LIST
// apart from GET, WATCH, APPLY, CONNECT), the scope, the dry_run value. Registered on first use in
// the process's registry, after the command has applied its metrics flags.

import { legacyRegistry } from '@capstan/common/metrics';
import type { RequestInfo } from '../request-info/request-info.ts';

/** kube's requestLatencies buckets, shaped for the API call latency SLOs. */
const latencyBuckets = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
/** kube's requestSliLatencies buckets: from 50 ms, as the SLO's thresholds. */
const sliBuckets = [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
/** kube's requestFilterDuration buckets: 100 µs to 30 s. */
export const filterBuckets = [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 5.0, 10.0, 15.0, 30.0];
/** 1 KB to 1 GB, ten times apart (kube's ExponentialBuckets(1000, 10, 7)). */
const sizeBuckets = [1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

let metrics: ReturnType<typeof defineRequestMetrics> | undefined;

/** The request metrics, registered the first time they are asked for. */
export function requestMetrics(): ReturnType<typeof defineRequestMetrics> {
  metrics ??= defineRequestMetrics();
  return metrics;
}

function defineRequestMetrics() {
  return {
    requestTotal: legacyRegistry.counter({
      name: 'apiserver_request_total',
      help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
      stabilityLevel: 'STABLE',
      labelNames: ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component', 'code'],
    }),
    requestDuration: legacyRegistry.histogram({
      name: 'apiserver_request_duration_seconds',
      help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      stabilityLevel: 'STABLE',
      buckets: latencyBuckets,
      labelNames: ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component'],
    }),
    responseSizes: legacyRegistry.histogram({
      name: 'apiserver_response_sizes',
      help: 'Response size distribution in bytes for each group, version, verb, resource, subresource, scope and component.',
      stabilityLevel: 'STABLE',
      buckets: sizeBuckets,
      labelNames: ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'],
    }),
    longRunning: legacyRegistry.gauge({
      name: 'apiserver_longrunning_requests',
      help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
      stabilityLevel: 'STABLE',
      labelNames: ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'],
    }),
    sliDuration: legacyRegistry.histogram({
      name: 'apiserver_request_sli_duration_seconds',
      help: sliHelp,
      buckets: sliBuckets,
      labelNames: ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'],
    }),
    // Deprecated since 1.27 for the SLI one and hidden since: recorded, shown only with --show-hidden-metrics-for-version.
    sloDuration: legacyRegistry.histogram({
      name: 'apiserver_request_slo_duration_seconds',
      help: sliHelp,
      deprecatedVersion: '1.27.0',
      buckets: sliBuckets,
      labelNames: ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'],
    }),
    filterDuration: legacyRegistry.histogram({
      name: 'apiserver_request_filter_duration_seconds',
      help: 'Request filter latency distribution in seconds, for each filter type',
      buckets: filterBuckets,
      labelNames: ['filter'],
    }),
    terminationsTotal: legacyRegistry.counter({
      name: 'apiserver_request_terminations_total',
      help: 'Number of requests which apiserver terminated in self-defense.',
      labelNames: ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component', 'code'],
    }),
    deprecatedApis: legacyRegistry.gauge({
      name: 'apiserver_requested_deprecated_apis',
      help: 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
      stabilityLevel: 'STABLE',
      labelNames: ['group', 'version', 'resource', 'subresource', 'removed_release'],
    }),
  };
}

const sliHelp =
  'Response latency distribution (not counting webhook duration and priority & fairness queue wait times) in seconds for each verb, group, version, resource, subresource, scope and component.';

/** kube's component label of the API server's own handlers. */
export const apiServerComponent = 'apiserver';

/** The resource labels of a request: the resource's, or for a path outside the API the path as the subresource, as kube labels them. */
export interface RequestLabels {
  readonly verb: string;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly subresource: string;
  readonly scope: string;
  readonly component: string;
}

/** kube's CleanScope: resource (a named object, or a create), namespace, cluster, or "" outside the API. */
export function cleanScope(info: RequestInfo): string {
  if (info.name !== '' || info.verb === 'create') return 'resource';
  if (info.namespace !== '') return 'namespace';
  return info.isResourceRequest ? 'cluster' : '';
}

const connectSubresources: ReadonlySet<string> = new Set(['log', 'exec', 'portforward', 'attach', 'proxy']);
const reportedVerbs: ReadonlySet<string> = new Set([
  'APPLY',
  'CONNECT',
  'CREATE',
  'DELETE',
  'DELETECOLLECTION',
  'GET',
  'LIST',
  'PATCH',
  'POST',
  'PROXY',
  'PUT',
  'UPDATE',
  'WATCH',
  'WATCHLIST',
]);

/**
 * kube's reported verb: the HTTP method, GET turned LIST for a collection, WATCH for a watch,
 * APPLY for a server-side apply, CONNECT for the streaming subresources; anything else is "other".
 */
export function reportedVerb(method: string, info: RequestInfo, scope: string, contentType: string | undefined): string {
  let verb = method.toUpperCase();
  if ((verb === 'GET' || verb === 'HEAD') && scope !== 'resource' && scope !== '') verb = 'LIST';
  else if (verb === 'HEAD') verb = 'GET';
  if (info.verb === 'watch') verb = 'WATCH';
  if (verb === 'PATCH' && contentType === 'application/apply-patch+yaml') verb = 'APPLY';
  if (info.isResourceRequest && connectSubresources.has(info.subresource)) verb = 'CONNECT';
  return reportedVerbs.has(verb) ? verb : 'other';
}

/** kube's cleanDryRun: "All" (however often given), "" without dryRun, "invalid" for any other value. */
export function cleanDryRun(query: URLSearchParams): string {
  const values = query.getAll('dryRun');
  if (values.some((value) => value !== 'All')) return 'invalid';
  return [...new Set(values)].join(',');
}

/** The paths outside the API that kube instruments (its health checks, discovery, OpenAPI, version), by their root. */
const instrumentedRoots: ReadonlySet<string> = new Set(['healthz', 'livez', 'readyz', 'version', 'api', 'apis', 'openapi']);

/** The labels of a request, or undefined for a path kube does not count (an unknown path, /metrics itself). */
export function requestLabels(method: string, info: RequestInfo, contentType: string | undefined): RequestLabels | undefined {
  const scope = cleanScope(info);
  const verb = reportedVerb(method, info, scope, contentType);
  if (info.isResourceRequest) {
    return { verb, group: info.apiGroup, version: info.apiVersion, resource: info.resource, subresource: info.subresource, scope, component: apiServerComponent };
  }
  const root = info.path.split('/')[1] ?? '';
  if (!instrumentedRoots.has(root)) return undefined;
  return { verb, group: '', version: '', resource: '', subresource: info.path, scope, component: apiServerComponent };
}

/**
 * The labels kube gives a request its filters end early (RecordRequestTermination,
 * RecordDroppedRequest): the request's own, outside the API its path as the subresource, whatever
 * the path (kube counts these before any route is matched).
 */
function earlyEndLabels(method: string, info: RequestInfo, contentType: string | undefined): RequestLabels {
  const scope = cleanScope(info);
  const verb = reportedVerb(method, info, scope, contentType);
  if (info.isResourceRequest) {
    return { verb, group: info.apiGroup, version: info.apiVersion, resource: info.resource, subresource: info.subresource, scope, component: apiServerComponent };
  }
  return { verb, group: '', version: '', resource: '', subresource: info.path, scope, component: apiServerComponent };
}

/**
 * A request ended by the server in self-defense (kube's RecordRequestTermination): a 429 of flow
 * control, a 504 of the request timeout. A 429 is counted in apiserver_request_total too, as kube's
 * RecordDroppedRequest does (the request never reaches the handlers that count the others), with
 * the path left out of the labels of a request outside the API, as kube does there.
 */
export function recordRequestTermination(method: string, info: RequestInfo, contentType: string | undefined, query: URLSearchParams, code: number): void {
  const metrics = requestMetrics();
  const labels = earlyEndLabels(method, info, contentType);
  metrics.terminationsTotal.inc({ ...labels, code: String(code) });
  if (code === 429) {
    const dropped = info.isResourceRequest ? labels : { ...labels, subresource: info.subresource };
    metrics.requestTotal.inc({ ...dropped, dry_run: cleanDryRun(query), code: '429' });
  }
}
