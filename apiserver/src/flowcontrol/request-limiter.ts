// What the max-in-flight filter asks: API priority and fairness, or the older max-in-flight limit.

import type { RequestContext } from '../filters/request-context.ts';

export interface RequestLimiter {
  /** Runs `next` once the request may go on, or answers it 429. */
  handle(context: RequestContext, next: () => Promise<void>): Promise<void>;
}
