// The strings extension as Kubernetes runs it (cel-go's version 2, plus reverse): every function
// called directly with CEL values, positions in code points, cel-go's edge cases and error texts,
// the legacy string.format, and each call's cost as Kubernetes counts it.

import test from 'ava';
import fc from 'fast-check';
import { stringCosts, stringFunctions } from '../../src/cel/library/strings.ts';
import { enUsFixed, enUsScientific, goFixed, goShortestFloat } from '../../src/cel/library/go-float-format.ts';
import { CelDouble, CelDuration, CelError, CelMap, CelTimestamp, CelType, CelUint, types, type CelValue } from '../../src/cel/values/values.ts';

const call =
  (name: string) =>
  (...args: unknown[]): CelValue =>
    stringFunctions.get(name)!.member!(args as CelValue[]);
const charAt = call('charAt');
const indexOf = call('indexOf');
const lastIndexOf = call('lastIndexOf');
const lowerAscii = call('lowerAscii');
const upperAscii = call('upperAscii');
const replace = call('replace');
const split = call('split');
const join = call('join');
const substring = call('substring');
const trim = call('trim');
const format = (text: string, ...args: unknown[]): CelValue => call('format')(text, args);
const reverse = call('reverse');
const quote = (text: unknown): CelValue => stringFunctions.get('strings.quote')!.global!([text as CelValue]);
const double = (value: number): CelDouble => new CelDouble(value);

/** A library value, as the quantity library makes them. */
class Quantity {
  readonly celType = new CelType('kubernetes.Quantity');
}

const errorMessage = (value: CelValue): string | undefined => (value instanceof CelError ? value.message : undefined);

test('charAt answers the code point at an index, an empty string at the end, an error outside', (t) => {
  t.is(charAt('tacocat', 3), 'o');
  t.is(charAt('tacocat', 7), '');
  t.deepEqual(
    [0, 1, 2].map((i) => charAt('©αT', i)),
    ['©', 'α', 'T'],
  );
  t.is(charAt('a😀b', 1), '😀');
  t.is(charAt('a😀b', 2), 'b');
  t.is(errorMessage(charAt('tacocat', 30)), 'index out of range: 30');
  t.is(errorMessage(charAt('tacocat', -1)), 'index out of range: -1');
  t.is(errorMessage(charAt('tacocat', 2n ** 62n)), `index out of range: ${2n ** 62n}`);
  t.is(errorMessage(charAt(42, 2)), 'no such overload: charAt');
  t.is(errorMessage(charAt('hello', true)), 'no such overload: charAt');
});

test('indexOf counts code points, starts at an optional offset, and answers -1 for an offset past the end', (t) => {
  t.is(indexOf('tacocat', ''), 0);
  t.is(indexOf('tacocat', 'ac'), 1);
  t.is(indexOf('tacocat', 'none'), -1);
  t.is(indexOf('tacocat', '', 3), 3);
  t.is(indexOf('tacocat', 'a', 3), 5);
  t.is(indexOf('ta©o©αT', '©'), 2);
  t.is(indexOf('ta©o©αT', '©', 3), 4);
  t.is(indexOf('ta©o©αT', '©αT', 3), 4);
  t.is(indexOf('ta©o©αT', '©α', 5), -1);
  t.is(indexOf('😀😀x', 'x'), 2);
  t.is(indexOf('hello wello', 'elbo room!!'), -1);
  t.is(indexOf('', 'foo'), -1);
  // cel-go 0.26 answers -1 past the end (the cel-spec conformance suite still expects an error).
  t.is(indexOf('tacocat', 'a', 30), -1);
  t.is(errorMessage(indexOf('tacocat', 'a', -1)), 'index out of range: -1');
  // An empty needle answers the offset unchecked, as cel-go does.
  t.is(indexOf('tacocat', '', -1), -1);
  t.is(indexOf('tacocat', '', 30), 30);
  t.is(errorMessage(indexOf(24, '2')), 'no such overload: indexOf');
  t.is(errorMessage(indexOf('hello', true)), 'no such overload: indexOf');
  t.is(errorMessage(indexOf('42', 4, 0)), 'no such overload: indexOf');
  t.is(errorMessage(indexOf('42', '4', '0')), 'no such overload: indexOf');
  t.is(errorMessage(indexOf('42', '4', 0, 1)), 'no such overload: indexOf');
});

