// CEL types from OpenAPI v3 schemas as Kubernetes declares them to rules: property name escaping,
// the type of each kind of schema, the size estimates the cost estimator relies on, object type
// names, and how cel-go prints types.

import test from 'ava';
import fc from 'fast-check';
import {
  anyType,
  bytesType,
  cidrType,
  decisionType,
  doubleType,
  durationType,
  dynType,
  errorType,
  findField,
  intType,
  ipType,
  listOf,
  mapOf,
  nullType,
  objectType,
  optionalOf,
  quantityType,
  sameType,
  stringType,
  timestampType,
  typeOfType,
  typeParam,
  uintType,
  type CelType,
  type ObjectCelType,
} from '../../src/cel/types/cel-types.ts';
import { assignTypeNames } from '../../src/cel/types/object-type-names.ts';
import { celReservedWords, escapePropertyName, unescapePropertyName } from '../../src/cel/types/property-names.ts';
import { maxElements, minSerializedSize, schemaCelType, type OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import { celTypeName, checkerTypeName } from '../../src/cel/types/type-names.ts';

const celIdentifier = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

// Kubernetes' escaping table (k8s.io/apiserver/pkg/cel/escaping_test.go).
const escapingTable: readonly (readonly [string, string])[] = [
  ['a.a', 'a__dot__a'],
  ['a-a', 'a__dash__a'],
  ['a__a', 'a__underscores__a'],
  ['a.-/__a', 'a__dot____dash____slash____underscores__a'],
  ['a._a', 'a__dot___a'],
  ['a__.__a', 'a__underscores____dot____underscores__a'],
  ['a___a', 'a__underscores___a'],
  ['a____a', 'a__underscores____underscores__a'],
  ['a__dot__a', 'a__underscores__dot__underscores__a'],
  ['a__underscores__a', 'a__underscores__underscores__underscores__a'],
  ...[...celReservedWords].map((word): [string, string] => [word, `__${word}__`]),
  ['has', 'has'],
  ['all', 'all'],
  ['exists', 'exists'],
  ['exists_one', 'exists_one'],
  ['filter', 'filter'],
  ['size', 'size'],
  ['contains', 'contains'],
  ['startsWith', 'startsWith'],
  ['matches', 'matches'],
  ['duration', 'duration'],
  ['timestamp', 'timestamp'],
  ['getDayOfWeek', 'getDayOfWeek'],
  ['_if', '_if'],
  ['_has', '_has'],
  ['_int', '_int'],
  ['_anything', '_anything'],
];

test('property names escape and unescape as in Kubernetes', (t) => {
  for (const [name, escaped] of escapingTable) {
    t.is(escapePropertyName(name), escaped, name);
    t.regex(escaped, celIdentifier, name);
    t.is(unescapePropertyName(escaped), name, escaped);
  }
});

test('the reserved words are the 21 of the CEL grammar, none holding a double underscore', (t) => {
  t.is(celReservedWords.size, 21);
  t.true(celReservedWords.has('namespace'));
  t.false(celReservedWords.has('has'));
  for (const word of celReservedWords) t.false(word.includes('__'));
});

test('names that are empty, start with a digit or hold other characters are unreachable', (t) => {
  for (const name of ['', '@', '1up', '0', '👑', '/👑', 'a b', 'é', 'a:b', 'a+b', 'a$']) t.is(escapePropertyName(name), undefined, name);
  // A leading '.', '-', '/' or '_' is fine: only digits may not lead.
  t.is(escapePropertyName('-a'), '__dash__a');
  t.is(escapePropertyName('/'), '__slash__');
  t.is(escapePropertyName('_'), '_');
  t.is(escapePropertyName('x-kubernetes.io/name'), 'x__dash__kubernetes__dot__io__slash__name');
});

test('identifiers with unknown escapes or a reserved word inside do not unescape', (t) => {
  t.is(unescapePropertyName('__int__extra'), undefined);
  t.is(unescapePropertyName('__illegal__'), undefined);
  t.is(unescapePropertyName('a__in__'), undefined);
  t.is(unescapePropertyName('a__b__c'), undefined);
  t.is(unescapePropertyName('plain_name'), 'plain_name');
  t.is(unescapePropertyName('___dot__'), '_.');
});

const propertyNameCharacters = fc.constantFrom(...'abcXYZ019_.-/'.split(''));
const propertyNames = fc.oneof(fc.string({ unit: propertyNameCharacters, minLength: 1, maxLength: 16 }), fc.constantFrom(...celReservedWords));

test('every escapable name escapes to a CEL identifier that unescapes back to it', (t) => {
  fc.assert(
    fc.property(propertyNames, (name) => {
      const escaped = escapePropertyName(name);
      if (/^[0-9]/.test(name)) return escaped === undefined;
      return escaped !== undefined && celIdentifier.test(escaped) && unescapePropertyName(escaped) === name;
    }),
    { numRuns: 2000 },
  );
  t.pass();
});

test('a name with any character outside [a-zA-Z0-9_.-/] is unreachable', (t) => {
  fc.assert(
    fc.property(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), fc.string({ maxLength: 8 }), (before, c, after) => {
      fc.pre(!/^[a-zA-Z0-9_.\-/]$/.test(c));
      return escapePropertyName(`a${before}${c}${after}`) === undefined;
    }),
  );
  t.pass();
});

