// A gRPC server on a unix socket for the APIs the agent serves or simulates (CRI's runtime.v1,
// the kubelet's device plugin and pod-resources APIs): handlers take the decoded request and
// answer a message, or yield messages for a server stream; a thrown CriError answers its code,
// any other error UNKNOWN with its message (as a Go server answers an error it returns), and a
// method without a handler UNIMPLEMENTED with the words of Go's generated servers.

import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import {
  Server,
  ServerCredentials,
  type ChannelOptions,
  type MethodDefinition,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
  type ServiceDefinition,
  type StatusObject,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { CriError, GrpcStatus } from './cri-error.ts';
import { grpcUnixTarget } from './cri-endpoint.ts';
import type { CriMethod } from './runtime-v1.ts';
import { errorMessage } from '@capstan/common';

/** What a handler knows of the call it answers. */
export interface GrpcCall {
  /** "RunPodSandbox" */
  readonly method: string;
  /** Aborts when the client cancels the call or its deadline passes (made on first use). */
  readonly signal: AbortSignal;
  /** The client's deadline in milliseconds since the epoch; Infinity for none. */
  readonly deadline: number;
}

export type GrpcHandler = (request: never, call: GrpcCall) => unknown;

export interface GrpcService {
  readonly methods: readonly CriMethod[];
  /** The handler of a method, by its name ("RunPodSandbox"); undefined answers UNIMPLEMENTED. */
  handler(method: string): GrpcHandler | undefined;
}

export interface GrpcSocketServer {
  readonly socketPath: string;
  /** Stops accepting calls, lets running ones finish for up to `graceMs`, cancels the rest, removes the socket. */
  close(graceMs?: number): Promise<void>;
}

/** Serves the services on `socketPath`, replacing a stale socket file there. */
export async function serveGrpcSocket(socketPath: string, services: readonly GrpcService[], options: ChannelOptions = {}): Promise<GrpcSocketServer> {
  const server = new Server(options);
  for (const service of services) server.addService(serviceDefinitionOf(service.methods), bind(service));
  await mkdir(dirname(socketPath), { recursive: true });
  await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(grpcUnixTarget(socketPath), ServerCredentials.createInsecure(), (error) => (error === null ? resolve() : reject(error))),
  );
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

/** grpc-js's definition of a service's methods. */
export function serviceDefinitionOf(methods: readonly CriMethod[]): ServiceDefinition {
  const definition: Record<string, MethodDefinition<object, object>> = {};
  for (const method of methods) {
    definition[method.name] = {
      path: method.path,
      requestStream: false,
      responseStream: method.responseStream,
      requestSerialize: method.request.encode,
      requestDeserialize: method.request.decode,
      responseSerialize: method.response.encode,
      responseDeserialize: method.response.decode,
    };
  }
  return definition;
}

type AnyHandler = (request: unknown, call: GrpcCall) => unknown;

function bind(service: GrpcService): UntypedServiceImplementation {
  const bound: UntypedServiceImplementation = {};
  for (const method of service.methods) {
    const handler = service.handler(method.name) as AnyHandler | undefined;
    bound[method.name] = method.responseStream ? streamHandler(method.name, handler) : unaryHandler(method.name, handler);
  }
  return bound;
}

function unaryHandler(method: string, handler: AnyHandler | undefined) {
  return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
    if (handler === undefined) return callback(unimplemented(method));
    let answer: unknown;
    try {
      answer = handler(call.request, callOf(method, call));
    } catch (error) {
      return callback(statusOf(error));
    }
    Promise.resolve(answer).then(
      (response) => callback(null, response),
      (error: unknown) => callback(statusOf(error)),
    );
  };
}

function streamHandler(method: string, handler: AnyHandler | undefined) {
  return (call: ServerWritableStream<unknown, unknown>): void => {
    if (handler === undefined) {
      call.emit('error', unimplemented(method));
      return;
    }
    const context = callOf(method, call);
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

const unimplemented = (method: string): Partial<StatusObject> => ({ code: GrpcStatus.UNIMPLEMENTED, details: `method ${method} not implemented` });

function statusOf(error: unknown): Partial<StatusObject> {
  if (error instanceof CriError) return { code: error.code, details: error.details };
  return { code: GrpcStatus.UNKNOWN, details: errorMessage(error) };
}

/** The call's context; its AbortSignal is made only for handlers that look at it. */
function callOf(method: string, call: ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>): GrpcCall {
  const deadline = call.getDeadline();
  let controller: AbortController | undefined;
  return {
    method,
    deadline: typeof deadline === 'number' ? deadline : deadline.getTime(),
    get signal() {
      if (controller === undefined) {
        controller = new AbortController();
        if (call.cancelled) controller.abort();
        else call.once('cancelled', () => controller?.abort());
      }
      return controller.signal;
    },
  };
}
