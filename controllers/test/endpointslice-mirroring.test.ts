// The EndpointSlice mirroring controller against a real API server, judged by kubectl: a Service
// without a selector and an Endpoints written by hand get a mirrored slice (owned by the Endpoints,
// with its labels and annotations, ready from addresses vs notReadyAddresses), updated in place
// when the Endpoints change and deleted when it says skip-mirror; the Endpoints of a selector
// Service (the Endpoints controller's) are not mirrored.

import test from 'ava';
import type { Endpoints } from '@capstan/common/api-types/core-v1';
import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { endpointsController } from '../src/endpoint/index.ts';
import { endpointSliceController } from '../src/endpointslice/index.ts';
import { endpointSliceMirroringController } from '../src/endpointslicemirroring/index.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { createNode, createPod, endpointsOf, servicesOf, setPodRunning } from './service-pods.ts';

async function slicesBy(cluster: TestCluster, service: string, managedBy: string): Promise<EndpointSlice[]> {
  const out = await kubectl(cluster, 'get', 'endpointslices', '-l', `kubernetes.io/service-name=${service},endpointslice.kubernetes.io/managed-by=${managedBy}`, '-o', 'json');
  return (JSON.parse(out) as { items: EndpointSlice[] }).items;
}

const mirroring = 'endpointslicemirroring-controller.k8s.io';

test('custom Endpoints of a selectorless Service are mirrored into an EndpointSlice; selector Services are not', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  runControllers(t, cluster, [endpointsController, endpointSliceController, endpointSliceMirroringController]);
  await client.create(servicesOf(), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'external' }, spec: { ports: [{ name: 'web', port: 80 }] } });
  const endpoints = await client.create<Endpoints>(endpointsOf(), {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'external', labels: { team: 'storage' }, annotations: { note: 'by hand' } },
    subsets: [{ addresses: [{ ip: '10.2.0.1', hostname: 'a', nodeName: 'node-a' }], notReadyAddresses: [{ ip: '10.2.0.2' }], ports: [{ name: 'web', port: 8080 }] }],
  });
  const [slice] = await eventually('the mirrored slice', async () => {
    const found = await slicesBy(cluster, 'external', mirroring);
    return found.length === 1 ? found : undefined;
  });
  t.regex(slice?.metadata?.name ?? '', /^external-\w{5}$/);
  t.deepEqual(slice?.metadata?.labels, { team: 'storage', 'kubernetes.io/service-name': 'external', 'endpointslice.kubernetes.io/managed-by': mirroring });
  t.deepEqual(slice?.metadata?.annotations, { note: 'by hand' });
  t.deepEqual(slice?.metadata?.ownerReferences, [
    { apiVersion: 'v1', kind: 'Endpoints', name: 'external', uid: endpoints.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true },
  ]);
  t.is(slice?.addressType, 'IPv4');
  t.deepEqual(slice?.ports, [{ name: 'web', port: 8080, protocol: 'TCP' }]);
  t.deepEqual(
    [...(slice?.endpoints ?? [])].sort((a, b) => (a.addresses[0] ?? '').localeCompare(b.addresses[0] ?? '')),
    [
      { addresses: ['10.2.0.1'], conditions: { ready: true }, hostname: 'a', nodeName: 'node-a' },
      { addresses: ['10.2.0.2'], conditions: { ready: false } },
    ],
  );

  const current = await client.get<Endpoints>({ ...endpointsOf(), name: 'external' });
  await client.update(
    { ...endpointsOf(), name: 'external' },
    { ...current, subsets: [{ addresses: [{ ip: '10.2.0.1' }, { ip: '10.2.0.3' }], ports: [{ name: 'web', port: 8080 }] }] },
  );
  const updated = await eventually('the slice updated in place', async () => {
    const [found] = await slicesBy(cluster, 'external', mirroring);
    return found?.endpoints.length === 2 && found.endpoints.every((e) => e.conditions?.ready === true) ? found : undefined;
  });
  t.is(updated.metadata?.name, slice?.metadata?.name);

  // A selector Service: its Endpoints come from the Endpoints controller and are not mirrored.
  await client.create(servicesOf(), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
  await createPod(client, { name: 'web-1', labels: { app: 'web' }, nodeName: 'node-a' });
  await setPodRunning(client, 'web-1', '10.1.0.1', true);
  await eventually('the Endpoints of web', async () => {
    const found = await client.get<Endpoints>({ ...endpointsOf(), name: 'web' }).catch(() => undefined);
    return found?.subsets?.length === 1 ? found : undefined;
  });
  await eventually('the slice of web', async () => ((await slicesBy(cluster, 'web', 'endpointslice-controller.k8s.io'))[0]?.endpoints.length === 1 ? true : undefined));

  await client.patch({ ...endpointsOf(), name: 'external' }, { metadata: { labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } } }, { type: 'merge' });
  await eventually('the mirrored slice deleted', async () => ((await slicesBy(cluster, 'external', mirroring)).length === 0 ? true : undefined));
  t.deepEqual(await slicesBy(cluster, 'web', mirroring), []);
});
