// kube's tooManyRequests: the 429 of both flow control filters is Go's http.Error, plain text
// (not a Status), with the seconds to wait in Retry-After; client-go retries on it.

import type { ServerResponse } from 'node:http';

export function sendTooManyRequests(response: ServerResponse, retryAfterSeconds: number): void {
  if (response.headersSent || response.writableEnded) return;
  response.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'retry-after': String(retryAfterSeconds) });
  response.end('Too many requests, please try again later.\n');
}
