// A backend's redirect as kube's proxy transport passes it on: a Location on the backend's own
// host (or the client's) or an absolute path is rewritten to go through the proxy path again;
// another host's, or a relative one, is left as it is.

import { joinPaths } from './proxy-path.ts';

export interface RewriteContext {
  /** The backend, host[:port], as the request to it named it. */
  readonly backendHost: string;
  /** The Host the client asked the API server for (the request to the backend carries it too). */
  readonly requestHost: string;
  /** The API server's path of the proxy up to the backend's path (…/pods/name/proxy). */
  readonly pathPrepend: string;
}

export function rewriteLocation(location: string, context: RewriteContext): string {
  const parsed = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(.*)$/s.exec(location);
  if (parsed === null) return location;
  const [, scheme, authority, path = '', rest = ''] = parsed;
  // Only an authority's host part is compared, as Go's URL.Host is (userinfo left out).
  const host = authority === undefined ? '' : authority.slice(authority.lastIndexOf('@') + 1);
  const differentHost = host !== '' && host !== context.backendHost && host !== context.requestHost;
  if (differentHost || !path.startsWith('/') || (scheme !== undefined && authority === undefined)) return location;
  // The proxy's own scheme and host are empty (a server's request URL has none): an absolute URL becomes a path.
  const keepsHost = host !== '' && host === context.requestHost;
  const prefix = keepsHost ? `${scheme === undefined ? '' : `${scheme}:`}//${authority}` : '';
  if (path.startsWith(context.pathPrepend)) return `${prefix}${path}${rest}`;
  const joined = joinPaths(context.pathPrepend, path);
  return `${prefix}${path.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined}${rest}`;
}
