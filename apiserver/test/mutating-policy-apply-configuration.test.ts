// A MutatingAdmissionPolicy's ApplyConfiguration merged into an object as kube merges it: through
// the kind's schema, associative lists by their keys, with kube's errors for undeclared fields and
// for anything set inside an atomic list, map or struct (as kube-apiserver 1.35.4 words them).

import test from 'ava';
import { applyConfiguration, ApplyConfigurationError } from '../src/admission/mutating-policy/apply-configuration.ts';
import { deploymentResource } from '../src/resources/apps/deployments.ts';
import { podResource } from '../src/resources/core/pods.ts';

const pod = () => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels: { a: '1' } },
  spec: {
    containers: [
      { name: 'app', image: 'nginx', args: ['x'] },
      { name: 'side', image: 'busybox' },
    ],
  },
});

test('structs and maps merge field by field; associative lists by their keys, keeping the items the configuration leaves out', async (t) => {
  const merged = await applyConfiguration(
    pod(),
    {
      metadata: { labels: { b: '2' } },
      spec: {
        containers: [
          { name: 'side', image: 'busybox:1.36' },
          { name: 'new', image: 'pause' },
        ],
      },
    },
    podResource,
  );
  t.deepEqual(merged.metadata, { name: 'p', labels: { a: '1', b: '2' } });
  t.deepEqual(merged.spec, {
    containers: [
      { name: 'app', image: 'nginx', args: ['x'] },
      { name: 'side', image: 'busybox:1.36' },
      { name: 'new', image: 'pause' },
    ],
  });
});

test('the object given is not changed', async (t) => {
  const object = pod();
  await applyConfiguration(object, { metadata: { labels: { b: '2' } } }, podResource);
  t.deepEqual(object, pod());
});

test('a field the kind does not declare is an error naming its path', async (t) => {
  const error = await t.throwsAsync(applyConfiguration(pod(), { spec: { containers: [{ name: 'app', imagePolicy: 'x' }] } }, podResource), {
    instanceOf: ApplyConfigurationError,
  });
  t.is(error?.message, 'failed to convert patch object to typed object: .spec.containers[name="app"].imagePolicy: field not declared in schema');
});

test('setting an atomic list is refused, with every atomic path', async (t) => {
  const error = await t.throwsAsync(applyConfiguration(pod(), { spec: { containers: [{ name: 'app', args: ['y'], command: ['sh'] }] } }, podResource), {
    instanceOf: ApplyConfigurationError,
  });
  t.is(error?.message, 'invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.containers[0].args, .spec.containers[0].command');
});

test('setting inside an atomic struct is refused (a Deployment selector is atomic)', async (t) => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 1, selector: { matchLabels: { a: '1' } } } };
  const error = await t.throwsAsync(applyConfiguration(deployment, { spec: { selector: { matchLabels: { b: '2' } } } }, deploymentResource), {
    instanceOf: ApplyConfigurationError,
  });
  t.regex(error?.message ?? '', /^invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: \.spec\.selector/);
  const scaled = await applyConfiguration(deployment, { spec: { replicas: 3 } }, deploymentResource);
  t.is((scaled.spec as { replicas: number }).replicas, 3);
});