test('escaping is injective: two names never reach the same identifier', (t) => {
  fc.assert(
    fc.property(propertyNames, propertyNames, (a, b) => {
      const ea = escapePropertyName(a);
      return a === b || ea === undefined || ea !== escapePropertyName(b);
    }),
    { numRuns: 2000 },
  );
  t.pass();
});

test('types print as cel-go names them, and as its checker writes them in messages', (t) => {
  const cases: readonly (readonly [CelType, string, string])[] = [
    [intType, 'int', 'int'],
    [uintType, 'uint', 'uint'],
    [doubleType, 'double', 'double'],
    [stringType, 'string', 'string'],
    [bytesType, 'bytes', 'bytes'],
    [nullType, 'null_type', 'null'],
    [timestampType, 'google.protobuf.Timestamp', 'timestamp'],
    [durationType, 'google.protobuf.Duration', 'duration'],
    [dynType, 'dyn', 'dyn'],
    [anyType, 'google.protobuf.Any', 'any'],
    [errorType, 'error', '!error!'],
    [listOf(stringType), 'list(string)', 'list(string)'],
    [mapOf(stringType, intType), 'map(string, int)', 'map(string, int)'],
    [mapOf(stringType, listOf(timestampType)), 'map(string, list(google.protobuf.Timestamp))', 'map(string, list(timestamp))'],
    [optionalOf(intType), 'optional_type(int)', 'optional_type(int)'],
    [optionalOf(listOf(dynType)), 'optional_type(list(dyn))', 'optional_type(list(dyn))'],
    [typeOfType(intType), 'type(int)', 'type(int)'],
    [typeOfType(), 'type', 'type'],
    [typeParam('A'), 'A', 'A'],
    [listOf(typeParam('T')), 'list(T)', 'list(T)'],
    [quantityType, 'kubernetes.Quantity', 'kubernetes.Quantity'],
    [decisionType, 'kubernetes.authorization.Decision', 'kubernetes.authorization.Decision'],
    [ipType, 'net.IP', 'net.IP'],
    [listOf(cidrType), 'list(net.CIDR)', 'list(net.CIDR)'],
  ];
  for (const [type, name, checkerName] of cases) {
    t.is(celTypeName(type), name);
    t.is(checkerTypeName(type), checkerName);
  }
});

