// Serving services of the kubelet's plugin APIs (device plugin registration, pod-resources) on a
// unix socket: handlers by method name, on the agent's one gRPC socket server
// (cri/grpc-socket-server.ts).

import { serveGrpcSocket, type GrpcCall, type GrpcSocketServer } from '../../cri/grpc-socket-server.ts';
import type { ServiceMethods } from './grpc-package.ts';

export type { GrpcSocketServer };

/** What a handler knows of its call. */
export type CallContext = GrpcCall;

export type UnaryHandler = (request: never, call: CallContext) => object | Promise<object>;
export type StreamHandler = (request: never, call: CallContext) => AsyncIterable<object>;
export type ServiceHandlers = Readonly<Record<string, UnaryHandler | StreamHandler>>;

export interface ServedService {
  readonly methods: ServiceMethods;
  readonly handlers: ServiceHandlers;
}

/** Serves the services on `socketPath`, replacing a stale socket file there. */
export function serveGrpc(socketPath: string, services: readonly ServedService[]): Promise<GrpcSocketServer> {
  return serveGrpcSocket(
    socketPath,
    services.map(({ methods, handlers }) => ({ methods: Object.values(methods), handler: (method: string) => handlers[method] })),
  );
}
