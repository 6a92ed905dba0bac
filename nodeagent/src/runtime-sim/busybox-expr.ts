// busybox's expr: one expression in separate arguments (`expr $N % 2`, `expr $a + 1`, `expr $x = y`),
// with expr's precedence (| then & then comparisons then + - then * / %), integers where both sides
// are integers and strings otherwise. It prints the value and exits 0, or 1 when the value is 0 or
// empty; a bad expression says "expr: syntax error" and exits 2.

import type { Program } from './shell-context.ts';

type Value = number | string;

class ExprError extends Error {}

const isInteger = (value: Value): boolean => typeof value === 'number' || /^-?\d+$/.test(value);
const toNumber = (value: Value): number => (typeof value === 'number' ? value : Number(value));
const isNull = (value: Value): boolean => value === '' || (isInteger(value) && toNumber(value) === 0);

function compare(a: Value, op: string, b: Value): boolean {
  const c = isInteger(a) && isInteger(b) ? toNumber(a) - toNumber(b) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '=':
    case '==':
      return c === 0;
    case '!=':
      return c !== 0;
    case '>=':
      return c >= 0;
    default:
      return c > 0;
  }
}

function evaluate(tokens: readonly string[]): Value {
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const binary = (ops: readonly string[], next: () => Value, apply: (a: Value, op: string, b: Value) => Value) => (): Value => {
    let left = next();
    while (ops.includes(peek() ?? '')) {
      const op = tokens[at++] as string;
      left = apply(left, op, next());
    }
    return left;
  };
  const primary = (): Value => {
    const token = tokens[at++];
    if (token === undefined) throw new ExprError('syntax error');
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') throw new ExprError('syntax error');
      return value;
    }
    return isInteger(token) ? Number(token) : token;
  };
  const arithmetic = (a: Value, op: string, b: Value): Value => {
    if (!isInteger(a) || !isInteger(b)) throw new ExprError('non-numeric argument');
    const x = toNumber(a);
    const y = toNumber(b);
    if ((op === '/' || op === '%') && y === 0) throw new ExprError('division by zero');
    if (op === '+') return x + y;
    if (op === '-') return x - y;
    if (op === '*') return x * y;
    return op === '/' ? Math.trunc(x / y) : x % y;
  };
  const product = binary(['*', '/', '%'], primary, arithmetic);
  const sum = binary(['+', '-'], product, arithmetic);
  const comparison = binary(['<', '<=', '=', '==', '!=', '>=', '>'], sum, (a, op, b) => (compare(a, op, b) ? 1 : 0));
  const and = binary(['&'], comparison, (a, _op, b) => (isNull(a) || isNull(b) ? 0 : a));
  const or = binary(['|'], and, (a, _op, b) => (isNull(a) ? b : a));
  const value = or();
  if (at !== tokens.length) throw new ExprError('syntax error');
  return value;
}

export const expr: Program = (args, _context, _stdin, io) => {
  try {
    const value = evaluate(args);
    io.stdout(`${value}\n`);
    return isNull(value) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ExprError)) throw error;
    io.stderr(`expr: ${error.message}\n`);
    return 2;
  }
};