test('sameType compares parameters and names, not schema facts', (t) => {
  t.true(sameType(listOf(stringType), listOf({ kind: 'string', sizes: { maxElements: 4, minSerializedSize: 2 } })));
  t.false(sameType(listOf(stringType), listOf(intType)));
  t.false(sameType(mapOf(stringType, intType), mapOf(stringType, uintType)));
  t.true(sameType(typeOfType(), typeOfType()));
  t.false(sameType(typeOfType(), typeOfType(intType)));
  t.false(sameType(quantityType, objectType('kubernetes.URL')));
  t.false(sameType(ipType, cidrType));
  t.false(sameType(timestampType, durationType));
});

// The schema of Kubernetes' own SchemaDeclType tests (apiextensions-apiserver schemas_test.go).
const customObjectSchema: OpenApiV3Schema = {
  type: 'object',
  required: ['name', 'value'],
  properties: {
    name: { type: 'string' },
    value: { type: 'integer', format: 'int64', default: 1, enum: [1, 2, 3] },
    nested: {
      type: 'object',
      properties: {
        subname: { type: 'string' },
        flags: { type: 'object', additionalProperties: { type: 'boolean' } },
        dates: { type: 'array', items: { type: 'string', format: 'date-time' } },
      },
    },
    metadata: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        value: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

const asObject = (type: CelType | undefined): ObjectCelType => {
  if (type?.kind !== 'object') throw new Error(`not an object type: ${type === undefined ? 'undefined' : celTypeName(type)}`);
  return type;
};
const fieldTypeName = (type: ObjectCelType, ...path: string[]): string => {
  let current: CelType = type;
  for (const name of path) current = asObject(current).fields.get(name)!.type;
  return celTypeName(current);
};

test('an object schema is an object type whose fields keep required, enum and default', (t) => {
  const type = asObject(schemaCelType(customObjectSchema));
  t.is(type.name, 'object');
  t.deepEqual([...type.fields.keys()].sort(), ['metadata', 'name', 'nested', 'value']);
  const value = type.fields.get('value')!;
  t.true(value.required);
  t.deepEqual(value.enum, [1, 2, 3]);
  t.is(value.default, 1);
  t.true(type.fields.get('name')!.required);
  t.false(type.fields.get('nested')!.required);
  t.is(fieldTypeName(type, 'nested', 'flags'), 'map(string, bool)');
  t.is(fieldTypeName(type, 'nested', 'dates'), 'list(google.protobuf.Timestamp)');
  t.is(fieldTypeName(type, 'metadata', 'value'), 'list(string)');
  // {} plus "name":"" (the defaulted value does not count)
  t.is(minSerializedSize(type), 2 + 4 + 2 + 4);
});

test('at a resource root, metadata becomes {name, generateName} and kind and apiVersion appear', (t) => {
  const type = asObject(assignTypeNames(schemaCelType(customObjectSchema, true)!, 'CustomObject'));
  t.is(type.name, 'CustomObject');
  t.deepEqual([...type.fields.keys()].sort(), ['apiVersion', 'kind', 'metadata', 'name', 'nested', 'value']);
  t.is(fieldTypeName(type, 'kind'), 'string');
  t.is(fieldTypeName(type, 'metadata'), 'CustomObject.metadata');
  t.deepEqual([...asObject(type.fields.get('metadata')!.type).fields.keys()].sort(), ['generateName', 'name']);
  t.is(fieldTypeName(type, 'nested'), 'CustomObject.nested');
  t.is(fieldTypeName(type, 'nested', 'flags'), 'map(string, bool)');
});

test('a resource root that declares kind, apiVersion, metadata.name and generateName keeps its schema', (t) => {
  const string = { type: 'string', maxLength: 5 };
  const schema: OpenApiV3Schema = {
    type: 'object',
    properties: {
      kind: string,
      apiVersion: string,
      metadata: { type: 'object', properties: { name: string, generateName: string, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
    },
  };
  const type = asObject(schemaCelType(schema, true));
  t.is(maxElements(type.fields.get('kind')!.type), 20);
  t.deepEqual([...asObject(type.fields.get('metadata')!.type).fields.keys()], ['name', 'generateName', 'labels']);
});

test('object types are named after their place in the schema', (t) => {
  const schema: OpenApiV3Schema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          replicas: { type: 'integer' },
          selector: { type: 'object', additionalProperties: { type: 'string' } },
          containers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, port: { 'x-kubernetes-int-or-string': true } } } },
          volumes: { type: 'object', additionalProperties: { type: 'object', properties: { size: { type: 'string' } } } },
          'storage-class': { type: 'string', nullable: true },
          namespace: { type: 'string' },
        },
      },
    },
  };
  const self = asObject(assignTypeNames(schemaCelType(schema, true)!, 'selfType123'));
  t.is(celTypeName(self), 'selfType123');
  t.is(fieldTypeName(self, 'spec'), 'selfType123.spec');
  t.is(fieldTypeName(self, 'spec', 'replicas'), 'int');
  t.is(fieldTypeName(self, 'spec', 'selector'), 'map(string, string)');
  t.is(fieldTypeName(self, 'spec', 'containers'), 'list(selfType123.spec.containers.@idx)');
  t.is(fieldTypeName(self, 'spec', 'volumes'), 'map(string, selfType123.spec.volumes.@elem)');
  t.is(fieldTypeName(self, 'spec', 'storage__dash__class'), 'string');
  t.is(fieldTypeName(self, 'spec', '__namespace__'), 'string');
  const spec = asObject(self.fields.get('spec')!.type);
  const containers = spec.fields.get('containers')!.type;
  t.is(containers.kind === 'list' ? fieldTypeName(asObject(containers.elem), 'port') : '', 'dyn');
  t.is(spec.fields.get('storage__dash__class')!.propertyName, 'storage-class');
  const storageClass = spec.fields.get('storage__dash__class')!.type;
  t.true(storageClass.kind === 'string' && storageClass.nullable === true);
  const replicas = spec.fields.get('replicas')!.type;
  t.true(replicas.kind === 'int' && replicas.nullable === undefined);
  t.is(findField(spec, 'namespace'), undefined);
  t.is(findField(spec, 'namespace', true)?.propertyName, 'namespace');
  t.is(findField(spec, 'replicas')?.propertyName, 'replicas');
});

