// CEL values typed by a schema, as Kubernetes gives them to custom resource rules: numbers, formats,
// int-or-string, objects (escaped names, absent and null fields, unknown fields, embedded
// resources), set and map lists (equality and `+`), and JSON text read with CEL's 1 vs 1.0.
// Every expected value was checked against Kubernetes 1.35 (UnstructuredToVal of
// k8s.io/apiserver v0.35.0 with the same schema, value and expression).

import test from 'ava';
import fc from 'fast-check';
import { formatGoDuration } from '../../src/cel/library/time-go-duration.ts';
import { formatTimestamp } from '../../src/cel/library/time-rfc3339.ts';
import { compileCel } from '../../src/cel/program.ts';
import { schemaCelType, type OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import { mapEntries } from '../../src/cel/values/maps.ts';
import { celValueOfJsonText } from '../../src/cel/values/json-text-values.ts';
import { schemaValue } from '../../src/cel/values/schema-values.ts';
import { CelDouble, CelDuration, CelError, CelTimestamp, CelType, CelUint, fromJson, isPlainMap } from '../../src/cel/values/values.ts';

type Shown = null | boolean | number | string | Shown[] | { [key: string]: Shown };

/** A CEL value in a form that keeps its kind: doubles, bytes, timestamps, durations, types and errors are tagged. */
function shown(value: unknown): Shown {
  const v = fromJson(value);
  if (v instanceof CelError) return { error: v.message };
  if (v === null || typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'bigint') return `${v}`;
  if (v instanceof CelUint) return { uint: `${v.value}` };
  if (v instanceof CelDouble) return { double: v.value };
  if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString('base64') };
  if (v instanceof CelTimestamp) return { timestamp: formatTimestamp(v) };
  if (v instanceof CelDuration) return { duration: formatGoDuration(v) };
  if (v instanceof CelType) return { type: v.name };
  if (Array.isArray(v)) return v.map(shown);
  if (isPlainMap(v)) return Object.fromEntries([...mapEntries(v)].map(([key, item]) => [String(key), shown(item)]));
  throw new TypeError(`unexpected value ${String(v)}`);
}

/** `expression` over self (and oldSelf) of the schema's type. */
function evaluate(schema: OpenApiV3Schema, self: unknown, expression: string, oldSelf?: unknown): Shown {
  const type = schemaCelType(schema);
  if (type === undefined) throw new Error('schema not exposed');
  const compiled = compileCel(expression);
  if (!compiled.ok) throw new Error(`${expression} does not compile`);
  const variables: Record<string, unknown> = { self: schemaValue(self, type) };
  if (oldSelf !== undefined) variables.oldSelf = schemaValue(oldSelf, type);
  return shown(compiled.program.evaluate(variables));
}

