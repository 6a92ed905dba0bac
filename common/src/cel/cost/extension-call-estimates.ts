// The estimates cel-go's lists (version 3) and sets extensions register for their overloads, which
// take precedence over Kubernetes' estimator: calls that build a list pay for its size (times the
// flatten depth, or the square of the input for distinct and sort) plus the call and the new list;
// set operations pay size x size comparisons.

import { stringTraversalCostFactor } from '../library/call-cost.ts';
import { listCosts } from '../library/lists.ts';
import { callCost, listCreateBaseCost } from '../library/runtime-cost.ts';
import { setCosts } from '../library/sets.ts';
import type { CallContext, CallEstimate, CallEstimator } from './call-estimate.ts';
import { addEstimates, fixedEstimate, maxUint64, multiplyEstimateByFactor, multiplyEstimates, wrapUint64, type SizeEstimate } from './cost-estimate.ts';
import type { CostNode } from './size-estimator.ts';

type Rule = (call: CallContext) => CallEstimate | undefined;

/** A call that allocates a list of `size` items, each costing `factor`. */
const allocatingList = (factor: number, size: SizeEstimate): CallEstimate => ({
  cost: addEstimates(addEstimates(multiplyEstimateByFactor(size, factor), fixedEstimate(callCost)), fixedEstimate(listCreateBaseCost)),
  resultSize: size,
});

/** The value of an int literal argument (0 when negative), else `otherwise`. */
function literalInt(node: CostNode | undefined, otherwise: bigint): bigint {
  const expr = node?.expr;
  if (expr?.type !== 'const' || expr.value.kind !== 'int') return otherwise;
  const value = BigInt(expr.value.value);
  return value < 0n ? 0n : value;
}

const slice: Rule = (call) => {
  if (call.target === undefined || call.args.length !== 2) return undefined;
  const start = literalInt(call.args[0], 0n);
  const end = literalInt(call.args[1], call.sizeOf(call.target).max);
  // cel-go subtracts without a guard: a start past the end wraps around.
  const size = wrapUint64(end - start);
  return allocatingList(listCosts.slice.factor, { min: size, max: size });
};

const range: Rule = (call) => {
  if (call.target !== undefined || call.args.length !== 1) return undefined;
  const size = literalInt(call.args[0], maxUint64);
  return allocatingList(listCosts['lists.range'].factor, { min: size, max: size });
};

const reverse: Rule = (call) => (call.target === undefined || call.args.length !== 0 ? undefined : allocatingList(listCosts.reverse.factor, call.sizeOf(call.target)));

/** flatten's factor is its depth: 1, the literal given, or unbounded. */
const flatten: Rule = (call) => {
  if (call.target === undefined || call.args.length > 1) return undefined;
  const depth = call.args.length === 1 ? literalInt(call.args[0], maxUint64) : 1n;
  return allocatingList(Number(depth), call.sizeOf(call.target));
};

const squared = (size: SizeEstimate): SizeEstimate => multiplyEstimates(size, size);

const distinct: Rule = (call) => (call.target === undefined || call.args.length !== 0 ? undefined : allocatingList(listCosts.distinct.factor, squared(call.sizeOf(call.target))));

/** Sorting compares every pair, strings and bytes a tenth of their size more. */
function sortCost(call: CallContext, keys: CostNode, keyTypeName: string): CallEstimate {
  const factor = listCosts.sort.factor + (keyTypeName === 'string' || keyTypeName === 'bytes' ? stringTraversalCostFactor : 0);
  return allocatingList(factor, squared(call.sizeOf(keys)));
}

// cel-go's type names of the orderable element types, as they appear in the overload ids.
const orderableTypeNames = ['int', 'uint', 'double', 'bool', 'google.protobuf.Duration', 'google.protobuf.Timestamp', 'string', 'bytes'];

const setOperation =
  (name: keyof typeof setCosts): Rule =>
  (call) => {
    if (call.args.length !== 2) return undefined;
    const pairs = multiplyEstimates(call.sizeOf(call.args[0]!), call.sizeOf(call.args[1]!));
    return { cost: addEstimates(multiplyEstimateByFactor(pairs, setCosts[name].factor), fixedEstimate(callCost)) };
  };

const rules = new Map<string, Rule>([
  ['list_slice', slice],
  ['list_flatten', flatten],
  ['list_flatten_int', flatten],
  ['lists_range', range],
  ['list_reverse', reverse],
  ['list_distinct', distinct],
  ...orderableTypeNames.map((name): [string, Rule] => [
    `list_${name}_sort`,
    (call) => (call.target === undefined || call.args.length !== 0 ? undefined : sortCost(call, call.target, name)),
  ]),
  ...orderableTypeNames.map((name): [string, Rule] => [
    `list_${name}_sortByAssociatedKeys`,
    (call) => (call.target === undefined || call.args.length !== 1 ? undefined : sortCost(call, call.args[0]!, name)),
  ]),
  ['list_sets_contains_list', setOperation('sets.contains')],
  ['list_sets_intersects_list', setOperation('sets.intersects')],
  ['list_sets_equivalent_list', setOperation('sets.equivalent')],
]);

export const extensionCallEstimate: CallEstimator = (call) => rules.get(call.overloadId)?.(call);
