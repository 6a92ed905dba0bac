// A custom resource's declarations as they read stored objects and select them: the defaults of
// the stored version's schema on every read and the served version's pruning (kube's storage
// codec), and the field selectors of its selectableFields with kube's values and 400s. The
// answers were read from kube-apiserver 1.35.4 for the same CRD and objects.

import test from 'ava';
import { StatusError } from '@capstan/common';
import { compileFieldSelector } from '../src/registry/field-selector.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';
import { declarationsWithoutWebhook } from './crd-declarations.ts';

const spec = (properties: JsonObject): JsonObject => ({ openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties } } } });

/** An established CRD: v1 stored (a default for v1only), v2 served with fewer fields and a default of its own. */
function widgets(scope = 'Namespaced'): JsonObject {
  return {
    metadata: { name: 'widgets.example.com', uid: 'u' },
    spec: {
      group: 'example.com',
      scope,
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: spec({ color: { type: 'string' }, size: { type: 'integer' }, on: { type: 'boolean' }, v1only: { type: 'string', default: 'v1default' } }),
          selectableFields: [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }, { jsonPath: '.spec.on' }],
        },
        { name: 'v2', served: true, storage: false, schema: spec({ color: { type: 'string' }, size: { type: 'integer' }, extra: { type: 'string', default: 'v2default' } }) },
      ],
    },
    status: { acceptedNames: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' } },
  };
}

function served(crd: JsonObject, version: string): ResourceDefinition {
  const found = declarationsWithoutWebhook(crd).find((definition) => definition.version === version);
  if (found === undefined) throw new Error(`${version} is not served`);
  return found;
}

const stored = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default' }, spec: { color: 'c1', size: 1, on: false, gone: 1 } };

test("a stored object is read with its stored version's defaults and pruned by the version served, as kube-apiserver 1.35.4 reads it", (t) => {
  const fromStorage = (version: string) => served(widgets(), version).behaviour.conversion?.fromStorage(stored);
  t.deepEqual(fromStorage('v1'), { ...stored, spec: { color: 'c1', size: 1, on: false, v1only: 'v1default' } });
  // v2's own default is not applied on read: kube defaults before it converts.
  t.deepEqual(fromStorage('v2'), { ...stored, apiVersion: 'example.com/v2', spec: { color: 'c1', size: 1 } });
  // The stored object is left as it was (a watch event's object is every watcher's).
  t.deepEqual(stored.spec, { color: 'c1', size: 1, on: false, gone: 1 });
  // A CRD that keeps unknown fields reads its objects as they are stored.
  const kept = widgets();
  (kept.spec as JsonObject).preserveUnknownFields = true;
  t.is(served(kept, 'v1').behaviour.conversion, undefined);
});

const select = (definition: ResourceDefinition, selector: string) => compileFieldSelector(definition, selector, undefined);

test("a version's selectableFields are its field selectors, with the values kube's strategy renders", (t) => {
  const v1 = served(widgets(), 'v1');
  const object = { metadata: { name: 'w1', namespace: 'default' }, spec: { color: 'c1', size: 2, on: true } };
  const matches = (selector: string, value: JsonObject = object) => select(v1, selector)?.matches(value);
  t.true(matches('spec.color=c1'));
  t.true(matches('spec.size=2'));
  t.false(matches('spec.size=02'));
  t.true(matches('spec.on=true'));
  t.true(matches('metadata.namespace=default,metadata.name=w1'));
  // A missing field reads "" (a default added later is in the object read, see above).
  t.true(matches('spec.color=', { metadata: { name: 'w2' }, spec: {} }));
  t.true(matches('spec.on!=true', { metadata: { name: 'w2' } }));
});

test('other labels are kube\'s 400 "field label not supported", metadata.namespace too for a cluster-scoped resource', (t) => {
  const refused = (definition: ResourceDefinition, selector: string) => t.throws(() => select(definition, selector), { instanceOf: StatusError })?.status.message;
  t.is(refused(served(widgets(), 'v1'), 'spec.nope=1'), 'field label not supported: spec.nope');
  t.is(refused(served(widgets(), 'v2'), 'spec.color=c1'), 'field label not supported: spec.color');
  t.is(refused(served(widgets('Cluster'), 'v1'), 'metadata.namespace=x'), 'field label not supported: metadata.namespace');
  t.not(select(served(widgets('Cluster'), 'v1'), 'metadata.name=x'), undefined);
});

test("discovery's storage-version hash is the storage version's, and only while it is served", (t) => {
  t.is(served(widgets(), 'v2').custom?.storageVersionHash, 'gIwvi5rymmg=');
  const unserved = widgets();
  (((unserved.spec as JsonObject).versions as JsonObject[])[0] as JsonObject).served = false;
  t.is(served(unserved, 'v2').custom?.storageVersionHash, undefined);
});
