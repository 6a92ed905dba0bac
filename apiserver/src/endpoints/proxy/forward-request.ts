// A proxied request that is no upgrade: sent to the backend with the client's method, headers and
// body, and the backend's answer (status, headers, body) streamed back as it comes, as Go's
// reverse proxy under kube's proxy transport does (an HTML page whole, its links rewritten). A
// backend that cannot be reached is kube's 503 `error trying to reach service: ...`.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage, newServiceUnavailable, newUnclassifiedError } from '@capstan/common';
import { goConnectionError } from '../../kubelet/connection-error.ts';
import type { KubeletClient } from '../../kubelet/kubelet-client.ts';
import { answeredHeaders } from './forwarded-headers.ts';
import { hostOf, type ProxyLocation } from './proxy-location.ts';
import { rewriteHtmlBody, rewritesHtml } from './rewrite-html.ts';
import { openBackendRequest, type BackendRequest } from './proxy-transport.ts';

export function forwardRequest(
  location: ProxyLocation,
  kubelet: KubeletClient,
  backend: BackendRequest,
  request: IncomingMessage,
  response: ServerResponse,
  rewriteLocation: (location: string) => string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = openBackendRequest(location, kubelet, backend);
    // A client that leaves takes the backend's request with it.
    const abandon = (): void => void outgoing.destroy();
    response.once('close', abandon);
    outgoing.once('response', (answer) => {
      const html = rewritesHtml(answer.headers);
      const writeHead = (): void => {
        for (const [name, value] of answeredHeaders(answer, rewriteLocation)) {
          // A rewritten page has another length.
          if (!html || name.toLowerCase() !== 'content-length') response.appendHeader(name, value);
        }
        response.writeHead(answer.statusCode ?? 502);
      };
      if (html) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('error', () => {
          response.destroy();
          resolve();
        });
        answer.once('end', () => {
          let page: Buffer;
          try {
            page = rewriteHtmlBody(Buffer.concat(chunks), answer.headers['content-encoding'] ?? '', rewriteLocation);
          } catch (error) {
            return reject(newUnclassifiedError(`error rewriting the backend's HTML: ${errorMessage(error)}`));
          }
          writeHead();
          response.end(page);
          resolve();
        });
        return;
      }
      writeHead();
      // Each chunk as it comes (a streaming backend streams through), at the pace the client reads.
      answer.pipe(response);
      answer.once('error', () => response.destroy());
      response.once('close', () => resolve());
    });
    outgoing.once('error', (error) => {
      response.off('close', abandon);
      if (response.headersSent || response.destroyed) {
        response.destroy();
        return resolve();
      }
      const host = hostOf(location);
      reject(newServiceUnavailable(`error trying to reach service: ${goConnectionError(error, location.hostname, host)}`));
    });
    request.pipe(outgoing);
  });
}
