// The structural-schema library for custom objects (apiserver/src/customresources/schema): a write
// coerced, pruned, defaulted and validated as kube-apiserver 1.35.4 does it. The expected messages
// marked "(kube)" were read from a real kube-apiserver 1.35.4: the CRDs below created there, the
// objects posted with dryRun=All (and fieldValidation=Warn for the Warning headers), the 422
// causes and Warning headers copied here.

import test from 'ava';
import { cloneJson, fieldErrorMessage } from '@capstan/common';
import {
  applyDefaults,
  coerceCustomObject,
  objectMetaTypes,
  pruneUnknownFields,
  servingSchemaOf,
  structuralOf,
  unknownFieldMessages,
  validateCustomObjectValues,
  validateCustomObjectValuesUpdate,
  validateValues,
} from '../src/customresources/schema/index.ts';
import type { Structural } from '../src/customresources/schema/structural-schema.ts';
import { matchesFormat } from '../src/customresources/schema/value-formats.ts';

/** The openAPIV3Schema of the CRD widgets.example.com created on kube-apiserver 1.35.4. */
const widgetSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' },
        replicas: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        ratio: { type: 'number', minimum: 0.5, exclusiveMaximum: true, maximum: 2.5, multipleOf: 0.5 },
        count: { type: 'integer', multipleOf: 3, exclusiveMinimum: true, minimum: 0 },
        mode: { type: 'string', enum: ['a', 'b'] },
        level: { type: 'integer', enum: [1, 2] },
        flag: { type: 'boolean' },
        when: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        ip: { type: 'string', format: 'ipv4' },
        email: { type: 'string', format: 'email' },
        weird: { type: 'string', format: 'int32' },
        uid: { type: 'string', format: 'uuid' },
        dur: { type: 'string', format: 'duration' },
        short: { type: 'string', format: 'k8s-short-name' },
        port: { 'x-kubernetes-int-or-string': true },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 2, minItems: 1, 'x-kubernetes-list-type': 'set' },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer', default: 80 } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 3 }, maxProperties: 2, minProperties: 1 },
        opt: { type: 'string', nullable: true },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'integer' } } },
        one: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
        any: { type: 'string', anyOf: [{ pattern: '^x' }, { pattern: '^y' }] },
        all: { type: 'string', allOf: [{ minLength: 2 }, { maxLength: 3 }] },
        nott: { type: 'string', not: { enum: ['bad'] } },
        tmpl: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
        tmpl2: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object', properties: { x: { type: 'string' } } } } },
        nested: { type: 'object', default: { inner: 'v' }, properties: { inner: { type: 'string' }, deep: { type: 'string', default: 'd' } } },
      },
    },
  },
};

/** The openAPIV3Schema of the CRD gadgets.example.com created on kube-apiserver 1.35.4. */
const gadgetSchema = {
  type: 'object',
  required: ['spec'],
  properties: {
    spec: {
      type: 'object',
      properties: {
        ne: { type: 'string', nullable: true, enum: ['a'] },
        half: { type: 'integer', multipleOf: 0.5 },
        fl: { type: 'number', multipleOf: 0.1, maximum: 1.5 },
        fe: { type: 'number', enum: [1, 2] },
        ios: { 'x-kubernetes-int-or-string': true, pattern: '^[0-9]+%?$', maximum: 10 },
        u: { type: 'array', minItems: 2, items: { type: 'object', properties: { a: { type: 'integer' } } } },
        m: { type: 'object', additionalProperties: { type: 'object', required: ['x'], properties: { x: { type: 'integer', minimum: 5 } } } },
        dl: { type: 'string', format: 'date' },
        ml: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['k1', 'k2'],
          items: { type: 'object', required: ['k1'], properties: { k1: { type: 'string' }, k2: { type: 'integer', default: 0 } } },
        },
        sl: { type: 'array', 'x-kubernetes-list-type': 'set', items: { 'x-kubernetes-int-or-string': true } },
        emb: { type: 'object', additionalProperties: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } },
        dfl: { type: 'object', properties: { a: { type: 'string' } }, default: { a: 'x' } },
        items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer', default: 7 } } } },
      },
    },
  },
};

