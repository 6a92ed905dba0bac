// kube's tooManyRequests: the 429 of both flow control filters is Go's http.Error, plain text
// (not a Status), with the seconds to wait in Retry-After; client-go retries on it. The request is
// counted as kube counts a dropped one (apiserver_request_total with code 429 and
// apiserver_request_terminations_total), since it never reaches the handlers that count the others.

import type { RequestContext } from '../filters/request-context.ts';
import { recordRequestTermination } from '../metrics/request-metrics.ts';

export function sendTooManyRequests(context: RequestContext, retryAfterSeconds: number): void {
  const { request, response } = context;
  if (context.requestInfo !== undefined) recordRequestTermination(request.method ?? 'GET', context.requestInfo, request.headers['content-type'], context.url.searchParams, 429);
  if (response.headersSent || response.writableEnded) return;
  response.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'retry-after': String(retryAfterSeconds) });
  response.end('Too many requests, please try again later.\n');
}
