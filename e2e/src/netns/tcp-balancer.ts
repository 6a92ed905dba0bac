// The simplest load balancer in front of several API servers, as a user would put one: TCP, round
// robin over the backends, the next one tried when a backend refuses the connection. TLS passes
// through (every server's certificate is valid for the balancer's address).

import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpBalancer {
  /** host:port it listens on. */
  readonly address: string;
  close(): Promise<void>;
}

export async function startTcpBalancer(host: string, backends: ReadonlyArray<{ host: string; port: number }>): Promise<TcpBalancer> {
  const sockets = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const connect = (client: Socket, attempts: number): void => {
    const backend = backends[next++ % backends.length] as { host: string; port: number };
    const upstream = createConnection({ ...backend, timeout: 3000 });
    track(upstream);
    const retry = (): void => {
      upstream.destroy();
      if (attempts > 1 && !client.destroyed) connect(client, attempts - 1);
      else client.destroy();
    };
    upstream.once('error', retry).once('timeout', retry);
    upstream.once('connect', () => {
      upstream.off('error', retry).off('timeout', retry).setTimeout(0);
      // Either side gone ends the other: a killed API server drops its clients, as a real one does.
      upstream.on('close', () => client.destroy()).on('error', () => {});
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
  };
  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => client.destroy());
    // Paused until piped to a backend, so that nothing the client sends first is lost.
    connect(client, backends.length);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