test('lastIndexOf finds the last match starting at or before the offset', (t) => {
  t.is(lastIndexOf('tacocat', ''), 7);
  t.is(lastIndexOf('tacocat', 'at'), 5);
  t.is(lastIndexOf('tacocat', 'none'), -1);
  t.is(lastIndexOf('tacocat', '', 3), 3);
  t.is(lastIndexOf('tacocat', 'a', 3), 1);
  t.is(lastIndexOf('ta©o©αT', '©'), 4);
  t.is(lastIndexOf('ta©o©αT', '©', 3), 2);
  t.is(lastIndexOf('ta©o©αT', '©α', 4), 4);
  t.is(lastIndexOf('hello wello', 'ello', 6), 1);
  t.is(lastIndexOf('hello wello', 'hello wello'), 0);
  t.is(lastIndexOf('bananananana', 'nana', 7), 6);
  t.is(lastIndexOf('', '@@'), -1);
  t.is(lastIndexOf('tacocat', 'a', 30), -1);
  // At the length itself, cel-go reports no match even when one ends there.
  t.is(lastIndexOf('tacocat', 't', 7), -1);
  t.is(errorMessage(lastIndexOf('tacocat', 'a', -1)), 'index out of range: -1');
  t.is(errorMessage(lastIndexOf(42, 'a')), 'no such overload: lastIndexOf');
});

test('lowerAscii and upperAscii change ASCII letters only', (t) => {
  t.is(lowerAscii('TacoCat'), 'tacocat');
  t.is(lowerAscii('TacoCÆt Xii'), 'tacocÆt xii');
  t.is(upperAscii('tacoCαt'), 'TACOCαT');
  t.is(upperAscii('TacoCÆt Xii'), 'TACOCÆT XII');
  t.is(errorMessage(lowerAscii(1)), 'no such overload: lowerAscii');
  t.is(errorMessage(upperAscii(1)), 'no such overload: upperAscii');
});

test('replace replaces all matches, or as many as a limit allows; an empty search string matches around every code point', (t) => {
  t.is(replace('hello hello', 'he', 'we'), 'wello wello');
  t.is(replace('hello hello', 'he', 'we', -1), 'wello wello');
  t.is(replace('hello hello', 'he', 'we', 1), 'wello hello');
  t.is(replace('hello hello', 'he', 'we', 0), 'hello hello');
  t.is(replace('{0} days {0} hours', '{0}', '2', 1), '2 days {0} hours');
  t.is(replace('1 ©αT taco', 'αT', 'o©α'), '1 ©o©α taco');
  t.is(replace('hello hello', '', '_'), '_h_e_l_l_o_ _h_e_l_l_o_');
  t.is(replace('a😀', '', '_'), '_a_😀_');
  t.is(replace('abc', '', '_', 2), '_a_bc');
  t.is(replace('abc', '', '_', 4), '_a_b_c_');
  t.is(replace('hello hello', 'h', ''), 'ello ello');
  t.is(replace('aaa', 'a', 'b', 2n ** 62n), 'bbb');
  t.is(errorMessage(replace(42, '2', '1')), 'no such overload: replace');
  t.is(errorMessage(replace('42', 2, '1')), 'no such overload: replace');
  t.is(errorMessage(replace('42', '2', 1)), 'no such overload: replace');
  t.is(errorMessage(replace('42', '2', '1', '1')), 'no such overload: replace');
  t.is(errorMessage(replace('42', '2', '1', 1, false)), 'no such overload: replace');
});

