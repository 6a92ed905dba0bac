// The kubelet's upgrade-aware proxy toward the runtime's streaming server: the client's upgrade
// request (its Upgrade, Connection, Sec-WebSocket-* and X-Stream-Protocol-* headers) goes to the
// URL CRI Exec or Attach answered; once the runtime switches protocols its answer head goes back
// to the client and the two connections are spliced byte for byte until either ends. A runtime
// that refuses with a 4xx or 5xx has its answer echoed; any other answer, or a failed connection,
// is the kubelet's 500 with the error's text.

import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { forwardedHeaders, spliceConnections } from '@capstan/common';
import { answerHttpError, type Exchange } from './exchange.ts';

/** Headers of the client's connection to the agent, not to be sent on the agent's own connection. */
const droppedHeaders: ReadonlySet<string> = new Set(['host', 'authorization', 'x-forwarded-for']);

export function proxyUpgrade(exchange: Exchange, location: URL, upgrade: { readonly socket: Duplex; readonly head: Buffer }): Promise<void> {
  const { request } = exchange;
  const client = upgrade.socket;
  return new Promise((resolve) => {
    const send = location.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(location, { method: request.method ?? 'GET', headers: clonedHeaders(request, location), agent: false });
    const abandon = (): void => void outgoing.destroy();
    client.once('close', abandon);
    const settled = (): void => {
      client.off('close', abandon);
      resolve();
    };
    outgoing.once('upgrade', (answer: IncomingMessage, runtime: Socket, head: Buffer) => {
      client.write(answerHead(answer));
      if (head.length > 0) client.write(head);
      if (upgrade.head.length > 0) runtime.write(upgrade.head);
      spliceConnections(client, runtime);
      settled();
    });
    outgoing.once('response', (answer) => {
      const status = answer.statusCode ?? 0;
      if (status < 400) {
        answer.resume();
        answerHttpError(exchange, 500, `invalid upgrade response: status code ${status}`);
      } else {
        // The body is re-framed: read to the end of the connection, as the refusal closes it.
        client.write(answerHead(answer, framingHeaders));
        answer.pipe(client);
      }
      settled();
    });
    outgoing.once('error', (error) => {
      if (!client.destroyed) answerHttpError(exchange, 500, error.message);
      settled();
    });
    outgoing.end();
  });
}

/** The client's headers as the kubelet's proxy clones them, with the runtime's Host and the client's address in X-Forwarded-For. */
function clonedHeaders(request: IncomingMessage, location: URL): string[] {
  return forwardedHeaders(request, (name) => !droppedHeaders.has(name), { Host: location.host });
}

const framingHeaders: ReadonlySet<string> = new Set(['transfer-encoding', 'content-length', 'connection', 'keep-alive']);

/** The runtime's status line and headers, less those named in `dropped` (then closing the connection ends the body). */
function answerHead(answer: IncomingMessage, dropped?: ReadonlySet<string>): string {
  let head = `HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? ''}\r\n`;
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (dropped?.has((raw[i] as string).toLowerCase()) !== true) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return `${head}${dropped === undefined ? '' : 'Connection: close\r\n'}\r\n`;
}
