// A RestClient that counts what it sends, by verb and resource ("PUT leases", "PATCH nodes/status"),
// with the answers' latencies and the most requests it ever had in flight: what simulated nodes
// ask of the API server, seen from their side.

import { RestClient, type RawRequest } from '@capstan/common/client';

type Answer = Awaited<ReturnType<RestClient['request']>>;

export interface RequestKindCounts {
  /** Answered 2xx. */
  succeeded: number;
  /** An error answer or none at all. */
  failed: number;
  /** Latencies of the answers since the last takeLatencies(), in ms. */
  latencies: number[];
}

export class CountingRestClient extends RestClient {
  readonly #kinds = new Map<string, RequestKindCounts>();
  #maxInFlight = 0;

  override async request(request: RawRequest): Promise<Answer> {
    const kind = this.#kind(request);
    this.#maxInFlight = Math.max(this.#maxInFlight, this.inFlight + 1);
    const began = performance.now();
    try {
      const response = await super.request(request);
      kind.succeeded += 1;
      return response;
    } catch (error) {
      kind.failed += 1;
      throw error;
    } finally {
      kind.latencies.push(performance.now() - began);
    }
  }

  /** Counts so far by kind (latencies left out). */
  counts(): Record<string, { readonly succeeded: number; readonly failed: number }> {
    return Object.fromEntries([...this.#kinds].map(([name, { succeeded, failed }]) => [name, { succeeded, failed }]));
  }

  /** The latencies of each kind since the last call, and the most in flight at once since then. */
  takeLatencies(): { readonly latencies: Record<string, number[]>; readonly maxInFlight: number } {
    const latencies = Object.fromEntries([...this.#kinds].map(([name, kind]) => [name, kind.latencies.splice(0)]));
    const maxInFlight = this.#maxInFlight;
    this.#maxInFlight = this.inFlight;
    return { latencies, maxInFlight };
  }

  #kind(request: RawRequest): RequestKindCounts {
    const target = request.target;
    const resource = target === undefined ? request.path : `${target.resource}${target.subresource === undefined ? '' : `/${target.subresource}`}`;
    const name = `${request.method} ${resource}`;
    let kind = this.#kinds.get(name);
    if (kind === undefined) this.#kinds.set(name, (kind = { succeeded: 0, failed: 0, latencies: [] }));
    return kind;
  }
}
