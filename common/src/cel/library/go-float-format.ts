// Doubles written as Go writes them for CEL's string.format: Go's fmt (%g, %.Nf), and the en_US
// number printer of golang.org/x/text/message that cel-go's legacy formatter uses for %f and %e
// (thousands grouped with ',', "∞" for infinities, "2.718280 × 10⁰⁰" for scientific notation).
// Digits are exact: a double is a binary fraction, so rounding to N places is done on its exact
// decimal value, half to even, as Go's strconv does (JavaScript's toFixed rounds ties up).

const view = new DataView(new ArrayBuffer(8));

/** |x| (finite, non-zero) as numerator / denominator, both bigints, exactly. */
function exactRatio(x: number): { numerator: bigint; denominator: bigint } {
  view.setFloat64(0, Math.abs(x));
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const biasedExponent = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  let exponent: number;
  if (biasedExponent === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = biasedExponent - 1075;
  }
  return exponent >= 0 ? { numerator: mantissa << BigInt(exponent), denominator: 1n } : { numerator: mantissa, denominator: 1n << BigInt(-exponent) };
}

/** numerator / denominator rounded to an integer, ties to even. */
function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** |x| scaled by 10^power and rounded half to even. */
function scaledRound(x: number, power: number): bigint {
  const { numerator, denominator } = exactRatio(x);
  return power >= 0 ? roundHalfEven(numerator * 10n ** BigInt(power), denominator) : roundHalfEven(numerator, denominator * 10n ** BigInt(-power));
}

/** |x| (finite) with exactly `precision` fraction digits, as Go's strconv 'f' writes it: [integer digits, fraction digits]. */
export function fixedDigits(x: number, precision: number): [string, string] {
  const digits = x === 0 ? '0' : scaledRound(x, precision).toString();
  const padded = digits.padStart(precision + 1, '0');
  return [padded.slice(0, padded.length - precision), padded.slice(padded.length - precision)];
}

/** |x| (finite) as `precision + 1` significant digits and the decimal exponent of the first, as strconv 'e' rounds them. */
export function scientificDigits(x: number, precision: number): { digits: string; exponent: number } {
  if (x === 0) return { digits: '0'.repeat(precision + 1), exponent: 0 };
  let exponent = Math.floor(Math.log10(Math.abs(x)));
  // log10 can be off by one near powers of ten; the digit count of the rounded value settles it.
  for (;;) {
    const digits = scaledRound(x, precision - exponent).toString();
    if (digits.length === precision + 1) return { digits, exponent };
    if (digits.length > precision + 1) {
      // Rounding may carry into a new digit (9.9999995 -> 10.00000): that is the next exponent.
      if (/^10*$/.test(digits) && digits.length === precision + 2) return { digits: digits.slice(0, -1), exponent: exponent + 1 };
      exponent++;
    } else exponent--;
  }
}

const twoDigitExponent = (exponent: number): string => `${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;

/** Go's %g (strconv 'g', -1): the shortest digits that read back, in exponent form below 1e-4 or from 1e+06 up. */
export function goShortestFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  // JavaScript's shortest round-trip digits are Go's; only the layout differs.
  const [mantissa = '', exponentText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  const sign = x < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 6) return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${twoDigitExponent(exponent)}`;
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return sign + digits + '0'.repeat(exponent + 1 - digits.length);
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/** Go's fmt %.Nf: "NaN", "+Inf", "-Inf", or the rounded digits (a negative zero keeps its sign). */
export function goFixed(x: number, precision: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const [integer, fraction] = fixedDigits(x, precision);
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}${integer}${precision > 0 ? `.${fraction}` : ''}`;
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** x/text's en_US %.Nf: grouped thousands, "∞" and "-∞", "NaN"; a negative zero prints as zero. */
export function enUsFixed(x: number, precision: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const [integer, fraction] = fixedDigits(x, precision);
  return `${x < 0 ? '-' : ''}${groupThousands(integer)}${precision > 0 ? `.${fraction}` : ''}`;
}

const superscriptDigits = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/**
 * x/text's en_US %We (cel-go's legacy formatter passes the requested precision as the width W, so
 * the digits are always Go's default six): "2.718280 × 10⁰⁰" with narrow no-break spaces and a
 * superscript exponent of at least two digits, padded on the left with spaces to W characters.
 */
export function enUsScientific(x: number, width: number): string {
  let text: string;
  if (Number.isNaN(x)) text = 'NaN';
  else if (!Number.isFinite(x)) text = x > 0 ? '∞' : '-∞';
  else {
    const { digits, exponent } = scientificDigits(x, 6);
    const superscript = [...String(Math.abs(exponent)).padStart(2, '0')].map((digit) => superscriptDigits[Number(digit)]).join('');
    text = `${x < 0 ? '-' : ''}${digits[0]}.${digits.slice(1)}\u202f×\u202f10${exponent < 0 ? '⁻' : ''}${superscript}`;
  }
  const length = [...text].length;
  return length < width ? ' '.repeat(width - length) + text : text;
}
