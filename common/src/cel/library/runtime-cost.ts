// Run-time costs of the strings, lists and sets libraries beyond call-cost.ts's string traversals:
// Kubernetes' walk over a whole value (indexOf, sum, min, ...) and cel-go's charge for calls that
// build a list (slice, flatten, distinct, sort, ...).

import { mapEntries } from '../values/maps.ts';
import { CelMap, fromJson, isPlainMap, type CelValue } from '../values/values.ts';
import { stringTraversalCostFactor } from './call-cost.ts';

export type { CallCost } from '../interpreter/cost-meter.ts';

/** cel-go's charge for a call it has no rule for, and its charges for building a list, a map or a message. */
export const callCost = 1;
export const listCreateBaseCost = 10;
export const mapCreateBaseCost = 30;
export const structCreateBaseCost = 40;

/**
 * Kubernetes' cost of walking a value: a tenth of a string's or bytes' length in UTF-8 bytes (rounded
 * down), the sum over list items and map keys and values, 1 for any other value.
 */
export function treeTraversalCost(value: unknown): number {
  if (typeof value === 'string') return Math.trunc(Buffer.byteLength(value, 'utf8') * stringTraversalCostFactor);
  if (value instanceof Uint8Array) return Math.trunc(value.length * stringTraversalCostFactor);
  if (Array.isArray(value)) {
    let cost = 0;
    for (const item of value) cost += treeTraversalCost(fromJson(item));
    return cost;
  }
  if (value instanceof CelMap || isPlainMap(value)) {
    let cost = 0;
    for (const [key, item] of mapEntries(value)) cost += treeTraversalCost(key) + treeTraversalCost(item);
    return cost;
  }
  return 1;
}

/** Kubernetes' charge for indexOf, lastIndexOf, sum, min, max and isSorted: a walk over the target. */
export const targetTraversalCost = (args: readonly CelValue[]): number => treeTraversalCost(args[0]);

/** cel-go's charge for a call that builds a list: size x factor (rounded down), plus the call and the list. */
export const allocatingListCost = (size: number, factor: number): number => Math.trunc(size * factor) + callCost + listCreateBaseCost;
