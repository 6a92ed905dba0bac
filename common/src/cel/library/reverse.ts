// reverse(), which two libraries define: cel-go's strings extension (version 3) on strings, by
// code point, and its lists extension (version 2) on lists. One implementation serves both, so the
// libraries' tables can be merged in either order.

import { noSuchOverload, type FunctionImpl } from '../interpreter/functions.ts';
import type { CelValue } from '../values/values.ts';
import { actualSize } from './call-cost.ts';
import { allocatingListCost, callCost } from './runtime-cost.ts';

export const reverse: FunctionImpl = (args) => {
  const [target] = args;
  if (typeof target === 'string') return [...target].reverse().join('');
  if (Array.isArray(target)) return [...target].reverse();
  return noSuchOverload('reverse');
};

/** A string's reverse costs the default 1; a list's is charged as a list allocation (cel-go lists version 3). */
export function reverseCost(args: readonly CelValue[], result: CelValue): number {
  return Array.isArray(args[0]) ? allocatingListCost(actualSize(result), 1) : callCost;
}
