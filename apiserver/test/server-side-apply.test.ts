// Server-side apply's pieces against the declared types: FieldsV1 encoding (golden), the fields a
// configuration owns, the merge of a configuration, and the invariants any apply keeps
// (properties, with fast-check).

import test from 'ava';
import fc from 'fast-check';
import { builtinTypes } from '@capstan/common/schema';
import { mergeConfiguration, removeItems } from '../src/apply/apply-merge.ts';
import { FieldSet, printPath } from '../src/apply/field-set.ts';
import { SchemaNodes } from '../src/apply/schema-nodes.ts';
import { compareValues, fieldSetOf } from '../src/apply/value-fields.ts';
import { reconcileWithSchema } from '../src/apply/schema-reconcile.ts';

const nodes = new SchemaNodes((name) => builtinTypes.get(name));
const pod = nodes.ofType('io.k8s.api.core.v1.Pod');
const configMap = nodes.ofType('io.k8s.api.core.v1.ConfigMap');

test('FieldsV1: "." first, then fields by name, keys, values and indices; leaves are {}', (t) => {
  const set = FieldSet.fromPaths([
    ['f:spec', 'f:containers', 'k:{"name":"b"}'],
    ['f:spec', 'f:containers', 'k:{"name":"a"}', 'f:image'],
    ['f:spec', 'f:containers', 'k:{"name":"a"}'],
    ['f:metadata', 'f:finalizers', 'v:"x"'],
    ['f:metadata', 'f:labels'],
    ['f:metadata', 'f:labels', 'f:app'],
    ['f:apiVersion'],
  ]);
  const encoded = set.toFieldsV1();
  t.is(
    JSON.stringify(encoded),
    '{"f:apiVersion":{},"f:metadata":{"f:finalizers":{"v:\\"x\\"":{}},"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"a\\"}":{".":{},"f:image":{}},"k:{\\"name\\":\\"b\\"}":{}}}}',
  );
  t.true(FieldSet.fromFieldsV1(encoded).equals(set));
  t.is(
    printPath(['f:spec', 'f:containers', 'k:{"name":"a"}', 'f:ports', 'k:{"containerPort":80,"protocol":"TCP"}']),
    '.spec.containers[name="a"].ports[containerPort=80,protocol="TCP"]',
  );
  t.is(printPath(['f:metadata', 'f:finalizers', 'v:"x"']), '.metadata.finalizers[="x"]');
});

test('an applied configuration owns its leaves, list items, map entries and explicit empties, not the structs around them', (t) => {
  const config = {
    metadata: { name: 'p', labels: { app: 'x' } },
    spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 80, protocol: 'TCP' }] }], securityContext: {} },
  };
  t.deepEqual(fieldSetOf(config, pod, nodes).toFieldsV1(), {
    'f:metadata': { 'f:labels': { 'f:app': {} }, 'f:name': {} },
    'f:spec': {
      'f:containers': {
        'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} } } },
      },
      'f:securityContext': {},
    },
  });
});

test("a merge keeps live-only list items in place and the configuration's order among shared ones; atomic lists are replaced", (t) => {
  const live = {
    spec: {
      containers: [
        { name: 'a', image: '1' },
        { name: 'x', image: 'live' },
        { name: 'b', image: '1' },
      ],
      tolerations: [{ key: 'k' }],
    },
  };
  const config = {
    spec: {
      containers: [
        { name: 'b', image: '2' },
        { name: 'a', image: '2' },
      ],
      tolerations: [{ key: 'z' }],
    },
  };
  const merged = mergeConfiguration(live, config, pod, nodes) as any;
  t.deepEqual(
    merged.spec.containers.map((c: { name: string; image: string }) => `${c.name}=${c.image}`),
    ['x=live', 'b=2', 'a=2'],
  );
  t.deepEqual(merged.spec.tolerations, [{ key: 'z' }]);
  const removed = removeItems(merged, FieldSet.fromPaths([['f:spec', 'f:containers', 'k:{"name":"x"}']]), pod, nodes) as any;
  t.deepEqual(
    removed.spec.containers.map((c: { name: string }) => c.name),
    ['b', 'a'],
  );
});