test('an object keeps its own name when it already has one', (t) => {
  const named = assignTypeNames(objectType('Named', [{ name: 'a', propertyName: 'a', type: schemaCelType({ type: 'object', properties: {} })!, required: false }]), 'Other');
  t.is(celTypeName(named), 'Named');
  t.is(fieldTypeName(asObject(named), 'a'), 'Named.a');
});

test('scalar schemas map to int, double, bool, string, bytes, timestamp and duration', (t) => {
  const name = (schema: OpenApiV3Schema): string | undefined => {
    const type = schemaCelType(schema);
    return type === undefined ? undefined : celTypeName(type);
  };
  t.is(name({ type: 'integer' }), 'int');
  t.is(name({ type: 'integer', format: 'int32' }), 'int');
  t.is(name({ type: 'number' }), 'double');
  t.is(name({ type: 'number', format: 'float' }), 'double');
  t.is(name({ type: 'boolean' }), 'bool');
  t.is(name({ type: 'string' }), 'string');
  t.is(name({ type: 'string', format: 'byte' }), 'bytes');
  t.is(name({ type: 'string', format: 'date' }), 'google.protobuf.Timestamp');
  t.is(name({ type: 'string', format: 'date-time' }), 'google.protobuf.Timestamp');
  t.is(name({ type: 'string', format: 'duration' }), 'google.protobuf.Duration');
  t.is(name({ type: 'string', format: 'uri' }), 'string');
  t.is(name({ 'x-kubernetes-int-or-string': true }), 'dyn');
  t.is(name({ type: 'string', 'x-kubernetes-int-or-string': true }), 'dyn');
  t.is(name({ type: 'object' }), 'object');
});

