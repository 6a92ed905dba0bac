// kube's request instrumentation (InstrumentRouteFunc, RecordLongRunning): every request that
// reaches the handlers is counted once it is answered, by verb, resource, scope and code, with its
// latency from arrival (and its SLI latency, without webhooks and queue wait) and, for reads, the
// size of its answer; long-running ones are counted
// while they last, the others in the in-flight watermark; a request to a deprecated API marks it
// in apiserver_requested_deprecated_apis.

import type { ServerResponse } from 'node:http';
import { isLongRunning } from './long-running.ts';
import type { Filter } from './filter-chain.ts';
import { cleanDryRun, requestLabels, requestMetrics, type RequestLabels } from '../metrics/request-metrics.ts';
import { requestKindOf, trackInflight } from '../metrics/inflight-watermark.ts';
import { servedResourceOf } from '../endpoints/negotiated-conversion.ts';
import { currentLatencyTrackers, excludedSeconds } from '../metrics/latency-trackers.ts';

export const instrumentRequest: Filter = async (context, next) => {
  const { request, response, requestInfo: info } = context;
  const labels = info === undefined ? undefined : requestLabels(request.method ?? 'GET', info, request.headers['content-type']);
  if (info === undefined || labels === undefined) return next();
  const metrics = requestMetrics();
  const bytes = labels.verb === 'GET' || labels.verb === 'LIST' ? countWrittenBytes(response) : undefined;
  const end = isLongRunning(info) ? countLongRunning(labels) : trackInflight(requestKindOf(info.verb));
  const trackers = currentLatencyTrackers();
  let failed = false;
  try {
    await next();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    end();
    const observe = (): void => {
      // As kube, which instruments its routes only: a path no resource or handler serves (a 404
      // of the mux) is not counted, so that made-up paths cannot make up label values.
      if (info.isResourceRequest ? servedResourceOf(request) === undefined : response.statusCode === 404) return;
      const dryRun = cleanDryRun(context.url.searchParams);
      metrics.requestTotal.inc({ ...labels, dry_run: dryRun, code: String(response.statusCode) });
      const elapsedSeconds = (Date.now() - context.receivedAt) / 1000;
      metrics.requestDuration.observe({ ...labels, dry_run: dryRun }, elapsedSeconds);
      // kube's SLI latency: a dry run's is not observed; webhooks and the queue wait are left out.
      if (dryRun === '' && trackers !== undefined) {
        const sliSeconds = elapsedSeconds - excludedSeconds(trackers);
        metrics.sliDuration.observe(labels, sliSeconds);
        metrics.sloDuration.observe(labels, sliSeconds);
      }
      if (bytes !== undefined) metrics.responseSizes.observe(labels, bytes());
      const deprecated = context.deprecatedApi;
      if (deprecated !== undefined) {
        const { group, version, resource, subresource } = labels;
        metrics.deprecatedApis.set({ group, version, resource, subresource, removed_release: deprecated.removedRelease }, 1);
      }
    };
    // A failure is answered by the panic-recovery filter, outside this one: count it once written.
    if (!failed || response.headersSent) observe();
    else whenAnswered(response, observe);
  }
};

function countLongRunning(labels: RequestLabels): () => void {
  const gauge = requestMetrics().longRunning;
  gauge.inc(labels);
  return () => gauge.dec(labels);
}

/** Counts the body bytes written from now on (kube's ResponseWriterDelegator). */
function countWrittenBytes(response: ServerResponse): () => number {
  let written = 0;
  const count = (chunk: unknown, encoding: unknown): void => {
    if (typeof chunk === 'string') written += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    else if (chunk instanceof Uint8Array) written += chunk.byteLength;
  };
  const write = response.write;
  const end = response.end;
  response.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    count(chunk, encoding);
    return Reflect.apply(
      write,
      this,
      [chunk, encoding, callback].filter((argument) => argument !== undefined),
    );
  } as typeof response.write;
  response.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (typeof chunk !== 'function') count(chunk, encoding);
    return Reflect.apply(
      end,
      this,
      [chunk, encoding, callback].filter((argument) => argument !== undefined),
    );
  } as typeof response.end;
  return () => written;
}

function whenAnswered(response: ServerResponse, observe: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    observe();
  };
  response.once('finish', once);
  response.once('close', once);
}
