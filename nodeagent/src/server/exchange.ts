// One request to the agent's server and the ways it is answered: a plain answer written as the
// kubelet's Go server writes its handlers' answers (go-restful's error strings, net/http's
// http.Error), either on the response of an ordinary request or, for an upgrade request (exec,
// attach), straight on its connection.

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface Exchange {
  readonly request: IncomingMessage;
  readonly url: URL;
  /** The answer of an ordinary request; undefined for an upgrade request. */
  readonly response: ServerResponse | undefined;
  /** The client's connection and the bytes that followed its request head, for an upgrade request. */
  readonly upgrade: { readonly socket: Duplex; readonly head: Buffer } | undefined;
}

/** Go's sniffed type of a text body. */
const plainText = 'text/plain; charset=utf-8';

/** Answers with a status, headers and a whole body, on whichever of the two the exchange has. */
export function answer(exchange: Exchange, status: number, body: string, headers: Readonly<Record<string, string>>): void {
  const bytes = Buffer.from(body, 'utf8');
  const { response, upgrade } = exchange;
  if (response !== undefined) {
    if (response.headersSent) {
      // The kubelet's handlers write a late error into the body already begun.
      response.end(bytes);
      return;
    }
    response.writeHead(status, { ...headers, 'content-length': String(bytes.length) }).end(bytes);
    return;
  }
  if (upgrade === undefined || upgrade.socket.destroyed) return;
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of Object.entries({ ...headers, 'Content-Length': String(bytes.length), Date: new Date().toUTCString(), Connection: 'close' }))
    lines.push(`${name}: ${value}`);
  upgrade.socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bytes]));
}

/** go-restful's WriteErrorString: the text as it is, typed as Go sniffs it. */
export const answerText = (exchange: Exchange, status: number, text: string, headers: Readonly<Record<string, string>> = {}): void =>
  answer(exchange, status, text, { 'Content-Type': plainText, ...headers });

/** net/http's http.Error: the text and a newline, not to be sniffed. */
export const answerHttpError = (exchange: Exchange, status: number, text: string): void =>
  answer(exchange, status, `${text}\n`, { 'Content-Type': plainText, 'X-Content-Type-Options': 'nosniff' });

export const answerJson = (exchange: Exchange, body: string): void => answer(exchange, 200, body, { 'Content-Type': 'application/json' });