test('split splits on a separator, into code points on an empty one, with an optional limit on the parts', (t) => {
  t.deepEqual(split('hello world', ' '), ['hello', 'world']);
  t.deepEqual(split('hello world events!', ' ', 0), []);
  t.deepEqual(split('hello world events!', ' ', 1), ['hello world events!']);
  t.deepEqual(split('hello hello hello', ' ', 2), ['hello', 'hello hello']);
  t.deepEqual(split('o©o©o©o', '©', -1), ['o', 'o', 'o', 'o']);
  t.deepEqual(split('a😀b', ''), ['a', '😀', 'b']);
  t.deepEqual(split('abc', '', 2), ['a', 'bc']);
  t.deepEqual(split('', ''), []);
  t.deepEqual(split('', ','), ['']);
  t.deepEqual(split('a,b,', ','), ['a', 'b', '']);
  t.is(errorMessage(split(42, '2')), 'no such overload: split');
  t.is(errorMessage(split('42', 2)), 'no such overload: split');
  t.is(errorMessage(split('42', '2', '1')), 'no such overload: split');
  t.is(errorMessage(split('42', '2', 1, 1)), 'no such overload: split');
});

test('join concatenates a list of strings with an optional separator and refuses other elements', (t) => {
  t.is(join(['x', 'y']), 'xy');
  t.is(join(['x', 'y'], '-'), 'x-y');
  t.is(join([]), '');
  t.is(join([], '-'), '');
  t.is(errorMessage(join(['a', 1])), 'join: invalid input: 1');
  t.is(errorMessage(join(['a', double(1.5)])), 'join: invalid input: 1.5');
  t.is(errorMessage(join([null])), 'join: invalid input: NULL_VALUE');
  t.is(errorMessage(join('ab')), 'no such overload: join');
  t.is(errorMessage(join(['a'], 1)), 'no such overload: join');
});

test('substring takes code point positions; the range must be ordered and within the string', (t) => {
  t.is(substring('tacocat', 4), 'cat');
  t.is(substring('tacocat', 7), '');
  t.is(substring('tacocat', 0, 4), 'taco');
  t.is(substring('tacocat', 4, 4), '');
  t.is(substring('ta©o©αT', 2, 6), '©o©α');
  t.is(substring('😀😀😀', 1, 2), '😀');
  t.is(errorMessage(substring('tacocat', 40)), 'index out of range: 40');
  t.is(errorMessage(substring('tacocat', -1)), 'index out of range: -1');
  t.is(errorMessage(substring('tacocat', 1, 50)), 'index out of range: 50');
  t.is(errorMessage(substring('tacocat', 49, 50)), 'index out of range: 49');
  t.is(errorMessage(substring('tacocat', 4, 3)), 'invalid substring range. start: 4, end: 3');
  t.is(errorMessage(substring('tacocat', -2, -1)), 'index out of range: -2');
  t.is(errorMessage(substring('hello', 1, 2, 3)), 'no such overload: substring');
  t.is(errorMessage(substring(30, true, 3)), 'no such overload: substring');
  t.is(errorMessage(substring('tacocat', 0, false)), 'no such overload: substring');
});

test('trim removes Unicode white space as Go defines it (U+0085 yes, U+FEFF and zero-width spaces no)', (t) => {
  t.is(trim(' \f\n\r\t\vtext  '), 'text');
  t.is(trim('\u0085\u00a0\u1680text'), 'text');
  t.is(trim('text\u2000\u2001\u2002\u2003\u2004\u2004\u2006\u2007\u2008\u2009'), 'text');
  t.is(trim('\u200atext\u2028\u2029\u202F\u205F\u3000'), 'text');
  t.is(trim('\u180etext\u200b\u200c\u200d\u2060\ufeff'), '\u180etext\u200b\u200c\u200d\u2060\ufeff');
  t.is(trim(' a b '), 'a b');
  t.is(errorMessage(trim(1)), 'no such overload: trim');
});

