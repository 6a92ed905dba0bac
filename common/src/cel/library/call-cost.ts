// Call costs as Kubernetes' library cost estimator charges them at run time: a string traversal
// (size x factor, rounded up) or a nominal 1, sizes measured as cel-go measures them.

import { codePointLength } from '../interpreter/functions.ts';
import { mapSize } from '../values/maps.ts';
import { CelMap, isPlainMap, type CelValue } from '../values/values.ts';

export const stringTraversalCostFactor = 0.1;

/** size() of a string (code points), bytes, list or map; 1 for anything else, as cel-go's actualSize measures it. */
export function actualSize(value: unknown): number {
  if (typeof value === 'string') return codePointLength(value);
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length;
  if (value instanceof CelMap || isPlainMap(value)) return mapSize(value);
  return 1;
}

/** ceil(actualSize(value) x factor). */
export function traversalCost(value: CelValue | undefined, factor = stringTraversalCostFactor): number {
  return Math.ceil(actualSize(value) * factor);
}

/** The cost of a call that does a fixed amount of work. */
export const nominalCost = (): number => 1;
