// The defaults of a CustomResourceDefinition's schema, checked as kube-apiserver 1.35 checks them
// (defaulting.ValidateDefaults): pruned, well-formed embedded resources, valid by the schema's
// values and its x-kubernetes-validations rules. Every expected list marked "(kube-apiserver
// 1.35.4)" was read from the real kube-apiserver 1.35.4 answering a dry-run POST of the same CRD;
// kube walks properties in Go's random map order, so several errors are compared as sets.

import { fieldErrorMessage, type FieldError } from '@capstan/common';
import test from 'ava';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { defaultsErrors, hasUnprunedDefaults } from '../src/resources/apiextensions/customresourcedefinitions/crd-defaults-validation.ts';
import { defaultCustomResourceDefinition } from '../src/resources/apiextensions/customresourcedefinitions/crd-defaults.ts';
import { customResourceDefinitionStrategy } from '../src/resources/apiextensions/customresourcedefinitions/crd-strategy.ts';
import { customResourceDefinitionErrors, customResourceDefinitionUpdateErrors } from '../src/resources/apiextensions/customresourcedefinitions/crd-validation.ts';

const messages = (errors: readonly FieldError[]): string[] => errors.map(fieldErrorMessage);
const sorted = (errors: readonly FieldError[]): string[] => messages(errors).sort();

/** A one-version CRD as a create stores it, with `spec` as the properties of its schema's spec. */
function crdWith(spec: JsonObject): JsonObject {
  const crd: JsonObject = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'foos.t.example.com' },
    spec: {
      group: 't.example.com',
      scope: 'Namespaced',
      names: { plural: 'foos', kind: 'Foo' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: spec } } } } }],
    },
  };
  defaultCustomResourceDefinition(crd);
  customResourceDefinitionStrategy.prepareForCreate?.(crd);
  return crd;
}

const at = 'spec.validation.openAPIV3Schema.properties[spec]';

test('a default must be of its type, meet its bounds and have no field the schema prunes (kube-apiserver 1.35.4)', (t) => {
  const crd = crdWith({
    a: { type: 'string', default: 5 },
    b: { type: 'integer', minimum: 3, default: 1 },
    c: { type: 'object', properties: { x: { type: 'string' } }, default: { x: '1', y: 2 } },
    d: { type: 'string', default: 'fine' },
  });
  t.deepEqual(sorted(customResourceDefinitionErrors(crd)), [
    `${at}.properties[a].default: Invalid value: "integer":  in body must be of type string: "integer"`,
    `${at}.properties[b].default: Invalid value: 1:  in body should be greater than or equal to 3`,
    `${at}.properties[c].default: Invalid value: {"x":"1","y":2}: must not have unknown fields`,
  ]);
});

test('the errors inside a default are below its path, named as the value validator names them (kube-apiserver 1.35.4)', (t) => {
  const object = crdWith({
    c: {
      type: 'object',
      required: ['z'],
      properties: { x: { type: 'string', enum: ['p', 'q'] }, z: { type: 'string' }, l: { type: 'array', items: { type: 'integer', maximum: 2 } } },
      default: { x: 'r', l: [1, 5] },
    },
  });
  t.deepEqual(sorted(customResourceDefinitionErrors(object)), [
    `${at}.properties[c].default.l[1]: Invalid value: 5: l[1] in body should be less than or equal to 2`,
    `${at}.properties[c].default.x: Unsupported value: "r": supported values: "p", "q"`,
    `${at}.properties[c].default.z: Required value`,
  ]);
  const list = crdWith({
    l: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer', default: 's' } }, default: { n: 1, m: 2 } }, default: [{ n: 'k' }] },
  });
  t.deepEqual(sorted(customResourceDefinitionErrors(list)), [
    `${at}.properties[l].default.[0].n: Invalid value: "string": [0].n in body must be of type integer: "string"`,
    `${at}.properties[l].items.default: Invalid value: {"m":2,"n":1}: must not have unknown fields`,
    `${at}.properties[l].items.properties[n].default: Invalid value: "string":  in body must be of type integer: "string"`,
  ]);
});

