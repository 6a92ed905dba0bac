// kube's WithMaxInFlightLimit, what serves with --enable-priority-and-fairness=false: at most
// --max-requests-inflight reads (get, list, watch) and --max-mutating-requests-inflight writes at
// once (0: no limit); long-running requests are not counted; past the limit a member of
// system:masters is still served, anyone else gets 429 with Retry-After: 1.

import { requestInfoOf, type RequestContext } from '../filters/request-context.ts';
import { isLongRunning } from '../filters/long-running.ts';
import type { RequestLimiter } from './request-limiter.ts';
import { sendTooManyRequests } from './too-many-requests.ts';

export const readOnlyVerbs: ReadonlySet<string> = new Set(['get', 'list', 'watch']);

export interface MaxInFlightStats {
  readOnlyInFlight: number;
  mutatingInFlight: number;
  readOnlyRejected: number;
  mutatingRejected: number;
}

export class MaxInFlightLimit implements RequestLimiter {
  readonly #readOnlyLimit: number;
  readonly #mutatingLimit: number;
  readonly stats: MaxInFlightStats = { readOnlyInFlight: 0, mutatingInFlight: 0, readOnlyRejected: 0, mutatingRejected: 0 };

  constructor(readOnlyLimit: number, mutatingLimit: number) {
    this.#readOnlyLimit = readOnlyLimit;
    this.#mutatingLimit = mutatingLimit;
  }

  async handle(context: RequestContext, next: () => Promise<void>): Promise<void> {
    const info = requestInfoOf(context);
    if (isLongRunning(info)) return next();
    const mutating = !readOnlyVerbs.has(info.verb);
    const limit = mutating ? this.#mutatingLimit : this.#readOnlyLimit;
    if (limit === 0) return next();
    const inFlight = mutating ? this.stats.mutatingInFlight : this.stats.readOnlyInFlight;
    if (inFlight >= limit) {
      // A super-admin (or the loopback client) always gets an answer.
      if (context.user?.groups.includes('system:masters') === true) return next();
      if (mutating) this.stats.mutatingRejected++;
      else this.stats.readOnlyRejected++;
      sendTooManyRequests(context, 1);
      return;
    }
    if (mutating) this.stats.mutatingInFlight++;
    else this.stats.readOnlyInFlight++;
    try {
      await next();
    } finally {
      if (mutating) this.stats.mutatingInFlight--;
      else this.stats.readOnlyInFlight--;
    }
  }
}