interface Write {
  readonly object: Record<string, unknown>;
  readonly warnings: string[];
  readonly errors: string[];
}

/** A create as kube runs it on a custom object: decoding (coerce and prune), defaulting, then validation. */
async function write(schema: unknown, spec: unknown): Promise<Write> {
  const serving = servingSchemaOf(schema);
  const object: Record<string, unknown> = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: cloneJson(spec) };
  const coercion = coerceCustomObject(object, serving, await objectMetaTypes());
  if (coercion.error !== undefined) return { object, warnings: unknownFieldMessages(coercion.unknownFields), errors: [fieldErrorMessage(coercion.error)] };
  applyDefaults(object, serving);
  return { object, warnings: unknownFieldMessages(coercion.unknownFields), errors: validateCustomObjectValues(object, serving).map(fieldErrorMessage) };
}

test('every value validation with kube messages and field paths (kube)', async (t) => {
  const { errors } = await write(widgetSchema, {
    name: 'A',
    replicas: 0,
    ratio: 2.5,
    count: 0,
    mode: 'c',
    level: 3,
    flag: 'x',
    when: 'nope',
    day: '2020-13-01',
    ip: '1.2.3',
    email: 'x',
    weird: 'abc',
    uid: 'u',
    dur: 'zz',
    short: 'A_',
    port: true,
    tags: ['a', 'a', 'b'],
    labels: { a: 'long', b: '1', c: '2' },
    opt: null,
    one: { a: '1', b: '2' },
    any: 'z',
    all: 'abcd',
    nott: 'bad',
    tmpl: { metadata: { name: 'X_' } },
  });
  // kube lists the OpenAPI errors in Go's map order; the embedded-resource and list-type ones follow.
  const openApi = [
    'spec.ratio: Invalid value: 2.5: spec.ratio in body should be less than 2.5',
    'spec.name: Invalid value: "A": spec.name in body should be at least 2 chars long',
    'spec.day: Invalid value: "2020-13-01": spec.day in body must be of type date: "2020-13-01"',
    'spec.email: Invalid value: "x": spec.email in body must be of type email: "x"',
    'spec.dur: Invalid value: "zz": spec.dur in body must be of type duration: "zz"',
    'spec.tags: Too many: 3: must have at most 2 items',
    'spec.all: Too long: may not be more than 3 bytes',
    '<nil>: Invalid value: "": "spec.all" must validate all the schemas (allOf)',
    '<nil>: Invalid value: "": "spec.nott" must not validate the schema (not)',
    'spec.uid: Invalid value: "u": spec.uid in body must be of type uuid: "u"',
    'spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1',
    'spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"',
    '<nil>: Invalid value: "": "spec.any" must validate at least one schema (anyOf)',
    `spec.any: Invalid value: "z": spec.any in body should match '^x'`,
    'spec.flag: Invalid value: "string": spec.flag in body must be of type boolean: "string"',
    'spec.level: Unsupported value: 3: supported values: "1", "2"',
    'spec.count: Invalid value: 0: spec.count in body should be greater than 0',
    'spec.mode: Unsupported value: "c": supported values: "a", "b"',
    '<nil>: Invalid value: "": "spec.one" must validate one and only one schema (oneOf). Found 2 valid alternatives',
    'spec.ip: Invalid value: "1.2.3": spec.ip in body must be of type ipv4: "1.2.3"',
    'spec.short: Invalid value: "A_": spec.short in body must be of type k8s-short-name: "A_"',
    'spec.when: Invalid value: "nope": spec.when in body must be of type date-time: "nope"',
    'spec.labels: Too many: 3: must have at most 2 items',
    'spec.labels.a: Too long: may not be more than 3 bytes',
  ];
  const tail = ['spec.tmpl.apiVersion: Required value', 'spec.tmpl.kind: Required value', 'spec.tags[1]: Duplicate value: "a"'];
  t.deepEqual([...errors.slice(0, openApi.length)].sort(), [...openApi].sort());
  t.deepEqual(errors.slice(openApi.length), tail);
});