test('a default is checked by the x-kubernetes-validations rules of its node and below, a rule that does not compile said so (kube-apiserver 1.35.4)', (t) => {
  const crd = crdWith({
    c: {
      type: 'object',
      'x-kubernetes-validations': [{ rule: 'self.x != "bad"', message: 'x is bad' }],
      properties: { x: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.size() < 3' }] } },
      default: { x: 'bad' },
    },
    d: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }], default: 'q' },
    e: { type: 'integer', 'x-kubernetes-validations': [{ rule: '!has(oldSelf) || self > oldSelf', optionalOldSelf: true, message: 'must grow' }], default: 3 },
  });
  t.deepEqual(sorted(customResourceDefinitionErrors(crd)), [
    `${at}.properties[c].default.x: Invalid value: "bad": failed rule: self.size() < 3`,
    `${at}.properties[c].default: Invalid value: x is bad`,
    `${at}.properties[e].default: Invalid value: "integer": rule compile error: compilation failed: ERROR: <input>:1:6: invalid argument to has() macro\n | !has(oldSelf) || self > oldSelf\n | .....^`,
  ]);
});

test('an embedded resource default is checked as a resource; the defaults of metadata only by value (kube-apiserver 1.35.4)', (t) => {
  const embedded = crdWith({
    e: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, default: { kind: 'Pod', apiVersion: 'a/b/c' } },
  });
  t.deepEqual(messages(customResourceDefinitionErrors(embedded)), [`${at}.properties[e].default.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c`]);
  const metadata = crdWith({});
  const schema = ((((metadata.spec as JsonObject).versions as JsonObject[])[0] as JsonObject).schema as JsonObject).openAPIV3Schema as JsonObject;
  (schema.properties as JsonObject).metadata = { type: 'object', properties: { name: { type: 'string', maxLength: 3, default: 'abcdef' } } };
  t.deepEqual(messages(customResourceDefinitionErrors(metadata)), [
    'spec.validation.openAPIV3Schema.properties[metadata].properties[name].default: Too long: may not be more than 3 bytes',
    'spec.validation.openAPIV3Schema.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata',
  ]);
});

test('each version reports at its own schema path (kube-apiserver 1.35.4)', (t) => {
  const crd = crdWith({});
  const spec = crd.spec as JsonObject;
  spec.versions = [
    { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { a: { type: 'string', default: 'ok' } } } } },
    { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', properties: { a: { type: 'integer', default: 'bad' } } } } },
  ];
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    'spec.versions[1].schema.openAPIV3Schema.properties[a].default: Invalid value: "string":  in body must be of type integer: "string"',
  ]);
});

test('an update keeps a stored CRD whose defaults pruning changes, as kube keeps one accepted before defaults were pruned', (t) => {
  const unpruned = { type: 'object', properties: { c: { type: 'object', properties: { x: { type: 'string' } }, default: { x: '1', y: 2 } } } };
  t.true(hasUnprunedDefaults(unpruned));
  t.false(hasUnprunedDefaults({ type: 'object', properties: { c: { type: 'string', default: 'x' } } }));
  t.deepEqual(messages(defaultsErrors(unpruned, 's', true)), ['s.properties[c].default: Invalid value: {"x":"1","y":2}: must not have unknown fields']);
  t.deepEqual(defaultsErrors(unpruned, 's', false), []);
  const old = crdWith({ c: unpruned.properties.c });
  const next = structuredClone(old);
  (next.metadata as JsonObject).labels = { changed: 'yes' };
  t.deepEqual(customResourceDefinitionUpdateErrors(next, old, []), []);
  t.deepEqual(messages(customResourceDefinitionErrors(next)), [`${at}.properties[c].default: Invalid value: {"x":"1","y":2}: must not have unknown fields`]);
});
