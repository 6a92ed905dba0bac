// Port-forward tunneled over WebSocket, as kube-apiserver serves kubectl's default dialer
// (PortForwardWebsockets): the client offers WebSocket subprotocols `SPDY/3.1+<protocol>.k8s.io`;
// the API server asks the node's agent for a plain SPDY/3.1 upgrade with those protocols and, once
// the agent switches, accepts the client's WebSocket with `SPDY/3.1+<the agent's protocol>` and
// carries the SPDY bytes inside binary messages both ways. The agent and the runtime see an
// ordinary SPDY client.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { newUnclassifiedError, spliceConnections } from '@capstan/common';
import { createWebSocketStream, WebSocketServer } from 'ws';

const tunnelingPrefix = 'SPDY/3.1+';

/** The SPDY protocols a WebSocket request tunnels (`SPDY/3.1+portforward.k8s.io` -> portforward.k8s.io); none for any other request. */
export function tunneledSpdyProtocols(request: IncomingMessage): string[] {
  if ((request.headers.upgrade ?? '').toLowerCase() !== 'websocket') return [];
  return (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.startsWith(tunnelingPrefix) && name.endsWith('.k8s.io'))
    .map((name) => name.slice(tunnelingPrefix.length));
}

/** WebSocket headers that must not reach the agent, which is asked for SPDY instead. */
const webSocketHeaders: ReadonlySet<string> = new Set([
  'sec-websocket-protocol',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'upgrade',
  'x-stream-protocol-version',
  'content-length',
  'transfer-encoding',
]);

/** The forwarded headers (name, value, name, value...) made into a SPDY/3.1 upgrade request for `protocols`. */
export function spdyUpgradeHeaders(forwarded: readonly string[], protocols: readonly string[]): string[] {
  const headers: string[] = [];
  for (let i = 0; i + 1 < forwarded.length; i += 2) {
    if (!webSocketHeaders.has((forwarded[i] as string).toLowerCase())) headers.push(forwarded[i] as string, forwarded[i + 1] as string);
  }
  // A POST without a body, as Go sends it: without a length Node would send a chunked body whose
  // terminator the agent would take for the first bytes of the SPDY session.
  headers.push('Upgrade', 'SPDY/3.1', 'Content-Length', '0');
  for (const protocol of protocols) headers.push('X-Stream-Protocol-Version', protocol);
  return headers;
}

/**
 * The agent switched to SPDY (`answer`, `agent`): accepts the client's WebSocket with the tunneled
 * protocol the agent chose and splices the WebSocket's messages with the agent's connection.
 */
export function acceptTunnel(request: IncomingMessage, response: ServerResponse, answer: IncomingMessage, agent: Duplex, head: Buffer, open: Set<Duplex>): void {
  const connection = (answer.headers.connection ?? '').toLowerCase();
  const upgrade = (answer.headers.upgrade ?? '').toLowerCase();
  if (!connection.includes('upgrade') || !upgrade.includes('spdy/3.1')) {
    agent.destroy();
    throw newUnclassifiedError('unable to upgrade: missing upgrade headers in response');
  }
  const chosen = (answer.headers['x-stream-protocol-version'] ?? '').toString().trim();
  const protocol = chosen === '' ? undefined : `${tunnelingPrefix}${chosen}`;
  const socket = request.socket;
  response.detachSocket(socket);
  // `SPDY/3.1+...` is no RFC 6455 token ('/' is a separator), which ws refuses to parse: the
  // offered protocols are read here and the chosen one is written back as gorilla's Upgrader does
  // (the client's protocol if it offered it, else none).
  const offered = tunneledSpdyProtocols(request).map((name) => `${tunnelingPrefix}${name}`);
  delete request.headers['sec-websocket-protocol'];
  const accept = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  if (protocol !== undefined && offered.includes(protocol)) accept.once('headers', (headers: string[]) => void headers.push(`Sec-WebSocket-Protocol: ${protocol}`));
  // Also when ws refuses the handshake itself (a bad Sec-WebSocket-Key or version): the agent's connection must not be left open.
  socket.once('close', () => agent.destroy());
  accept.handleUpgrade(request, socket, Buffer.alloc(0), (ws) => {
    const tunnel = createWebSocketStream(ws);
    tunnel.on('error', () => tunnel.destroy());
    if (head.length > 0) tunnel.write(head);
    spliceConnections(tunnel, agent, open);
  });
}
