// Kubernetes' format library in CEL: format.named() and format.<name>(), and validate() with the
// messages Kubernetes 1.35 gives (apimachinery's name checks, net/url for uri, strfmt for uuid,
// byte, date and datetime), equality of formats, and costs.

import test from 'ava';
import { CelFormat, formatCosts, formatFunctions, formatNames, formatType } from '../../src/cel/library/format.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelError, CelOptional, typeOf, type CelValue } from '../../src/cel/values/values.ts';

const format = (name: string): CelValue => formatFunctions.get(`format.${name}`)!.global!([]);
const named = (name: string): CelValue => formatFunctions.get('format.named')!.global!([name]);
const validate = (name: string, value: string): CelValue => formatFunctions.get('validate')!.member!([format(name), value]);
const none = new CelOptional(undefined);
const errors = (...messages: string[]) => new CelOptional(messages);

const dns1123Label =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const dns1123Subdomain =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const dns1035Label =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const labelKeyRegex =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const labelValue =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

test("Kubernetes' examples validate", (t) => {
  t.deepEqual(validate('dns1123Label', 'my-label-name'), none);
  t.deepEqual(validate('dns1123Subdomain', 'apiextensions.k8s.io'), none);
  t.deepEqual(validate('dns1035Label', 'my-label-name'), none);
  t.deepEqual(validate('qualifiedName', 'apiextensions.k8s.io/v1beta1'), none);
  t.deepEqual(validate('dns1123LabelPrefix', 'my-label-prefix-'), none);
  t.deepEqual(validate('dns1123SubdomainPrefix', 'mysubdomain.prefix.-'), none);
  t.deepEqual(validate('dns1035LabelPrefix', 'my-label-prefix-'), none);
  t.deepEqual(validate('labelValue', 'my-cool-label-Value'), none);
  t.deepEqual(validate('uri', 'http://example.com'), none);
  t.deepEqual(validate('uuid', '123e4567-e89b-12d3-a456-426614174000'), none);
  t.deepEqual(validate('byte', 'aGVsbG8='), none);
  t.deepEqual(validate('date', '2021-01-01'), none);
  t.deepEqual(validate('datetime', '2021-01-01T00:00:00Z'), none);
});

test("the name formats answer with apimachinery's messages", (t) => {
  t.deepEqual(validate('dns1123Label', 'contains a space'), errors(dns1123Label));
  t.deepEqual(validate('dns1123Label', 'a.b'), errors('must not contain dots'));
  t.deepEqual(validate('dns1123Label', 'x'.repeat(64)), errors('must be no more than 63 characters'));
  t.deepEqual(validate('dns1123Subdomain', 'contains a space'), errors(dns1123Subdomain));
  t.deepEqual(validate('dns1035Label', 'contains a space'), errors(dns1035Label));
  t.deepEqual(validate('dns1035Label', '1abc'), errors(dns1035Label));
  t.deepEqual(validate('dns1123LabelPrefix', 'contains a space-'), errors(dns1123Label));
  t.deepEqual(validate('dns1123SubdomainPrefix', 'contains a space-'), errors(dns1123Subdomain));
  t.deepEqual(validate('dns1035LabelPrefix', 'contains a space-'), errors(dns1035Label));
  t.deepEqual(validate('labelValue', 'my-cool-label-Value!!\n\n!!!'), errors(labelValue));
});

test('qualified names and label values speak of bytes and label keys, as 1.35 does', (t) => {
  t.deepEqual(validate('qualifiedName', 'contains a space'), errors(`name part ${labelKeyRegex}`));
  t.deepEqual(validate('qualifiedName', 'x'.repeat(64)), errors('name part must be no more than 63 bytes'));
  t.deepEqual(validate('qualifiedName', 'é'.repeat(40)), errors('name part must be no more than 63 bytes', `name part ${labelKeyRegex}`));
  t.deepEqual(validate('qualifiedName', 'a/b/c'), errors(`a valid label key ${labelKeyRegex} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`));
  t.deepEqual(validate('qualifiedName', '/b'), errors('prefix part must be non-empty'));
  t.deepEqual(validate('qualifiedName', 'a/'), errors('name part must be non-empty', `name part ${labelKeyRegex}`));
  t.deepEqual(validate('qualifiedName', `${'a'.repeat(254)}/b`), errors('prefix part must be no more than 253 bytes'));
  t.deepEqual(validate('labelValue', 'x'.repeat(64)), errors('must be no more than 63 bytes'));
  t.deepEqual(validate('labelValue', ''), none);
});

