// Go decodes and processes objects nested up to 10,000 levels; this server's recursive steps
// (managedFields, merges, encoding) run out of JS stack a few thousand levels down. An object
// nested deeper than 1,000 levels (no real client writes one) is refused with a clear 400 before
// any of them runs, not with a 500 from wherever the stack ran out.

import { nestsDeeperThan, newBadRequest } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';

export const processableNestingDepth = 1_000;

/** `what` names the value in the message: "object", or "patch" for a patch before it is applied. */
export function checkProcessableDepth(value: JsonObject | unknown, what: 'object' | 'patch' = 'object'): void {
  if (nestsDeeperThan(value, processableNestingDepth)) {
    throw newBadRequest(`the ${what} provided nests objects and arrays more than ${processableNestingDepth} levels deep, deeper than this server processes`);
  }
}
