// One gRPC channel to a CRI socket, with the kubelet's channel settings, making unary and
// server-streaming calls of runtime.v1 methods with deadlines and cancellation; and the base of
// the two typed clients.

import { Client, credentials, type ServiceError } from '@grpc/grpc-js';
import { criErrorOf, CriError, GrpcStatus } from './cri-error.ts';
import { criSocketPath, grpcUnixTarget } from './cri-endpoint.ts';
import type { MessageInit } from './messages/message-init.ts';
import type { CriMethod } from './runtime-v1.ts';
import { errorMessage } from '@capstan/common';

export interface CriClientOptions {
  /** The deadline of most calls, as the kubelet's runtimeRequestTimeout (2 minutes by default). */
  readonly requestTimeoutMs?: number;
  /** The largest response accepted; the kubelet's 16 MiB by default (gRPC's own is 4 MiB). */
  readonly maxReceiveMessageBytes?: number;
}

export interface CriCallOptions {
  /** Overrides the method's deadline; Infinity for none. */
  readonly timeoutMs?: number;
  /** Cancels the call: it then fails with CANCELLED (a stream just ends). */
  readonly signal?: AbortSignal;
}

export const defaultRequestTimeoutMs = 2 * 60 * 1000;
const defaultMaxReceiveMessageBytes = 16 * 1024 * 1024;

export class CriConnection {
  readonly endpoint: string;
  readonly socketPath: string;
  readonly requestTimeoutMs: number;
  readonly #client: Client;

  /** Connects lazily: a runtime that is not up yet fails the first calls with UNAVAILABLE. */
  constructor(endpoint: string, options: CriClientOptions = {}) {
    this.endpoint = endpoint;
    this.socketPath = criSocketPath(endpoint);
    this.requestTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
    this.#client = new Client(grpcUnixTarget(this.socketPath), credentials.createInsecure(), {
      'grpc.default_authority': 'localhost',
      'grpc.max_receive_message_length': options.maxReceiveMessageBytes ?? defaultMaxReceiveMessageBytes,
      // The kubelet's reconnection backoff: from 100 ms up to 3 s.
      'grpc.initial_reconnect_backoff_ms': 100,
      'grpc.max_reconnect_backoff_ms': 3000,
    });
  }

  /** One call; `defaultTimeoutMs` is the method's deadline unless the options override it (Infinity: none). */
  unary<Request, Response>(method: CriMethod<Request, Response>, request: MessageInit<Request>, defaultTimeoutMs: number, options: CriCallOptions = {}): Promise<Response> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new CriError(GrpcStatus.CANCELLED, 'context canceled', method.name));
    return new Promise((resolve, reject) => {
      const call = this.#client.makeUnaryRequest<MessageInit<Request>, Response>(
        method.path,
        method.request.encode,
        method.response.decode,
        request,
        { deadline: deadlineOf(options.timeoutMs ?? defaultTimeoutMs) },
        (error: ServiceError | null, response?: Response) => {
          signal?.removeEventListener('abort', cancel);
          if (error !== null) reject(criErrorOf(error, method.name));
          else resolve(response as Response);
        },
      );
      const cancel = (): void => call.cancel();
      signal?.addEventListener('abort', cancel, { once: true });
    });
  }

  /** The responses of a server-streaming call, until the runtime ends it, it fails, or the signal aborts. */
  async *serverStream<Request, Response>(
    method: CriMethod<Request, Response>,
    request: MessageInit<Request>,
    options: CriCallOptions = {},
  ): AsyncGenerator<Response, void, undefined> {
    const { signal } = options;
    if (signal?.aborted) return;
    const call = this.#client.makeServerStreamRequest<MessageInit<Request>, Response>(method.path, method.request.encode, method.response.decode, request, {
      deadline: deadlineOf(options.timeoutMs ?? Infinity),
    });
    const cancel = (): void => call.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      for await (const response of call) yield response as Response;
    } catch (error) {
      if (signal?.aborted) return;
      throw isServiceError(error) ? criErrorOf(error, method.name) : error;
    } finally {
      signal?.removeEventListener('abort', cancel);
      // Ends the call when the consumer stops reading early; nothing happens to a finished one.
      call.cancel();
    }
  }

  close(): void {
    this.#client.close();
  }
}

/** What both typed clients share: their connection, its endpoint, closing it. */
export abstract class CriServiceClient {
  protected readonly connection: CriConnection;

  constructor(endpoint: string, options?: CriClientOptions) {
    this.connection = new CriConnection(endpoint, options);
  }

  get endpoint(): string {
    return this.connection.endpoint;
  }

  close(): void {
    this.connection.close();
  }
}

/** The client once `probe` succeeded, as the kubelet validates a CRI endpoint at start; closed if not. */
export async function validateServiceConnection<Client extends CriServiceClient>(
  client: Client,
  api: 'runtime' | 'image',
  probe: (client: Client) => Promise<unknown>,
): Promise<Client> {
  try {
    await probe(client);
    return client;
  } catch (error) {
    client.close();
    throw new Error(`validate service connection: validate CRI v1 ${api} API for endpoint ${JSON.stringify(client.endpoint)}: ${errorMessage(error)}`, { cause: error });
  }
}

const deadlineOf = (timeoutMs: number): number => (Number.isFinite(timeoutMs) ? Date.now() + timeoutMs : Infinity);

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && 'code' in error && typeof error.code === 'number' && 'details' in error;
}