test('strings.quote escapes CEL escape sequences and keeps everything else', (t) => {
  t.is(quote('first\nsecond'), '"first\\nsecond"');
  t.is(quote('bell\x07'), '"bell\\a"');
  t.is(quote('\bbackspace'), '"\\bbackspace"');
  t.is(quote('\fform feed'), '"\\fform feed"');
  t.is(quote('carriage \r return'), '"carriage \\r return"');
  t.is(quote('horizontal tab\t'), '"horizontal tab\\t"');
  t.is(quote('vertical \v tab'), '"vertical \\v tab"');
  t.is(quote('double \\\\ slash'), '"double \\\\\\\\ slash"');
  t.is(quote('mid string " quote'), '"mid string \\" quote"');
  t.is(quote('single-quote with "double quote"'), '"single-quote with \\"double quote\\""');
  t.is(quote('printable unicode😀'), '"printable unicode😀"');
  t.is(quote('\u0001\u007f'), '"\u0001\u007f"');
  t.is(quote('lone \ud800 surrogate'), '"lone \ufffd surrogate"');
  t.is(quote(''), '""');
  t.is(errorMessage(quote(1)), 'no such overload: strings.quote');
});

test('reverse reverses code points, not UTF-16 units', (t) => {
  t.is(reverse('gums'), 'smug');
  t.is(reverse('John Smith'), 'htimS nhoJ');
  t.is(reverse('a😀b'), 'b😀a');
  t.is(errorMessage(reverse(1)), 'no such overload: reverse');
});

test('format substitutes %s, %d and %% in order', (t) => {
  t.is(format('no substitution'), 'no substitution');
  t.is(format('str is %s and some more', 'filler'), 'str is filler and some more');
  t.is(format('%% and also %%'), '% and also %');
  t.is(format('%%%s%%', 'text'), '%text%');
  t.is(format('%d %d %d, %s %s %s', 1, 2, 3, 'A', 'B', 'C'), '1 2 3, A B C');
  t.is(format('%d', new CelUint(64)), '64');
  t.is(format('%d', 2n ** 63n - 1n), '9223372036854775807');
  t.is(format('%s, %s', true, false), 'true, false');
  t.is(format('%s', null), 'null');
  t.is(format('%s', 999999999999), '999999999999');
  t.is(format('%s', new Uint8Array([120, 121, 122])), 'xyz');
  t.is(format('%s', types.string), 'string');
  t.is(format('%s', double(56.8)), '56.8');
  t.is(format('%s', double(1e6)), '1e+06');
  t.is(format('%s', new CelTimestamp(1675467080n, 0)), '2023-02-03T23:31:20Z');
  t.is(format('%s', new CelDuration(6347n, 0)), '6347s');
  t.is(format('%s', new CelDuration(1n, 500_000_000)), '1.5s');
  t.is(format('é%sé', 'x'), 'éxé');
});

test('format writes lists and maps in %s as CEL literals: strings quoted, doubles with six places, keys sorted', (t) => {
  t.is(format('%s', ['abc', double(3.14), null, [9, 8, 7, 6], new CelTimestamp(1675467080n, 0)]), '["abc", 3.140000, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]');
  t.is(
    format('%s', { key1: new Uint8Array([120, 121, 122]), key5: null, key2: new CelDuration(7200n, 0), key4: true, key3: double(2.71828) }),
    '{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}',
  );
  const mixedKeys = new CelMap(
    new Map<string, readonly [CelValue, CelValue]>([
      ['n:1', [1, 'value1']],
      ['n:2', [new CelUint(2), 'value2']],
      ['b:true', [true, double(Number.NaN)]],
    ]),
  );
  t.is(format('%s', mixedKeys), '{1:"value1", 2:"value2", true:"NaN"}');
  const dynamicMap = new CelMap(
    new Map<string, readonly [CelValue, CelValue]>([
      ['s:strKey', ['strKey', 'x']],
      ['b:true', [true, 42]],
      ['n:6', [6, new CelDuration(422n, 0)]],
    ]),
  );
  t.is(format('%s', dynamicMap), '{"strKey":"x", 6:duration("422s"), true:42}');
  t.is(format('%s', [6, double(4.2), 'a string']), '[6, 4.200000, "a string"]');
  t.is(format('%s', [double(Infinity), double(-Infinity)]), '["+Inf", "-Inf"]');
  t.is(format('%s', ['tab\t', types.int]), '["tab\\t", int]');
  // Values read from JSON are CEL values too.
  t.is(format('%s', { a: 1.5, b: [1, 'x'] }), '{"a":1.500000, "b":[1, "x"]}');
});

