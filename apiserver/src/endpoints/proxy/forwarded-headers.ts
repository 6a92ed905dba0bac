// The headers a proxied request carries to its backend and those of the backend's answer that
// reach the client, as Go's reverse proxy and kube's proxy transport pass them.

import type { IncomingMessage } from 'node:http';
import { forwardedHeaders } from '@capstan/common';

/** RFC 7230's hop-by-hop headers, which Go's reverse proxy does not pass on either way. */
const hopByHop: ReadonlySet<string> = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** kube's proxy drops the backend's CORS answer: the API server's own CORS settings apply. */
const corsHeaders: ReadonlySet<string> = new Set([
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
]);

/**
 * The client's headers that the API server's filters left (the Authorization it authenticated is
 * gone), with the client's address appended to X-Forwarded-For and the given headers set over
 * the client's. An upgrade keeps its Connection and Upgrade headers; any other request loses the
 * hop-by-hop ones.
 */
export function forwardedRequestHeaders(request: IncomingMessage, upgrade: boolean, set: Readonly<Record<string, string>>): string[] {
  const dropped = upgrade ? new Set<string>() : droppedByConnection(request.headers.connection);
  return forwardedHeaders(request, (name) => request.headers[name] !== undefined && !dropped.has(name) && !name.startsWith(':'), set);
}

/** The backend's answer headers that reach the client: no hop-by-hop or CORS headers; `rewrite` applied to Location. */
export function answeredHeaders(answer: IncomingMessage, rewrite: (location: string) => string): [string, string][] {
  const dropped = droppedByConnection(answer.headers.connection);
  const headers: [string, string][] = [];
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (dropped.has(lower) || corsHeaders.has(lower)) continue;
    headers.push([name, lower === 'location' ? rewrite(raw[i + 1] as string) : (raw[i + 1] as string)]);
  }
  return headers;
}

function droppedByConnection(connection: string | undefined): Set<string> {
  const named = (connection ?? '').split(',').map((token) => token.trim().toLowerCase());
  return new Set([...hopByHop, ...named.filter((token) => token !== '')]);
}
