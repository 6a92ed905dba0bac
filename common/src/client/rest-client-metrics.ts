// client-go's rest_client_* metrics (component-base/metrics/prometheus/restclient), kept by every
// RestClient of the process in its legacy registry, so that the controllers' and the agent's
// /metrics show their API traffic as kube-controller-manager's and the kubelet's do: each attempt
// by status code, the retries after a Retry-After, the latency of a whole request (its retries
// included), and the bytes sent and received. Defined on first use: a process that never sends a
// request shows none, as Go's vectors without values show nothing.

import { legacyRegistry } from '../metrics/index.ts';

/** client-go's latency buckets, 5 ms to 60 s. */
const latencyBuckets = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
/** client-go's size buckets, 64 B to 16 MiB. */
const sizeBuckets = [64, 256, 512, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216];

/** client-go's label for an attempt that got no answer: errors are unbounded strings. */
export const noAnswerCode = '<error>';

let metrics: ReturnType<typeof defineMetrics> | undefined;

function defineMetrics() {
  return {
    latency: legacyRegistry.histogram({
      name: 'rest_client_request_duration_seconds',
      help: 'Request latency in seconds. Broken down by verb, and host.',
      labelNames: ['verb', 'host'],
      buckets: latencyBuckets,
    }),
    requestSize: legacyRegistry.histogram({
      name: 'rest_client_request_size_bytes',
      help: 'Request size in bytes. Broken down by verb and host.',
      labelNames: ['verb', 'host'],
      buckets: sizeBuckets,
    }),
    responseSize: legacyRegistry.histogram({
      name: 'rest_client_response_size_bytes',
      help: 'Response size in bytes. Broken down by verb and host.',
      labelNames: ['verb', 'host'],
      buckets: sizeBuckets,
    }),
    results: legacyRegistry.counter({
      name: 'rest_client_requests_total',
      help: 'Number of HTTP requests, partitioned by status code, method, and host.',
      labelNames: ['code', 'method', 'host'],
    }),
    retries: legacyRegistry.counter({
      name: 'rest_client_request_retries_total',
      help: 'Number of request retries, partitioned by status code, verb, and host.',
      labelNames: ['code', 'verb', 'host'],
    }),
    // No exec credential plugin runs in Capstan: client-go then reports +Inf.
    execPluginTtl: legacyRegistry.gauge({
      name: 'rest_client_exec_plugin_ttl_seconds',
      help: 'Gauge of the shortest TTL (time-to-live) of the client certificate(s) managed by the auth exec plugin. The value is in seconds until certificate expiry (negative if already expired). If auth exec plugins are unused or manage no TLS certificates, the value will be +INF.',
      collect: (gauge) => gauge.set(Number.POSITIVE_INFINITY),
    }),
  };
}

/** One client's recorder: `host` is the server's host as client-go labels it (host:port as written in the URL). */
export class RestClientMetrics {
  readonly #host: string;

  constructor(server: string) {
    this.#host = hostOf(server);
  }

  /** An attempt was answered (`code` the status) or got no answer (noAnswerCode); `retry` for the second attempt on. */
  attempted(method: string, code: number | typeof noAnswerCode, requestBytes: number, retry: boolean): void {
    const recorded = (metrics ??= defineMetrics());
    const codeText = String(code);
    recorded.results.inc({ code: codeText, method, host: this.#host });
    if (retry) recorded.retries.inc({ code: codeText, verb: method, host: this.#host });
    recorded.requestSize.observe({ verb: method, host: this.#host }, requestBytes);
  }

  /** The whole request (its retries included) took `seconds`; `responseBytes` undefined when nothing was read. */
  finished(method: string, seconds: number, responseBytes: number | undefined): void {
    const recorded = (metrics ??= defineMetrics());
    recorded.latency.observe({ verb: method, host: this.#host }, seconds);
    if (responseBytes !== undefined) recorded.responseSize.observe({ verb: method, host: this.#host }, responseBytes);
  }
}

/** The authority of the URL as written (Go's url.Host keeps a default port that WHATWG's URL drops), without user info. */
function hostOf(server: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(server)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host === '' ? 'none' : host;
}
