// Kubernetes resource quantities held exactly as apimachinery's resource.Quantity holds them:
// ParseQuantity with its error texts, String() in canonical form, Cmp, Add, Sub, AsInt64 and
// AsApproximateFloat64. How a quantity is stored (an int64 amount, or an inf.Dec for long or
// fractional-binary inputs and for sums that overflow) is kept too, because AsInt64 and
// AsApproximateFloat64 answer from it: "1Pi" and "1234567890123456789" are no integers to
// AsInt64, and "1000m" is none either (its int64 amount has scale -3).

import { addDecimals, compareDecimals, decimal, decimalSign, decimalToInteger, digitCount, negateDecimal, type Decimal } from './decimal.ts';

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

export type QuantityAmount =
  /** apimachinery's int64Amount: value x 10^scale. */
  | { readonly kind: 'int64'; readonly value: bigint; readonly scale: number }
  /** An inf.Dec: `value` exactly, and the inf.Dec scale it carries (value x 10^scale is an integer). */
  | { readonly kind: 'dec'; readonly value: Decimal; readonly scale: number };

export interface Quantity {
  readonly amount: QuantityAmount;
  readonly format: QuantityFormat;
  /** The parsed text, which ParseQuantity keeps (and String() returns) when it looked canonical. */
  readonly text?: string;
}

export type ParsedQuantity = { readonly quantity: Quantity } | { readonly error: string };

export const quantityFormatError = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const quantityNumericError = 'unable to parse numeric part of quantity';
export const quantitySuffixError = "unable to parse quantity's suffix";

