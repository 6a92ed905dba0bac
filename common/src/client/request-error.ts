// RequestError: a request that got no answer at all (refused, reset, timed out, aborted), as opposed
// to ApiError, an answer the server gave. Its code is Node's (ECONNREFUSED, ECONNRESET, ...) or the
// client's own (RequestTimeout, Aborted).

export class RequestError extends Error {
  override name = 'RequestError';
  readonly code: string;
  /** e.g. `GET http://127.0.0.1:6443/api/v1/namespaces/default/configmaps`. */
  readonly request: string;

  constructor(request: string, code: string, message: string, cause?: unknown) {
    super(`${request}: ${message}`, cause === undefined ? undefined : { cause });
    this.code = code;
    this.request = request;
  }
}

export function isConnectionRefused(error: unknown): boolean {
  return error instanceof RequestError && error.code === 'ECONNREFUSED';
}

export function isRequestTimeout(error: unknown): boolean {
  return error instanceof RequestError && error.code === 'RequestTimeout';
}
