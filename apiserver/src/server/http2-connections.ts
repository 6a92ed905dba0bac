// The connections of the HTTPS listener, which Node's HTTP/2 server does not track as its HTTP/1.1
// server does (closeIdleConnections, closeAllConnections): HTTP/2 sessions and the HTTP/1.1
// connections it serves beside them (allowHTTP1), with the requests each has in flight, so that a
// shutdown can close what is idle at once and let the rest finish. HTTP/2 sessions also get Go's
// IdleTimeout, which kube-apiserver sets to 90 s: a session with no stream open that long is
// closed (Node's own session timeout counts quiet streams as idle and would cut a quiet watch).

import type { Http2SecureServer, Http2Session, ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export class Http2Connections {
  readonly #idleTimeoutMs: number;
  /** Open HTTP/2 sessions and the timer that closes each while it has no stream. */
  readonly #sessions = new Map<Http2Session, NodeJS.Timeout | undefined>();
  /** Open HTTP/1.1 connections and how many requests each has in flight. */
  readonly #connections = new Map<Socket, number>();
  /** Connections an upgrade took from HTTP (exec, attach, port-forward): only closeAll cuts them. */
  readonly #upgraded = new Set<Duplex>();
  #draining = false;

  constructor(server: Http2SecureServer, idleTimeoutMs: number) {
    this.#idleTimeoutMs = idleTimeoutMs;
    server.on('session', (session) => this.#trackSession(session));
    server.on('secureConnection', (socket: Socket) => {
      // An HTTP/2 connection belongs to its session; the rest speak HTTP/1.1.
      if ((socket as Socket & { alpnProtocol?: string | false }).alpnProtocol === 'h2') return;
      this.#connections.set(socket, 0);
      socket.once('close', () => this.#connections.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.httpVersionMajor !== 1) return;
      this.#requestStarted(request.socket, response);
    });
  }

  /** An upgrade request's socket: it leaves HTTP's accounting. */
  upgraded(socket: Duplex): void {
    this.#connections.delete(socket as Socket);
    this.#upgraded.add(socket);
    socket.once('close', () => this.#upgraded.delete(socket));
  }

  /**
   * Closes what is idle and keeps closing what becomes idle: HTTP/2 sessions are sent GOAWAY (their
   * open streams finish, no new one starts), HTTP/1.1 connections end once their request has.
   */
  closeIdle(): void {
    this.#draining = true;
    for (const session of this.#sessions.keys()) session.close();
    for (const [socket, inFlight] of this.#connections) if (inFlight === 0) socket.end();
  }

  /** Cuts every connection, whatever it is doing. */
  closeAll(): void {
    for (const session of this.#sessions.keys()) session.destroy();
    for (const socket of this.#connections.keys()) socket.destroy();
    for (const socket of this.#upgraded) socket.destroy();
  }

  #trackSession(session: Http2Session): void {
    this.#sessions.set(session, undefined);
    let open = 0;
    const idle = (): void => {
      if (this.#draining) return;
      this.#sessions.set(session, setTimeout(() => session.close(), this.#idleTimeoutMs).unref());
    };
    session.on('stream', (stream: ServerHttp2Stream) => {
      open += 1;
      clearTimeout(this.#sessions.get(session));
      stream.once('close', () => {
        open -= 1;
        if (open === 0 && !session.closed) idle();
      });
    });
    session.once('close', () => {
      clearTimeout(this.#sessions.get(session));
      this.#sessions.delete(session);
    });
    idle();
  }

  #requestStarted(socket: Socket, response: ServerResponse): void {
    const inFlight = this.#connections.get(socket);
    if (inFlight === undefined) return;
    this.#connections.set(socket, inFlight + 1);
    response.once('close', () => {
      const left = (this.#connections.get(socket) ?? 1) - 1;
      if (!this.#connections.has(socket)) return;
      this.#connections.set(socket, left);
      if (this.#draining && left === 0) socket.end();
    });
  }
}
