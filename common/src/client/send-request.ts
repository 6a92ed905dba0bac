// One HTTP exchange on a client's agent: a deadline that covers the whole exchange (so an API
// server that accepts and never answers cannot hold requests forever), abort by signal, and the
// one retry Node advises for a keep-alive socket the server closed just as it was reused.

import { request as httpRequest, type Agent, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestError } from './request-error.ts';
import { noteKeepAliveHint } from './transport.ts';

export interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  readonly agent: Agent;
  /** For the whole exchange of sendRequest, for the response head of openStream; 0 for none. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

export interface BufferedResponse {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  /** Each header's values apart (Warning may come several times). */
  readonly headersDistinct: NodeJS.Dict<string[]>;
  readonly body: Buffer;
}

/** Methods safe to send twice: a request that never reached the server is retried once. */
const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function sendRequest(exchange: Exchange): Promise<BufferedResponse> {
  return retryingStaleSocket(() => attempt(exchange, false));
}

/** Resolves once the response head has come; the caller reads and ends the stream. */
export function openStream(exchange: Exchange): Promise<{ readonly request: ClientRequest; readonly response: IncomingMessage }> {
  return retryingStaleSocket(() => attempt(exchange, true));
}

async function retryingStaleSocket<R>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    return send();
  }
}

/** A reused keep-alive socket the server had closed: the request never reached it. */
class StaleSocketError extends Error {}

function attempt(exchange: Exchange, stream: true): Promise<{ request: ClientRequest; response: IncomingMessage }>;
function attempt(exchange: Exchange, stream: false): Promise<BufferedResponse>;
function attempt(exchange: Exchange, stream: boolean): Promise<BufferedResponse | { request: ClientRequest; response: IncomingMessage }> {
  const { method, url, signal } = exchange;
  const described = `${method} ${url.href}`;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(described, signal));
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { ...exchange.headers };
    if (exchange.body !== undefined) headers['content-length'] = String(Buffer.byteLength(exchange.body));
    const request = send(url, { method, headers, agent: exchange.agent });
    let settled = false;
    const timer =
      exchange.timeoutMs > 0
        ? setTimeout(() => request.destroy(new RequestError(described, 'RequestTimeout', `request timed out after ${exchange.timeoutMs} ms`)), exchange.timeoutMs)
        : undefined;
    const onAbort = (): void => void request.destroy(abortError(described, signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Past the head of a stream, closing it on abort is its reader's job.
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: NodeJS.ErrnoException): void =>
      finish(() => reject(error instanceof RequestError ? error : new RequestError(described, error.code ?? 'ERR_REQUEST', error.message, error)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!(error instanceof RequestError) && request.reusedSocket && error.code === 'ECONNRESET' && idempotent.has(method)) {
        finish(() => reject(new StaleSocketError()));
        return;
      }
      fail(error);
    });
    request.on('response', (response) => {
      const hint = response.headers['keep-alive'];
      noteKeepAliveHint(response.socket, Array.isArray(hint) ? hint.join(',') : hint);
      if (stream) {
        finish(() => resolve({ request, response }));
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish(() => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, headersDistinct: response.headersDistinct, body: Buffer.concat(chunks) })),
      );
      response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new RequestError(described, 'ECONNRESET', 'the connection closed before the whole answer came'));
      });
    });
    request.end(exchange.body);
  });
}

function abortError(described: string, signal: AbortSignal): RequestError {
  return new RequestError(described, 'Aborted', 'request aborted', signal.reason);
}
