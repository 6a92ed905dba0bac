// Properties of the custom-object schema library (fast-check): pruning is idempotent and never
// removes a field the schema declares; defaulting a valid object with valid defaults leaves it
// valid and is idempotent; sets without repeats pass the list-type rules, a repeat is reported.

import test from 'ava';
import fc from 'fast-check';
import { cloneJson } from '@capstan/common';
import { applyDefaults, listTypeErrors, pruneNonNullableNulls, pruneUnknownFields, servingSchemaOf, validateValues } from '../src/customresources/schema/index.ts';
import type { Structural } from '../src/customresources/schema/structural-schema.ts';

const schema = servingSchemaOf({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 8, pattern: '^[a-z]*$', default: 'web' },
        replicas: { type: 'integer', minimum: 0, maximum: 5, default: 1 },
        mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' },
        ratio: { type: 'number', minimum: 0, maximum: 1 },
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string', maxLength: 4 } },
        ports: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string', default: 'http' }, port: { type: 'integer', minimum: 1, maximum: 65535, default: 80 } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', default: 'x' } },
        nested: {
          type: 'object',
          default: {},
          properties: { inner: { type: 'string', default: 'v' }, deep: { type: 'object', properties: { n: { type: 'integer', default: 2 } } } },
        },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'object', properties: { k: { type: 'string' } } } } },
        opt: { type: 'string', nullable: true },
      },
    },
  },
});

const keys = fc.constantFrom(
  'spec',
  'name',
  'replicas',
  'mode',
  'ratio',
  'tags',
  'ports',
  'port',
  'labels',
  'nested',
  'inner',
  'deep',
  'n',
  'free',
  'known',
  'k',
  'opt',
  'extra',
  'metadata',
  'kind',
);

/** Any JSON, with keys often ones the schema declares somewhere. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(keys, fc.string({ maxLength: 3 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const anyObject = fc.dictionary(keys, anyJson, { maxKeys: 6 });

test('pruning twice prunes nothing the second time', (t) => {
  fc.assert(
    fc.property(anyObject, (object) => {
      pruneUnknownFields(object, schema, true);
      const once = cloneJson(object);
      t.deepEqual(pruneUnknownFields(object, schema, true), []);
      t.deepEqual(object, once);
    }),
    { numRuns: 400 },
  );
});

/** Values of the schema's shape: only declared fields (any keys under preserve-unknown-fields), any scalars. */
function shaped(node: Structural | undefined, depth = 0): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
  if (node === undefined || depth > 4) return scalar;
  if (node.preserveUnknownFields) {
    // Unknown fields stay; the declared ones are still read by their own schemas.
    const declared = node.properties ?? new Map<string, Structural>();
    const unknown = fc.dictionary(
      fc.string({ maxLength: 3 }).filter((key) => !declared.has(key)),
      anyJson,
      { maxKeys: 3 },
    );
    const fields = Object.fromEntries([...declared].map(([name, property]) => [name, shaped(property, depth + 1)]));
    return fc.tuple(unknown, fc.record(fields, { requiredKeys: [] })).map(([extra, known]) => ({ ...extra, ...known }));
  }
  if (node.items !== undefined) return fc.array(shaped(node.items, depth + 1), { maxLength: 3 });
  if (typeof node.additionalProperties === 'object') return fc.dictionary(fc.string({ maxLength: 3 }), shaped(node.additionalProperties, depth + 1), { maxKeys: 3 });
  if (node.properties !== undefined) {
    const fields = Object.fromEntries([...node.properties].map(([name, property]) => [name, shaped(property, depth + 1)]));
    return fc.record(fields, { requiredKeys: [] });
  }
  return scalar;
}

test('pruning never removes a field the schema declares', (t) => {
  fc.assert(
    fc.property(shaped(schema), (object) => {
      const before = cloneJson(object);
      t.deepEqual(pruneUnknownFields(object, schema, true), []);
      t.deepEqual(object, before);
    }),
    { numRuns: 400 },
  );
});

const spec = schema.properties?.get('spec') as Structural;

/** Specs valid for the schema, with any of their defaulted fields left out. */
const validSpec = fc.record(
  {
    name: fc.stringMatching(/^[a-z]{0,8}$/),
    replicas: fc.integer({ min: 0, max: 5 }),
    mode: fc.constantFrom('fast', 'slow'),
    ratio: fc.double({ min: 0, max: 1, noNaN: true }),
    tags: fc.uniqueArray(fc.stringMatching(/^[a-z]{0,4}$/), { maxLength: 3 }),
    ports: fc.array(fc.record({ name: fc.string({ maxLength: 3 }), port: fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.constant(null)) }, { requiredKeys: [] }), {
      maxLength: 3,
    }),
    labels: fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)), { maxKeys: 3 }),
    nested: fc.oneof(fc.constant(null), fc.record({ inner: fc.string({ maxLength: 2 }), deep: fc.record({ n: fc.integer() }, { requiredKeys: [] }) }, { requiredKeys: [] })),
    free: fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    opt: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)),
  },
  { requiredKeys: [] },
);

test('defaulting an object whose values are valid, with valid defaults, keeps it valid', (t) => {
  fc.assert(
    fc.property(validSpec, (value) => {
      const object = { spec: cloneJson(value) };
      pruneUnknownFields(object, schema, true);
      pruneNonNullableNulls(object, schema);
      applyDefaults(object, schema);
      t.deepEqual(validateValues(object, schema), []);
      t.deepEqual(listTypeErrors(object, schema), []);
    }),
    { numRuns: 400 },
  );
});

test('defaulting twice defaults nothing the second time', (t) => {
  fc.assert(
    fc.property(fc.oneof(validSpec, anyObject), (value) => {
      const object = { spec: cloneJson(value) };
      applyDefaults(object, schema);
      const once = cloneJson(object);
      applyDefaults(object, schema);
      t.deepEqual(object, once);
    }),
    { numRuns: 400 },
  );
});

test('every default of the schema is valid by its own schema', (t) => {
  const defaults: [Structural, unknown][] = [];
  const collect = (node: Structural): void => {
    if (node.default !== undefined) defaults.push([node, node.default]);
    for (const property of node.properties?.values() ?? []) collect(property);
    if (node.items !== undefined) collect(node.items);
    if (typeof node.additionalProperties === 'object') collect(node.additionalProperties);
  };
  collect(spec);
  t.true(defaults.length >= 8);
  for (const [node, value] of defaults) t.deepEqual(validateValues(value, node), []);
});

test('a set without repeats passes; a repeated item is reported at its second place', (t) => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 5 }), fc.nat(), (tags, pick) => {
      t.deepEqual(listTypeErrors({ spec: { tags } }, schema), []);
      const repeated = tags[pick % tags.length] as string;
      const errors = listTypeErrors({ spec: { tags: [...tags, repeated] } }, schema);
      t.deepEqual(
        errors.map((error) => error.field),
        [`spec.tags[${tags.length}]`],
      );
    }),
    { numRuns: 200 },
  );
});

test('any JSON object is coerced, defaulted and validated without throwing, and validation does not change it', (t) => {
  fc.assert(
    fc.property(anyObject, (value) => {
      const object = { spec: cloneJson(value) };
      pruneNonNullableNulls(object, schema);
      applyDefaults(object, schema);
      const before = cloneJson(object);
      validateValues(object, schema);
      listTypeErrors(object, schema);
      t.deepEqual(object, before);
    }),
    { numRuns: 300 },
  );
});
