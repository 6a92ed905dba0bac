// The one resource quantity (common/src/quantity) against apimachinery v0.35's resource.Quantity:
// every expected string and number below is what a Go program printed for ParseQuantity, String(),
// MilliValue(), Value(), Cmp, Add and Sub.
import test from 'ava';
import {
  addQuantities,
  compareQuantities,
  decodeQuantity,
  parseQuantity,
  quantityMilliValue,
  quantityString,
  quantityText,
  quantityValue,
  subtractQuantities,
  type Quantity,
} from '../src/index.ts';

const formatError = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const suffixError = "unable to parse quantity's suffix";

function parsed(text: string): Quantity {
  const result = parseQuantity(text);
  if ('error' in result) throw new Error(`${text}: ${result.error}`);
  return result.quantity;
}

test('String(), MilliValue() and Value() as apimachinery gives them, fractions rounded away from zero', (t) => {
  const cases: [text: string, string: string, milli: bigint, value: bigint][] = [
    ['1.5Gi', '1536Mi', 1610612736000n, 1610612736n],
    ['100m', '100m', 100n, 1n],
    ['1e3', '1e3', 1000000n, 1000n],
    ['0.1', '100m', 100n, 1n],
    ['1n', '1n', 1n, 1n],
    ['-1n', '-1n', -1n, -1n],
    ['+1', '+1', 1000n, 1n],
    ['1024Mi', '1Gi', 1073741824000n, 1073741824n],
    ['2000', '2k', 2000000n, 2000n],
    ['1.5', '1500m', 1500n, 2n],
    ['-1.5', '-1500m', -1500n, -2n],
    ['-0.5', '-500m', -500n, -1n],
    ['0.5Gi', '512Mi', 536870912000n, 536870912n],
    ['1.5Mi', '1536Ki', 1572864000n, 1572864n],
    ['1.5Ki', '1536', 1536000n, 1536n],
    ['1e-12', '1e-9', 1n, 1n],
    ['1e-3', '1e-3', 1n, 1n],
    ['0.0000000001', '1n', 1n, 1n],
    ['1.000000001', '1.000000001', 1001n, 2n],
    ['1000m', '1', 1000n, 1n],
    ['12e-1', '1200e-3', 1200n, 2n],
    ['.5', '500m', 500n, 1n],
    ['5.', '5.', 5000n, 5n],
    ['00', '0', 0n, 0n],
    ['-0', '0', 0n, 0n],
    ['1E', '1E', 1000000000000000000000n, 1000000000000000000n],
    ['1000000000000000000', '1E', 1000000000000000000000n, 1000000000000000000n],
    ['9223372036854775807', '9223372036854775807', 9223372036854775807000n, 9223372036854775807n],
  ];
  for (const [text, string, milli, value] of cases) {
    const quantity = parsed(text);
    t.is(quantityString(quantity), string, text);
    t.is(quantityMilliValue(quantity), milli, text);
    t.is(quantityValue(quantity), value, text);
  }
});

test('huge quantities print as apimachinery prints them; binary ones stop at the largest int64', (t) => {
  t.is(quantityString(parsed('7Ei')), '7Ei');
  t.is(quantityString(parsed('8Ei')), '9223372036854775807');
  t.is(quantityString(parsed('99999999999999999999Ei')), '9223372036854775807');
  t.is(quantityString(parsed('123456789012345678901234567890')), '123456789012345678901234567890');
  t.is(quantityString(parsed('1e30')), '1e30');
  t.is(quantityString(parsed('10E')), '10E');
  // Past int64, kube's Value() and MilliValue() wrap around (7Ei's MilliValue is -2^63, 1e30's
  // Value is 0); Capstan answers the exact value instead.
  t.is(quantityValue(parsed('7Ei')), 7n * 2n ** 60n);
  t.is(quantityMilliValue(parsed('7Ei')), 7000n * 2n ** 60n);
  t.is(quantityValue(parsed('1e30')), 10n ** 30n);
});