test('pruning names the unknown fields as kube warns of them, and the write keeps what kube keeps (kube)', async (t) => {
  const written = await write(widgetSchema, {
    name: 'ab',
    foo: 1,
    free: { x: { y: 1 }, known: 2 },
    ports: [
      { name: 'a', extra: 1 },
      { name: 'b', port: null },
    ],
    tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', bogus: 1, labels: { a: 'b' }, creationTimestamp: null }, spec: { q: 1 } },
    tmpl2: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', zzz: 2 }, other: 1, spec: { x: '1', y: 2 } },
    nested: { deep: null },
    labels: { k: null },
    opt: null,
    zz: { a: [1] },
  });
  t.deepEqual(written.warnings, [
    'unknown field "spec.foo"',
    'unknown field "spec.ports[0].extra"',
    'unknown field "spec.tmpl2.other"',
    'unknown field "spec.tmpl2.spec.y"',
    'unknown field "spec.zz"',
    'unknown field "spec.tmpl.metadata.bogus"',
    'unknown field "spec.tmpl2.metadata.zzz"',
  ]);
  // The null label value is dropped (not nullable, no default), which leaves the map too small.
  t.deepEqual(written.errors, ['spec.labels: Invalid value: 0: spec.labels in body should have at least 1 properties']);
  t.deepEqual(written.object.spec, {
    name: 'ab',
    replicas: 3,
    free: { x: { y: 1 }, known: 2 },
    ports: [
      { name: 'a', port: 80 },
      { name: 'b', port: 80 },
    ],
    tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', labels: { a: 'b' } }, spec: { q: 1 } },
    tmpl2: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { x: '1' } },
    nested: { deep: 'd' },
    labels: {},
    opt: null,
  });
});

test('a null object takes its default, whose own fields are defaulted too (kube)', async (t) => {
  const written = await write(widgetSchema, { name: 'ab', nested: null });
  t.deepEqual(written.errors, []);
  t.deepEqual((written.object.spec as Record<string, unknown>).nested, { inner: 'v', deep: 'd' });
});

