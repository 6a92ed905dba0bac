// Go decodes and processes objects nested up to 10,000 levels; this server's recursive steps
// (managedFields, merges, encoding) run out of JS stack a few thousand levels down. An object
// nested deeper than 1,000 levels (no real client writes one) is refused with a clear 400 before
// any of them runs, not with a 500 from wherever the stack ran out.

import { nestsDeeperThan, newBadRequest } from '@capstan/common';
import type { JsonObject } from './object-meta.ts';

export const processableNestingDepth = 1_000;

export function checkProcessableDepth(object: JsonObject): void {
  if (nestsDeeperThan(object, processableNestingDepth)) {
    throw newBadRequest(`the object provided nests objects and arrays more than ${processableNestingDepth} levels deep, deeper than this server processes`);
  }
}
