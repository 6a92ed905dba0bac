// serveCri: a CRI runtime written in TypeScript (the simulated runtime), served as runtime.v1
// RuntimeService and ImageService on a unix socket. Methods the implementation leaves out answer
// UNIMPLEMENTED with the message of Go's generated servers, as containerd answers them.

import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import {
  Server, ServerCredentials, type MethodDefinition, type ServerUnaryCall, type ServerWritableStream, type sendUnaryData,
  type ServiceDefinition, type StatusObject, type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { CriError, GrpcStatus } from './cri-error.ts';
import { criSocketPath, grpcUnixTarget } from './cri-endpoint.ts';
import type { MessageInit } from './messages/message-init.ts';
import { imageServiceMethods, runtimeServiceMethods, type CriMethod } from './runtime-v1.ts';
import type { ImageServiceMethods, RuntimeServiceMethods } from './services.ts';

/** What an implementation knows of the call it answers. */
export interface CriCall {
  /** "RunPodSandbox" */
  readonly method: string;
  /** Aborts when the client cancels the call or its deadline passes. */
  readonly signal: AbortSignal;
  /** The client's deadline in milliseconds since the epoch; Infinity for none. */
  readonly deadline: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * The implementation of one method, taking the decoded request. A unary method answers a message;
 * a server-streaming one (GetContainerEvents) yields messages until it returns, and must stop
 * waiting for its next message when `call.signal` aborts. Throwing a CriError answers its code;
 * any other error answers UNKNOWN with the error's message, as Go's gRPC does.
 */
export type CriHandler<Method> = Method extends { readonly request: infer Request; readonly response: infer Response; readonly stream: true }
  ? (request: Request, call: CriCall) => AsyncIterable<MessageInit<Response>>
  : Method extends { readonly request: infer Request; readonly response: infer Response }
    ? (request: Request, call: CriCall) => Awaitable<MessageInit<Response>>
    : never;

type HandlersOf<Methods> = { readonly [M in keyof Methods & string as Uncapitalize<M>]?: CriHandler<Methods[M]> };

export type CriRuntimeImplementation = HandlersOf<RuntimeServiceMethods>;
export type CriImageImplementation = HandlersOf<ImageServiceMethods>;
/** Both services in one object: their method names do not clash. */
export type CriImplementation = CriRuntimeImplementation & CriImageImplementation;

export interface CriServer {
  readonly socketPath: string;
  /** Stops accepting calls, lets running ones finish for up to `graceMs`, cancels the rest, removes the socket. */
  close(graceMs?: number): Promise<void>;
}

const maxMessageBytes = 16 * 1024 * 1024;

/** Serves `implementation` on a socket path (or a unix:// endpoint), replacing a stale socket file. */
export async function serveCri(socketPath: string, implementation: CriImplementation): Promise<CriServer> {
  const path = socketPath.startsWith('unix:') ? criSocketPath(socketPath) : socketPath;
  const server = new Server({ 'grpc.max_receive_message_length': maxMessageBytes, 'grpc.max_send_message_length': maxMessageBytes });
  for (const methods of [runtimeServiceMethods, imageServiceMethods]) {
    const { definition, handlers } = bindService(Object.values(methods), implementation);
    server.addService(definition, handlers);
  }
  await mkdir(dirname(path), { recursive: true });
  await rm(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.bindAsync(grpcUnixTarget(path), ServerCredentials.createInsecure(), (error) => (error === null ? resolve() : reject(error)));
  });
  return {
    socketPath: path,
    async close(graceMs = 1000) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      await rm(path, { force: true });
    },
  };
}

type AnyHandler = (request: unknown, call: CriCall) => unknown;

function bindService(methods: readonly CriMethod[], implementation: CriImplementation): { definition: ServiceDefinition; handlers: UntypedServiceImplementation } {
  const definition: Record<string, MethodDefinition<object, object>> = {};
  const handlers: UntypedServiceImplementation = {};
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
    const name = `${method.name[0]?.toLowerCase()}${method.name.slice(1)}`;
    const handler = (implementation as Record<string, AnyHandler | undefined>)[name]?.bind(implementation);
    handlers[method.name] = method.responseStream ? streamHandler(method.name, handler) : unaryHandler(method.name, handler);
  }
  return { definition, handlers };
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
  return { code: GrpcStatus.UNKNOWN, details: error instanceof Error ? error.message : String(error) };
}

/** The call's context; its AbortSignal is made only for handlers that look at it. */
function callOf(method: string, call: ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>): CriCall {
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
