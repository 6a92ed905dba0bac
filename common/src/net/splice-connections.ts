// Two upgraded connections joined both ways (exec, attach, port-forward through the API server and
// the node agent): bytes flow until either side ends; what one side sent before it ended still
// reaches the other, then both close. An error on either cuts both at once.

import type { Duplex } from 'node:stream';

/** Ends a connection once what was written to it is flushed (net.Socket's destroySoon where there is one). */
function endSoon(connection: Duplex): void {
  const socket = connection as Duplex & { destroySoon?: () => void };
  if (typeof socket.destroySoon === 'function') socket.destroySoon();
  else connection.end();
}

/** `open` holds each connection until it closes (so that a server stopping can cut them). */
export function spliceConnections(a: Duplex, b: Duplex, open?: Set<Duplex>): void {
  if (a.destroyed || b.destroyed) {
    a.destroy();
    b.destroy();
    return;
  }
  a.pipe(b);
  b.pipe(a);
  const finish = (): void => {
    endSoon(a);
    endSoon(b);
  };
  const cut = (): void => {
    a.destroy();
    b.destroy();
  };
  for (const connection of [a, b]) {
    open?.add(connection);
    connection
      .once('end', finish)
      .once('error', cut)
      .once('close', () => {
        open?.delete(connection);
        finish();
      });
  }
}
