// agnhost grpc-health-checking on a pod's IP: grpc.health.v1.Health/Check on --port (5000), SERVING
// for --service ("" unless told; another name is NOT_FOUND "unknown service"), NOT_SERVING once
// --delay-unhealthy-sec pass (negative: never) or after GET /make-not-serving on --http-port (8080),
// SERVING again after /make-serving. Watch and List are Unimplemented. No TLS.

import { formatGoDuration } from '@capstan/common';
import { type sendUnaryData, Server, ServerCredentials, type ServerUnaryCall, status as grpcStatus } from '@grpc/grpc-js';
import { decodeHealthCheckRequest, decodeHealthCheckResponse, encodeHealthCheckRequest, encodeHealthCheckResponse } from '../pods/prober/grpc-health-messages.ts';
import { type Listener, ListenError, listenHttp, serveOnPodIp } from './pod-listener.ts';
import { flagValue, intFlag } from './program-flags.ts';
import type { Output, ShellContext } from './shell-context.ts';

const serving = 1;
const notServing = 2;

export async function grpcHealthChecking(args: readonly string[], context: ShellContext, io: Output): Promise<number> {
  const port = intFlag(args, 'port', 5000);
  const httpPort = intFlag(args, 'http-port', 8080);
  const delayUnhealthySec = intFlag(args, 'delay-unhealthy-sec', -1);
  const service = flagValue(args, 'service') ?? '';
  const started = Date.now();
  let forceUnhealthy: boolean | undefined;
  const check = (call: ServerUnaryCall<HealthCheckRequest, number>, callback: sendUnaryData<number>): void => {
    if (call.request.service !== service) return callback({ code: grpcStatus.NOT_FOUND, details: 'unknown service' });
    const unhealthy = forceUnhealthy ?? (delayUnhealthySec >= 0 && Date.now() - started >= delayUnhealthySec * 1000);
    callback(null, unhealthy ? notServing : serving);
  };
  return serveOnPodIp(context, io, async (ip, opened) => {
    opened.push(
      await listenHttp(ip, httpPort, (request, response) => {
        request.resume();
        const path = new URL(request.url ?? '/', 'http://pod').pathname;
        if (path !== '/make-serving' && path !== '/make-not-serving') {
          response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404 page not found\n');
          return;
        }
        forceUnhealthy = path === '/make-not-serving';
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(formatGoDuration(Date.now() - started));
      }),
    );
    io.stderr(`Http server starting to listen on :${httpPort}\n`);
    opened.push(await listenGrpc(ip, port, check));
    io.stderr(`gRPC server starting to listen on :${port}\n`);
  });
}

const unimplemented = (_call: unknown, callback: sendUnaryData<never>): void => callback({ code: grpcStatus.UNIMPLEMENTED, details: 'unimplemented' });

async function listenGrpc(ip: string, port: number, check: (call: ServerUnaryCall<HealthCheckRequest, number>, callback: sendUnaryData<number>) => void): Promise<Listener> {
  const server = new Server();
  const method = (name: string) => ({
    path: `/grpc.health.v1.Health/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (request: HealthCheckRequest) => encodeHealthCheckRequest(request.service),
    requestDeserialize: (bytes: Buffer): HealthCheckRequest => ({ service: decodeHealthCheckRequest(bytes) }),
    responseSerialize: encodeHealthCheckResponse,
    responseDeserialize: decodeHealthCheckResponse,
  });
  server.addService({ Check: method('Check'), List: method('List') }, { Check: check, List: unimplemented });
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`${ip}:${port}`, ServerCredentials.createInsecure(), (error) => {
      if (error === null) return resolve();
      // grpc-js words the cause inside its own message ("... listen EADDRINUSE: address already in use ...").
      const code = /EACCES|EADDRINUSE/.exec(error.message)?.[0] ?? 'EADDRINUSE';
      reject(new ListenError(code, `Error while starting the listening service listen tcp :${port}: bind: ${code === 'EACCES' ? 'permission denied' : 'address already in use'}`));
    }),
  );
  return { close: () => server.forceShutdown() };
}

/** HealthCheckRequest, as an object: grpc-js takes a falsy request ('', no service) for none. */
interface HealthCheckRequest {
  readonly service: string;
}
