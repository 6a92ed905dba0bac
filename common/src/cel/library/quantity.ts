// Kubernetes' quantity library for CEL (type kubernetes.Quantity): isQuantity(string),
// quantity(string), sign(q), and the members isInteger, asInteger, asApproximateFloat, add and sub
// (a quantity or an int), isLessThan, isGreaterThan and compareTo, with apimachinery's exact
// arithmetic (common/src/quantity/resource-quantity.ts). Kubernetes 1.35 has no mul or div.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelDouble, CelError, CelType, isInt, makeInt, type CelLibraryValue, type CelValue } from '../values/values.ts';
import {
  addQuantities,
  compareQuantities,
  newQuantity,
  parseQuantity,
  quantityApproximateFloat,
  quantityAsInt64,
  quantitySign,
  quantityString,
  subtractQuantities,
  type Quantity,
} from '../../quantity/resource-quantity.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';
import { orderingFunctions } from './ordering-functions.ts';

export const quantityType = new CelType('kubernetes.Quantity');

export class CelQuantity implements CelLibraryValue {
  readonly celType = quantityType;
  readonly quantity: Quantity;
  /**
   * Whether add or sub made it. Kubernetes returns those results as a pointer, and its Equal only
   * takes a plain Quantity as the other operand: `x == q.add(1)` is a "no such overload" error
   * whatever x is, while `q.add(1) == x` compares the values.
   */
  readonly fromArithmetic: boolean;
  constructor(quantity: Quantity, fromArithmetic = false) {
    this.quantity = quantity;
    this.fromArithmetic = fromArithmetic;
  }
  equals(other: unknown): boolean | CelError {
    if (!(other instanceof CelQuantity) || other.fromArithmetic) return new CelError('no such overload');
    return compareQuantities(this.quantity, other.quantity) === 0;
  }
  /** Quantity.String(): the canonical form, or the text as written when it already was. */
  toString(): string {
    return quantityString(this.quantity);
  }
}

/** quantity(string): the quantity, or apimachinery's parse error. */
export function parseCelQuantity(text: string): CelQuantity | CelError {
  const parsed = parseQuantity(text);
  return 'error' in parsed ? new CelError(parsed.error) : new CelQuantity(parsed.quantity);
}

function quantity(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? parseCelQuantity(text) : noSuchOverload('quantity');
}

function isQuantity(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? !('error' in parseQuantity(text)) : noSuchOverload('isQuantity');
}

const onQuantity =
  (name: string, apply: (quantity: Quantity) => CelValue): FunctionImpl =>
  (args) => {
    const [target] = args;
    return target instanceof CelQuantity && args.length === 1 ? apply(target.quantity) : noSuchOverload(name);
  };

function asInteger(quantity: Quantity): CelValue {
  const value = quantityAsInt64(quantity);
  return value === undefined ? new CelError('cannot convert value to integer') : makeInt(value);
}

/** add and sub take a quantity or an int, which counts as NewQuantity(n, DecimalExponent). */
const arithmetic =
  (name: string, combine: (a: Quantity, b: Quantity) => Quantity): FunctionImpl =>
  (args) => {
    const [target, other] = args;
    if (!(target instanceof CelQuantity) || args.length !== 2) return noSuchOverload(name);
    const operand = other instanceof CelQuantity ? other.quantity : isInt(other) ? newQuantity(BigInt(other), 'DecimalExponent') : undefined;
    if (operand === undefined) return noSuchOverload(name);
    try {
      return new CelQuantity(combine(target.quantity, operand), true);
    } catch (error) {
      // Sums whose digits Capstan refuses to write out (Kubernetes would try, without bound).
      if (error instanceof RangeError) return new CelError('quantity out of range');
      throw error;
    }
  };

export const quantityFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['quantity', { global: quantity }],
  ['isQuantity', { global: isQuantity }],
  // Kubernetes declares sign as a global overload only: sign(q), not q.sign().
  ['sign', { global: onQuantity('sign', quantitySign) }],
  ['isInteger', { member: onQuantity('isInteger', (q) => quantityAsInt64(q) !== undefined) }],
  ['asInteger', { member: onQuantity('asInteger', asInteger) }],
  ['asApproximateFloat', { member: onQuantity('asApproximateFloat', (q) => new CelDouble(quantityApproximateFloat(q))) }],
  ['add', { member: arithmetic('add', addQuantities) }],
  ['sub', { member: arithmetic('sub', subtractQuantities) }],
  ...orderingFunctions(
    (value): value is CelQuantity => value instanceof CelQuantity,
    (a, b) => compareQuantities(a.quantity, b.quantity),
  ),
]);

/**
 * Each call's cost as Kubernetes accounts it: quantity() and isQuantity() traverse their string
 * (size x 0.1, rounded up, for the estimate too); every other call is nominal. Equality costs 1.
 */
export const quantityCosts = {
  quantity: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  isQuantity: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  sign: { kind: 'nominal', actual: nominalCost },
  isInteger: { kind: 'nominal', actual: nominalCost },
  asInteger: { kind: 'nominal', actual: nominalCost },
  asApproximateFloat: { kind: 'nominal', actual: nominalCost },
  add: { kind: 'nominal', actual: nominalCost },
  sub: { kind: 'nominal', actual: nominalCost },
  isLessThan: { kind: 'nominal', actual: nominalCost },
  isGreaterThan: { kind: 'nominal', actual: nominalCost },
  compareTo: { kind: 'nominal', actual: nominalCost },
} as const;