test('an embedded resource whose metadata Go cannot decode is refused with Go words (kube)', async (t) => {
  const written = await write(widgetSchema, { name: 'ab', tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', labels: 'bad' } } });
  t.deepEqual(written.errors, [
    'spec.tmpl.metadata: Invalid value: {"labels":"bad","name":"x"}: json: cannot unmarshal string into Go struct field ObjectMeta.labels of type map[string]string',
  ]);
});

test('the rules of embedded resources: apiVersion, kind, metadata (kube)', async (t) => {
  const written = await write(widgetSchema, { name: 'ab', tmpl: { apiVersion: 'a/b/c', kind: 'Po_d', metadata: { name: 'x/y', namespace: 'N', labels: { a: 'b c' } } } });
  t.deepEqual(written.errors, [
    'spec.tmpl.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
    `spec.tmpl.kind: Invalid value: "Po_d": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    `spec.tmpl.metadata.name: Invalid value: "x/y": may not contain '/'`,
    `spec.tmpl.metadata.namespace: Invalid value: "N": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    `spec.tmpl.metadata.labels: Invalid value: "b c": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
  ]);
});

test('a list item of the wrong type (kube)', async (t) => {
  const written = await write(widgetSchema, { name: 'ab', tags: ['a', 1] });
  t.deepEqual(written.errors, ['spec.tags[1]: Invalid value: "integer": spec.tags[1] in body must be of type string: "integer"']);
});

test("go-openapi's quirks kube keeps: integer multipleOf 0.5, nullable enums, map values, set and map-list repeats (kube)", async (t) => {
  const written = await write(gadgetSchema, {
    ne: null,
    half: 3,
    fl: 0.3,
    fe: 1.5,
    ios: '12x',
    u: [{ a: 1 }, { a: 1 }],
    m: { k: { x: 1 }, j: {} },
    dl: [1, 2],
    ml: [{ k1: 'a', k2: 1 }, { k1: 'a', k2: 1 }, { k1: 'a' }],
    sl: [1, '1', 1, 1],
    emb: { e: { apiVersion: 'v1', kind: 'Pod', metadata: { name: '.' } } },
    items: [{}, { n: null }],
  });
  const openApi = [
    'spec.half: Invalid value: 0: factor MultipleOf declared for spec.half must be positive: 0',
    'spec.ne: Unsupported value: null: supported values: "a"',
    `spec.ios: Invalid value: "12x": spec.ios in body should match '^[0-9]+%?$'`,
    'spec.m.k.x: Invalid value: 1: spec.m.k.x in body should be greater than or equal to 5',
    'spec.m.j.x: Required value',
  ];
  t.deepEqual(written.errors.slice(0, openApi.length).sort(), [...openApi].sort());
  t.deepEqual(written.errors.slice(openApi.length), [
    `spec.emb[e].metadata.name: Invalid value: ".": may not be '.'`,
    'spec.ml[1]: Duplicate value: {"k1":"a","k2":1}',
    'spec.sl[2]: Duplicate value: 1',
  ]);
  t.deepEqual((written.object.spec as Record<string, unknown>).items, [{ n: 7 }, { n: 7 }]);
});

test('bounds, int-or-string types and a map list item that is not an object (kube)', async (t) => {
  const first = await write(gadgetSchema, { fl: 1.7, ios: 11, ml: [{ k1: 'a' }, { k1: 'a' }, 'x'], half: 2 });
  const openApi = [
    'spec.ml[2]: Invalid value: "string": spec.ml[2] in body must be of type object: "string"',
    'spec.ios: Invalid value: 11: spec.ios in body should be less than or equal to 10',
    'spec.fl: Invalid value: 1.7: spec.fl in body should be less than or equal to 1.5',
    'spec.half: Invalid value: 0: factor MultipleOf declared for spec.half must be positive: 0',
  ];
  t.deepEqual(first.errors.slice(0, openApi.length).sort(), [...openApi].sort());
  t.deepEqual(first.errors.slice(openApi.length), ['spec.ml[2]: Invalid value: "x": must be an object for an array of list-type map']);

  const second = await write(gadgetSchema, { ios: 1.5, fl: 'x', half: null });
  t.deepEqual(second.errors.sort(), [
    'spec.fl: Invalid value: "string": spec.fl in body must be of type number: "string"',
    'spec.ios: Invalid value: "number": spec.ios in body must be of type integer,string: "number"',
  ]);
  t.false(Object.hasOwn(second.object.spec as object, 'half'));

  const third = await write(gadgetSchema, { dfl: null, fl: 0.7, fe: 2 });
  t.deepEqual(third.errors, []);
  t.deepEqual(third.object.spec, { dfl: { a: 'x' }, fl: 0.7, fe: 2 });
});

test('a missing required root field (kube)', (t) => {
  const schema = servingSchemaOf(gadgetSchema);
  t.deepEqual(validateValues({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'q' } }, schema).map(fieldErrorMessage), ['spec: Required value']);
});

test('unsupported formats are stripped; supported ones named with or without dashes', (t) => {
  const schema = structuralOf({ type: 'object', properties: { a: { type: 'string', format: 'int32' }, b: { type: 'string', format: 'date-time' } } });
  t.is(schema.properties?.get('a')?.format, undefined);
  t.is(schema.properties?.get('b')?.format, 'date-time');
  t.deepEqual(validateValues({ a: 'not an int', b: '2024-01-02T03:04:05Z' }, schema), []);
});

test('formats accept what their Go checks accept', (t) => {
  const accepted: [string, string][] = [
    ['date-time', '2024-01-02T03:04:05.123+01:00'],
    ['date', '2024-02-29'],
    ['duration', '1h30m'],
    ['duration', '3 days'],
    ['ipv4', '10.0.0.1'],
    ['ipv6', '::1'],
    ['cidr', '10.0.0.0/8'],
    ['mac', '00:1a:2b:3c:4d:5e'],
    ['mac', '001a.2b3c.4d5e'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000'],
    ['uuid4', '123e4567-e89b-42d3-a456-426614174000'],
    ['email', 'a@b'],
    ['email', 'Jane <jane@example.com>'],
    ['hostname', 'example.com'],
    ['uri', 'https://example.com/a?b=c'],
    ['uri', '/just/a/path'],
    ['byte', 'aGVsbG8='],
    ['isbn10', '0-321-75104-3'],
    ['isbn13', '978-0321751041'],
    ['creditcard', '4111 1111 1111 1111'],
    ['ssn', '123-45-6789'],
    ['hexcolor', '#fff'],
    ['rgbcolor', 'rgb(255, 0, 10)'],
    ['bsonobjectid', '507f1f77bcf86cd799439011'],
    ['k8s-long-name', 'a.b-c'],
  ];
  const refused: [string, string][] = [
    ['date-time', '2024-01-02 03:04:05'],
    ['date', '2023-02-29'],
    ['duration', 'soon'],
    ['ipv4', '::1'],
    ['ipv6', '10.0.0.1'],
    ['cidr', '10.0.0.0'],
    ['mac', '00:1a:2b:3c:4d'],
    ['uuid', 'xyz'],
    ['uuid4', '123e4567-e89b-12d3-a456-426614174000'],
    ['email', 'nope'],
    ['hostname', '-a.com'],
    ['uri', 'relative/path'],
    ['byte', 'abc'],
    ['isbn10', '0-321-75104-4'],
    ['creditcard', '4111 1111 1111 1112'],
    ['ssn', '123456789'],
    ['hexcolor', '#ffff'],
    ['rgbcolor', 'rgb(256,0,0)'],
    ['bsonobjectid', '507f1f77'],
    ['k8s-short-name', 'a.b'],
  ];
  for (const [format, text] of accepted) t.true(matchesFormat(format, text), `${format} ${text}`);
  for (const [format, text] of refused) t.false(matchesFormat(format, text), `${format} ${text}`);
});

test('pruning a schema with x-kubernetes-preserve-unknown-fields at the root keeps everything', (t) => {
  const schema = structuralOf({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } } });
  const object = { kind: 'X', other: { deep: 1 }, spec: { a: 'x', b: 'dropped' } };
  t.deepEqual(pruneUnknownFields(object, schema, true), ['spec.b']);
  t.deepEqual(object, { kind: 'X', other: { deep: 1 }, spec: { a: 'x' } });
});

test('a nested object that is no resource loses a metadata field its schema does not declare', (t) => {
  const schema = structuralOf({ type: 'object', properties: { spec: { type: 'object', properties: {} } } });
  const object = { apiVersion: 'v', kind: 'K', metadata: {}, spec: { metadata: { a: 1 }, apiVersion: 'x' } };
  t.deepEqual(pruneUnknownFields(object, schema, true), ['spec.apiVersion', 'spec.metadata']);
  t.deepEqual(object, { apiVersion: 'v', kind: 'K', metadata: {}, spec: {} });
});

test('defaults are pruned against the schema when a version is served', (t) => {
  const schema = servingSchemaOf({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'object', default: { x: 1, y: 2 }, properties: { x: { type: 'integer' } } },
          m: { type: 'object', additionalProperties: { type: 'object', default: { k: 1, z: 2 }, properties: { k: { type: 'integer' } } } },
          l: { type: 'array', items: { type: 'object', default: { i: 1, j: 2 }, properties: { i: { type: 'integer' } } } },
        },
      },
    },
  });
  const spec = schema.properties?.get('spec') as Structural;
  t.deepEqual(spec.properties?.get('a')?.default, { x: 1 });
  t.deepEqual((spec.properties?.get('m')?.additionalProperties as Structural).default, { k: 1 });
  t.deepEqual(spec.properties?.get('l')?.items?.default, { i: 1 });
  const object = { spec: { m: { one: null }, l: [null, { i: 5 }] } };
  applyDefaults(object, schema);
  t.deepEqual(object, { spec: { a: { x: 1 }, m: { one: { k: 1 } }, l: [{ i: 1 }, { i: 5 }] } });
});

test('uniqueItems, minItems, min and max properties, and allOf with none valid', (t) => {
  const schema = structuralOf({
    type: 'object',
    properties: {
      u: { type: 'array', uniqueItems: true, minItems: 3, items: { type: 'integer' } },
      p: { type: 'object', minProperties: 2, additionalProperties: { type: 'string' } },
      s: { type: 'string', allOf: [{ minLength: 5 }, { pattern: '^z' }] },
    },
  });
  t.deepEqual(validateValues({ u: [1, 1], p: { a: 'x' }, s: 'ab' }, schema).map(fieldErrorMessage), [
    'u: Invalid value: 2: u in body should have at least 3 items',
    `u: Invalid value: "": u in body shouldn't contain duplicates`,
    'p: Invalid value: 1: p in body should have at least 2 properties',
    's: Invalid value: "ab": s in body should be at least 5 chars long',
    `s: Invalid value: "ab": s in body should match '^z'`,
    '<nil>: Invalid value: "": "s" must validate all the schemas (allOf). None validated',
  ]);
});

test('a non-structural field is refused', (t) => {
  t.throws(() => structuralOf({ type: 'object', properties: { a: { $ref: '#/x' } } }), { message: /\$ref: not supported/ });
});

/** The openAPIV3Schema of the CRD things.example.com created on kube-apiserver 1.35.4. */
const thingSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        a1: { type: 'string', anyOf: [{ minLength: 5 }, { pattern: '^x', maxLength: 2 }] },
        a2: {
          type: 'object',
          properties: { p: { type: 'integer' }, q: { type: 'string' } },
          anyOf: [{ required: ['p'] }, { properties: { q: { minLength: 3 } }, required: ['q'] }],
        },
        o1: { type: 'string', oneOf: [{ minLength: 5 }, { maxLength: 1 }] },
        dt: { type: 'string', format: 'date' },
        dt2: { type: 'string', format: 'date' },
        nl: { type: 'array', items: { type: 'string' } },
        ie: { 'x-kubernetes-int-or-string': true, enum: ['A'] },
        fe: { type: 'number', enum: [1.5] },
        big: { type: 'integer', maximum: 1.5 },
      },
    },
  },
};

