// CEL's arithmetic operators over its values: int64 and uint64 with overflow errors (never
// wrapping), IEEE doubles, and concatenation of strings, bytes and lists. Operands of different
// kinds have no overload (1 + 1.0 is an error in CEL); timestamps and durations are the time
// library's.

import { negateDuration, timeArithmetic } from '../library/time-arithmetic.ts';
import { keyedItems } from './schema-lists.ts';
import { CelDouble, CelDuration, CelError, CelTimestamp, CelUint, makeInt, makeUint, type CelValue } from './values.ts';

const noSuchOverload = (): CelError => new CelError('no such overload');
const smallEnough = 2 ** 31;

type IntOp = (a: number | bigint, b: number | bigint) => number | bigint | CelError;

const intAdd: IntOp = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return makeInt(BigInt(a) + BigInt(b));
};

const intSubtract: IntOp = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = a - b;
    if (Number.isSafeInteger(difference)) return difference;
  }
  return makeInt(BigInt(a) - BigInt(b));
};

const intMultiply: IntOp = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') {
    const product = a * b;
    if (Number.isSafeInteger(product)) return product === 0 ? 0 : product;
  }
  return makeInt(BigInt(a) * BigInt(b));
};

const intDivide: IntOp = (a, b) => {
  if (b === 0 || b === 0n) return new CelError('division by zero');
  if (typeof a === 'number' && typeof b === 'number' && Math.abs(a) < smallEnough && Math.abs(b) < smallEnough) return Math.trunc(a / b) + 0;
  return makeInt(BigInt(a) / BigInt(b));
};

const intModulo: IntOp = (a, b) => {
  if (b === 0 || b === 0n) return new CelError('modulus by zero');
  if (typeof a === 'number' && typeof b === 'number') return (a % b) + 0;
  return makeInt(BigInt(a) % BigInt(b));
};

type UintOp = (a: bigint, b: bigint) => CelUint | CelError;

const uintOps: Readonly<Record<string, UintOp>> = {
  '_+_': (a, b) => makeUint(a + b),
  '_-_': (a, b) => makeUint(a - b),
  '_*_': (a, b) => makeUint(a * b),
  '_/_': (a, b) => (b === 0n ? new CelError('division by zero') : makeUint(a / b)),
  '_%_': (a, b) => (b === 0n ? new CelError('modulus by zero') : makeUint(a % b)),
};

const intOps: Readonly<Record<string, IntOp>> = { '_+_': intAdd, '_-_': intSubtract, '_*_': intMultiply, '_/_': intDivide, '_%_': intModulo };

const doubleOps: Readonly<Record<string, (a: number, b: number) => number>> = {
  '_+_': (a, b) => a + b,
  '_-_': (a, b) => a - b,
  '_*_': (a, b) => a * b,
  '_/_': (a, b) => a / b,
};

/** `a op b` for op one of _+_ _-_ _*_ _/_ _%_, over numbers, strings, bytes, lists, timestamps and durations. */
export function arithmetic(op: string, a: CelValue, b: CelValue): CelValue {
  if (a instanceof CelError) return a;
  if (b instanceof CelError) return b;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return (intOps[op] ?? noSuchOverload)(a, b);
  if (a instanceof CelDouble && b instanceof CelDouble) {
    const apply = doubleOps[op];
    return apply === undefined ? noSuchOverload() : new CelDouble(apply(a.value, b.value));
  }
  if (a instanceof CelUint && b instanceof CelUint) return (uintOps[op] ?? noSuchOverload)(BigInt(a.value), BigInt(b.value));
  if (a instanceof CelTimestamp || a instanceof CelDuration) return timeArithmetic(op, a, b) ?? noSuchOverload();
  if (op !== '_+_') return noSuchOverload();
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  // A set or map list on the left makes `+` a union or a merge (schema-lists.ts).
  if (Array.isArray(a)) {
    const items = keyedItems(a);
    if (items !== undefined) return items.add(a, b);
    if (Array.isArray(b)) return [...a, ...b];
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const joined = new Uint8Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    return joined;
  }
  return noSuchOverload();
}

/** Unary minus: of an int or a duration (overflow at the least int64) or a double; a uint has none. */
export function negate(a: CelValue): CelValue {
  if (a instanceof CelError) return a;
  if (typeof a === 'number') return 0 - a;
  if (typeof a === 'bigint') return makeInt(-a);
  if (a instanceof CelDouble) return new CelDouble(-a.value);
  if (a instanceof CelDuration) return negateDuration(a);
  return noSuchOverload();
}
