// kube's WithMaxInFlightLimit / WithPriorityAndFairness: how many requests run at once, by
// priority level. No limit yet: the place in the chain, after authentication and impersonation
// (flow control classifies requests by user), is kept for it.

import type { Filter } from './filter-chain.ts';

export const maxInFlight: Filter = (_context, next) => next();
