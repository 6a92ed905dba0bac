// Where a conversion webhook's service reference is dialled: a ready endpoint of the Service's
// EndpointSlices for the service port (kube-apiserver with --enable-aggregator-routing), else the
// ClusterIP or an ExternalName's host (kube's default resolution), with kube's errors. Nothing is
// dialled here: the addresses are only data.

import test from 'ava';
import { EndpointServiceResolver } from '../src/customresources/conversion/service-resolver.ts';
import { GenericStore } from '../src/registry/generic-store.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { encodeStoredObject } from '../src/registry/stored-object.ts';
import { endpointSliceResource } from '../src/resources/discovery/endpointslices.ts';
import { serviceResource } from '../src/resources/core/services.ts';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.ts';
import { makeTempDir } from './storage/temp-dir.ts';

async function resolverWith(t: import('ava').ExecutionContext, objects: readonly JsonObject[]): Promise<EndpointServiceResolver> {
  const dir = makeTempDir('service-resolver');
  const storage = new SqliteStore({ dataDir: dir.path });
  t.teardown(async () => {
    await storage.close();
    dir.remove();
  });
  const services = new GenericStore(serviceResource, storage);
  const slices = new GenericStore(endpointSliceResource, storage);
  // Stored as they are: validation would refuse some of these addresses, which are never dialled.
  for (const object of objects) {
    const { name } = object.metadata as { name: string };
    await (object.kind === 'Service' ? services : slices).createStored('default', name, encodeStoredObject(object));
  }
  return new EndpointServiceResolver(services, slices);
}

const service = (name: string, spec: JsonObject): JsonObject => ({ kind: 'Service', apiVersion: 'v1', metadata: { name, namespace: 'default' }, spec });
const slice = (name: string, service: string, endpoints: JsonObject[], port = 9443): JsonObject => ({
  kind: 'EndpointSlice',
  apiVersion: 'discovery.k8s.io/v1',
  metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': service } },
  addressType: 'IPv4',
  endpoints,
  ports: [{ name: 'https', port, protocol: 'TCP' }],
});
const https443 = { type: 'ClusterIP', clusterIP: '10.0.0.10', ports: [{ name: 'https', port: 443, targetPort: 9443 }] };

test("a ready endpoint of the Service's EndpointSlices for the service port's name is dialled", async (t) => {
  const resolver = await resolverWith(t, [
    service('conv', https443),
    slice('conv-1', 'conv', [
      { addresses: ['10.1.0.1'], conditions: { ready: false } },
      { addresses: ['10.1.0.2'], conditions: { ready: true } },
    ]),
    slice('other-1', 'other', [{ addresses: ['10.9.9.9'] }]),
  ]);
  t.deepEqual(await resolver.resolve('default', 'conv', 443), { host: '10.1.0.2', port: 9443 });
});

test('without a ready endpoint the ClusterIP is dialled, an ExternalName its host; a headless Service has nothing', async (t) => {
  const resolver = await resolverWith(t, [
    service('conv', https443),
    slice('conv-1', 'conv', [{ addresses: ['10.1.0.1'], conditions: { ready: false } }]),
    service('external', { type: 'ExternalName', externalName: 'webhook.example.com' }),
    service('headless', { type: 'ClusterIP', clusterIP: 'None', ports: [{ name: 'https', port: 443 }] }),
  ]);
  t.deepEqual(await resolver.resolve('default', 'conv', 443), { host: '10.0.0.10', port: 443 });
  t.deepEqual(await resolver.resolve('default', 'external', 8443), { host: 'webhook.example.com', port: 8443 });
  await t.throwsAsync(resolver.resolve('default', 'headless', 443), { message: 'no endpoints available for service "headless"' });
});

test("kube's errors: a missing Service, and a port it does not have", async (t) => {
  const resolver = await resolverWith(t, [service('conv', { ...https443, clusterIP: 'None' })]);
  await t.throwsAsync(resolver.resolve('default', 'missing', 443), { message: 'service "missing" not found' });
  await t.throwsAsync(resolver.resolve('default', 'conv', 8443), { message: 'no service port 8443 found for service "conv"' });
});
