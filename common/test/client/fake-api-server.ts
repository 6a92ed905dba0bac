// Test support: an HTTP(S) server on 127.0.0.1 that records every request and answers through a
// handler the test sets, standing in for the API server where the test needs to script answers.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => void;

export interface FakeApiServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  readonly connections: () => number;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFakeApiServer(tls?: ServerOptions): Promise<FakeApiServer> {
  const requests: RecordedRequest[] = [];
  let handler: Handler = (_request, response) => json(response, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404 });
  let connections = 0;
  const sockets = new Set<Socket>();
  const listener = (raw: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = { method: raw.method ?? '', url: new URL(raw.url ?? '/', 'http://fake'), headers: raw.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      handler(request, response, raw);
    });
  };
  const server: Server = tls === undefined ? createHttpServer(listener) : createHttpsServer(tls, listener);
  server.on(tls === undefined ? 'connection' : 'secureConnection', () => (connections += 1));
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    handle: (next) => (handler = next),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
