// kube's WithRequestDeadline: a request that is not long-running must be answered within
// --request-timeout (60 s), or within its `timeout` query parameter when that is shorter (0 means
// the server's limit). A `timeout` that is not a Go duration is a 400.

import { newBadRequest, parseGoDuration } from '@capstan/common';
import type { Filter } from './filter-chain.ts';
import { isLongRunning } from './long-running.ts';
import { requestInfoOf } from './request-context.ts';

export function requestDeadline(requestTimeoutMs: number): Filter {
  return (context, next) => {
    if (isLongRunning(requestInfoOf(context))) return next();
    let timeoutMs = requestTimeoutMs;
    const asked = context.url.searchParams.get('timeout');
    if (asked !== null && asked !== '') {
      const parsed = parseGoDuration(asked);
      if (typeof parsed !== 'number') throw newBadRequest(`invalid timeout specified in the request URL - ${parsed.error}`);
      if (parsed > 0 && parsed < requestTimeoutMs) timeoutMs = parsed;
    }
    context.deadline = context.receivedAt + timeoutMs;
    return next();
  };
}
