// Serving services of the kubelet's plugin APIs on a unix socket with grpc-js: handlers take the
// decoded request and answer a message (or yield messages, for a server stream); a thrown CriError
// answers its code, any other error answers UNKNOWN with its message, as a Go server answers an
// error it returns; a method without a handler answers UNIMPLEMENTED.

import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { Server, ServerCredentials, type ServerUnaryCall, type ServerWritableStream, type sendUnaryData, type StatusObject, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { CriError, GrpcStatus } from '../../cri/cri-error.ts';
import { grpcUnixTarget } from '../../cri/cri-endpoint.ts';
import { serviceDefinition, type ServiceMethods } from './grpc-package.ts';

/** What a handler knows of its call. */
export interface CallContext {
  /** Aborts when the client cancels the call or goes away. */
  readonly signal: AbortSignal;
}

export type UnaryHandler = (request: never, call: CallContext) => object | Promise<object>;
export type StreamHandler = (request: never, call: CallContext) => AsyncIterable<object>;
export type ServiceHandlers = Readonly<Record<string, UnaryHandler | StreamHandler>>;

export interface ServedService {
  readonly methods: ServiceMethods;
  readonly handlers: ServiceHandlers;
}

export interface GrpcSocketServer {
  readonly socketPath: string;
  /** Stops the server (cancelling calls still running after `graceMs`) and removes its socket. */
  close(graceMs?: number): Promise<void>;
}

/** Serves the services on `socketPath`, replacing a stale socket file there. */
export async function serveGrpc(socketPath: string, services: readonly ServedService[]): Promise<GrpcSocketServer> {
  const server = new Server();
  for (const { methods, handlers } of services) server.addService(serviceDefinition(methods), bindHandlers(methods, handlers));
  await mkdir(dirname(socketPath), { recursive: true });
  await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => server.bindAsync(grpcUnixTarget(socketPath), ServerCredentials.createInsecure(), (error) => (error === null ? resolve() : reject(error))));
  let closed: Promise<void> | undefined;
  return {
    socketPath,
    close(graceMs = 1000) {
      closed ??= (async () => {
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => server.forceShutdown(), graceMs);
          server.tryShutdown(() => {
            clearTimeout(force);
            resolve();
          });
        });
        await rm(socketPath, { force: true });
      })();
      return closed;
    },
  };
}

type AnyHandler = (request: unknown, call: CallContext) => unknown;

function bindHandlers(methods: ServiceMethods, handlers: ServiceHandlers): UntypedServiceImplementation {
  const bound: UntypedServiceImplementation = {};
  for (const method of Object.values(methods)) {
    const handler = handlers[method.name] as AnyHandler | undefined;
    bound[method.name] = method.responseStream ? streamCall(method.name, handler) : unaryCall(method.name, handler);
  }
  return bound;
}

function unaryCall(name: string, handler: AnyHandler | undefined) {
  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
    if (handler === undefined) return callback(unimplemented(name));
    Promise.resolve()
      .then(() => handler(call.request, contextOf(call)))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(statusOf(error)),
      );
  };
}

function streamCall(name: string, handler: AnyHandler | undefined) {
  return (call: ServerWritableStream<unknown, unknown>): void => {
    if (handler === undefined) {
      call.emit('error', unimplemented(name));
      return;
    }
    const context = contextOf(call);
    void (async () => {
      try {
        for await (const message of handler(call.request, context) as AsyncIterable<unknown>) {
          if (call.cancelled) break;
          if (!call.write(message)) await once(call, 'drain', { signal: context.signal });
        }
        if (!call.cancelled) call.end();
      } catch (error) {
        if (!call.cancelled) call.emit('error', statusOf(error));
      }
    })();
  };
}

function contextOf(call: ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>): CallContext {
  const controller = new AbortController();
  if (call.cancelled) controller.abort();
  else call.once('cancelled', () => controller.abort());
  return { signal: controller.signal };
}

const unimplemented = (method: string): Partial<StatusObject> => ({ code: GrpcStatus.UNIMPLEMENTED, details: `method ${method} not implemented` });

function statusOf(error: unknown): Partial<StatusObject> {
  if (error instanceof CriError) return { code: error.code, details: error.details };
  return { code: GrpcStatus.UNKNOWN, details: error instanceof Error ? error.message : String(error) };
}
