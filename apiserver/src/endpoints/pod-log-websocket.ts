// Pod logs over WebSocket, as kube-apiserver streams any ResourceStreamer to a WebSocket request
// (wsstream.Reader): the subprotocol is the client's first of binary.k8s.io (binary messages) and
// base64.binary.k8s.io (each chunk base64-encoded in a text message), binary when the client names
// none, and 403 when it names only others; an empty message opens the stream, then each chunk of
// the log is one message, and the end of the log closes the WebSocket (1000).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

const logProtocols: Readonly<Record<string, { readonly binary: boolean }>> = {
  'binary.k8s.io': { binary: true },
  'base64.binary.k8s.io': { binary: false },
};

const sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => [...offered].find((name) => name in logProtocols) ?? false });

/** A GET asking to switch to WebSocket (wsstream.IsWebSocketRequest). */
export function isWebSocketRequest(request: IncomingMessage): boolean {
  return (request.headers.connection ?? '').toLowerCase().includes('upgrade') && (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/**
 * Takes the request's connection (the response must not have written anything) and streams `body`
 * on it; the body is destroyed when the client goes away.
 */
export function streamOverWebSocket(request: IncomingMessage, response: ServerResponse, body: Readable): void {
  const socket = request.socket;
  const offered = (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  response.detachSocket(socket);
  if (offered.length > 0 && !offered.some((name) => name in logProtocols)) {
    // x/net/websocket's answer to a refused handshake: 403 without a body.
    body.destroy();
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    return;
  }
  // Also when ws refuses the handshake itself (a bad Sec-WebSocket-Key or version): the agent's answer must not be left open.
  socket.once('close', () => body.destroy());
  sockets.handleUpgrade(request, socket, Buffer.alloc(0), (ws) => pump(ws, body));
}

/** Messages sent but not yet written to the connection before the log is paused (a slow reader). */
const maxUnwritten = 64;

function pump(ws: WebSocket, body: Readable): void {
  const binary = logProtocols[ws.protocol]?.binary ?? true;
  let unwritten = 0;
  const written = (): void => {
    unwritten--;
    if (body.isPaused() && unwritten < maxUnwritten / 2) body.resume();
  };
  const send = (chunk: Buffer): void => {
    if (ws.readyState !== ws.OPEN) return;
    unwritten++;
    if (binary) ws.send(chunk, { binary: true }, written);
    else ws.send(chunk.toString('base64'), { binary: false }, written);
    if (unwritten >= maxUnwritten) body.pause();
  };
  send(Buffer.alloc(0));
  body.on('data', send);
  body.once('end', () => ws.close(1000));
  body.once('error', () => ws.close(1011));
  // What the client sends is ignored (wsstream.IgnoreReceives); its leaving ends the log.
  ws.once('close', () => body.destroy());
  ws.on('error', () => ws.terminate());
}
