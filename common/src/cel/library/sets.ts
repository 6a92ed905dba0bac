// cel-go's sets extension, which Kubernetes enables from 1.29: sets.contains, sets.equivalent and
// sets.intersects over lists, elements matched with CEL's equality (1, 1u and 1.0 are one element).

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { equalValues } from '../values/compare.ts';
import { fromJson, type CelValue } from '../values/values.ts';
import { actualSize } from './call-cost.ts';
import { callCost } from './runtime-cost.ts';

function includes(list: readonly unknown[], value: CelValue): boolean {
  return list.some((item) => equalValues(fromJson(item), value) === true);
}

/** Whether every element of `sublist` is in `list`. */
function containsAll(list: readonly unknown[], sublist: readonly unknown[]): boolean {
  return sublist.every((item) => includes(list, fromJson(item)));
}

const overLists =
  (name: string, test: (a: readonly unknown[], b: readonly unknown[]) => boolean): FunctionImpl =>
  (args) => {
    const [a, b] = args;
    return Array.isArray(a) && Array.isArray(b) && args.length === 2 ? test(a, b) : noSuchOverload(name);
  };

export const setFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['sets.contains', { global: overLists('sets.contains', containsAll) }],
  ['sets.equivalent', { global: overLists('sets.equivalent', (a, b) => containsAll(a, b) && containsAll(b, a)) }],
  ['sets.intersects', { global: overLists('sets.intersects', (a, b) => a.some((item) => includes(b, fromJson(item)))) }],
]);

/** size(a) x size(b) comparisons, each costing `factor`, plus the call (cel-go's sets cost tracker). */
const pairwiseCost =
  (factor: number) =>
  (args: readonly CelValue[]): number =>
    callCost + Math.trunc(actualSize(args[0]) * actualSize(args[1]) * factor);

/**
 * Each function's cost as Kubernetes counts it: `actual` for one call; statically, 'pairwise' is
 * size(first) x size(second) x factor + 1 (equivalent checks containment both ways, hence 2).
 */
export const setCosts = {
  'sets.contains': { kind: 'pairwise', factor: 1, actual: pairwiseCost(1) },
  'sets.equivalent': { kind: 'pairwise', factor: 2, actual: pairwiseCost(2) },
  'sets.intersects': { kind: 'pairwise', factor: 1, actual: pairwiseCost(1) },
} as const;
