// kube's WithTimeoutForNonLongRunningRequests: once the request's deadline passes, the client gets
// kube's 504 Timeout at once (or, if its answer had begun, a cut connection); the endpoint may go
// on, but nothing it writes after reaches the client. kube writes that Status with a bare JSON
// encoder, as text/plain and without kind or apiVersion, so client-go reports the 504 by its code
// ("the server was unable to return a response in the time allotted..."); so does this.

import type { Filter } from './filter-chain.ts';

export const requestTimeout: Filter = async (context, next) => {
  if (context.deadline === undefined) return next();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), Math.max(0, context.deadline! - Date.now()));
  });
  const handled = next().then(() => 'handled' as const);
  try {
    if ((await Promise.race([handled, expired])) === 'handled') return;
  } finally {
    clearTimeout(timer);
  }
  context.timedOut = true;
  const { response } = context;
  // The endpoint goes on: its late writes and failures must not reach the client or crash the server.
  handled.catch(() => {});
  response.on('error', () => {});
  if (response.writableEnded) return;
  if (response.headersSent) response.destroy();
  else {
    response.writeHead(504, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(timeoutBody);
  }
};

const timeoutBody = `${JSON.stringify({
  metadata: {},
  status: 'Failure',
  message: 'Timeout: request did not complete within the allotted timeout',
  reason: 'Timeout',
  details: {},
  code: 504,
})}\n`;