test('schemas without a type are not exposed, nor lists and maps of them', (t) => {
  t.is(schemaCelType(undefined), undefined);
  t.is(schemaCelType({}), undefined);
  t.is(schemaCelType({ 'x-kubernetes-preserve-unknown-fields': true }), undefined);
  t.is(schemaCelType({ type: 'array' }), undefined);
  t.is(schemaCelType({ type: 'array', items: {} }), undefined);
  t.is(schemaCelType({ type: 'object', additionalProperties: {} }), undefined);
  t.is(schemaCelType({ type: 'object', additionalProperties: { type: 'array', items: { 'x-kubernetes-preserve-unknown-fields': true } } }), undefined);
  const type = asObject(
    schemaCelType({ type: 'object', properties: { known: { type: 'integer' }, anything: { 'x-kubernetes-preserve-unknown-fields': true }, '1up': { type: 'string' } } }),
  );
  t.deepEqual([...type.fields.keys()], ['known']);
});

test('preserve-unknown-fields exposes only the declared properties; additionalProperties true is no map', (t) => {
  const preserved = asObject(schemaCelType({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { a: { type: 'string' } } }));
  t.deepEqual([...preserved.fields.keys()], ['a']);
  t.is(asObject(schemaCelType({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true })).fields.size, 0);
  t.is(asObject(schemaCelType({ type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } })).fields.size, 1);
  t.is(asObject(schemaCelType({ type: 'object', additionalProperties: false })).fields.size, 0);
});

test('an embedded resource has apiVersion, kind and metadata name and generateName', (t) => {
  const type = asObject(
    schemaCelType({
      type: 'object',
      properties: {
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
        templates: { type: 'array', items: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } } },
      },
    }),
  );
  const template = asObject(type.fields.get('template')!.type);
  t.deepEqual([...template.fields.keys()].sort(), ['apiVersion', 'kind', 'metadata']);
  t.deepEqual([...asObject(template.fields.get('metadata')!.type).fields.keys()], ['name', 'generateName']);
  const templates = type.fields.get('templates')!.type;
  t.deepEqual(templates.kind === 'list' ? [...asObject(templates.elem).fields.keys()].sort() : [], ['apiVersion', 'kind', 'metadata', 'spec']);
});

test('lists record their x-kubernetes-list-type and map keys', (t) => {
  const set = schemaCelType({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } });
  t.true(set?.kind === 'list' && set.listType === 'set' && set.listMapKeys === undefined);
  const map = schemaCelType({
    type: 'array',
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['name', 'protocol'],
    items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' } } },
  });
  t.true(map?.kind === 'list' && map.listType === 'map');
  t.deepEqual(map?.kind === 'list' ? map.listMapKeys : undefined, ['name', 'protocol']);
  t.is(celTypeName(map!), 'list(object)');
  const atomic = schemaCelType({ type: 'array', items: { type: 'integer' } });
  t.true(atomic?.kind === 'list' && atomic.listType === undefined);
});

const arraySchema = (itemType: string, format?: string, maxItems?: number): OpenApiV3Schema => ({
  type: 'array',
  items: { type: itemType, ...(format === undefined ? {} : { format }) },
  ...(maxItems === undefined ? {} : { maxItems }),
});

