// Benchmark support: a closed-loop HTTP load generator (undici, keep-alive connections, a fixed
// number of requests in flight) that runs in a worker thread, so that its event loop is neither
// the API server's nor the one taking the other measurements.

import { workerWithTrust } from './trusted-authorities.ts';
import { type BenchKind, collectionPath, configMapKind } from './bench-object.ts';
import type { LatencySummary } from './measure.ts';

/** What each request of a load is; `n` is the request's sequence number, `loop` its in-flight slot. */
export type LoadRequest =
  /**
   * GET of a fixed path, asking for `accept` (JSON by default); with `gzip`, accepting a gzipped
   * answer and inflating it as client-go's transport does.
   */
  | { readonly kind: 'get'; readonly path: string; readonly accept?: string; readonly gzip?: boolean }
  /**
   * POST of objectBody(objectKind, `${namePrefix}${n}`, n, payloadBytes) into
   * namespaces[n % namespaces.length]; objectKind is a ConfigMap unless given.
   */
  | { readonly kind: 'create'; readonly namespaces: readonly string[]; readonly namePrefix: string; readonly payloadBytes?: number; readonly objectKind?: BenchKind }
  /** Unconditional PUT (no resourceVersion) of `${namePrefix}${loop}` with seq = n: no two in flight on one object. */
  | { readonly kind: 'update'; readonly namespace: string; readonly namePrefix: string; readonly objectKind?: BenchKind }
  /** GETs of path?limit=... following each continue token to the end: one "request" is the whole walk. */
  | { readonly kind: 'list pages'; readonly path: string; readonly limit: number };

export interface LoadOptions {
  /** e.g. https://127.0.0.1:6443 */
  readonly url: string;
  readonly request: LoadRequest;
  /** Requests in flight, each loop on its own keep-alive connection (HTTP/1.1). */
  readonly concurrency: number;
  /** Run for this long after the warm-up... */
  readonly durationMs?: number;
  /** ...or until this many requests have been answered (no warm-up). */
  readonly count?: number;
  /** Requests started in the warm-up are not counted. */
  readonly warmupMs?: number;
  /** HTTP/2 (ALPN h2) on one connection for every request in flight; HTTP/1.1 with a connection each otherwise. */
  readonly http2?: boolean;
  /** A client certificate (PEM) presented on every connection; anonymous without one. */
  readonly clientCertificate?: { readonly cert: string; readonly key: string };
}

export interface LoadResult extends LatencySummary {
  /** Answers that were not 2xx, and connection errors (not in the latencies). */
  readonly errors: number;
  readonly firstError?: string;
  /** The mean body size of the answers counted (of all pages, for 'list pages'). */
  readonly bytesPerResponse: number;
  /** The share of the time the load generator's event loop was busy: near 1, it may be the bottleneck. */
  readonly clientBusy: number;
}

export function httpLoad(options: LoadOptions): Promise<LoadResult> {
  const worker = workerWithTrust(new URL('./http-load-worker.ts', import.meta.url), options);
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited with ${code} before answering`)));
  });
}

/** The method, path and body of request `n` of in-flight slot `loop`. */
export function requestOf(spec: LoadRequest, n: number, loop: number): { method: 'GET' | 'POST' | 'PUT'; path: string; name?: string } {
  switch (spec.kind) {
    case 'get':
    case 'list pages':
      return { method: 'GET', path: spec.path };
    case 'create': {
      const namespace = spec.namespaces[n % spec.namespaces.length] as string;
      return { method: 'POST', path: collectionPath(spec.objectKind ?? configMapKind, namespace), name: `${spec.namePrefix}${n}` };
    }
    case 'update': {
      const name = `${spec.namePrefix}${loop}`;
      return { method: 'PUT', path: `${collectionPath(spec.objectKind ?? configMapKind, spec.namespace)}/${name}`, name };
    }
  }
}