test('format prints %f and %e as the en_US number printer does', (t) => {
  t.is(format('%.3f', double(1.2345)), '1.234');
  t.is(format('%f', double(2.71828)), '2.718280');
  t.is(format('%f', double(1234567.891)), '1,234,567.891000');
  t.is(format('%.0f %.0f %.0f %.0f', double(2.5), double(1.5), double(3.5001), double(0.5)), '2 2 4 0');
  t.is(format('%.3f %.3f', double(123.4999), double(-123.4994)), '123.500 -123.499');
  t.is(format('%.5f', double(-1.2)), '-1.20000');
  t.is(format('%f %f %f', 'NaN', 'Infinity', '-Infinity'), 'NaN ∞ -∞');
  t.is(format('%f', double(Number.NaN)), 'NaN');
  t.is(format('%e', double(2.71828)), '2.718280\u202f×\u202f10⁰⁰');
  t.is(format('%.6e', double(1052.032911275)), '1.052033\u202f×\u202f10⁰³');
  t.is(format('%e', double(-0.00001)), '-1.000000\u202f×\u202f10⁻⁰⁵');
  // The legacy formatter passes the precision as a width: the digits stay at six, the text is padded.
  t.is(format('%.20e', double(2.71828)), '     2.718280\u202f×\u202f10⁰⁰');
  t.is(format('%e', 'Infinity'), '     ∞');
  t.is(format('%.0e', 'NaN'), 'NaN');
});

test('format writes %b, %o, %x and %X as Go does, hex of strings and bytes byte by byte', (t) => {
  t.is(format('this is 5 in binary: %b', 5), 'this is 5 in binary: 101');
  t.is(format('%b %b %b', new CelUint(64), true, -5), '1000000 1 -101');
  t.is(format('%o %o %o', 11, new CelUint(65535), -8), '13 177777 -10');
  t.is(format('%x is 20 in hexadecimal', 30), '1e is 20 in hexadecimal');
  t.is(format('%X %x', 30, -255), '1E -ff');
  t.is(format('%X', new CelUint(6000)), '1770');
  t.is(format('%x', 'Hello world!'), '48656c6c6f20776f726c6421');
  t.is(format('%X', 'Hello world!'), '48656C6C6F20776F726C6421');
  t.is(format('%x', new TextEncoder().encode('byte string')), '6279746520737472696e67');
  t.is(format('%x', 'é'), 'c3a9');
  t.is(format('%.3d', 7), '7');
});

