// kube's WithRequestInfo: what the request asks for (verb, group, version, resource, name, ...),
// derived once from its method and URL for every later filter and the router. A path kube cannot
// make sense of (a bare /watch or /proxy after the version) gets its plain-text 500
// (responsewriters.InternalError).

import { goQuote } from '@capstan/common';
import { parseRequestInfo, RequestInfoError } from '../request-info/request-info.ts';
import type { Filter } from './filter-chain.ts';
import { sanitizeMessage } from './sanitize-message.ts';

export const withRequestInfo: Filter = (context, next) => {
  const { request, response } = context;
  try {
    context.requestInfo = parseRequestInfo(request.method ?? 'GET', request.url ?? '/');
  } catch (error) {
    if (!(error instanceof RequestInfoError)) throw error;
    const text = `Internal Server Error: ${goQuote(request.url ?? '/')}: failed to create RequestInfo: ${error.message}`;
    response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    response.end(`${sanitizeMessage(text)}\n`);
    return Promise.resolve();
  }
  return next();
};