const decimalSuffixes = new Map<string, number>([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
const binarySuffixes = new Map<string, number>([
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);
const decimalSuffixOf = new Map([...decimalSuffixes].map(([suffix, exponent]) => [exponent, suffix]));
const binarySuffixOf = new Map([...binarySuffixes].map(([suffix, exponent]) => [exponent / 10, suffix]));

const minInt64 = -(2n ** 63n);
const maxInt64 = 2n ** 63n - 1n;
const fitsInt64 = (n: bigint): boolean => n >= minInt64 && n <= maxInt64;
const wrapInt32 = (n: number): number => Number(BigInt.asIntN(32, BigInt(n)));

interface Scanned {
  readonly positive: boolean;
  /** The number as written, sign included: what the inf.Dec path reads. */
  readonly value: string;
  /** Integer digits without leading zeros ("0" when there are none). */
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';
const suffixLetters = 'eEinumkKMGTP';

/** apimachinery's parseQuantityString: number, then suffix letters, an optional sign and digits. */
function scanQuantity(text: string): Scanned | undefined {
  const end = text.length;
  let pos = 0;
  let positive = true;
  if (text[0] === '-' || text[0] === '+') {
    positive = text[0] === '+';
    pos++;
  }
  while (pos < end && text[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (isDigit(text[i])) i++;
  if (i >= end) return { positive, value: text, num: text.slice(pos), denom: '', suffix: '' };
  const num = text.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (text[pos] === '.') {
    pos++;
    i = pos;
    while (isDigit(text[i])) i++;
    if (i >= end) return { positive, value: text, num, denom: text.slice(pos), suffix: '' };
    denom = text.slice(pos, i);
    pos = i;
  }
  const value = text.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && suffixLetters.includes(text[pos] as string)) pos++;
  if (pos < end && (text[pos] === '-' || text[pos] === '+')) pos++;
  while (isDigit(text[pos])) pos++;
  return pos >= end ? { positive, value, num, denom, suffix: text.slice(suffixStart) } : undefined;
}

interface Suffix {
  readonly base: 2 | 10;
  readonly exponent: number;
  readonly format: QuantityFormat;
}

function interpretSuffix(suffix: string): Suffix | undefined {
  const decimalExponent = decimalSuffixes.get(suffix);
  if (decimalExponent !== undefined) return { base: 10, exponent: decimalExponent, format: 'DecimalSI' };
  const binaryExponent = binarySuffixes.get(suffix);
  if (binaryExponent !== undefined) return { base: 2, exponent: binaryExponent, format: 'BinarySI' };
  const digits = suffix.slice(1);
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(digits) && fitsInt64(BigInt(digits))) {
    // strconv.ParseInt, then a conversion to int32 that wraps.
    return { base: 10, exponent: Number(BigInt.asIntN(32, BigInt(digits))), format: 'DecimalExponent' };
  }
  return undefined;
}

/** The number an inf.Dec reads from text such as "-12.50" (at least one digit, one point at most). */
function readDecimalText(text: string): { coefficient: bigint; fractionDigits: number } | undefined {
  const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const magnitude = BigInt(`${whole}${fraction}`);
  return { coefficient: sign === '-' ? -magnitude : magnitude, fractionDigits: fraction.length };
}

/** Rounds a positive decimal up to a whole number of nanos, as ParseQuantity does. */
function roundUpToNano(value: Decimal): Decimal {
  if (value.exponent >= -9) return value;
  const shift = -9 - value.exponent;
  if (shift >= digitCount(value.coefficient)) return decimal(1n, -9);
  const divisor = 10n ** BigInt(shift);
  const quotient = value.coefficient / divisor + (value.coefficient % divisor === 0n ? 0n : 1n);
  return decimal(quotient, -9);
}

/** resource.ParseQuantity. */
export function parseQuantity(text: string): ParsedQuantity {
  if (text === '') return { error: quantityFormatError };
  if (text === '0') return { quantity: { amount: { kind: 'int64', value: 0n, scale: 0 }, format: 'DecimalSI', text } };
  const scanned = scanQuantity(text);
  if (scanned === undefined) return { error: quantityFormatError };
  const suffix = interpretSuffix(scanned.suffix);
  if (suffix === undefined) return { error: quantitySuffixError };
  const { positive, num, denom } = scanned;
  const { exponent, format } = suffix;

  // The fast path: an int64 amount, when the digits surely fit.
  let precision: number;
  let mantissa = 1n;
  let scale = 0;
  if (format !== 'BinarySI') {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  } else if (denom.length === 0) {
    mantissa = 1n << BigInt(exponent);
    precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else {
    precision = -1;
  }
  if (precision >= 0) {
    scale = wrapInt32(scale - denom.length);
    if (scale >= -9) {
      const shifted = `${num}${denom}`;
      const product = BigInt(shifted) * mantissa;
      if (fitsInt64(product)) {
        const canonical = format === 'BinarySI' ? exponent % 10 === 0 && (BigInt(shifted) & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        const amount: QuantityAmount = { kind: 'int64', value: positive ? product : -product, scale };
        return { quantity: canonical ? { amount, format, text } : { amount, format } };
      }
    }
  }

  // The inf.Dec path: exact, rounded up to nanos, binary amounts capped at the largest int64.
  const read = readDecimalText(scanned.value);
  if (read === undefined) return { error: quantityNumericError };
  const negative = read.coefficient < 0n;
  const magnitude = negative ? -read.coefficient : read.coefficient;
  let value = suffix.base === 10 ? decimal(magnitude, exponent - read.fractionDigits) : decimal(magnitude << BigInt(exponent), -read.fractionDigits);
  let decScale = suffix.base === 10 ? read.fractionDigits - exponent : read.fractionDigits;
  let finalFormat = format;
  if (value.coefficient !== 0n) {
    value = roundUpToNano(value);
    decScale = 9;
  }
  if (format === 'BinarySI' && compareDecimals(value, decimal(maxInt64, 0)) > 0) {
    value = decimal(maxInt64, 0);
    decScale = 0;
  }
  if (format === 'BinarySI' && value.coefficient !== 0n && compareDecimals(value, decimal(1n, 0)) < 0) finalFormat = 'DecimalSI';
  return { quantity: { amount: { kind: 'dec', value: negative ? negateDecimal(value) : value, scale: decScale }, format: finalFormat } };
}

/** The exact value of a quantity. */
export function quantityDecimal(quantity: Quantity): Decimal {
  const { amount } = quantity;
  return amount.kind === 'int64' ? decimal(amount.value, amount.scale) : amount.value;
}

/** -1, 0 or 1, as Quantity.Cmp. */
export const compareQuantities = (a: Quantity, b: Quantity): -1 | 0 | 1 => compareDecimals(quantityDecimal(a), quantityDecimal(b));

export const quantitySign = (quantity: Quantity): -1 | 0 | 1 => decimalSign(quantityDecimal(quantity));

/** NewQuantity: an integer in the given format. */
export const newQuantity = (value: bigint, format: QuantityFormat): Quantity => ({ amount: { kind: 'int64', value, scale: 0 }, format });

/** int64Amount.Add: the sum when it stays an int64 amount, undefined when it would overflow. */
function addInt64Amounts(a: { value: bigint; scale: number }, b: { value: bigint; scale: number }): QuantityAmount | undefined {
  if (b.value === 0n) return { kind: 'int64', ...a };
  if (a.value === 0n) return { kind: 'int64', ...b };
  const [high, low] = a.scale >= b.scale ? [a, b] : [b, a];
  const difference = high.scale - low.scale;
  if (difference > 18) return undefined;
  const raised = high.value * 10n ** BigInt(difference);
  const sum = raised + low.value;
  return fitsInt64(raised) && fitsInt64(sum) ? { kind: 'int64', value: sum, scale: low.scale } : undefined;
}

/** The inf.Dec scale a quantity has, or gets when apimachinery converts it (AsDec). */
const decScaleOf = (amount: QuantityAmount): number => (amount.kind === 'dec' ? amount.scale : -amount.scale);

/**
 * Quantity.Add (or Sub): a zero receiver takes the other's format; two int64 amounts stay one
 * unless the result overflows, which moves it to an inf.Dec for good. Throws a RangeError for
 * sums too large to write out (apimachinery would spend unbounded memory on them).
 */
function combine(q: Quantity, y: Quantity, subtract: boolean): Quantity {
  const format = quantitySign(q) === 0 ? y.format : q.format;
  if (q.amount.kind === 'int64' && y.amount.kind === 'int64') {
    // int64Amount.Sub adds the negation, which wraps for the most negative int64 (as in 1.35).
    const operand = subtract ? { value: BigInt.asIntN(64, -y.amount.value), scale: y.amount.scale } : y.amount;
    const sum = addInt64Amounts(q.amount, operand);
    if (sum !== undefined) return { amount: sum, format };
  }
  const other = quantityDecimal(y);
  const value = addDecimals(quantityDecimal(q), subtract ? negateDecimal(other) : other);
  return { amount: { kind: 'dec', value, scale: Math.max(decScaleOf(q.amount), decScaleOf(y.amount)) }, format };
}

export const addQuantities = (q: Quantity, y: Quantity): Quantity => combine(q, y, false);
export const subtractQuantities = (q: Quantity, y: Quantity): Quantity => combine(q, y, true);

/** Quantity.AsInt64: only an int64 amount of scale 0 or more that fits an int64 converts. */
export function quantityAsInt64(quantity: Quantity): bigint | undefined {
  const { amount } = quantity;
  if (amount.kind === 'dec' || amount.scale < 0) return undefined;
  if (amount.scale === 0 || amount.value === 0n) return amount.value;
  if (amount.scale > 18) return undefined;
  const value = amount.value * 10n ** BigInt(amount.scale);
  return fitsInt64(value) ? value : undefined;
}

const pow10Small = Array.from({ length: 32 }, (_, i) => Number(`1e${i}`));
const pow10Positive = Array.from({ length: 10 }, (_, i) => Number(`1e${i * 32}`));
const pow10Negative = Array.from({ length: 11 }, (_, i) => Number(`1e-${i * 32}`));

/** Go's math.Pow10, by its tables, so that products round as Go's do. */
function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return (pow10Positive[n >> 5] as number) * (pow10Small[n & 31] as number);
  if (n < 0 && n >= -323) return (pow10Negative[-n >> 5] as number) / (pow10Small[-n & 31] as number);
  return n > 0 ? Infinity : 0;
}

/** Quantity.AsApproximateFloat64: the stored integer as a float64, times Go's Pow10 of its exponent. */
export function quantityApproximateFloat(quantity: Quantity): number {
  const { amount } = quantity;
  let base: number;
  let exponent: number;
  if (amount.kind === 'int64') {
    base = Number(amount.value);
    exponent = amount.scale;
  } else {
    // The inf.Dec's unscaled integer, value x 10^scale; past float64 range it is an infinity.
    const { coefficient, exponent: valueExponent } = amount.value;
    const shift = valueExponent + amount.scale;
    if (coefficient === 0n) base = 0;
    else if (digitCount(coefficient) + shift > 400) base = coefficient < 0n ? -Infinity : Infinity;
    else base = Number(coefficient * 10n ** BigInt(shift));
    exponent = -amount.scale;
  }
  return exponent === 0 ? base : base * goPow10(exponent);
}

/** Quantity.String: the kept text, or the canonical form in the quantity's format. */
export function quantityString(quantity: Quantity): string {
  if (quantity.text !== undefined) return quantity.text;
  const value = quantityDecimal(quantity);
  if (value.coefficient === 0n) return '0';
  // Binary quantities below 1024 in magnitude, or with a fraction, are written as decimal ones.
  const outsideKi = compareDecimals(value, decimal(-1024n, 0)) <= 0 || compareDecimals(value, decimal(1024n, 0)) >= 0;
  const binary = quantity.format === 'BinarySI' && outsideKi ? binaryForm(value) : undefined;
  if (binary !== undefined) return binary;
  const format = quantity.format === 'BinarySI' ? 'DecimalSI' : quantity.format;
  const remainder = ((value.exponent % 3) + 3) % 3;
  const exponent = value.exponent - remainder;
  const number = `${value.coefficient * 10n ** BigInt(remainder)}`;
  if (format === 'DecimalExponent') return exponent === 0 ? number : `${number}e${exponent}`;
  // Beyond E (or below n) there is no suffix, and apimachinery writes none.
  return `${number}${decimalSuffixOf.get(exponent) ?? ''}`;
}

/** An integral value in powers of 1024 (12Mi), or undefined when it has a fraction or is too large to write out. */
function binaryForm(value: Decimal): string | undefined {
  let integer: bigint | undefined;
  try {
    integer = decimalToInteger(value);
  } catch {
    return undefined;
  }
  if (integer === undefined) return undefined;
  let power = 0;
  while ((integer >= 1024n || integer <= -1024n) && integer % 1024n === 0n) {
    integer /= 1024n;
    power++;
  }
  return `${integer}${power === 0 ? '' : (binarySuffixOf.get(power) ?? '')}`;
}