test('what is no quantity fails with apimachinery error texts', (t) => {
  for (const text of ['', ' ', '1 ', 'abc', '1.2.3', '1Kib']) t.deepEqual(parseQuantity(text), { error: formatError }, JSON.stringify(text));
  for (const text of ['1e', '5iK', '--1', '1mi']) t.deepEqual(parseQuantity(text), { error: suffixError }, text);
});

test('Cmp, Add and Sub are exact, and keep the format as apimachinery does', (t) => {
  const cases: [a: string, b: string, cmp: -1 | 0 | 1, sum: string, difference: string][] = [
    ['1Gi', '1024Mi', 0, '2Gi', '0'],
    ['100m', '0.1', 0, '200m', '0'],
    ['1', '1000m', 0, '2', '0'],
    ['1.5Gi', '512Mi', 1, '2Gi', '1Gi'],
    ['1e3', '1k', 0, '2e3', '0'],
    ['1n', '1m', -1, '1000001n', '-999999n'],
    ['9223372036854775807', '1', 1, '9223372036854775808', '9223372036854775806'],
    ['0', '5Ki', -1, '5Ki', '-5Ki'],
    ['2', '3', -1, '5', '-1'],
    ['-1', '1', -1, '0', '-2'],
    ['1Ki', '1000', 1, '2024', '24'],
    ['1E', '9E', -1, '10E', '-8E'],
  ];
  for (const [a, b, cmp, sum, difference] of cases) {
    t.is(compareQuantities(parsed(a), parsed(b)), cmp, `${a} cmp ${b}`);
    t.is(quantityString(addQuantities(parsed(a), parsed(b))), sum, `${a} + ${b}`);
    t.is(quantityString(subtractQuantities(parsed(a), parsed(b))), difference, `${a} - ${b}`);
  }
});

test('a quantity in JSON is a string (trimmed) or a number, as Quantity.UnmarshalJSON reads it', (t) => {
  t.is(quantityValue(decodeQuantity(' 2Ki ') as Quantity), 2048n);
  t.is(quantityMilliValue(decodeQuantity(0.25) as Quantity), 250n);
  t.is(quantityValue(decodeQuantity(1e21) as Quantity), 10n ** 21n);
  for (const bad of ['lots', null, undefined, true, {}, Number.NaN, Number.POSITIVE_INFINITY]) t.is(decodeQuantity(bad), undefined, String(bad));
});

test('quantityText: the canonical form kube-apiserver prints, or the text itself when it is no quantity', (t) => {
  const cases: [string | number, string][] = [
    ['0', '0'],
    ['0Gi', '0'],
    ['100Gi', '100Gi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['1Ki', '1Ki'],
    ['1000Ki', '1000Ki'],
    ['512Ki', '512Ki'],
    // Binary quantities below 1024 or with fractions print as decimal.
    ['0.5Ki', '512'],
    ['0.1Ki', '102400m'],
    ['1000', '1k'],
    ['1500', '1500'],
    ['2000000', '2M'],
    ['1G', '1G'],
    ['1000M', '1G'],
    ['0.5', '500m'],
    ['1500m', '1500m'],
    ['1000m', '1'],
    ['0.1', '100m'],
    ['12e6', '12e6'],
    ['1e3', '1e3'],
    ['1.5e3', '1500'],
    // Text already canonical is kept as written, as ParseQuantity caches it.
    ['1E3', '1E3'],
    ['-1Gi', '-1Gi'],
    ['+2k', '+2k'],
    ['1n', '1n'],
    // Finer than a nano rounds up.
    ['0.0000000001', '1n'],
    ['1.0000000001', '1000000001n'],
    [1024, '1024'],
    [2048, '2048'],
    // Not a quantity: left as it is.
    ['lots', 'lots'],
    ['', ''],
  ];
  for (const [input, expected] of cases) t.is(quantityText(input), expected, String(input));
});