test('anyOf and oneOf report the alternative that got furthest; formats of non-strings; Go enum conversions (kube)', async (t) => {
  const first = await write(thingSchema, { a1: 'abc', a2: { q: 'z' }, o1: 'abc', dt: 5, dt2: true, nl: ['a', null], ie: 65, fe: 1, big: 2 });
  t.deepEqual(first.errors.sort(), [
    '<nil>: Invalid value: "": "spec.a1" must validate at least one schema (anyOf)',
    '<nil>: Invalid value: "": "spec.a2" must validate at least one schema (anyOf)',
    '<nil>: Invalid value: "": "spec.o1" must validate one and only one schema (oneOf). Found none valid',
    'spec.a1: Invalid value: "abc": spec.a1 in body should be at least 5 chars long',
    'spec.a2.q: Invalid value: "z": spec.a2.q in body should be at least 3 chars long',
    'spec.big: Invalid value: 2: spec.big in body should be less than or equal to 1',
    'spec.dt2: Invalid value: "": spec.dt2 in body must be of type date: ""',
    'spec.dt: Invalid value: "int64": spec.dt in body must be of type date: "int64"',
    'spec.fe: Unsupported value: 1: supported values: "1.5"',
    'spec.nl[1]: Invalid value: "null": spec.nl[1] in body must be of type string: "null"',
    'spec.o1: Invalid value: "abc": spec.o1 in body should be at least 5 chars long',
  ]);
  // 65 is "A" once Go converts it to the enum's string type.
  const second = await write(thingSchema, { a1: 'xabc', o1: 'abcdef', dt: 1.5, ie: 66, big: 1 });
  t.deepEqual(second.errors.sort(), [
    '<nil>: Invalid value: "": "spec.a1" must validate at least one schema (anyOf)',
    'spec.a1: Invalid value: "xabc": spec.a1 in body should be at least 5 chars long',
    'spec.dt: Invalid value: "float64": spec.dt in body must be of type date: "float64"',
    'spec.ie: Unsupported value: 66: supported values: "A"',
  ]);
});

