// A ServerResponse for a request Node hands over through its upgrade event (Connection: Upgrade),
// so that such a request goes through the same endpoints as any other: an endpoint that proxies
// the upgrade takes the socket; any other answer is written as usual and closes the connection.

import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

const upgradeRequests = new WeakSet<IncomingMessage>();

/** Whether the request came through the upgrade event, its socket free to be taken. */
export const isUpgradeRequest = (request: IncomingMessage): boolean => upgradeRequests.has(request);

export function upgradeResponse(request: IncomingMessage, socket: Duplex, head: Buffer): ServerResponse {
  upgradeRequests.add(request);
  // Bytes the client sent after the request's head are the upgraded protocol's: whoever takes the socket reads them.
  if (head.length > 0) socket.unshift(head);
  // Node's server no longer listens on the socket: a reset must not go unhandled.
  socket.on('error', () => socket.destroy());
  const response = new ServerResponse(request);
  response.assignSocket(socket as Socket);
  // The connection left HTTP's parser: it cannot carry another request.
  response.shouldKeepAlive = false;
  response.once('finish', () => {
    response.detachSocket(socket as Socket);
    socket.end();
  });
  return response;
}
