// The thin wrapper around the etcd3 package: one configured client, of which the store uses only
// the raw KV and Watch RPCs (numbers travel as strings, keys and values as Buffers).

import { Etcd3, type IDuplexStream, type IOptions, type IWatchRequest, type IWatchResponse, type KVClient } from 'etcd3';

export type {
  ICompare,
  IEvent,
  IKeyValue,
  IRangeRequest,
  IRangeResponse,
  IRequestOp,
  ITxnResponse,
  IWatchRequest,
  IWatchResponse,
} from 'etcd3';

export interface EtcdClientOptions {
  /** Client URLs, e.g. http://127.0.0.1:2379. */
  readonly endpoints: readonly string[];
  /** The deadline of every unary call; a call to an etcd that does not answer fails after it. */
  readonly requestTimeoutMs: number;
  /** The largest response accepted; gRPC's default of 4 MiB is less than a list of large objects. */
  readonly maxResponseBytes?: number;
}

/** One raw Watch RPC: the store opens one per watch, so that progress responses are its own. */
export type RawWatchStream = IDuplexStream<IWatchRequest, IWatchResponse>;

export interface EtcdClient {
  readonly kv: KVClient;
  openWatchStream(): Promise<RawWatchStream>;
  close(): void;
}

// etcd itself sends responses of up to 2 GiB.
const defaultMaxResponseBytes = 2 ** 31 - 1;
// Dead connections must surface as errors rather than silent, eternal watches. etcd refuses pings
// more often than every 5 s (--grpc-keepalive-min-time).
const keepaliveTimeMs = 10_000;
const keepaliveTimeoutMs = 5_000;

type Policy = ReturnType<NonNullable<NonNullable<IOptions['faultHandling']>['host']>>;

/**
 * etcd3's default fault handling retries every "recoverable" failure three times and then opens a
 * per-host circuit breaker for 5 s. That retries non-idempotent transactions, and one response
 * over the receive limit (RESOURCE_EXHAUSTED counts as recoverable) blocks every later call for
 * 5 s. So calls go straight through: each failure reaches the store, which reports it once.
 */
const passThrough = {
  execute: (fn: (context: { signal: AbortSignal }) => unknown) => Promise.resolve().then(() => fn({ signal: new AbortController().signal })),
  onSuccess: () => ({ dispose: () => undefined }),
  onFailure: () => ({ dispose: () => undefined }),
} as unknown as Policy;

export function openEtcdClient(options: EtcdClientOptions): EtcdClient {
  const etcd = new Etcd3({
    hosts: [...options.endpoints],
    grpcOptions: {
      'grpc.max_receive_message_length': options.maxResponseBytes ?? defaultMaxResponseBytes,
      'grpc.keepalive_time_ms': keepaliveTimeMs,
      'grpc.keepalive_timeout_ms': keepaliveTimeoutMs,
    },
    defaultCallOptions: (context) => (context.isStream ? {} : { deadline: Date.now() + options.requestTimeoutMs }),
    faultHandling: { host: () => passThrough, global: passThrough },
  });
  return {
    kv: etcd.kv,
    openWatchStream: () => etcd.watchClient.watch(),
    close: () => etcd.close(),
  };
}