test('the root metadata is read as ObjectMeta: its unknown fields come first (kube)', async (t) => {
  const object = {
    apiVersion: 'example.com/v1',
    kind: 'Thing',
    metadata: { name: 'm', foo: 1, ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'n', uid: 'u', bar: 2 }] },
    spec: { zz: 1 },
  };
  const coercion = coerceCustomObject(object, servingSchemaOf(thingSchema), await objectMetaTypes());
  t.deepEqual(unknownFieldMessages(coercion.unknownFields), ['unknown field "metadata.foo"', 'unknown field "metadata.ownerReferences[0].bar"', 'unknown field "spec.zz"']);
  t.deepEqual(object.metadata, { name: 'm', ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'n', uid: 'u' }] });
});

test("an embedded resource's metadata written back as Go writes ObjectMeta: times in UTC, pointers kept, empty fields left out (kube)", async (t) => {
  const written = await write(widgetSchema, {
    name: 'ab',
    tmpl: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'x', creationTimestamp: '2020-01-01T10:00:00.5+02:00', deletionGracePeriodSeconds: 0, finalizers: [], annotations: {}, labels: { a: null }, uid: '' },
    },
  });
  t.deepEqual(written.errors, []);
  t.deepEqual((written.object.spec as { tmpl: unknown }).tmpl, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { creationTimestamp: '2020-01-01T08:00:00Z', deletionGracePeriodSeconds: 0, labels: { a: '' }, name: 'x' },
  });

  const badTime = await write(widgetSchema, { name: 'ab', tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', creationTimestamp: 'yesterday' } } });
  t.deepEqual(badTime.errors, [
    'spec.tmpl.metadata: Invalid value: {"creationTimestamp":"yesterday","name":"x"}: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"',
  ]);

  const negative = await write(widgetSchema, { name: 'ab', tmpl: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', generation: -1 } } });
  t.deepEqual(negative.errors, ['spec.tmpl.metadata.generation: Invalid value: -1: must be greater than or equal to 0']);
});

test('an update ratchets: fields, map values and map-list items it leaves as they were keep their old errors unreported (kube)', (t) => {
  // The CRD rats.example.com was created loose, an object written, then maxLength 2 added.
  const tight = servingSchemaOf({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'string', maxLength: 2 },
          b: { type: 'string' },
          list: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['k'],
            items: { type: 'object', required: ['k'], properties: { k: { type: 'string' }, v: { type: 'string', maxLength: 2 } } },
          },
          arr: { type: 'array', items: { type: 'string', maxLength: 2 } },
        },
      },
    },
  });
  const old = { apiVersion: 'example.com/v1', kind: 'Rat', metadata: { name: 'r' }, spec: { a: 'long', b: 'x', list: [{ k: '1', v: 'long' }], arr: ['long'] } };
  const update = (spec: Record<string, unknown>): string[] => validateCustomObjectValuesUpdate({ ...old, spec: { ...old.spec, ...spec } }, old, tight).map(fieldErrorMessage);
  t.deepEqual(update({ b: 'y' }), []);
  t.deepEqual(
    update({
      list: [
        { k: '1', v: 'long' },
        { k: '2', v: 'long' },
      ],
    }),
    ['spec.list[1].v: Too long: may not be more than 2 bytes'],
  );
  t.deepEqual(
    update({
      list: [
        { k: '2', v: 'long' },
        { k: '1', v: 'long' },
      ],
    }),
    ['spec.list[0].v: Too long: may not be more than 2 bytes'],
  );
  t.deepEqual(update({ a: 'longer' }), ['spec.a: Too long: may not be more than 2 bytes']);
  // An atomic list is one value: changed at all, each of its items is checked.
  t.deepEqual(update({ arr: ['long', 'x'] }), ['spec.arr[0]: Too long: may not be more than 2 bytes']);
  t.deepEqual(update({ arr: ['long'], b: 'z' }), []);
  // Without an old object every error counts.
  t.deepEqual(validateCustomObjectValues(old, tight).map(fieldErrorMessage).sort(), [
    'spec.a: Too long: may not be more than 2 bytes',
    'spec.arr[0]: Too long: may not be more than 2 bytes',
    'spec.list[0].v: Too long: may not be more than 2 bytes',
  ]);
});

