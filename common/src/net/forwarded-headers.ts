// The headers a proxy sends on for a client's request, as Go's proxies (kube's upgrade-aware
// handler, httputil.ReverseProxy) send them: the client's own that the proxy keeps, the client's
// address appended to X-Forwarded-For, and the proxy's own headers over the client's.

import type { IncomingMessage } from 'node:http';

/** `keep` decides by the lower-cased name; the client's X-Forwarded-For and the names in `own` are always replaced. */
export function forwardedHeaders(request: IncomingMessage, keep: (lowerName: string) => boolean, own: Readonly<Record<string, string>>): string[] {
  const replaced = new Set([...Object.keys(own).map((name) => name.toLowerCase()), 'x-forwarded-for']);
  const headers: string[] = [];
  const forwardedFor: string[] = [];
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (lower === 'x-forwarded-for') forwardedFor.push(raw[i + 1] as string);
    if (!replaced.has(lower) && keep(lower)) headers.push(name, raw[i + 1] as string);
  }
  const client = request.socket.remoteAddress;
  if (client !== undefined) headers.push('X-Forwarded-For', [...forwardedFor, client].join(', '));
  for (const [name, value] of Object.entries(own)) headers.push(name, value);
  return headers;
}
