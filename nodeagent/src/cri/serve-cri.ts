// serveCri: a CRI runtime written in TypeScript (the simulated runtime), served as runtime.v1
// RuntimeService and ImageService on a unix socket (grpc-socket-server.ts). Methods the
// implementation leaves out answer UNIMPLEMENTED with the message of Go's generated servers, as
// containerd answers them.

import { criSocketPath } from './cri-endpoint.ts';
import { serveGrpcSocket, type GrpcCall, type GrpcHandler, type GrpcSocketServer } from './grpc-socket-server.ts';
import type { MessageInit } from './messages/message-init.ts';
import { imageServiceMethods, runtimeServiceMethods } from './runtime-v1.ts';
import type { ImageServiceMethods, RuntimeServiceMethods } from './services.ts';

/** What an implementation knows of the call it answers. */
export type CriCall = GrpcCall;

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

export type CriServer = GrpcSocketServer;

const maxMessageBytes = 16 * 1024 * 1024;

/** Serves `implementation` on a socket path (or a unix:// endpoint), replacing a stale socket file. */
export function serveCri(socketPath: string, implementation: CriImplementation): Promise<CriServer> {
  const path = socketPath.startsWith('unix:') ? criSocketPath(socketPath) : socketPath;
  // Methods are implemented under their names with a lower-case first letter ("runPodSandbox").
  const handler = (method: string): GrpcHandler | undefined =>
    (implementation as Record<string, GrpcHandler | undefined>)[`${method[0]?.toLowerCase()}${method.slice(1)}`]?.bind(implementation);
  const services = [runtimeServiceMethods, imageServiceMethods].map((methods) => ({ methods: Object.values(methods), handler }));
  return serveGrpcSocket(path, services, { 'grpc.max_receive_message_length': maxMessageBytes, 'grpc.max_send_message_length': maxMessageBytes });
}
