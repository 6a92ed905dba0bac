// kube's WithPriorityAndFairness, or WithMaxInFlightLimit with --enable-priority-and-fairness=false
// (apiserver/src/flowcontrol/): how many requests run at once. Its place in the chain, after
// authentication and impersonation, lets flow control classify requests by user.

import type { RequestLimiter } from '../flowcontrol/request-limiter.ts';
import type { Filter } from './filter-chain.ts';

export const maxInFlight =
  (limiter: RequestLimiter | undefined): Filter =>
  (context, next) =>
    limiter === undefined ? next() : limiter.handle(context, next);
