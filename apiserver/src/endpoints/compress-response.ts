// Writes an encoded answer, gzipped as kube-apiserver's APIResponseCompression does it: only for a
// client whose Accept-Encoding lists the gzip coding, only past 128 KiB, at the fastest level.

import type { ServerResponse } from 'node:http';
import { constants, createGzip } from 'node:zlib';
import { auditOf } from '../audit/request-audit.ts';

/** kube-apiserver's defaultGzipThresholdBytes: smaller answers are not worth the CPU. */
export const gzipThresholdBytes = 128 * 1024;

/** Whether an Accept-Encoding header lists exactly the `gzip` token (kube ignores q-values: "gzip;q=0" is no gzip). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && acceptEncoding.split(',').some((coding) => coding.trim() === 'gzip');
}

export function writeResponse(response: ServerResponse, status: number, contentType: string, body: Uint8Array): void {
  if (contentType.startsWith('application/json')) auditOf(response.req)?.recordResponseJson(body);
  if (body.length <= gzipThresholdBytes || !acceptsGzip(response.req.headers['accept-encoding'])) {
    response.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
    response.end(body);
    return;
  }
  // Streamed: the zlib work runs off the event loop, and the length is unknown until it is done.
  response.writeHead(status, { 'content-type': contentType, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  gzip.once('error', () => response.destroy());
  gzip.pipe(response);
  gzip.end(body);
}
