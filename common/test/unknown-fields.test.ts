import test from 'ava';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import { dropUnknownFields } from '../src/schema/unknown-fields.ts';

const lookup = (name: string) => builtinTypes.get(name);

test('unknown fields are dropped at any depth and named by their paths; declared ones, map keys and opaque values stay', (t) => {
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', labels: { anything: 'goes' }, colour: 'blue' },
    spec: {
      containers: [
        { name: 'web', image: 'nginx', imagePolicy: 'Always', resources: { limits: { cpu: '500m', 'example.com/gpu': 1 } }, ports: [{ containerPort: 80, protocl: 'TCP' }] },
      ],
      constructor: 'not a field',
    },
    extra: true,
  };
  t.deepEqual(dropUnknownFields(pod, 'io.k8s.api.core.v1.Pod', lookup), [
    'metadata.colour',
    'spec.containers[0].imagePolicy',
    'spec.containers[0].ports[0].protocl',
    'spec.constructor',
    'extra',
  ]);
  t.deepEqual(pod, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', labels: { anything: 'goes' } },
    spec: { containers: [{ name: 'web', image: 'nginx', resources: { limits: { cpu: '500m', 'example.com/gpu': 1 } }, ports: [{ containerPort: 80 }] }] },
  });
});

test('an object with only declared fields is left as it is', (t) => {
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' }, immutable: true };
  const before = structuredClone(configMap);
  t.deepEqual(dropUnknownFields(configMap, 'io.k8s.api.core.v1.ConfigMap', lookup), []);
  t.deepEqual(configMap, before);
});

test('maps and lists of scalars are not read item by item: 100,000 labels cost nothing', (t) => {
  let reads = 0;
  const labels = new Proxy(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key-${i}`, `value-${i}`])), {
    ownKeys: (target) => {
      reads++;
      return Reflect.ownKeys(target);
    },
  });
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels, finalizers: ['a', 'b'], colour: 'blue' }, data: { a: '1' } };
  t.deepEqual(dropUnknownFields(configMap, 'io.k8s.api.core.v1.ConfigMap', lookup), ['metadata.colour']);
  t.is(reads, 0);
});
