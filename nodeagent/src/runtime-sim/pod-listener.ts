// Where a simulated container's servers listen: on the pod's IP when it is an address of this host.
// Linux routes all of 127.0.0.0/8 to lo, so with a pod CIDR inside it (`--pod-cidr`, or a Node's
// podCIDR there) every pod's IP can be bound without privileges, and two pods may use one port. Any
// other pod IP (10.88.0.0/16 by default) is no address of this host: nothing listens, and the server
// stays simulated (it prints its banner and runs until stopped), as before.

import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, isIPv4, type Server as TcpServer, type Socket } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { errorCode } from '@capstan/common';
import type { Output, ShellContext } from './shell-context.ts';

/** The pod IP servers bind: its IPv4 address inside 127.0.0.0/8, if it has one. */
export function listenableIp(podIps: readonly string[]): string | undefined {
  return podIps.find((ip) => isIPv4(ip) && ip.startsWith('127.'));
}

/** What a server program opened, closed when its process ends. */
export interface Listener {
  close(): void;
}

/** A listen that failed (the port taken, or below 1024 without root), in the words the program prints. */
export class ListenError extends Error {
  override name = 'ListenError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export type HttpHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** Serves HTTP on ip:port until closed; closing drops open connections (the process is gone). */
export async function listenHttp(ip: string, port: number, handler: HttpHandler): Promise<Listener> {
  const server: HttpServer = createHttpServer({ keepAliveTimeout: 5000 }, (request, response) => {
    Promise.resolve(handler(request, response)).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await listening(server, ip, port);
  return {
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/** Serves raw TCP on ip:port: each connection is handed to `onConnection`. */
export async function listenTcp(ip: string, port: number, onConnection: (socket: Socket) => void): Promise<Listener> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => {});
    onConnection(socket);
  });
  await listening(server, ip, port);
  return {
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Answers UDP datagrams on ip:port with what `answer` says (nothing for undefined). */
export async function listenUdp(ip: string, port: number, answer: (text: string, from: { address: string; port: number }) => string | undefined): Promise<Listener> {
  const socket: UdpSocket = createSocket('udp4');
  socket.on('message', (message, from) => {
    const reply = answer(message.toString('utf8'), from);
    if (reply !== undefined) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', (error) => reject(listenError(error, 'udp', port)));
    socket.bind(port, ip, () => {
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      resolve();
    });
  });
  return { close: () => socket.close() };
}

function listening(server: HttpServer | TcpServer, ip: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, 'tcp', port)));
    server.listen({ host: ip, port, exclusive: true }, () => {
      server.removeAllListeners('error');
      server.on('error', () => {});
      resolve();
    });
  });
}

/** Go's words (the programs listen on ":port"): `listen tcp :80: bind: permission denied`. */
function listenError(error: unknown, network: 'tcp' | 'udp', port: number): ListenError {
  const code = errorCode(error) ?? '';
  const reason = code === 'EACCES' ? 'permission denied' : code === 'EADDRINUSE' ? 'address already in use' : String((error as Error).message);
  return new ListenError(code, `listen ${network} :${port}: bind: ${reason}`);
}

/**
 * A server program's main loop: opens its listeners on the pod's IP (none when the pod's IP is not
 * this host's), then runs until the process is ended or `exit` gives an exit code, and closes them.
 * A listen that fails prints `describe`'s words on stderr and exits 1, as the real servers do.
 * Nothing listens for an exec'd server (no onEnd: nothing would close it).
 */
export async function serveOnPodIp(
  context: ShellContext,
  io: Output,
  open: (ip: string, opened: Listener[]) => Promise<void>,
  options: { readonly exit?: Promise<number>; readonly describe?: (error: ListenError) => string } = {},
): Promise<number> {
  // Only a container's main process listens (a server started by exec stays simulated).
  const ip = context.onEnd === undefined ? undefined : listenableIp(context.podIps);
  const opened: Listener[] = [];
  const closeAll = (): void => {
    for (const listener of opened.splice(0)) listener.close();
  };
  context.onEnd?.(closeAll);
  if (ip !== undefined) {
    try {
      await open(ip, opened);
    } catch (error) {
      closeAll();
      if (!(error instanceof ListenError)) throw error;
      io.stderr(`${options.describe?.(error) ?? error.message}\n`);
      return 1;
    }
  }
  try {
    return await (options.exit === undefined ? context.untilStopped() : Promise.race([context.untilStopped(), options.exit]));
  } finally {
    closeAll();
  }
}