test("an embedded resource's owner references, finalizers, annotations and managed fields (kube)", async (t) => {
  const written = await write(widgetSchema, {
    name: 'ab',
    tmpl: {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'x',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'Event', name: 'e', uid: 'u', controller: true },
          { apiVersion: 'a/', kind: '', name: '', uid: '', controller: true },
        ],
        finalizers: ['a/b/c'],
        annotations: { 'A B': 'x' },
        managedFields: [{ manager: 'm\tx', operation: 'Nope', fieldsType: 'FieldsV2' }],
      },
    },
  });
  const refs = '[{"apiVersion":"v1","kind":"Event","name":"e","uid":"u","controller":true},{"apiVersion":"a/","kind":"","name":"","uid":"","controller":true}]';
  t.deepEqual(written.errors, [
    `spec.tmpl.metadata.annotations: Invalid value: "A B": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    'spec.tmpl.metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"u","controller":true}: /v1, Kind=Event is disallowed from being an owner',
    'spec.tmpl.metadata.ownerReferences.apiVersion: Invalid value: "a/": version must not be empty',
    'spec.tmpl.metadata.ownerReferences.kind: Invalid value: "": must not be empty',
    'spec.tmpl.metadata.ownerReferences.name: Invalid value: "": must not be empty',
    'spec.tmpl.metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    `spec.tmpl.metadata.ownerReferences: Invalid value: ${refs}: Only one reference can have Controller set to true. Found "true" in references for Event/e and /`,
    `spec.tmpl.metadata.finalizers: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    'spec.tmpl.metadata.managedFields[0].operation: Invalid value: "Nope": must be `Apply` or `Update`',
    'spec.tmpl.metadata.managedFields[0].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`',
    'spec.tmpl.metadata.managedFields[0].manager: Invalid value: "m\\tx": invalid character U+0009 (at position 1)',
  ]);
});

test("patterns are read with Go's syntax: leading flags, \\z, POSIX classes, \\pL", (t) => {
  const check = (pattern: string, text: string): string[] =>
    validateValues({ s: text }, structuralOf({ type: 'object', properties: { s: { type: 'string', pattern } } })).map(fieldErrorMessage);
  t.deepEqual(check('(?i)^abc$', 'ABC'), []);
  t.deepEqual(check('^[[:alpha:]]+\\z', 'abc'), []);
  t.deepEqual(check('^[[:alpha:]]+\\z', 'ab1'), [`s: Invalid value: "ab1": s in body should match '^[[:alpha:]]+\\z'`]);
  t.deepEqual(check('^\\pL+$', 'héllo'), []);
  t.deepEqual(check('^\\pL+$', 'a1'), [`s: Invalid value: "a1": s in body should match '^\\pL+$'`]);
});
