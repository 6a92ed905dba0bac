// The OpenAPI of custom resources (apiserver/src/openapi): a CRD version's schema published as
// kube-apiserver 1.35.4 publishes it. The expected schemas marked "(kube)" were read from a real
// kube-apiserver 1.35.4 with the CRD widgets.example.com below created there: its /openapi/v2
// definitions and /openapi/v3/apis/example.com/v1 components (descriptions of the type meta and
// metadata aside, which Capstan words in its own way).

import test from 'ava';
import { customKindSchemas } from '../src/openapi/custom-kind-schemas.ts';
import { openApiV2CustomSchemaOf } from '../src/openapi/openapi-v2-custom-schema.ts';
import { publishedStructuralSchema } from '../src/openapi/published-structural-schema.ts';
import { isCustomResource, type CustomResourceDefinition } from '../src/resources/resource-definition.ts';
import { declarationsWithoutWebhook } from './crd-declarations.ts';

type Json = Record<string, unknown>;

const widgetSpec = {
  description: 'The desired state of the Widget.',
  type: 'object',
  required: ['color', 'nick'],
  properties: {
    color: { description: 'The colour.', type: 'string', enum: ['red', 'green'], default: 'red', example: 'red' },
    nick: { type: 'string', nullable: true, maxLength: 20 },
    port: { 'x-kubernetes-int-or-string': true },
    choice: {
      type: 'object',
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
      not: { required: ['c'] },
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
    },
    nullmap: { type: 'object', nullable: true, properties: { x: { type: 'string' } } },
    free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'string' } } },
    arr: { type: 'array', 'x-kubernetes-preserve-unknown-fields': true, items: { type: 'string' } },
    template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    embedded: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object', properties: { foo: { type: 'string' } } } } },
    ports: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'The name' }, number: { type: 'integer', default: 80, multipleOf: 2 } } },
    },
    weird: { type: 'string', format: 'not-a-format' },
  },
  'x-kubernetes-validations': [{ rule: 'self.nick != "x"', message: 'no x' }],
};

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com', resourceVersion: '1' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        selectableFields: [{ jsonPath: '.spec.color' }],
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
        schema: { openAPIV3Schema: { description: 'Widget is a test kind.', type: 'object', properties: { spec: widgetSpec } } },
      },
      {
        name: 'v1beta1',
        served: true,
        storage: false,
        schema: {
          openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { spec: { type: 'object', properties: { color: { type: 'string' } } } } },
        },
      },
    ],
  },
  status: { acceptedNames: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' } },
};

const declarations = (crd: Json): CustomResourceDefinition[] => declarationsWithoutWebhook(crd).filter(isCustomResource);
const [widgetV1, widgetV1beta1] = declarations(widgetCrd) as [CustomResourceDefinition, CustomResourceDefinition];

/** A schema without the type meta and metadata kube and Capstan describe in their own words. */
function withoutTypeMeta(schema: Json | undefined): Json {
  const { properties, ...rest } = schema ?? {};
  const { apiVersion: _a, kind: _k, metadata: _m, ...own } = properties as Json;
  return { ...rest, properties: own };
}

test('v3: the schema as kube publishes it: examples dropped, int-or-string unfolded, validations and defaults kept (kube)', (t) => {
  const schemas = customKindSchemas(widgetV1, 'v3');
  t.deepEqual(Object.keys(schemas), ['com.example.v1.Widget', 'com.example.v1.WidgetList']);
  const widget = schemas['com.example.v1.Widget'] as Json & { properties: Record<string, Json> };
  t.like(widget.properties.metadata, { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }] });
  t.like(widget.properties.apiVersion, { type: 'string' });
  t.deepEqual(widget['x-kubernetes-group-version-kind'], [{ group: 'example.com', kind: 'Widget', version: 'v1' }]);
  t.deepEqual(widget['x-kubernetes-selectable-fields'], [{ fieldPath: 'spec.color' }]);
  const spec = (withoutTypeMeta(widget).properties as Record<string, Json & { properties: Record<string, Json> }>).spec;
  t.deepEqual(spec?.properties.color, { description: 'The colour.', type: 'string', default: 'red', enum: ['red', 'green'] });
  t.deepEqual(spec?.properties.port, { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true });
  t.deepEqual(spec?.properties.nick, { type: 'string', nullable: true, maxLength: 20 });
  t.deepEqual(spec?.properties.choice, {
    type: 'object',
    oneOf: [{ required: ['a'] }, { required: ['b'] }],
    not: { required: ['c'] },
    properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
  });
  t.deepEqual(spec?.properties.weird, { type: 'string', format: 'not-a-format' });
  t.deepEqual(spec?.['x-kubernetes-validations'], [{ rule: 'self.nick != "x"', message: 'no x' }]);
  // An embedded resource gets the type meta and metadata, and requires kind and apiVersion, also when it keeps unknown fields.
  for (const name of ['embedded', 'template']) {
    const embedded = spec?.properties[name] as Json & { properties: Json };
    t.deepEqual(embedded.required, ['kind', 'apiVersion'], name);
    t.deepEqual(
      Object.keys(embedded.properties).filter((key) => ['apiVersion', 'kind', 'metadata'].includes(key)),
      ['apiVersion', 'kind', 'metadata'],
      name,
    );
  }
});

