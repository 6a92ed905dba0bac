// cel-go's own estimates of the standard functions, by overload id: string and list operations
// by the sizes they traverse, regular expressions by text x pattern, && and || by their left side
// at least, ?: by the costlier branch, and 1 for every other call.

import { stringTraversalCostFactor } from '../library/call-cost.ts';
import { regexCosts } from '../library/regex.ts';
import { isPair, isTriple } from '../../tuples.ts';
import type { CallContext, CallEstimate } from './call-estimate.ts';
import { addEstimates, fixedEstimate, multiplyEstimateByFactor, multiplyEstimates, unionEstimates, wrapUint64, type CostEstimate } from './cost-estimate.ts';

const one = fixedEstimate(1);
const nominal: CallEstimate = { cost: one };

type StandardRule = (call: CallContext) => CallEstimate | undefined;

/** A traversal of the size of `node` once, and nothing more. */
const traversal = (call: CallContext, node: CallContext['args'][number]): CostEstimate => multiplyEstimateByFactor(call.sizeOf(node), stringTraversalCostFactor);

function comparison(call: CallContext): CallEstimate {
  const left = call.sizeOf(call.args[0]!);
  const right = call.sizeOf(call.args[1]!);
  const smallestMax = left.max < right.max ? left.max : right.max;
  return { cost: multiplyEstimateByFactor({ min: smallestMax > 0n ? 1n : 0n, max: smallestMax }, stringTraversalCostFactor) };
}

function concatenation(call: CallContext): CallEstimate | undefined {
  if (call.args.length !== 2) return undefined;
  const resultSize = addEstimates(call.sizeOf(call.args[0]!), call.sizeOf(call.args[1]!));
  const left = call.entrySizeOf(call.args[0]!);
  const right = call.entrySizeOf(call.args[1]!);
  if (left !== undefined && right !== undefined) {
    call.setResultEntrySize({ container: left.container, key: unionEstimates(left.key, right.key), value: unionEstimates(left.value, right.value) });
  }
  // Joining two lists is O(1); the sizes are tracked all the same.
  const cost = call.overloadId === 'add_list' ? one : multiplyEstimateByFactor(resultSize, stringTraversalCostFactor);
  return { cost, resultSize };
}

function shortCircuit(call: CallContext): CallEstimate | undefined {
  if (!isPair(call.argCosts)) return undefined;
  const [left, right] = call.argCosts;
  return { cost: { min: left.min, max: addEstimates(left, right).max }, includesArguments: true };
}

function conditional(call: CallContext): CallEstimate | undefined {
  if (!isTriple(call.args) || !isTriple(call.argCosts)) return undefined;
  const [, ifTrue, ifFalse] = call.args;
  const resultSize = unionEstimates(call.sizeOf(ifTrue), call.sizeOf(ifFalse));
  const trueEntry = call.entrySizeOf(ifTrue);
  const falseEntry = call.entrySizeOf(ifFalse);
  if (trueEntry !== undefined && falseEntry !== undefined) {
    call.setResultEntrySize({ container: trueEntry.container, key: unionEstimates(trueEntry.key, falseEntry.key), value: unionEstimates(trueEntry.value, falseEntry.value) });
  }
  const [condition, whenTrue, whenFalse] = call.argCosts;
  return { cost: addEstimates(condition, unionEstimates(whenTrue, whenFalse)), resultSize, includesArguments: true };
}

function regexMatch(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined || call.args.length !== 1) return undefined;
  const { textFactor, patternFactor } = regexCosts.matches;
  // One more than the text's length, so that an empty text still pays for the pattern.
  const text = multiplyEstimateByFactor(addEstimates(call.sizeOf(call.target), one), textFactor);
  return { cost: multiplyEstimates(text, multiplyEstimateByFactor(call.sizeOf(call.args[0]!), patternFactor)) };
}

const comparisonOverloads = [
  'less_string',
  'greater_string',
  'less_equals_string',
  'greater_equals_string',
  'less_bytes',
  'greater_bytes',
  'less_equals_bytes',
  'greater_equals_bytes',
  'equals',
  'not_equals',
];

const rules = new Map<string, StandardRule>([
  ['string_format', (call) => (call.target === undefined ? undefined : { cost: traversal(call, call.target) })],
  [
    'string_to_bytes',
    (call) => {
      if (call.args.length !== 1) return undefined;
      const size = call.sizeOf(call.args[0]!);
      // A code point takes up to 4 bytes.
      return { cost: traversal(call, call.args[0]!), resultSize: { min: size.min, max: wrapUint64(size.max * 4n) } };
    },
  ],
  [
    'bytes_to_string',
    (call) => {
      if (call.args.length !== 1) return undefined;
      const size = call.sizeOf(call.args[0]!);
      return { cost: traversal(call, call.args[0]!), resultSize: { min: size.min / 4n, max: size.max } };
    },
  ],
  [
    'strings_quote',
    (call) => {
      if (call.args.length !== 1) return undefined;
      const size = call.sizeOf(call.args[0]!);
      // Every character may be escaped; the quotes are always added.
      return { cost: traversal(call, call.args[0]!), resultSize: { min: wrapUint64(size.min + 2n), max: wrapUint64(size.max * 2n + 2n) } };
    },
  ],
  ['starts_with_string', (call) => (call.args.length === 1 ? { cost: traversal(call, call.args[0]!) } : undefined)],
  ['ends_with_string', (call) => (call.args.length === 1 ? { cost: traversal(call, call.args[0]!) } : undefined)],
  // Containment in a list is taken as O(n), even for a list of constants.
  ['in_list', (call) => (call.args.length === 2 ? { cost: multiplyEstimateByFactor(call.sizeOf(call.args[1]!), 1) } : undefined)],
  ['matches_string', regexMatch],
  [
    'contains_string',
    (call) => (call.target === undefined || call.args.length !== 1 ? undefined : { cost: multiplyEstimates(traversal(call, call.target), traversal(call, call.args[0]!)) }),
  ],
  ['logical_or', shortCircuit],
  ['logical_and', shortCircuit],
  ['conditional', conditional],
  ['add_string', concatenation],
  ['add_bytes', concatenation],
  ['add_list', concatenation],
  ...comparisonOverloads.map((id): [string, StandardRule] => [id, comparison]),
]);

/** cel-go's estimate of a call no library estimator answered: its rule for the overload, else 1. */
export const standardCallEstimate = (call: CallContext): CallEstimate => rules.get(call.overloadId)?.(call) ?? nominal;
