// One GET of an httpGet action, as the kubelet's Go HTTP client makes it for probes and lifecycle
// hooks: no keep-alive, TLS without verification, redirects followed up to 10 (for probes only to
// the same host: a redirect elsewhere ends with the 3xx answer), the body read up to a limit, and
// failures worded as Go's client words them (`Get "http://10.0.0.7:80/": dial tcp ...`).

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { goQuote } from '@capstan/common';
import type { HttpGetRequest } from './http-get-request.ts';
import { goDialError } from './go-net-error.ts';

export interface HttpGetAnswer {
  readonly statusCode: number;
  /** At most `maxBodyBytes` of it. */
  readonly body: string;
}

export class HttpGetError extends Error {
  override name = 'HttpGetError';
}

export interface HttpGetOptions {
  /** The whole exchange, redirects included (http.Client's Timeout); absent for none. */
  readonly timeoutMs?: number;
  /** false: a redirect to another host is not followed (the kubelet's probes). */
  readonly followNonLocalRedirects: boolean;
  readonly maxBodyBytes: number;
}

const maxRedirects = 10;

export async function httpGet(request: HttpGetRequest, options: HttpGetOptions): Promise<HttpGetAnswer> {
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  const first = request.url;
  let url = first;
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, request.headers, deadline, options.maxBodyBytes, first);
    const location = answer.statusCode >= 300 && answer.statusCode < 400 ? answer.location : undefined;
    if (location === undefined) return answer;
    const next = new URL(location, url);
    if (!options.followNonLocalRedirects && next.hostname !== first.hostname) return answer;
    if (redirects + 1 >= maxRedirects) throw new HttpGetError(`Get ${goQuote(next.href)}: stopped after ${maxRedirects} redirects`);
    url = next;
  }
}

function getOnce(url: URL, headers: HttpGetRequest['headers'], deadline: number, maxBodyBytes: number, first: URL): Promise<HttpGetAnswer & { readonly location?: string }> {
  const failure = (reason: string): HttpGetError => new HttpGetError(`Get ${goQuote(first.href)}: ${reason}`);
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const outgoing = send(url, { method: 'GET', headers, agent: false, rejectUnauthorized: false }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size >= maxBodyBytes) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBodyBytes) response.destroy();
      });
      const done = (): void =>
        settle(() => {
          const body = Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8');
          const location = response.headers.location;
          resolve({ statusCode: response.statusCode ?? 0, body, ...(location === undefined ? {} : { location }) });
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    const remaining = deadline - Date.now();
    const timer = Number.isFinite(remaining)
      ? setTimeout(
          () =>
            settle(() => {
              outgoing.destroy();
              reject(failure('context deadline exceeded (Client.Timeout exceeded while awaiting headers)'));
            }),
          Math.max(remaining, 0),
        )
      : undefined;
    outgoing.on('error', (error: NodeJS.ErrnoException) => settle(() => reject(failure(goDialError(host, port, error)))));
    outgoing.end();
  });
}
