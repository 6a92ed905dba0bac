// The messages between the nodes benchmark and its simulating process (simulated-nodes-process.ts).

export type SimulatedNodesRequest =
  | { readonly type: 'scale'; readonly count: number; readonly spreadMs: number }
  | { readonly type: 'run-pods'; readonly count: number }
  | { readonly type: 'stats' }
  | { readonly type: 'stop' };

export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface SimulatedNodesStats {
  readonly type: 'stats';
  readonly count: number;
  readonly registered: number;
  /** Requests so far by kind ("PUT leases"): answered 2xx, and not. */
  readonly requests: Record<string, { readonly succeeded: number; readonly failed: number }>;
  /** Answer latencies by kind since the previous stats. */
  readonly latencies: Record<string, LatencySummary>;
  /** The most requests in flight at once since the previous stats, and now. */
  readonly maxInFlight: number;
  readonly inFlight: number;
  /** Connections to the API server, in use and idle. */
  readonly sockets: number;
  readonly eventLoopDelayP99Ms: number;
  readonly eventLoopDelayMaxMs: number;
  /** What the nodes logged (node names taken out), with how often. */
  readonly messages: Record<string, number>;
}

export type SimulatedNodesReply =
  | { readonly type: 'ready' }
  | { readonly type: 'scaled'; readonly count: number }
  | { readonly type: 'running-pods' }
  | SimulatedNodesStats
  | { readonly type: 'stopped' }
  | { readonly type: 'error'; readonly message: string };
