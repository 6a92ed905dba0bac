// A resource quantity written in the canonical form apimachinery's Quantity.String() gives it
// ("1024Mi" → "1Gi", "1500m" → "1500m", "2000" → "2k", "1.5Gi" → "1536Mi"): the form kube-apiserver
// prints, since it decodes every stored quantity before printing.

const decimalSuffixes: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Readonly<Record<string, number>> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const decimalSuffixOf = new Map(Object.entries(decimalSuffixes).map(([suffix, exponent]) => [exponent, suffix]));
const binarySuffixOf = new Map(Object.entries(binarySuffixes).map(([suffix, power]) => [power, suffix]));

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** value = mantissa × 10^scale. */
interface Parsed {
  mantissa: bigint;
  scale: number;
  format: Format;
}

const maxInt64 = 2n ** 63n - 1n;
const abs = (n: bigint): bigint => (n < 0n ? -n : n);

function parse(text: string): Parsed | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', suffix = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  let mantissa = BigInt(`${whole}${fraction}` || '0');
  let scale = -fraction.length;
  let format: Format;
  const decimal = decimalSuffixes[suffix];
  const binary = binarySuffixes[suffix];
  if (decimal !== undefined) {
    format = 'DecimalSI';
    scale += decimal;
  } else if (binary !== undefined) {
    format = 'BinarySI';
    mantissa *= 1024n ** BigInt(binary);
  } else if (/^[eE][+-]?\d+$/.test(suffix)) {
    format = 'DecimalExponent';
    scale += Number(suffix.slice(1));
  } else {
    return undefined;
  }
  // Anything finer than a nano is rounded up (away from zero) to the next nano.
  if (scale < -9) {
    const divisor = 10n ** BigInt(-9 - scale);
    mantissa = mantissa / divisor + (mantissa % divisor === 0n ? 0n : 1n);
    scale = -9;
  }
  // Binary quantities are capped at the largest int64.
  if (format === 'BinarySI') {
    const value = scaledTo(mantissa, scale);
    if (value !== undefined && value > maxInt64) {
      mantissa = maxInt64;
      scale = 0;
    }
  }
  return { mantissa: sign === '-' ? -mantissa : mantissa, scale, format };
}

/** The value as an integer, or undefined when it has a fractional part. */
function scaledTo(mantissa: bigint, scale: number): bigint | undefined {
  if (scale >= 0) return mantissa * 10n ** BigInt(scale);
  const divisor = 10n ** BigInt(-scale);
  return mantissa % divisor === 0n ? mantissa / divisor : undefined;
}

function decimalForm(mantissa: bigint, scale: number, format: Format): string {
  let amount = mantissa;
  let exponent = scale;
  while (abs(amount) >= 10n && amount % 10n === 0n) {
    amount /= 10n;
    exponent += 1;
  }
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent -= 1;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? `${amount}` : `${amount}e${exponent}`;
  // Past E (or below n) there is no SI suffix, and apimachinery then writes none at all.
  return `${amount}${decimalSuffixOf.get(exponent) ?? ''}`;
}

/** The canonical text of a quantity; text that is no quantity comes back unchanged. */
export function canonicalQuantity(quantity: string | number): string {
  const text = String(quantity);
  const parsed = parse(text);
  if (parsed === undefined) return text;
  const { mantissa, scale } = parsed;
  if (mantissa === 0n) return '0';
  let format = parsed.format;
  let whole: bigint | undefined;
  if (format === 'BinarySI') {
    whole = scaledTo(mantissa, scale);
    // Small or fractional binary quantities would need rounding in base 1024: shown as decimal.
    if (whole === undefined || abs(whole) < 1024n) format = 'DecimalSI';
  }
  if (format !== 'BinarySI' || whole === undefined) return decimalForm(mantissa, scale, format);
  let amount = whole;
  let power = 0;
  while (abs(amount) >= 1024n && amount % 1024n === 0n) {
    amount /= 1024n;
    power += 1;
  }
  return `${amount}${power === 0 ? '' : (binarySuffixOf.get(power) ?? '')}`;
}