test('v2: nullable, junctors, defaults and what keeps unknown fields are stripped as kube strips them (kube)', (t) => {
  const widget = customKindSchemas(widgetV1, 'v2')['com.example.v1.Widget'];
  t.like(widget, { properties: { metadata: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' } } });
  const { embedded, ...properties } = ((withoutTypeMeta(widget).properties as Record<string, Json>).spec as { properties: Record<string, Json> }).properties;
  t.deepEqual(properties, {
    arr: { 'x-kubernetes-preserve-unknown-fields': true },
    choice: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } } },
    color: { description: 'The colour.', type: 'string', enum: ['red', 'green'] },
    free: { 'x-kubernetes-preserve-unknown-fields': true },
    nick: { maxLength: 20 },
    nullmap: {},
    port: { 'x-kubernetes-int-or-string': true },
    ports: {
      type: 'array',
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'The name' }, number: { type: 'integer', multipleOf: 2 } } },
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-list-type': 'map',
    },
    // Keeping unknown fields, it is given no fields of its own in v2.
    template: { 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    weird: { type: 'string', format: 'not-a-format' },
  });
  t.like(embedded, {
    type: 'object',
    required: ['kind', 'apiVersion'],
    properties: { metadata: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }, spec: { type: 'object', properties: { foo: { type: 'string' } } } },
  });
  const spec = (withoutTypeMeta(widget).properties as Record<string, Json>).spec as Json;
  // nick is nullable: not required in v2.
  t.deepEqual(spec.required, ['color']);
  t.deepEqual(spec['x-kubernetes-validations'], [{ rule: 'self.nick != "x"', message: 'no x' }]);
});

test('v2: a kind that keeps unknown fields at its root is an untyped object; v3 lists its fields (kube)', (t) => {
  t.deepEqual(customKindSchemas(widgetV1beta1, 'v2')['com.example.v1beta1.Widget'], {
    type: 'object',
    'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Widget', version: 'v1beta1' }],
  });
  const v3 = customKindSchemas(widgetV1beta1, 'v3')['com.example.v1beta1.Widget'] as { properties: Json };
  t.deepEqual(Object.keys(v3.properties), ['apiVersion', 'kind', 'metadata', 'spec']);
});

test('the List: items of the kind, ListMeta, its own group-version-kind (kube)', (t) => {
  const list = customKindSchemas(widgetV1, 'v2')['com.example.v1.WidgetList'] as Json & { properties: Record<string, Json> };
  t.deepEqual(list.required, ['items']);
  t.like(list.properties.items, { type: 'array', items: { $ref: '#/definitions/com.example.v1.Widget' } });
  t.like(list.properties.metadata, { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta' });
  t.deepEqual(list['x-kubernetes-group-version-kind'], [{ group: 'example.com', kind: 'WidgetList', version: 'v1' }]);
});

test("the conformance tests' check: the v2 definition is the CRD schema itself once the type meta, metadata and extensions are left out", (t) => {
  const schemaFoo = {
    description: 'Foo CRD for Testing',
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        description: 'Specification of Foo',
        properties: {
          bars: {
            description: 'List of Bars and their specs.',
            type: 'array',
            items: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { description: 'Name of Bar.', type: 'string' },
                feeling: { description: 'Whether Bar is feeling great.', type: 'string', enum: ['Great', 'Down'] },
                bazs: { description: 'List of Bazs.', items: { type: 'string' }, type: 'array' },
              },
            },
          },
        },
      },
      status: { type: 'object', properties: { qux: { type: 'string', pattern: 'in-tree|out-of-tree' } } },
    },
  };
  const crd = structuredClone(widgetCrd);
  crd.spec.versions = [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schemaFoo } }] as never;
  const [foo] = declarations(crd) as [CustomResourceDefinition];
  const { 'x-kubernetes-group-version-kind': _gvk, ...definition } = customKindSchemas(foo, 'v2')['com.example.v1.Widget'] as Json;
  t.deepEqual(withoutTypeMeta(definition), schemaFoo);
});

test('v2 stripping: a nullable additionalProperties takes every required field away; an array left without items loses its type', (t) => {
  t.deepEqual(openApiV2CustomSchemaOf({ type: 'object', required: ['a'], additionalProperties: { type: 'string', nullable: true } }), {
    type: 'object',
    additionalProperties: {},
  });
  t.deepEqual(openApiV2CustomSchemaOf({ type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { a: { type: 'string' } } } }), {
    type: 'array',
    items: { 'x-kubernetes-preserve-unknown-fields': true },
  });
  t.deepEqual(openApiV2CustomSchemaOf({ type: 'array', nullable: true, items: { type: 'string' } }), {});
});

test('an int-or-string node with an anyOf of its own gets the integer-or-string pair as its first allOf clause', (t) => {
  const schema = {
    type: 'object',
    properties: { port: { 'x-kubernetes-int-or-string': true, anyOf: [{ maximum: 10 }, { pattern: '^a' }], allOf: [{ minimum: 1 }] } },
  };
  t.deepEqual((publishedStructuralSchema(schema) as { properties: Json }).properties.port, {
    allOf: [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, { minimum: 1 }],
    anyOf: [{ maximum: 10 }, { pattern: '^a' }],
    'x-kubernetes-int-or-string': true,
  });
  const already = { type: 'object', properties: { port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } } };
  t.deepEqual((publishedStructuralSchema(already) as { properties: Json }).properties.port, already.properties.port);
});

test('a schema that is not structural is not published: the kind is an untyped object', (t) => {
  t.is(publishedStructuralSchema({ type: 'object', properties: { a: { $ref: '#/definitions/x' } } }), undefined);
  t.is(publishedStructuralSchema({ type: 'object', properties: { a: { description: 'no type' } } }), undefined);
  const crd = structuredClone(widgetCrd);
  crd.spec.versions = [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { a: {} } } } }] as never;
  const [untyped] = declarations(crd) as [CustomResourceDefinition];
  t.deepEqual(customKindSchemas(untyped, 'v3')['com.example.v1.Widget'], {
    type: 'object',
    'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Widget', version: 'v1' }],
  });
});