// Kubernetes' TestEstimateMaxLengthJSON, with its expected values.
const maxElementCases: readonly (readonly [string, OpenApiV3Schema, number])[] = [
  ['booleanArray', arraySchema('boolean'), 629145],
  ['durationArray', arraySchema('string', 'duration'), 786431],
  ['datetimeArray', arraySchema('string', 'date-time'), 142987],
  ['dateArray', arraySchema('string', 'date'), 241978],
  ['numberArray', arraySchema('integer'), 1572863],
  ['stringArray', arraySchema('string'), 1048575],
  ['stringMap', { type: 'object', additionalProperties: { type: 'string' } }, 393215],
  [
    'objectOptionalPropertyArray',
    { type: 'array', items: { type: 'object', required: ['required'], properties: { required: { type: 'string' }, optional: { type: 'string' } } } },
    185042,
  ],
  ['arrayWithLength', arraySchema('integer', 'int64', 10), 10],
  ['stringWithLength', { type: 'string', maxLength: 20 }, 80],
  ['mapWithLength', { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 15 }, 15],
  ['durationMaxSize', { type: 'string', format: 'duration' }, 32],
  ['dateSize', { type: 'string', format: 'date' }, 12],
  ['maxdatetimeSize', { type: 'string', format: 'date-time' }, 32],
  ['maxintOrStringSize', { 'x-kubernetes-int-or-string': true }, 3 * 1024 * 1024 - 2],
  ['objectDefaultFieldArray', { type: 'array', items: { type: 'object', required: ['field'], properties: { field: { type: 'string', default: 'default' } } } }, 1048575],
  ['byteStringSize', { type: 'string', format: 'byte' }, 3145726],
  ['byteStringSetMaxLength', { type: 'string', format: 'byte', maxLength: 20 }, 20],
  // Beyond Kubernetes' table: enums, int-or-string with maxLength, negative maxima.
  ['stringEnum', { type: 'string', enum: ['a', 'bbb', 'é'] }, 3],
  ['stringEnumWithMaxLength', { type: 'string', enum: ['a'], maxLength: 2 }, 8],
  ['intOrStringWithMaxLength', { 'x-kubernetes-int-or-string': true, maxLength: 10 }, 40],
  ['negativeMaxItems', arraySchema('string', undefined, -1), 0],
  ['mapOfIntegers', { type: 'object', additionalProperties: { type: 'integer' } }, Math.floor(3145726 / 7)],
  ['listOfLists', { type: 'array', items: { type: 'array', items: { type: 'string' } } }, Math.floor(3145726 / 3)],
  ['objectWithDefaultedRequired', { type: 'object', required: ['a'], properties: { a: { type: 'integer', default: 0 } } }, 0],
];

test('max elements are the schema maxima, or estimated from the 3 MiB request limit as Kubernetes does', (t) => {
  for (const [name, schema, expected] of maxElementCases) {
    const type = schemaCelType(schema);
    t.is(type === undefined ? undefined : maxElements(type), expected, name);
  }
});

test('min serialized sizes follow the JSON of the smallest value', (t) => {
  const size = (schema: OpenApiV3Schema): number => minSerializedSize(schemaCelType(schema)!);
  t.is(size({ type: 'boolean' }), 4);
  t.is(size({ type: 'integer' }), 1);
  t.is(size({ type: 'string' }), 2);
  t.is(size({ type: 'string', format: 'duration' }), 3);
  t.is(size({ type: 'string', format: 'date' }), 12);
  t.is(size({ type: 'string', format: 'date-time' }), 21);
  t.is(size({ 'x-kubernetes-int-or-string': true }), 1);
  t.is(size({ type: 'array', items: { type: 'string' } }), 2);
  // {"a":{"bb":true}}: 2 + (1 + inner + 4), inner = 2 + (2 + 4 + 4)
  t.is(size({ type: 'object', required: ['a'], properties: { a: { type: 'object', required: ['bb'], properties: { bb: { type: 'boolean' } } } } }), 2 + 1 + 12 + 4);
  // An unreachable required property still takes its room.
  t.is(size({ type: 'object', required: ['1up'], properties: { '1up': { type: 'integer' } } }), 2 + 3 + 1 + 4);
});

test('types from schemas keep their sizes in every field of the tree', (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (maxItems, maxLength) => {
      const type = asObject(schemaCelType({ type: 'object', properties: { items: { type: 'array', maxItems, items: { type: 'string', maxLength } } } }));
      const items = type.fields.get('items')!.type;
      return items.kind === 'list' && maxElements(items) === maxItems && maxElements(items.elem) === maxLength * 4;
    }),
  );
  t.pass();
});