const object = (properties: Record<string, OpenApiV3Schema>, more: OpenApiV3Schema = {}): OpenApiV3Schema => ({ type: 'object', properties, ...more });
const string = (format?: string): OpenApiV3Schema => (format === undefined ? { type: 'string' } : { type: 'string', format });
const setOf = (items: OpenApiV3Schema): OpenApiV3Schema => ({ type: 'array', 'x-kubernetes-list-type': 'set', items });
const mapListOf = (keys: string[], items: OpenApiV3Schema): OpenApiV3Schema => ({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': keys, items });
const double = (value: number): Shown => ({ double: value });
const error = (message: string): Shown => ({ error: message });

test('a value of type number is a double even when its JSON is whole; an integer is an int', (t) => {
  const schema = object({
    n: { type: 'number' },
    i: { type: 'integer' },
    ns: { type: 'array', items: { type: 'number' } },
    m: { type: 'object', additionalProperties: { type: 'number' } },
  });
  const value = { n: 1, i: 2, ns: [1, 2.5], m: { a: 2 } };
  t.true(evaluate(schema, value, 'type(self.n) == double'));
  t.deepEqual(evaluate(schema, value, 'self.n'), double(1));
  t.deepEqual(evaluate(schema, value, 'self.n + 0.5'), double(1.5));
  t.deepEqual(evaluate(schema, value, 'self.i + 1'), 3);
  t.deepEqual(evaluate(schema, value, 'self.ns'), [double(1), double(2.5)]);
  t.deepEqual(evaluate(schema, value, 'type(self.ns[0])'), { type: 'double' });
  t.deepEqual(evaluate(schema, value, 'self.ns.map(x, x * 2.0)'), [double(2), double(5)]);
  t.deepEqual(evaluate(schema, value, 'self.m.a'), double(2));
  t.deepEqual(evaluate({ type: 'number' }, 3, 'self'), double(3));
});

test("a value of the wrong kind for its type is Kubernetes' error value", (t) => {
  t.deepEqual(evaluate({ type: 'number' }, '3', 'self'), error('invalid data, expected float, got string'));
  t.deepEqual(evaluate({ type: 'integer' }, '3', 'self'), error('invalid data, expected int, got string'));
  t.deepEqual(evaluate({ type: 'integer' }, 1.5, 'self'), error('invalid data, expected int, got float64'));
  t.deepEqual(evaluate({ type: 'string' }, 3, 'self'), error('invalid data, expected string, got int64'));
  t.deepEqual(evaluate({ type: 'boolean' }, 'true', 'self'), error('invalid data, expected bool, got string'));
  t.deepEqual(evaluate({ 'x-kubernetes-int-or-string': true }, true, 'self'), error('invalid data, expected XIntOrString value to be either a string or integer'));
  t.deepEqual(evaluate(object({ t: string('date-time') }), { t: 5 }, 'self.t'), error('invalid data, expected string, got int64'));
  t.deepEqual(evaluate(object({ a: { type: 'integer' } }), null, 'self'), error('invalid data, got null for schema with nullable=false'));
});

const invalidDateTime = (text: string, goError: string): Shown => error(`Invalid date-time formatted string ${text}: ${goError}`);

test("a date-time is read with strfmt's layouts (RFC 3339 or a local time at UTC), else the last layout's error", (t) => {
  const cases: [string, Shown][] = [
    ['2021-03-04T23:30:00.123456789Z', '2021-03-04T23:30:00.123456789Z'],
    ['2021-03-04T05:06:07', '2021-03-04T05:06:07Z'],
    ['2021-03-04T05:06:07.25', '2021-03-04T05:06:07.25Z'],
    ['2021-03-04T05:06:07.5+01:00', '2021-03-04T05:06:07.5+01:00'],
    ['2021-03-04T05:06:07,5Z', '2021-03-04T05:06:07.5Z'],
    ['2021-03-04T5:06:07Z', '2021-03-04T05:06:07Z'],
    ['2021-03-04T05:06:07.+12345Z', '2021-03-04T05:06:07.012345Z'],
    ['2021-03-04T05:06:07-24:00', '2021-03-04T05:06:07-24:00'],
    ['2021-03-04T05:06:07.1234567891234Z', '2021-03-04T05:06:07.123456789Z'],
    ['2021-03-04T05:06:07.123Z', '2021-03-04T05:06:07.123Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59.999999999-01:00', '9999-12-31T23:59:59.999999999-01:00'],
    ['', '1970-01-01T00:00:00Z'],
    ['2021-03-04t05:06:07Z', invalidDateTime('2021-03-04t05:06:07Z', 'parsing time "2021-03-04t05:06:07Z" as "2006-01-02T15:04:05": cannot parse "t05:06:07Z" as "T"')],
    ['2021-03-04T24:00:00Z', invalidDateTime('2021-03-04T24:00:00Z', 'parsing time "2021-03-04T24:00:00Z": hour out of range')],
    ['2021-02-29T00:00:00Z', invalidDateTime('2021-02-29T00:00:00Z', 'parsing time "2021-02-29T00:00:00Z": extra text: "Z"')],
    ['2021-03-04T05:06:07.-1234Z', invalidDateTime('2021-03-04T05:06:07.-1234Z', 'parsing time "2021-03-04T05:06:07.-1234Z": extra text: ".-1234Z"')],
    ['2021-03-04T05:06:07Z extra', invalidDateTime('2021-03-04T05:06:07Z extra', 'parsing time "2021-03-04T05:06:07Z extra": extra text: "Z extra"')],
    ['2021-03-04T05:06:07+25:00', invalidDateTime('2021-03-04T05:06:07+25:00', 'parsing time "2021-03-04T05:06:07+25:00": extra text: "+25:00"')],
    ['2021-03-04T05:06:60Z', invalidDateTime('2021-03-04T05:06:60Z', 'parsing time "2021-03-04T05:06:60Z": second out of range')],
    ['2021-03-04T05:6:07Z', invalidDateTime('2021-03-04T05:6:07Z', 'parsing time "2021-03-04T05:6:07Z" as "2006-01-02T15:04:05": cannot parse "6:07Z" as "04"')],
    ['2021-03-04', invalidDateTime('2021-03-04', 'parsing time "2021-03-04" as "2006-01-02T15:04:05": cannot parse "" as "T"')],
    ['2021-03-04T05:06:07+0100', invalidDateTime('2021-03-04T05:06:07+0100', 'parsing time "2021-03-04T05:06:07+0100": extra text: "+0100"')],
    ['2021-03-04T05:06:07 Z', invalidDateTime('2021-03-04T05:06:07 Z', 'parsing time "2021-03-04T05:06:07 Z": extra text: " Z"')],
    ['now', invalidDateTime('now', 'parsing time "now" as "2006-01-02T15:04:05": cannot parse "now" as "2006"')],
    ['é2021', invalidDateTime('é2021', 'parsing time "\\xc3\\xa92021" as "2006-01-02T15:04:05": cannot parse "\\xc3\\xa92021" as "2006"')],
  ];
  for (const [text, expected] of cases) t.deepEqual(evaluate(object({ t: string('date-time') }), { t: text }, 'string(self.t)'), expected, text);
});

test('a date-time keeps the offset it was written with, and its fields read at UTC', (t) => {
  const schema = object({ t: string('date-time') });
  t.deepEqual(evaluate(schema, { t: '2021-03-04T23:30:00+02:00' }, '[self.t.getFullYear(), self.t.getHours(), self.t.getDate(), self.t.getHours("+02:00")]'), [2021, 21, 4, 23]);
  t.true(evaluate(schema, { t: '2021-03-04T23:30:00Z' }, "self.t + duration('1h') == timestamp('2021-03-05T00:30:00Z')"));
  t.true(evaluate(schema, { t: '2021-03-04T23:30:00Z' }, 'self == oldSelf', { t: '2021-03-05T00:30:00+01:00' }));
  t.false(evaluate(schema, { t: '2021-03-04T23:30:00Z' }, 'self == oldSelf', { t: '2021-03-04T23:30:01Z' }));
  const bad = 'parsing time "bad" as "2006-01-02T15:04:05": cannot parse "bad" as "2006"';
  t.deepEqual(evaluate(schema, { t: 'bad' }, 'self == oldSelf', { t: 'bad' }), invalidDateTime('bad', bad));
});

test('a date is read with Go\'s time.Parse("2006-01-02") and is midnight UTC', (t) => {
  const invalid = (text: string, goError: string): Shown => error(`Invalid date formatted string ${text}: ${goError}`);
  const cases: [string, Shown][] = [
    ['2021-03-04', '2021-03-04T00:00:00Z'],
    ['2020-02-29', '2020-02-29T00:00:00Z'],
    ['2021-3-04', invalid('2021-3-04', 'parsing time "2021-3-04" as "2006-01-02": cannot parse "3-04" as "01"')],
    ['2021-03-4', invalid('2021-03-4', 'parsing time "2021-03-4" as "2006-01-02": cannot parse "4" as "02"')],
    ['2021-03-04x', invalid('2021-03-04x', 'parsing time "2021-03-04x": extra text: "x"')],
    ['20210304', invalid('20210304', 'parsing time "20210304" as "2006-01-02": cannot parse "0304" as "-"')],
    ['2021-13-01', invalid('2021-13-01', 'parsing time "2021-13-01": month out of range')],
    ['2021-00-10', invalid('2021-00-10', 'parsing time "2021-00-10": month out of range')],
    ['2021-02-29', invalid('2021-02-29', 'parsing time "2021-02-29": day out of range')],
    ['2021-03-04T00:00:00Z', invalid('2021-03-04T00:00:00Z', 'parsing time "2021-03-04T00:00:00Z": extra text: "T00:00:00Z"')],
    ['', invalid('', 'parsing time "" as "2006-01-02": cannot parse "" as "2006"')],
    ['+021-03-04', invalid('+021-03-04', 'parsing time "+021-03-04" as "2006-01-02": cannot parse "+021-03-04" as "2006"')],
    ['2021/03/04', invalid('2021/03/04', 'parsing time "2021/03/04" as "2006-01-02": cannot parse "/03/04" as "-"')],
  ];
  for (const [text, expected] of cases) t.deepEqual(evaluate(object({ d: string('date') }), { d: text }, 'string(self.d)'), expected, text);
  t.is(evaluate(object({ d: string('date') }), { d: '2021-03-04' }, 'self.d.getDayOfWeek()'), 4);
});

test("a duration is read with Go's syntax, else strfmt's '<digits> <unit>' terms added up", (t) => {
  const invalid = (text: string, reason: string): Shown => error(`Invalid duration ${text}: ${reason}`);
  const cases: [string, Shown][] = [
    ['1h30m', '5400s'],
    ['-1.5h', '-5400s'],
    ['0', '0s'],
    ['+5s', '5s'],
    ['1µs', '0.000001s'],
    ['1 hour', '3600s'],
    ['5 minutes 30 seconds', '330s'],
    ['1d', '86400s'],
    ['2w', '1209600s'],
    ['3 days', '259200s'],
    ['2 weeks 1 day', '1296000s'],
    ['1.5d', '432000s'],
    ['1 millis', '0.001s'],
    ['5 nanos', '0.000000005s'],
    ['1H', '3600s'],
    ['1h 30m', '5400s'],
    ['abc 5m', '300s'],
    ['10 s x', '10s'],
    ['100000000h', '-8934881474.191032s'],
    ['2562048h', '-9223371273.70955s'],
    ['9223372036854775807ns', '9223372036.854776s'],
    ['90', invalid('90', 'unable to parse 90 as duration')],
    ['10hrs', invalid('10hrs', 'unable to parse 10hrs as duration')],
    ['', invalid('', 'unable to parse  as duration')],
    ['9223372036854775808ns', invalid('9223372036854775808ns', 'strconv.Atoi: parsing "9223372036854775808": value out of range')],
  ];
  for (const [text, expected] of cases) t.deepEqual(evaluate(object({ d: string('duration') }), { d: text }, 'string(self.d)'), expected, text);
  t.true(evaluate(object({ d: string('duration') }), { d: '1h' }, "self.d == duration('1h')"));
  t.is(evaluate(object({ d: string('duration') }), { d: '90m' }, 'self.d.getMinutes()'), 90);
});

test('a byte string is read as base64 with the URL alphabet and padding, as Kubernetes decodes it', (t) => {
  const invalid = (text: string, at: number): Shown => error(`Invalid byte formatted string ${text}: illegal base64 data at input byte ${at}`);
  const cases: [string, Shown][] = [
    ['aGVsbG8=', { bytes: 'aGVsbG8=' }],
    ['', { bytes: '' }],
    ['aGVs\nbG8=', { bytes: 'aGVsbG8=' }],
    ['YWJj\r\n', { bytes: 'YWJj' }],
    ['_-_-', { bytes: '/+/+' }],
    ['YQ=\n=', { bytes: 'YQ==' }],
    ['a+b/', invalid('a+b/', 1)],
    ['aGVsbG8', invalid('aGVsbG8', 4)],
    ['aGVsbG8==', invalid('aGVsbG8==', 8)],
    ['a===', invalid('a===', 1)],
    ['ab=c', invalid('ab=c', 2)],
    ['YQ=', invalid('YQ=', 3)],
    ['YQ', invalid('YQ', 0)],
    ['YWJjZA==YQ==', invalid('YWJjZA==YQ==', 8)],
    ['é', invalid('é', 0)],
    ['YQ==\n\nx', invalid('YQ==\n\nx', 6)],
    ['YQ=\n', invalid('YQ=\n', 4)],
  ];
  for (const [text, expected] of cases) t.deepEqual(evaluate(object({ b: string('byte') }), { b: text }, 'self.b'), expected, text);
  t.true(evaluate(object({ b: string('byte') }), { b: 'aGVsbG8=' }, "self.b == b'hello' && size(self.b) == 5"));
});

test('an int-or-string stays an int or a string', (t) => {
  const schema = object({ x: { 'x-kubernetes-int-or-string': true }, s: setOf({ 'x-kubernetes-int-or-string': true }) });
  t.true(evaluate(schema, { x: 5 }, 'type(self.x) == int && self.x == 5'));
  t.true(evaluate(schema, { x: '50%' }, "type(self.x) == string && self.x.endsWith('%')"));
  t.true(evaluate(schema, { s: [1, 'a'] }, 'self.s == oldSelf.s', { s: ['a', 1] }));
  t.deepEqual(evaluate(schema, { s: [1, 'a'] }, 'self.s + oldSelf.s', { s: ['b', 1, '1'] }), [1, 'a', 'b', '1']);
});

test('object fields are reached by their escaped names', (t) => {
  const schema = object({ 'my-field': { type: 'integer' }, namespace: string(), 'a.b': string(), 'x/y': string(), a__b: string(), plain: string() });
  const value = { 'my-field': 1, namespace: 'ns', 'a.b': 'dot', 'x/y': 'slash', a__b: 'under', plain: 'p' };
  t.is(evaluate(schema, value, 'self.my__dash__field'), 1);
  t.deepEqual(evaluate(schema, value, '[self.__namespace__, self.a__dot__b, self.x__slash__y, self.a__underscores__b, self.plain]'), ['ns', 'dot', 'slash', 'under', 'p']);
  t.true(evaluate(schema, value, 'has(self.my__dash__field) && self == oldSelf', value));
});

test('an absent or null field of an object is no such key, and has() is false', (t) => {
  const schema = object({ a: { type: 'integer' }, b: string(), n: { type: 'string', nullable: true } });
  for (const value of [{ a: 1 }, { a: 1, n: null }]) {
    t.false(evaluate(schema, value, 'has(self.b) || has(self.n)'));
    t.deepEqual(evaluate(schema, value, 'self.b'), error('no such key: b'));
    t.deepEqual(evaluate(schema, value, 'self.n'), error('no such key: n'));
    t.is(evaluate(schema, value, 'self.?n.orValue("none")'), 'none');
  }
  t.true(evaluate(schema, { a: 1, n: 'x', b: 'y' }, 'has(self.n) && has(self.b)'));
  t.deepEqual(evaluate(schema, { a: 1, n: 'x', b: 'y' }, '[self.n, self.b]'), ['x', 'y']);
  // The JSON objects differ in size: {"n": null} has one more property.
  t.false(evaluate(schema, { a: 1, n: null }, 'self == oldSelf', { a: 1 }));
  t.true(evaluate(schema, { a: 1, n: null }, 'self == oldSelf', { a: 1, n: null }));
});

test('a null value of a map is null when the schema is nullable, else an error', (t) => {
  const nullable = object({ m: { type: 'object', additionalProperties: { type: 'number', nullable: true } } });
  t.deepEqual(evaluate(nullable, { m: { a: null, b: 1 } }, '[self.m.a, self.m.b]'), [null, double(1)]);
  const notNullable = object({ m: { type: 'object', additionalProperties: { type: 'number' } } });
  t.deepEqual(evaluate(notNullable, { m: { a: null } }, 'self.m.a'), error('invalid data, got null for schema with nullable=false'));
});

test('objects compare declared fields as CEL values and unknown properties as JSON, where the other object has them', (t) => {
  const schema = object({ a: { type: 'number' } }, { 'x-kubernetes-preserve-unknown-fields': true });
  t.true(evaluate(schema, { a: 1, x: { y: [1, 2] } }, 'self == oldSelf', { a: 1.0, x: { y: [1, 2] } }));
  t.false(evaluate(schema, { a: 1, x: { y: [1, 2] } }, 'self == oldSelf', { a: 1, x: { y: [2, 1] } }));
  t.false(evaluate(schema, { a: 1, x: 1 }, 'self == oldSelf', { a: 1 }));
  t.deepEqual(evaluate(schema, { a: 1, x: 1 }, 'self.a'), double(1));
});

test('an embedded resource has apiVersion, kind and metadata.name whatever its schema declares', (t) => {
  const schema = object({ e: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } });
  const value = { e: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' } }, spec: { x: 1 } } };
  t.deepEqual(evaluate(schema, value, '[self.e.apiVersion, self.e.kind, self.e.metadata.name]'), ['v1', 'Pod', 'p']);
  t.false(evaluate(schema, value, 'has(self.e.metadata.generateName)'));
  t.true(evaluate(schema, value, 'self.e == oldSelf.e', value));
  t.false(evaluate(schema, value, 'self.e == oldSelf.e', { e: { ...value.e, spec: { x: 2 } } }));
});

const sets = object({
  a: setOf(string()),
  b: setOf(string()),
  i: setOf({ type: 'integer' }),
  n: setOf({ type: 'number' }),
  t: setOf(string('date-time')),
  by: setOf(string('byte')),
  bo: setOf({ type: 'boolean' }),
  d: setOf(string('duration')),
});
const setValue = { a: ['x', 'y', 'z'], b: ['z', 'x', 'y'], i: [3, 1, 2], n: [1.5, 2, 3.25], t: ['2021-01-01T00:00:00Z'], by: ['YQ=='], bo: [true, false], d: ['1h'] };
const oldSetValue = { a: ['y', 'w'], b: ['x'], i: [2, 3, 1], n: [3.25, 1.5, 2], t: ['2021-01-01T00:00:00Z'], by: ['YQ=='], bo: [false, true], d: ['1h'] };
const onSets = (expression: string): Shown => evaluate(sets, setValue, expression, oldSetValue);

test('a set list on the left of == ignores order: the lists are as long and the right items are all in the set', (t) => {
  t.true(onSets('self.a == self.b'));
  t.true(onSets('self.i == oldSelf.i'));
  t.true(onSets('self.bo == oldSelf.bo'));
  t.true(onSets('self.a == ["z", "y", "x"]'));
  t.true(onSets('self.a == ["z", "y", "y"]'));
  t.false(onSets('self.a == ["z", "y"]'));
  t.false(onSets('self.a == oldSelf.a'));
  // A plain list on the left compares in order.
  t.false(onSets('["z", "y", "x"] == self.a'));
  t.true(evaluate(sets, { a: [] }, 'self.a == oldSelf.a', { a: [] }));
  t.true(evaluate(sets, { a: ['x', 'x', 'y'] }, 'self.a == oldSelf.a', { a: ['x', 'y', 'y'] }));
});

test('set + list is the set, then the items of the list not yet in it, in order', (t) => {
  t.deepEqual(onSets('self.a + oldSelf.a'), ['x', 'y', 'z', 'w']);
  t.deepEqual(onSets('oldSelf.a + self.a'), ['y', 'w', 'x', 'z']);
  t.deepEqual(onSets('self.a + self.b'), ['x', 'y', 'z']);
  t.deepEqual(onSets('self.a + ["w", "x", "w", "v"]'), ['x', 'y', 'z', 'w', 'v']);
  t.deepEqual(onSets('self.i + [4, 1, 4]'), [3, 1, 2, 4]);
  t.deepEqual(onSets('(self.a + oldSelf.a) + ["q", "x"]'), ['x', 'y', 'z', 'w', 'q']);
  t.true(onSets('(self.a + oldSelf.a) == ["w", "x", "y", "z"]'));
  // A plain list on the left concatenates; the set's own repetitions stay.
  t.deepEqual(onSets('[] + self.a'), ['x', 'y', 'z']);
  t.deepEqual(evaluate(sets, { a: ['x', 'x', 'y'] }, 'self.a + oldSelf.a', { a: ['z', 'y', 'z'] }), ['x', 'x', 'y', 'z']);
});

test('set items match by the Go values Kubernetes holds, so sets of whole numbers, date-times or durations never match and bytes are an error', (t) => {
  // JSON 2 is an int64 in the set, 2.0 a float64 on the other side.
  t.false(onSets('self.n == oldSelf.n'));
  t.false(onSets('self.n == [1.5, 2.0, 3.25]'));
  t.deepEqual(onSets('self.n + [2.0, 4.5]'), [double(1.5), double(2), double(3.25), double(2), double(4.5)]);
  t.false(onSets('self.t == oldSelf.t'));
  t.false(onSets('self.d == oldSelf.d'));
  t.deepEqual(onSets('self.t + oldSelf.t'), [{ timestamp: '2021-01-01T00:00:00Z' }, error('invalid data, expected string, got time.Time')]);
  t.deepEqual(onSets('self.by == oldSelf.by'), error('internal error: runtime error: hash of unhashable type []uint8'));
  t.deepEqual(onSets('self.by + oldSelf.by'), error('internal error: runtime error: hash of unhashable type []uint8'));
});

test('set lists index, iterate and take list functions as lists do', (t) => {
  t.deepEqual(onSets('[self.a[1], (self.a + oldSelf.a)[3]]'), ['y', 'w']);
  t.true(onSets('"y" in self.a && self.a.exists(x, x == "z") && size(self.a + oldSelf.a) == 4'));
  t.deepEqual(onSets('self.a.map(x, x + "!")'), ['x!', 'y!', 'z!']);
  t.true(onSets('self.i.filter(x, x > 1) == [3, 2]'));
  t.deepEqual(onSets('[self.i.sum(), self.a.indexOf("y")]'), [6, 1]);
  t.deepEqual(onSets('self.n[1]'), double(2));
  t.true(onSets('sets.equivalent(self.a, self.b)'));
});

const item = object({ k: string(), v: { type: 'integer' }, w: { type: 'number' }, t: string('date-time') });
const mapLists = object({
  a: mapListOf(['k'], item),
  two: mapListOf(['k', 'v'], item),
  four: mapListOf(['k', 'v', 'w', 't'], item),
  none: { type: 'array', 'x-kubernetes-list-type': 'map', items: item },
});
const mapListValue = {
  a: [
    { k: 'a', v: 1 },
    { k: 'b', v: 2, t: '2021-01-01T00:00:00Z' },
  ],
  two: [
    { k: 'a', v: 1 },
    { k: 'a', v: 2 },
  ],
  four: [
    { k: 'a', v: 1, w: 1, t: 'x' },
    { k: 'a', v: 1, w: 2.5, t: 'x' },
  ],
  none: [{ k: 'a' }, { k: 'b' }],
};
const oldMapListValue = {
  a: [
    { k: 'b', v: 2, t: '2021-01-01T01:00:00+01:00' },
    { k: 'a', v: 1 },
  ],
  two: [
    { k: 'a', v: 2 },
    { k: 'b', v: 1 },
  ],
  four: [
    { k: 'a', v: 1, w: 2.5, t: 'x' },
    { k: 'a', v: 1, w: 1, t: 'x' },
  ],
  none: [{ k: 'c' }],
};
const onMapLists = (expression: string): Shown => evaluate(mapLists, mapListValue, expression, oldMapListValue);

test('a map list on the left of == matches each right item with its item of the same keys, ignoring order', (t) => {
  t.true(onMapLists('self.a == oldSelf.a'));
  t.true(onMapLists('oldSelf.a == self.a'));
  t.true(onMapLists('self.a == self.a'));
  t.false(onMapLists('self.two == oldSelf.two'));
  t.false(evaluate(mapLists, { a: [{ k: 'a', v: 1 }] }, 'self.a == oldSelf.a', { a: [{ k: 'a', v: 2 }] }));
  t.false(evaluate(mapLists, { a: [{ k: 'a', v: 1 }] }, 'self.a == oldSelf.a', { a: [{ k: 'b', v: 1 }] }));
  const nested = object({ p: mapListOf(['k'], object({ k: string(), s: setOf(string()) })) });
  t.true(evaluate(nested, { p: [{ k: 'a', s: ['x', 'y'] }] }, 'self.p == oldSelf.p', { p: [{ k: 'a', s: ['y', 'x'] }] }));
  const numberKey = object({ p: mapListOf(['n'], object({ n: { type: 'number' }, name: string() })) });
  t.true(evaluate(numberKey, { p: [{ n: 1.5 }, { n: 2 }] }, 'self.p == oldSelf.p', { p: [{ n: 2 }, { n: 1.5 }] }));
});

test('map list + list keeps the left items in place, replaced by right items of the same keys, then appends the others', (t) => {
  t.deepEqual(onMapLists('self.a + oldSelf.a'), [
    { k: 'a', v: 1 },
    { k: 'b', v: 2, t: { timestamp: '2021-01-01T01:00:00+01:00' } },
  ]);
  t.deepEqual(onMapLists('oldSelf.a + self.a'), [
    { k: 'b', v: 2, t: { timestamp: '2021-01-01T00:00:00Z' } },
    { k: 'a', v: 1 },
  ]);
  t.deepEqual(onMapLists('self.two + oldSelf.two'), [
    { k: 'a', v: 1 },
    { k: 'a', v: 2 },
    { k: 'b', v: 1 },
  ]);
  t.deepEqual(onMapLists('(self.a + oldSelf.a).map(e, e.v)'), [1, 2]);
  t.true(onMapLists('(oldSelf.a + self.a) == self.a'));
  // New keys of the right list are all appended, even when repeated.
  t.deepEqual(
    evaluate(mapLists, { a: [{ k: 'a', v: 1 }] }, 'self.a + oldSelf.a', {
      a: [
        { k: 'b', v: 1 },
        { k: 'b', v: 2 },
        { k: 'a', v: 3 },
      ],
    }),
    [
      { k: 'a', v: 3 },
      { k: 'b', v: 1 },
      { k: 'b', v: 2 },
    ],
  );
});

test('map keys of more than three properties match by their printed form, no keys make one key, and escaped key names are never found', (t) => {
  const badTime = error('Invalid date-time formatted string x: parsing time "x" as "2006-01-02T15:04:05": cannot parse "x" as "2006"');
  t.deepEqual(onMapLists('self.four == oldSelf.four'), badTime);
  t.deepEqual(onMapLists('self.four + oldSelf.four'), [
    { k: 'a', v: 1, w: double(1), t: badTime },
    { k: 'a', v: 1, w: double(2.5), t: badTime },
  ]);
  t.deepEqual(onMapLists('self.none + oldSelf.none'), [{ k: 'a' }, { k: 'c' }]);
  t.false(onMapLists('self.none == oldSelf.none'));
  // Kubernetes looks "my-key" up as "my__dash__key": every item has the same (missing) key.
  const dashed = object({ p: mapListOf(['my-key'], object({ 'my-key': string(), v: string() })) });
  const value = {
    p: [
      { 'my-key': 'a', v: '1' },
      { 'my-key': 'b', v: '2' },
    ],
  };
  t.false(evaluate(dashed, value, 'self.p == oldSelf.p', value));
  t.deepEqual(evaluate(dashed, value, 'self.p + oldSelf.p', { p: [{ 'my-key': 'c', v: '3' }] }), [
    { my__dash__key: 'a', v: '1' },
    { my__dash__key: 'c', v: '3' },
  ]);
});

test('values whose schema changes nothing are used as they are; converted values share what needs no change', (t) => {
  const plain = object({ name: string(), replicas: { type: 'integer' }, items: { type: 'array', items: string() }, labels: { type: 'object', additionalProperties: string() } });
  const json = { name: 'web', replicas: 3, items: ['a'], labels: { app: 'web' } };
  t.is(schemaValue(json, schemaCelType(plain)!), json);
  const typed = object({ spec: plain, weight: { type: 'number' } });
  const converted = schemaValue({ spec: json, weight: 1 }, schemaCelType(typed)!) as { spec: unknown; weight: unknown };
  t.is(converted.spec, json);
  t.deepEqual(converted.weight, new CelDouble(1));
});

test('JSON text keeps 1 and 1.0 apart: a fraction or exponent makes a double, integers stay exact ints, or uints above int64', (t) => {
  t.is(celValueOfJsonText('1'), 1);
  t.deepEqual(celValueOfJsonText('1.0'), new CelDouble(1));
  t.deepEqual(celValueOfJsonText('1e3'), new CelDouble(1000));
  t.deepEqual(celValueOfJsonText('-2.5E-1'), new CelDouble(-0.25));
  t.true(Object.is(celValueOfJsonText('-0'), 0));
  t.is(celValueOfJsonText('9007199254740993'), 9007199254740993n);
  t.is(celValueOfJsonText('-9223372036854775808'), -9223372036854775808n);
  t.deepEqual(celValueOfJsonText('9223372036854775808'), new CelUint(9223372036854775808n));
  t.deepEqual(celValueOfJsonText('18446744073709551615'), new CelUint(18446744073709551615n));
  t.deepEqual(celValueOfJsonText('18446744073709551616'), new CelDouble(18446744073709551616));
  t.deepEqual(celValueOfJsonText('-9223372036854775809'), new CelDouble(-9223372036854775809));
  t.deepEqual(celValueOfJsonText('{"a": [1, 1.0, "x", null, true]}'), { a: [1, new CelDouble(1), 'x', null, true] });
  t.throws(() => celValueOfJsonText('{'), { instanceOf: SyntaxError });
});

test('JSON text read as CEL values meets the schema as Kubernetes decodes JSON: 1.0 is a double, even for an integer', (t) => {
  t.deepEqual(shown(schemaValue(celValueOfJsonText('1.0'), schemaCelType({ type: 'number' })!)), double(1));
  t.deepEqual(shown(schemaValue(celValueOfJsonText('1'), schemaCelType({ type: 'number' })!)), double(1));
  t.deepEqual(shown(schemaValue(celValueOfJsonText('1.0'), schemaCelType({ type: 'integer' })!)), error('invalid data, expected int, got float64'));
});

test('set equality ignores order, and set + set adds the missing items in order', (t) => {
  const schema = object({ a: setOf(string()), b: setOf(string()) });
  fc.assert(
    fc.property(fc.uniqueArray(fc.string(), { maxLength: 8 }), fc.uniqueArray(fc.string(), { maxLength: 8 }), (a, b) => {
      const reversed = [...a].reverse();
      t.true(evaluate(schema, { a, b: reversed }, 'self.a == self.b'));
      t.deepEqual(evaluate(schema, { a, b }, 'self.a + self.b'), [...a, ...b.filter((x) => !a.includes(x))]);
    }),
  );
});