test('format reports cel-go errors: arguments, clauses, precisions and types', (t) => {
  t.is(errorMessage(format('%d %d %d', 0, 1)), 'index 2 out of range');
  t.is(errorMessage(format('abc%')), 'index 0 out of range');
  t.is(errorMessage(format('abc%', 1)), 'unexpected end of string');
  t.is(errorMessage(format('%a', 1)), 'could not parse formatting clause: unrecognized formatting clause "a"');
  t.is(errorMessage(format('double is %E', double(0.5))), 'could not parse formatting clause: unrecognized formatting clause "E"');
  t.is(errorMessage(format('%é', 1)), 'could not parse formatting clause: unrecognized formatting clause "Ã"');
  t.is(errorMessage(format('%.3', double(1))), 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
  t.is(
    errorMessage(format('%.f', double(1))),
    'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax',
  );
  t.is(
    errorMessage(format('%.99999999999999999999f', double(1))),
    'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "99999999999999999999": value out of range',
  );
  t.is(errorMessage(format('string is %b', 'abc')), 'error during formatting: only integers and bools can be formatted as binary, was given string');
  t.is(errorMessage(format('%d', new CelDuration(1802n, 0))), 'error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration');
  t.is(errorMessage(format('octal: %o', 'a string')), 'error during formatting: octal clause can only be used on integers, was given string');
  t.is(errorMessage(format('double is %x', double(0.5))), 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double');
  t.is(errorMessage(format('null: %d', null)), 'error during formatting: decimal clause can only be used on integers, was given null_type');
  t.is(errorMessage(format('null: %e', null)), 'error during formatting: scientific clause can only be used on doubles, was given null_type');
  t.is(errorMessage(format('null: %f', null)), 'error during formatting: fixed-point clause can only be used on doubles, was given null_type');
  t.is(errorMessage(format('%f', 'infinity')), 'error during formatting: fixed-point clause can only be used on doubles, was given string');
  t.is(errorMessage(format('%d', double(Number.NaN))), 'error during formatting: decimal clause can only be used on integers, was given double');
  t.is(
    errorMessage(format('%s', new CelError('x') as unknown as CelValue)),
    'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given error',
  );
  t.is(errorMessage(format('%s', [1, 2, new Quantity()])), 'error during formatting: no formatting function for kubernetes.Quantity');
  t.is(
    errorMessage(format('%s', new Quantity())),
    'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.Quantity',
  );
  t.is(errorMessage(format('%s', new Uint8Array([0xff]))), 'error during formatting: could not convert argument "invalid UTF-8 in bytes, cannot convert to string" to string');
  // The first problem met, left to right, is the one reported.
  t.is(errorMessage(format('%b %a', 'x', 1)), 'error during formatting: only integers and bools can be formatted as binary, was given string');
  t.is(errorMessage(call('format')('%s', 'not a list')), 'no such overload: format');
});

test('Go float layouts: %g switches to exponents below 1e-4 and from 1e+06; %f rounds ties to even', (t) => {
  t.is(goShortestFloat(123456), '123456');
  t.is(goShortestFloat(1234567), '1.234567e+06');
  t.is(goShortestFloat(1e21), '1e+21');
  t.is(goShortestFloat(0.0001), '0.0001');
  t.is(goShortestFloat(0.00001), '1e-05');
  t.is(goShortestFloat(-4.5e-3), '-0.0045');
  t.is(goShortestFloat(1.5e300), '1.5e+300');
  t.is(goShortestFloat(-0), '-0');
  t.is(goFixed(0.125, 2), '0.12');
  t.is(goFixed(0.375, 2), '0.38');
  t.is(goFixed(-0, 1), '-0.0');
  t.is(goFixed(1e22, 0), '10000000000000000000000');
  t.is(enUsFixed(-0, 2), '0.00');
  t.is(enUsFixed(-0.0001, 2), '-0.00');
  t.is(enUsScientific(9.9999999, 0), '1.000000\u202f×\u202f10⁰¹');
  t.is(enUsScientific(0, 0), '0.000000\u202f×\u202f10⁰⁰');
  t.is(enUsScientific(1e-300, 0), '1.000000\u202f×\u202f10⁻³⁰⁰');
});

/** Whether x lies exactly halfway between two numbers of `precision` places (the one case toFixed rounds differently). */
function isTie(x: number, precision: number): boolean {
  // toFixed(100) is exact here: a double above 2^-48 has at most 100 binary places, so 100 decimal ones.
  const exact = Math.abs(x).toFixed(100);
  const rest = exact.slice(exact.indexOf('.') + 1 + precision);
  return /^50*$/.test(rest);
}

test('%f agrees with JavaScript toFixed except on exact ties', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.double({ min: -1e15, max: 1e15, noNaN: true }),
        fc.integer({ min: -4000, max: 4000 }).map((n) => n / 8),
      ),
      fc.integer({ min: 0, max: 12 }),
      (x, precision) => {
        if (Math.abs(x) < 2 ** -48 || isTie(x, precision)) return;
        t.is(goFixed(x, precision), x.toFixed(precision));
      },
    ),
  );
});

