// The HTTP/1.1 side of a SPDY/3.1 upgrade as kube's streaming servers answer it: the stream
// protocol negotiated from the client's X-Stream-Protocol-Version headers (the client's order of
// preference wins), then `101 Switching Protocols` with `Upgrade: SPDY/3.1` and the chosen protocol.
// Refusals are net/http's http.Error answers with kube's wording, and close the connection.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SpdyServerSession, type SpdyStream } from './spdy-session.ts';

export const spdyUpgradeToken = 'SPDY/3.1';

/** Whether the request asks to switch to SPDY/3.1 (the Upgrade header names it). */
export function isSpdyUpgradeRequest(request: IncomingMessage): boolean {
  return (request.headers.upgrade ?? '').toLowerCase().includes(spdyUpgradeToken.toLowerCase());
}

export interface SpdyUpgrade {
  readonly protocol: string;
  readonly session: SpdyServerSession;
}

/**
 * Negotiates the stream protocol among `serverProtocols` and switches `socket` to SPDY; undefined
 * when it refused the request (the answer is written and the connection ends).
 */
export function acceptSpdyUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  serverProtocols: readonly string[],
  accept: (stream: SpdyStream) => boolean,
): SpdyUpgrade | undefined {
  const offered = request.headersDistinct['x-stream-protocol-version'];
  if (offered === undefined) {
    const count = Object.keys(request.headers).filter((name) => name !== 'host').length;
    return refuse(socket, 400, `unable to upgrade: header X-Stream-Protocol-Version does not exist in request with ${count} headers`);
  }
  const clientProtocols = offered
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (clientProtocols.length === 0) return refuse(socket, 400, `unable to upgrade: header X-Stream-Protocol-Version contains [${offered.join(' ')}], but no valid protocols`);
  const protocol = clientProtocols.find((candidate) => serverProtocols.includes(candidate));
  if (protocol === undefined) {
    const accepted = serverProtocols.map((name) => `X-Accepted-Stream-Protocol-Versions: ${name}\r\n`).join('');
    return refuse(
      socket,
      403,
      `unable to upgrade: unable to negotiate protocol: client supports [${clientProtocols.join(' ')}], server accepts [${serverProtocols.join(' ')}]`,
      accepted,
    );
  }
  const connection = (request.headers.connection ?? '').toLowerCase();
  if (!connection.includes('upgrade') || !isSpdyUpgradeRequest(request)) {
    return refuse(socket, 400, `unable to upgrade: missing upgrade headers in request: ${goHeaderSyntax(request)}`);
  }
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nDate: ${new Date().toUTCString()}\r\nUpgrade: ${spdyUpgradeToken}\r\nX-Stream-Protocol-Version: ${protocol}\r\n\r\n`,
  );
  if (head.length > 0) socket.unshift(head);
  return { protocol, session: new SpdyServerSession(socket, accept) };
}

/** http.Error's answer: the message and a newline as text/plain, then the connection ends. */
function refuse(socket: Duplex, status: 400 | 403, message: string, extraHeaders = ''): undefined {
  const body = `${message}\n`;
  const reason = status === 400 ? 'Bad Request' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n${extraHeaders}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  return undefined;
}

/** The request's headers as Go's %#v prints an http.Header, for the wording of kube's refusal. */
function goHeaderSyntax(request: IncomingMessage): string {
  const entries = Object.entries(request.headersDistinct)
    .filter(([name]) => name !== 'host')
    .map(([name, values]) => `${JSON.stringify(canonicalName(name))}:[]string{${(values ?? []).map((value) => JSON.stringify(value)).join(', ')}}`);
  return `http.Header{${entries.join(', ')}}`;
}

function canonicalName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}
