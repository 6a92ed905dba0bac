// kube's WithTimeoutForNonLongRunningRequests: once the request's deadline passes, the client gets
// kube's 504 Timeout at once (or, if its answer had begun, a cut connection); the endpoint may go
// on, but nothing it writes after reaches the client. kube writes that Status with a bare JSON
// encoder, as text/plain and without kind or apiVersion, so client-go reports the 504 by its code
// ("the server was unable to return a response in the time allotted..."); so does this.

import { recordRequestTermination } from '../metrics/request-metrics.ts';
import type { Filter } from './filter-chain.ts';
import type { RequestContext } from './request-context.ts';

export const requestTimeout: Filter = async (context, next) => {
  if (context.deadline === undefined) return next();
  // One timer per request and no race of promises: the endpoint is awaited as usual, and the
  // timer, if it fires first, answers for it.
  const timer = setTimeout(() => timeOut(context), Math.max(0, context.deadline - Date.now()));
  try {
    await next();
  } finally {
    clearTimeout(timer);
  }
};

function timeOut(context: RequestContext): void {
  const { response } = context;
  if (response.writableEnded) return;
  context.timedOut = true;
  if (context.requestInfo !== undefined)
    recordRequestTermination(context.request.method ?? 'GET', context.requestInfo, context.request.headers['content-type'], context.url.searchParams, 504);
  // The endpoint goes on: its late writes and failures must not reach the client or crash the server.
  response.on('error', () => {});
  if (response.headersSent) response.destroy();
  else {
    response.writeHead(504, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(timeoutBody);
  }
}

const timeoutBody = `${JSON.stringify({
  metadata: {},
  status: 'Failure',
  message: 'Timeout: request did not complete within the allotted timeout',
  reason: 'Timeout',
  details: {},
  code: 504,
})}\n`;
