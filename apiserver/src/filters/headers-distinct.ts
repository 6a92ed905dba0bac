// A request's headers with every value of each: IncomingMessage's headersDistinct, which the
// request of Node's HTTP/2 compatibility API does not have (its `headers` joins repeated fields
// with ", ", which would merge two Impersonate-Group values into one group).

import type { IncomingMessage } from 'node:http';

export function headersDistinctOf(request: IncomingMessage): Record<string, string[]> {
  const own = (request as Partial<Pick<IncomingMessage, 'headersDistinct'>>).headersDistinct;
  if (own !== undefined) return own as Record<string, string[]>;
  const headers: Record<string, string[]> = {};
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    // HTTP/2's pseudo-headers (:method, :path, ...) are the request line's, not headers.
    if (name.startsWith(':')) continue;
    (headers[name] ??= []).push(raw[i + 1] as string);
  }
  return headers;
}