/** The value a path of field elements leads to (fields only: enough for ConfigMaps). */
const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((at, element) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[element.slice(2)] : undefined), value);

const dataMaps = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.string({ maxLength: 2 }), { maxKeys: 4 });

test("property: a merge holds the configuration's values, keeps what it does not name, and is idempotent", (t) => {
  fc.assert(
    fc.property(dataMaps, dataMaps, dataMaps, (liveData, configData, labels) => {
      const live = { metadata: { name: 'x', labels }, data: liveData };
      const config = { data: configData };
      const merged = mergeConfiguration(live, config, configMap, nodes) as { data: Record<string, string>; metadata: unknown };
      t.deepEqual(merged.data, { ...liveData, ...configData });
      t.deepEqual(merged.metadata, live.metadata);
      t.deepEqual(mergeConfiguration(merged, config, configMap, nodes), merged);
      // After the merge the configuration changes nothing, and its fields are all in the result.
      const again = compareValues(merged, mergeConfiguration(merged, config, configMap, nodes), configMap, nodes);
      t.true(again.added.isEmpty && again.modified.isEmpty && again.removed.isEmpty);
      for (const path of fieldSetOf(config, configMap, nodes).paths()) t.not(valueAt(merged, path), undefined);
    }),
  );
});

test('property: FieldsV1 round-trips any set, and set algebra agrees with membership', (t) => {
  const element = fc.oneof(fc.constantFrom('f:a', 'f:b', 'f:c'), fc.constantFrom('k:{"name":"x"}', 'v:"y"', 'i:0'));
  const paths = fc.array(fc.array(element, { minLength: 1, maxLength: 4 }), { maxLength: 8 });
  fc.assert(
    fc.property(paths, paths, (left, right) => {
      const a = FieldSet.fromPaths(left);
      const b = FieldSet.fromPaths(right);
      t.true(FieldSet.fromFieldsV1(a.toFieldsV1()).equals(a));
      for (const path of [...left, ...right]) {
        t.is(a.union(b).has(path), a.has(path) || b.has(path));
        t.is(a.difference(b).has(path), a.has(path) && !b.has(path));
        t.is(a.intersection(b).has(path), a.has(path) && b.has(path));
      }
    }),
  );
});

test('sets written when a field was granular are fitted once it is atomic; sets that fit are kept as they are', (t) => {
  const deployment = nodes.ofType('io.k8s.api.apps.v1.Deployment');
  // spec.selector is atomic (a LabelSelector): an owner of one of its labels owns it whole.
  const older = FieldSet.fromPaths([
    ['f:spec', 'f:selector', 'f:matchLabels', 'f:app'],
    ['f:spec', 'f:replicas'],
  ]);
  const fitted = reconcileWithSchema(older, deployment, nodes);
  t.deepEqual(fitted.toFieldsV1(), { 'f:spec': { 'f:replicas': {}, 'f:selector': {} } });
  const current = FieldSet.fromPaths([
    ['f:spec', 'f:selector'],
    ['f:metadata', 'f:labels', 'f:app'],
  ]);
  t.is(reconcileWithSchema(current, deployment, nodes), current);
});

test('a list item that leaves a key field out is keyed with its default: an applied port without protocol is the live TCP port', (t) => {
  const live = { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }] }] } };
  const config = { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, name: 'http' }] }] } };
  const merged = mergeConfiguration(live, config, pod, nodes) as any;
  t.deepEqual(merged.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP', name: 'http' }]);
  t.true(fieldSetOf(config, pod, nodes).has(['f:spec', 'f:containers', 'k:{"name":"c"}', 'f:ports', 'k:{"containerPort":80,"protocol":"TCP"}']));
});
