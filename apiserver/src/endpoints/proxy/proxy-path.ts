// The path a proxy request asks the backend for, as kube derives it: the request's path segments
// after `proxy`, cleaned as Go's path.Join cleans them (a trailing slash kept), and escaped as
// Go's URL.EscapedPath writes a path.

import { posix } from 'node:path';

/** kube's JoinPreservingTrailingSlash of the subpath ("" when the request stops at `proxy`). */
export function backendPath(subpath: readonly string[], requestPath: string): string {
  let path = subpath.join('/');
  if (path !== '' && !path.startsWith('/')) path = `/${path}`;
  if (requestPath.endsWith('/') && !path.endsWith('/')) path += '/';
  if (path === '') return '';
  const joined = posix.normalize(path);
  const cleaned = joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
  return path.endsWith('/') && !cleaned.endsWith('/') ? `${cleaned}/` : cleaned;
}

/** Go's path.Join of two paths: cleaned, "" parts skipped. */
export function joinPaths(first: string, second: string): string {
  const joined = [first, second].filter((part) => part !== '').join('/');
  if (joined === '') return '';
  const cleaned = posix.normalize(joined);
  return cleaned.length > 1 && cleaned.endsWith('/') ? cleaned.slice(0, -1) : cleaned;
}

/** Bytes Go leaves as they are in a path: unreserved characters and the sub-delimiters a path may hold. */
const keptInPath = /[A-Za-z0-9\-_.~$&+,/:;=@]/;

export function escapePath(path: string): string {
  let escaped = '';
  for (const char of path) {
    if (keptInPath.test(char)) escaped += char;
    else for (const byte of Buffer.from(char, 'utf8')) escaped += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}
