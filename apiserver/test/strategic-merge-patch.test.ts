// Strategic merge patch against the declared built-in types: kube's results for its directives and
// list orders (golden cases), and the invariants any patch keeps (properties, with fast-check).

import test from 'ava';
import fc from 'fast-check';
import { builtinTypes } from '@capstan/common/schema';
import { applyMergePatch } from '../src/patch/merge-patch.ts';
import { applyStrategicMergePatch, StrategicMergePatchError } from '../src/patch/strategic-merge-patch.ts';

const lookup = (name: string) => builtinTypes.get(name);
const pod = 'io.k8s.api.core.v1.Pod';
const deployment = 'io.k8s.api.apps.v1.Deployment';
const configMap = 'io.k8s.api.core.v1.ConfigMap';
const smp = (original: unknown, patch: unknown, type = pod) => applyStrategicMergePatch(original, patch, type, lookup) as Record<string, any>;

const containers = (...names: string[]) => names.map((name) => ({ name, image: `${name}:1` }));
const podWith = (list: unknown[]) => ({ metadata: { name: 'p' }, spec: { containers: list } });
const namesOf = (result: Record<string, any>) => result.spec.containers.map((c: { name: string }) => c.name);

test('a new item of a merging list goes before the live items, as kube puts it; a known one merges in place', (t) => {
  const result = smp(podWith(containers('a', 'b')), {
    spec: {
      containers: [
        { name: 'c', image: 'c:1' },
        { name: 'a', image: 'a:2' },
      ],
    },
  });
  t.deepEqual(namesOf(result), ['c', 'a', 'b']);
  t.deepEqual(result.spec.containers[1], { name: 'a', image: 'a:2' });
});

test('$setElementOrder orders the merged list; $patch: delete removes an item by its merge key', (t) => {
  const ordered = smp(podWith(containers('a', 'b')), {
    spec: { containers: [{ name: 'c', image: 'c:1' }], '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
  });
  t.deepEqual(namesOf(ordered), ['a', 'b', 'c']);
  const deleted = smp(podWith(containers('a', 'b')), { spec: { containers: [{ name: 'a', $patch: 'delete' }] } });
  t.deepEqual(namesOf(deleted), ['b']);
});

test('$patch: replace replaces a list or a map; $deleteFromPrimitiveList removes scalars; $retainKeys clears the others', (t) => {
  t.deepEqual(namesOf(smp(podWith(containers('a', 'b')), { spec: { containers: [{ name: 'z', image: 'z' }, { $patch: 'replace' }] } })), ['z']);
  const labels = smp({ metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { $patch: 'replace', c: '3' } } });
  t.deepEqual(labels.metadata, { labels: { c: '3' } });
  const finalizers = smp({ metadata: { finalizers: ['x', 'y', 'z'] } }, { metadata: { '$deleteFromPrimitiveList/finalizers': ['y'] } });
  t.deepEqual(finalizers.metadata, { finalizers: ['x', 'z'] });
  const added = smp({ metadata: { finalizers: ['x', 'y'] } }, { metadata: { finalizers: ['y', 'w'] } });
  t.deepEqual(added.metadata, { finalizers: ['x', 'y', 'w'] });
  const strategy = smp(
    { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } },
    { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } },
    deployment,
  );
  t.deepEqual(strategy.spec, { strategy: { type: 'Recreate' } });
});

test('lists without a merge strategy are replaced, nulls delete, and the inputs are left as they were', (t) => {
  const original = { spec: { containers: [{ name: 'a', image: 'a', args: ['1', '2'], ports: [{ containerPort: 80 }] }] } };
  const patch = { spec: { containers: [{ name: 'a', args: ['3'], ports: [{ containerPort: 81 }], image: null }] } };
  const frozen = JSON.stringify([original, patch]);
  const result = smp(original, patch);
  // ports merge by containerPort (the new one first); args have no strategy and are replaced.
  t.deepEqual(result.spec.containers, [{ name: 'a', args: ['3'], ports: [{ containerPort: 81 }, { containerPort: 80 }] }]);
  t.is(JSON.stringify([original, patch]), frozen);
});

test('malformed patches fail as kube fails them: which status, and the Go-printed message', (t) => {
  const live = { ...podWith(containers('a')), metadata: { name: 'p', labels: { a: '1' } } };
  const failure = (patch: unknown) => t.throws(() => smp(live, patch), { instanceOf: StrategicMergePatchError }) as StrategicMergePatchError;
  const noKey = failure({ spec: { containers: [{ image: 'nginx' }] } });
  t.is(noKey.code, 500);
  t.is(noKey.message, 'map: map[image:nginx] does not contain declared merge key: name');
  const unknown = failure({ metadata: { labels: { $patch: 'bogus' } } });
  t.is(unknown.message, 'unknown patch type: bogus in map: map[$patch:bogus]');
  t.is(failure({ spec: { $retainKeys: 'x' } }).code, 400);
  t.is(failure({ metadata: { $deleteFromPrimitiveListfinalizers: ['x'] } }).message, 'invalid patch format of primitive list');
  const nested = (finalizers: string[]) => t.throws(() => smp({ metadata: { finalizers } }, { metadata: { finalizers: [['x']] } })) as StrategicMergePatchError;
  t.is(nested([]).code, 422);
  t.is(nested(['f']).message, 'list element types are not identical: [[f] [[x]]]');
  t.is(failure([1]).code, 400);
});

const labelMaps = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.option(fc.string({ maxLength: 3 }), { nil: null }), { maxKeys: 4 });

test('property: without lists or directives, a strategic merge patch is a JSON merge patch', (t) => {
  fc.assert(
    fc.property(labelMaps, labelMaps, labelMaps, (liveData, dataPatch, labelPatch) => {
      const live = { metadata: { name: 'x', labels: { keep: 'y' } }, data: Object.fromEntries(Object.entries(liveData).filter(([, v]) => v !== null)) };
      const patch = { data: dataPatch, metadata: { labels: labelPatch } };
      t.deepEqual(applyStrategicMergePatch(live, patch, configMap, lookup), applyMergePatch(live, patch));
    }),
  );
});

const containerNames = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 5 });

test('property: a merging list keeps every live item, adds each new one once, and a second application changes nothing', (t) => {
  fc.assert(
    fc.property(containerNames, containerNames, fc.string({ maxLength: 2 }), (live, patched, tag) => {
      const patch = { spec: { containers: patched.map((name) => ({ name, image: `${name}:${tag}` })) } };
      const once = smp(podWith(containers(...live)), patch);
      const names = namesOf(once) as string[];
      t.deepEqual([...names].sort(), [...new Set([...live, ...patched])].sort());
      for (const name of patched) t.is(once.spec.containers.find((c: { name: string }) => c.name === name).image, `${name}:${tag}`);
      t.deepEqual(smp(once, patch), once);
    }),
  );
});

test('property: $setElementOrder yields exactly its order when it names every item', (t) => {
  fc.assert(
    fc.property(containerNames, containerNames, (live, added) => {
      const all = [...new Set([...live, ...added])];
      const order = [...all].sort(() => Math.random() - 0.5);
      // The patch list must follow the directive's order, as kubectl's patches do.
      const inOrder = order.filter((name) => added.includes(name));
      const patch = { spec: { containers: inOrder.map((name) => ({ name, image: 'new' })), '$setElementOrder/containers': order.map((name) => ({ name })) } };
      t.deepEqual(namesOf(smp(podWith(containers(...live)), patch)), order);
    }),
  );
});