test('uri, uuid, byte, date and datetime', (t) => {
  t.deepEqual(validate('uri', 'foo'), errors('parse "foo": invalid URI for request'));
  t.deepEqual(validate('uri', 'http://[::1'), errors('parse "http://[::1": missing \']\' in host'));
  t.deepEqual(validate('uri', '/path'), none);
  t.deepEqual(validate('uuid', '123E4567E89B12D3A456426614174000'), none);
  t.deepEqual(validate('uuid', '123e4567-e89b-12d3-a456-42661417400'), errors('does not match the UUID format'));
  t.deepEqual(validate('byte', 'aGVsbG8'), errors('invalid base64'));
  t.deepEqual(validate('byte', ''), errors('invalid base64'));
  for (const date of ['2020-02-29', '0000-02-29', '2021-12-31']) t.deepEqual(validate('date', date), none, date);
  for (const date of ['2020-01-32', '2021-02-29', '2020-13-01', '2021-1-01', '2021-01-01T00:00:00Z']) t.deepEqual(validate('date', date), errors('invalid date'), date);
  for (const time of ['2021-01-01t23:59:59.999+05:30', '2021-01-01T00:00:00x5Z', '2021-01-01T00:00:00ZT']) t.deepEqual(validate('datetime', time), none, time);
  for (const time of ['2020-01-32T00:00:00Z', '2021-01-01T24:00:00Z', '2021-01-01T00:00:00', '2021-01-01'])
    t.deepEqual(validate('datetime', time), errors('invalid datetime'), time);
});

test('format.named knows each format by its exact name', (t) => {
  for (const name of formatNames) {
    const found = named(name);
    t.true(found instanceof CelOptional && found.value instanceof CelFormat, name);
    t.true(equalValues(found instanceof CelOptional ? (found.value as CelValue) : null, format(name)), name);
  }
  t.deepEqual(named('unknown'), none);
  t.deepEqual(named('dns1123subdomain'), none);
  t.is(typeOf(format('uuid')), formatType);
  t.is(formatType.name, 'kubernetes.NamedFormat');
});

test('formats are equal by name only; comparing with another kind is an error', (t) => {
  for (const a of formatNames) for (const b of formatNames) t.is(equalValues(format(a), format(b)), a === b, `${a} == ${b}`);
  t.deepEqual(equalValues(format('uuid'), none), new CelError('no such overload'));
});

test('the functions answer no such overload for arguments of other kinds', (t) => {
  t.deepEqual(formatFunctions.get('format.named')!.global!([1]), new CelError('no such overload: format.named'));
  t.deepEqual(formatFunctions.get('validate')!.member!([format('uuid'), 1]), new CelError('no such overload: validate'));
  t.deepEqual(formatFunctions.get('validate')!.member!(['uuid', 'x']), new CelError('no such overload: validate'));
});

test("costs, as Kubernetes' cost tests count them", (t) => {
  t.is(formatCosts['format.named']!.actual(), 1);
  t.is(formatCosts['format.dns1123Label']!.actual(), 1);
  t.is(formatCosts.validate.actual([format('dns1123Subdomain'), 'my-name']), 15);
  t.is(formatCosts.validate.actual([format('dns1123Label'), 'my-name']), 8);
  t.is(formatCosts.validate.actual([format('uri'), 'foo']), 276);
  t.is(formatCosts.validate.actual([format('uri'), 'http://example.com']), 552);
  t.is(formatCosts.validate.patternFactor * formatCosts.validate.maxPatternSize, 32);
});
