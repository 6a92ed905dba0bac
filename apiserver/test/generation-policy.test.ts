import test from 'ava';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { generationOnCreate, generationOnDeletion, generationOnUpdate, semanticEqual } from '../src/registry/generation-policy.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

function definition(group: string, resource: string): ResourceDefinition {
  const found = builtinResources.find((candidate) => candidate.group === group && candidate.resource === resource);
  if (found === undefined) throw new Error(`no built-in ${group}/${resource}`);
  return found;
}

const deployments = definition('apps', 'deployments');
const pods = definition('', 'pods');
const configmaps = definition('', 'configmaps');

const object = (generation: number | undefined, rest: JsonObject, metadata: JsonObject = {}): JsonObject => ({
  metadata: { name: 'x', ...metadata, ...(generation === undefined ? {} : { generation }) },
  ...rest,
});

test('tracking kinds start at generation 1 whatever the client sent', (t) => {
  t.is(generationOnCreate(deployments, 7), 1);
  t.is(generationOnCreate(pods, undefined), 1);
  t.is(generationOnCreate(definition('discovery.k8s.io', 'endpointslices'), undefined), 1);
});

test('other kinds keep the generation the client sent on create', (t) => {
  t.is(generationOnCreate(configmaps, undefined), undefined);
  t.is(generationOnCreate(configmaps, 5), 5);
  t.is(generationOnCreate(definition('', 'namespaces'), undefined), undefined);
  // CSIDriver bumps on spec changes, but its create leaves generation alone.
  t.is(generationOnCreate(definition('storage.k8s.io', 'csidrivers'), undefined), undefined);
});

test('a spec change bumps the generation, a label or status change does not', (t) => {
  const old = object(3, { spec: { replicas: 1 }, status: { replicas: 1 } });
  t.is(generationOnUpdate(deployments, old, object(3, { spec: { replicas: 2 } })), 4);
  t.is(generationOnUpdate(deployments, old, object(3, { spec: { replicas: 1 }, status: { replicas: 5 } }, { labels: { a: 'b' } })), 3);
  // The client cannot set generation itself.
  t.is(generationOnUpdate(deployments, old, object(99, { spec: { replicas: 1 } })), 3);
  // Status updates never bump.
  t.is(generationOnUpdate(deployments, old, object(3, { spec: { replicas: 9 } }), 'status'), 3);
  // Scale writes spec.replicas through the main strategy.
  t.is(generationOnUpdate(deployments, old, object(3, { spec: { replicas: 9 } }), 'scale'), 4);
});

test('deployments also count annotation changes', (t) => {
  const old = object(1, { spec: { replicas: 1 } }, { annotations: { a: '1' } });
  t.is(generationOnUpdate(deployments, old, object(1, { spec: { replicas: 1 } }, { annotations: { a: '2' } })), 2);
  t.is(generationOnUpdate(definition('apps', 'replicasets'), old, object(1, { spec: { replicas: 1 } }, { annotations: { a: '2' } })), 1);
});

test('pods count spec changes, including ephemeral containers and resizes', (t) => {
  const old = object(1, { spec: { containers: [{ name: 'a', image: 'nginx' }] } });
  const resized = object(1, { spec: { containers: [{ name: 'a', image: 'nginx', resources: { limits: { cpu: '2' } } }] } });
  t.is(generationOnUpdate(pods, old, resized, 'resize'), 2);
  t.is(generationOnUpdate(pods, old, object(1, { spec: { containers: [{ name: 'a', image: 'nginx' }] } }, { labels: { x: 'y' } })), 1);
});

test('kinds without spec compare what they have', (t) => {
  const templates = definition('', 'podtemplates');
  t.is(generationOnUpdate(templates, object(1, { template: { spec: {} } }), object(1, { template: { spec: { nodeName: 'n' } } })), 2);
  const webhooks = definition('admissionregistration.k8s.io', 'validatingwebhookconfigurations');
  t.is(generationOnUpdate(webhooks, object(1, { webhooks: [{ name: 'a' }] }), object(1, { webhooks: [{ name: 'b' }] })), 2);
  const slices = definition('discovery.k8s.io', 'endpointslices');
  const slice = object(1, { addressType: 'IPv4', endpoints: [] }, { labels: { a: '1' } });
  t.is(generationOnUpdate(slices, slice, object(1, { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }] }, { labels: { a: '1' } })), 2);
  t.is(generationOnUpdate(slices, slice, object(1, { addressType: 'IPv4', endpoints: [] }, { labels: { a: '2' } })), 2);
  t.is(generationOnUpdate(slices, slice, object(1, { addressType: 'IPv4', endpoints: [] }, { labels: { a: '1' }, annotations: { b: '1' } })), 1);
});

test('kinds that never track generation keep the stored value', (t) => {
  t.is(generationOnUpdate(configmaps, object(undefined, { data: { a: '1' } }), object(undefined, { data: { a: '2' } })), undefined);
  t.is(generationOnUpdate(configmaps, object(5, { data: { a: '1' } }), object(1, { data: { a: '2' } })), 5);
  t.is(generationOnUpdate(definition('', 'services'), object(undefined, { spec: { type: 'ClusterIP' } }), object(undefined, { spec: { type: 'NodePort' } })), undefined);
});

test('the first deletion timestamp bumps a generation that is set', (t) => {
  t.is(generationOnDeletion(3), 4);
  t.is(generationOnDeletion(0), 0);
  t.is(generationOnDeletion(undefined), undefined);
});

test('every built-in resource has a policy', (t) => {
  for (const resource of builtinResources) {
    const policy = resource.behaviour.generation;
    t.true(policy.setOnCreate ? policy.bump !== 'never' : true, `${resource.group}/${resource.resource}`);
  }
  t.deepEqual(definition('', 'secrets').behaviour.generation, { setOnCreate: false, bump: 'never' });
});

test('semantic equality ignores key order and treats absent, null, [] and {} alike', (t) => {
  t.true(semanticEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  t.true(semanticEqual({ a: [], b: null }, {}));
  t.true(semanticEqual(undefined, {}));
  t.false(semanticEqual({ a: 0 }, {}));
  t.false(semanticEqual([1, 2], [2, 1]));
  t.false(semanticEqual({ a: '1' }, { a: 1 }));
});
