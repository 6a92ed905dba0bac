// The functions a program can call, by name, in global form (`size(x)`) and receiver form
// (`x.size()`), each choosing its overload by the kinds of its arguments at run time. The core
// ones are here; libraries (strings, lists, regex, time, Kubernetes' own) register theirs.

import type { CallExpr, Expr } from '../syntax/ast.ts';
import { CelDouble, CelError, CelMap, CelUint, isPlainMap, makeInt, makeUint, type CelValue, typeOf } from '../values/values.ts';
import { mapSize } from '../values/maps.ts';
import { goShortestFloat } from '../library/go-float-format.ts';

export type FunctionImpl = (args: readonly CelValue[]) => CelValue;

export interface FunctionOverloads {
  /** `f(a, b)` */
  readonly global?: FunctionImpl;
  /** `a.f(b)`: the target comes first in args. */
  readonly member?: FunctionImpl;
}

export type FunctionTable = ReadonlyMap<string, FunctionOverloads>;

export const noSuchOverload = (name: string): CelError => new CelError(`no such overload: ${name}`);

/** The number of code points of a string (CEL counts them, not UTF-16 units). */
export function codePointLength(text: string): number {
  // Short strings (names, labels) are counted faster by hand than by a regular expression.
  if (text.length <= 32) {
    let pairs = 0;
    for (let i = 0; i < text.length - 1; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          pairs++;
          i++;
        }
      }
    }
    return text.length - pairs;
  }
  if (!/[\uD800-\uDFFF]/.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function size(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (typeof value === 'string') return codePointLength(value);
  if (Array.isArray(value)) return value.length;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof CelMap || isPlainMap(value)) return mapSize(value);
  return noSuchOverload('size');
}

const stringTest =
  (name: string, test: (text: string, part: string) => boolean): FunctionImpl =>
  (args) => {
    const [text, part] = args;
    return typeof text === 'string' && typeof part === 'string' ? test(text, part) : noSuchOverload(name);
  };

function toInt(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof CelUint) return makeInt(BigInt(value.value));
  if (value instanceof CelDouble) {
    const truncated = Math.trunc(value.value);
    // Go's conversion refuses doubles outside the int64 range (and NaN).
    if (!Number.isFinite(truncated) || truncated <= -(2 ** 63) - 1024 || truncated >= 2 ** 63) return new CelError('double out of range');
    return makeInt(BigInt(truncated));
  }
  if (typeof value === 'string') return /^[-+]?\d+$/.test(value) ? makeInt(BigInt(value)) : new CelError(`cannot convert string ${JSON.stringify(value)} to int`);
  return noSuchOverload('int');
}

function toUint(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelUint) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return makeUint(BigInt(value));
  if (value instanceof CelDouble) {
    const truncated = Math.trunc(value.value);
    if (!Number.isFinite(truncated) || truncated < 0 || truncated >= 2 ** 64) return new CelError('double out of range');
    return makeUint(BigInt(truncated));
  }
  if (typeof value === 'string') return /^\+?\d+$/.test(value) ? makeUint(BigInt(value)) : new CelError(`cannot convert string ${JSON.stringify(value)} to uint`);
  return noSuchOverload('uint');
}

function toDouble(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof CelDouble) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new CelDouble(Number(value));
  if (value instanceof CelUint) return new CelDouble(Number(value.value));
  if (typeof value === 'string') {
    const parsed = Number(value.trim() === '' ? Number.NaN : value);
    return Number.isNaN(parsed) && !/^[-+]?nan$/i.test(value) ? new CelError(`cannot convert string ${JSON.stringify(value)} to double`) : new CelDouble(parsed);
  }
  return noSuchOverload('double');
}

const trueStrings = new Set(['1', 't', 'true', 'TRUE', 'True']);
const falseStrings = new Set(['0', 'f', 'false', 'FALSE', 'False']);

function toBool(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (trueStrings.has(value)) return true;
    if (falseStrings.has(value)) return false;
    return new CelError(`type conversion error from 'string' to 'bool'`);
  }
  return noSuchOverload('bool');
}

/** string(x) of the core kinds (time and library kinds have their own overloads). */
export function toStringValue(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof CelUint) return String(value.value);
  if (value instanceof CelDouble) return goShortestFloat(value.value);
  if (value instanceof Uint8Array) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(value);
    } catch {
      return new CelError('invalid UTF-8 in bytes, cannot convert to string');
    }
  }
  return noSuchOverload('string');
}

function toBytes(args: readonly CelValue[]): CelValue {
  const [value] = args;
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return new TextEncoder().encode(value);
  return noSuchOverload('bytes');
}

function typeOfValue(args: readonly CelValue[]): CelValue {
  const [value] = args;
  return value instanceof CelError ? value : typeOf(value);
}

export const coreFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['size', { global: size, member: size }],
  ['contains', { member: stringTest('contains', (text, part) => text.includes(part)) }],
  ['startsWith', { member: stringTest('startsWith', (text, part) => text.startsWith(part)) }],
  ['endsWith', { member: stringTest('endsWith', (text, part) => text.endsWith(part)) }],
  ['int', { global: toInt }],
  ['uint', { global: toUint }],
  ['double', { global: toDouble }],
  ['bool', { global: toBool }],
  ['string', { global: toStringValue }],
  ['bytes', { global: toBytes }],
  ['type', { global: typeOfValue }],
  ['dyn', { global: (args) => args[0] ?? null }],
]);

/** Which function a call names: a namespaced global (`optional.of(x)`), a member (`x.f()`) or a global. */
export interface ResolvedFunction {
  /** The name the function is registered and charged under ('sets.contains' for a namespaced one). */
  readonly name: string;
  readonly form: 'global' | 'member';
  /** Undefined when no library defines the function in that form. */
  readonly impl: FunctionImpl | undefined;
  /** The receiver to evaluate as the first argument, for a member call. */
  readonly target: Expr | undefined;
}

export function resolveFunction(expr: CallExpr, functions: FunctionTable): ResolvedFunction {
  const namespace = expr.target === undefined ? undefined : qualifiedName(expr.target);
  if (namespace !== undefined) {
    const name = `${namespace}.${expr.function}`;
    const namespaced = functions.get(name)?.global;
    if (namespaced !== undefined) return { name, form: 'global', impl: namespaced, target: undefined };
  }
  const overloads = functions.get(expr.function);
  if (expr.target === undefined) return { name: expr.function, form: 'global', impl: overloads?.global, target: undefined };
  return { name: expr.function, form: 'member', impl: overloads?.member, target: expr.target };
}

/** The dotted name an identifier or a chain of field selections on one spells, if it is one. */
export function qualifiedName(expr: Expr): string | undefined {
  if (expr.type === 'ident') return expr.name;
  if (expr.type === 'select' && !expr.testOnly) {
    const operand = qualifiedName(expr.operand);
    return operand === undefined ? undefined : `${operand}.${expr.field}`;
  }
  return undefined;
}
