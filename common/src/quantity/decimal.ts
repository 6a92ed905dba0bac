// Exact decimal numbers, coefficient x 10^exponent, for quantity arithmetic: kept normalized (no
// trailing zeros in the coefficient), so comparing 1e2000000000 with 1 never writes out either.
// Sums that would need more than maxAlignment digits of alignment are refused (RangeError)
// rather than computed.

export interface Decimal {
  /** No trailing zeros; 0n for zero. */
  readonly coefficient: bigint;
  /** 0 for zero. */
  readonly exponent: number;
}

const maxAlignment = 100_000;

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

export const digitCount = (n: bigint): number => (n === 0n ? 0 : abs(n).toString().length);

export function decimal(coefficient: bigint, exponent: number): Decimal {
  if (coefficient === 0n) return { coefficient: 0n, exponent: 0 };
  let c = coefficient;
  let e = exponent;
  while (c % 10n === 0n) {
    c /= 10n;
    e++;
  }
  return { coefficient: c, exponent: e };
}

export const decimalSign = (d: Decimal): -1 | 0 | 1 => (d.coefficient === 0n ? 0 : d.coefficient < 0n ? -1 : 1);

/** 10^n as a bigint, refusing powers too large to hold. */
export function powerOfTen(n: number): bigint {
  if (n > maxAlignment) throw new RangeError('decimal out of range');
  return 10n ** BigInt(n);
}

export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const sa = decimalSign(a);
  const sb = decimalSign(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  // Same sign: the magnitude with the higher leading digit position wins.
  const ta = digitCount(a.coefficient) + a.exponent;
  const tb = digitCount(b.coefficient) + b.exponent;
  if (ta !== tb) return ta > tb === sa > 0 ? 1 : -1;
  const shift = a.exponent - b.exponent;
  const x = shift > 0 ? a.coefficient * 10n ** BigInt(shift) : a.coefficient;
  const y = shift < 0 ? b.coefficient * 10n ** BigInt(-shift) : b.coefficient;
  return x === y ? 0 : x < y ? -1 : 1;
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  if (a.coefficient === 0n) return b;
  if (b.coefficient === 0n) return a;
  const exponent = Math.min(a.exponent, b.exponent);
  return decimal(a.coefficient * powerOfTen(a.exponent - exponent) + b.coefficient * powerOfTen(b.exponent - exponent), exponent);
}

export const negateDecimal = (d: Decimal): Decimal => ({ coefficient: -d.coefficient, exponent: d.exponent });

/** The value as an integer, or undefined when it has a fractional part (RangeError past maxAlignment digits). */
export function decimalToInteger(d: Decimal): bigint | undefined {
  if (d.exponent < 0) return undefined;
  return d.coefficient * powerOfTen(d.exponent);
}
