// The API server's listener. HTTPS serves HTTP/2 and HTTP/1.1, chosen by ALPN, as kube-apiserver
// does (HTTP/1.1 alone with --disable-http2-serving); plain HTTP only for a server built without
// TLS settings, as tests of this package build it. Every request reaches one handler: Node's
// HTTP/2 compatibility API answers the calls the pipeline makes of an HTTP/1.1 request and
// response (headers, writeHead, write, end, flushHeaders, socket, 'close'). Upgrades (exec,
// attach, port-forward, WebSocket logs) exist in HTTP/1.1 only, and Go's clients dial those with
// HTTP/1.1.

import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { defaultHttp2MaxStreams, type SecureServing } from '../serving/secure-serving.ts';
import { answerClientError } from './client-error.ts';
import { Http2Connections } from './http2-connections.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface Listener {
  readonly server: NetServer;
  /** Closes the connections with no request in flight, and each of the others once its requests end. */
  closeIdleConnections(): void;
  /** Cuts every connection. */
  closeAllConnections(): void;
}

/** kube-apiserver's limit on a request's line and headers (Go's MaxHeaderBytes). */
const maxRequestHeaderBytes = 1 << 20;

/** Idle connections stay open 90 s, as kube-apiserver's (Node's default of 5 s would make every 10 s heartbeat of a node agent open a new connection). */
const idleTimeoutMs = 90_000;

/**
 * kube's HTTP/2 flow control: a stream may upload 256 KiB before the server reads it (at least 99%
 * of serialized objects are smaller), in frames as large; the connection as much for each stream.
 */
const uploadBufferPerStream = 256 * 1024;

export function plainListener(serve: RequestHandler, upgrade: UpgradeHandler): Listener {
  const server = createServer({ maxHeaderSize: maxRequestHeaderBytes }, serve);
  return http1Listener(server, upgrade);
}

export function secureListener(tls: SecureServing, serve: RequestHandler, upgrade: UpgradeHandler): Listener {
  const tlsOptions = {
    cert: tls.cert,
    key: tls.key,
    minVersion: tls.minVersion,
    ...(tls.ciphers === undefined ? {} : { ciphers: tls.ciphers }),
    // A client certificate is asked for, never required: a request without one is authenticated
    // otherwise, and one that does not verify is refused by the x509 authenticator (401), not by
    // the handshake.
    ...(tls.clientCA === undefined ? {} : { ca: tls.clientCA, requestCert: true, rejectUnauthorized: false }),
  };
  const maxStreams = tls.http2MaxStreamsPerConnection ?? defaultHttp2MaxStreams;
  if (tls.disableHttp2 === true) {
    return http1Listener(createHttpsServer({ ...tlsOptions, maxHeaderSize: maxRequestHeaderBytes, ALPNProtocols: ['http/1.1'] }, serve), upgrade);
  }
  // Node's HTTP/2 server takes its HTTP/1.1 connections' settings with its own (its types do not say so).
  const http1Options: Pick<ServerOptions, 'maxHeaderSize' | 'keepAliveTimeout'> = { maxHeaderSize: maxRequestHeaderBytes, keepAliveTimeout: idleTimeoutMs };
  const server = createSecureServer({
    ...tlsOptions,
    ...http1Options,
    allowHTTP1: true,
    // Go's HTTP/2 server announces its header limit with room for the fields' overhead.
    settings: {
      maxConcurrentStreams: maxStreams,
      initialWindowSize: uploadBufferPerStream,
      maxFrameSize: uploadBufferPerStream,
      maxHeaderListSize: maxRequestHeaderBytes + 32 * 1024,
    },
    // What a session may hold in buffers (MB): every stream's upload buffer, with room for the answers it waits to send.
    maxSessionMemory: Math.max(10, Math.ceil((uploadBufferPerStream * maxStreams * 2) / (1024 * 1024))),
  });
  const connections = new Http2Connections(server, idleTimeoutMs);
  server.on('session', (session) => {
    session.once('remoteSettings', () => session.setLocalWindowSize(uploadBufferPerStream * maxStreams));
  });
  // The compatibility API's request and response stand in for HTTP/1.1's (see the file's comment).
  server.on('request', (request: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse) =>
    serve(request as IncomingMessage, response as ServerResponse),
  );
  server.on('clientError', answerClientError);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    connections.upgraded(socket);
    upgrade(request, socket, head);
  });
  return { server, closeIdleConnections: () => connections.closeIdle(), closeAllConnections: () => connections.closeAll() };
}

function http1Listener(server: ReturnType<typeof createServer>, upgrade: UpgradeHandler): Listener {
  server.keepAliveTimeout = idleTimeoutMs;
  server.on('clientError', answerClientError);
  server.on('upgrade', upgrade);
  return { server, closeIdleConnections: () => server.closeIdleConnections(), closeAllConnections: () => server.closeAllConnections() };
}