test('%e digits agree with JavaScript toExponential(6) except on exact ties', (t) => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const [mantissa = '', exponent = '0'] = Math.abs(x).toExponential(6).split('e');
      const text = enUsScientific(x, 0);
      // A tie at seven digits has exactly eight, the last a 5, and then those are its shortest digits too.
      if (/^\d\.\d{6}5e/.test(Math.abs(x).toExponential())) return;
      t.true(text.startsWith(`${x < 0 ? '-' : ''}${mantissa}\u202f×\u202f10`), `${x}: ${text}`);
      const superscript = text.slice(text.lastIndexOf('10') + 2);
      const digits = [...superscript].map((ch) => '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(ch));
      const value = Number(digits.filter((digit) => digit >= 0).join(''));
      t.is(superscript.startsWith('⁻') ? -value : value, Number(exponent));
    }),
  );
});

test('string functions keep their invariants over arbitrary text', (t) => {
  const text = fc.string({ unit: 'grapheme-composite', maxLength: 20 });
  fc.assert(
    fc.property(text, text, (haystack, needle) => {
      const position = indexOf(haystack, needle) as number;
      if (position >= 0) t.is(substring(haystack, position, position + [...needle].length), needle);
      const last = lastIndexOf(haystack, needle) as number;
      t.true(last >= position);
      if (needle !== '') t.is(join(split(haystack, needle), needle), haystack);
      t.is(reverse(reverse(haystack)), haystack);
      t.is(upperAscii(lowerAscii(haystack)), upperAscii(haystack));
      t.is(replace(haystack, needle, '#', -1), replace(haystack, needle, '#'));
      [...haystack].forEach((point, i) => t.is(charAt(haystack, i), point));
      t.is(trim(trim(haystack)), trim(haystack));
    }),
  );
});

test('costs are counted as Kubernetes counts them', (t) => {
  const actual = (name: keyof typeof stringCosts, args: unknown[], result: unknown = null): number => stringCosts[name].actual(args as CelValue[], result as CelValue);
  t.is(actual('lowerAscii', ['ABCDEFGHIJ abcdefghij']), 3);
  t.is(actual('upperAscii', ['ABCDEFGHIJ abcdefghij']), 3);
  t.is(actual('strings.quote', ['ABCDEFGHIJ abcdefghij']), 3);
  t.is(actual('replace', ['abc 123 def 123', '123', '456']), 3);
  t.is(actual('split', ['abc 123 def 123', ' ']), 3);
  t.is(actual('substring', ['abc 123 def 123', 5]), 2);
  t.is(actual('trim', ['  abc 123 def 123  ']), 2);
  t.is(actual('join', [['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], ' '], 'aa bb cc d e f g h i j'), 5);
  t.is(actual('join', [['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j']], 'aabbccdefghij'), 3);
  t.is(actual('indexOf', ['01234567890123456789012345678901234567890123456789', '123']), 5);
  t.is(actual('lastIndexOf', ['01234567890123456789012345678901234567890123456789', '123']), 5);
  t.is(actual('indexOf', [['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'], 'x']), 5);
  t.is(actual('charAt', ['tacocat', 3]), 1);
  t.is(actual('format', ['%s is %d years old', ['x', 1]]), 2);
  t.is(actual('reverse', ['abc']), 1);
  t.is(actual('lowerAscii', ['a'.repeat(30)]), 3);
  t.is(actual('lowerAscii', ['a'.repeat(31)]), 4);
});
