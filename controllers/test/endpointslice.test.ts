// The EndpointSlice controller against a real API server, judged by kubectl: a Service's slices
// list its ready pods with named ports resolved (pods with another number for the name in a slice
// of their own), a pod that stops being ready stays with ready and serving false, a terminating
// one with terminating true, a deleted one goes, a slice deleted by hand comes back; a headless
// Service publishes hostnames; a Service without a selector gets nothing.

import test from 'ava';
import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { endpointSliceController } from '../src/endpointslice/index.ts';
import { eventually, kubectl, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';
import { createNode, createPod, podsOf, servicesOf, setPodRunning } from './service-pods.ts';

async function slicesOf(cluster: TestCluster, service: string): Promise<EndpointSlice[]> {
  const out = await kubectl(cluster, 'get', 'endpointslices', '-l', `kubernetes.io/service-name=${service}`, '-o', 'json');
  return (JSON.parse(out) as { items: EndpointSlice[] }).items;
}

/** "pod ready/serving/terminating" of each endpoint, by the slice's first port, sorted. */
function summary(slices: readonly EndpointSlice[]): string[] {
  return slices
    .flatMap((slice) =>
      (slice.endpoints ?? []).map((e) => {
        const c = e.conditions ?? {};
        return `${slice.ports?.[0]?.port ?? '-'} ${e.targetRef?.name} ${e.addresses.join(',')} ${c.ready}/${c.serving}/${c.terminating}`;
      }),
    )
    .sort();
}

async function waitForSlices(cluster: TestCluster, service: string, expected: string[]): Promise<EndpointSlice[]> {
  return eventually(`slices of ${service}: ${expected.join('; ')}`, async () => {
    const slices = await slicesOf(cluster, service);
    return JSON.stringify(summary(slices)) === JSON.stringify(expected) ? slices : undefined;
  });
}

test('a Service’s EndpointSlices follow its pods: named ports, readiness, termination, deletion', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a', { 'topology.kubernetes.io/zone': 'zone-a' });
  runControllers(t, cluster, [endpointSliceController]);
  const service = await client.create<{ metadata: { uid: string } }>(servicesOf(), {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', labels: { tier: 'front' } },
    spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  // No pods yet: one empty placeholder slice.
  const placeholder = await eventually('the placeholder slice', async () => (await slicesOf(cluster, 'web'))[0]);
  t.deepEqual(placeholder.endpoints ?? [], []);
  t.deepEqual(placeholder.ports ?? [], []);

  for (const [name, port] of [
    ['web-1', 8080],
    ['web-2', 8080],
    ['web-3', 9090],
  ] as const) {
    await createPod(client, { name, labels: { app: 'web' }, nodeName: 'node-a', ports: { http: port } });
  }
  await createPod(client, { name: 'other', labels: { app: 'other' }, nodeName: 'node-a', ports: { http: 8080 } });
  await setPodRunning(client, 'web-1', '10.1.0.1', true);
  await setPodRunning(client, 'web-2', '10.1.0.2', true);
  await setPodRunning(client, 'web-3', '10.1.0.3', true);
  await setPodRunning(client, 'other', '10.1.0.9', true);
  const slices = await waitForSlices(cluster, 'web', ['8080 web-1 10.1.0.1 true/true/false', '8080 web-2 10.1.0.2 true/true/false', '9090 web-3 10.1.0.3 true/true/false']);
  t.is(slices.length, 2, 'one slice per set of ports (the placeholder reused)');
  for (const slice of slices) {
    t.is(slice.addressType, 'IPv4');
    t.regex(slice.metadata?.name ?? '', /^web-[a-z0-9]{5}$/);
    t.is(slice.metadata?.generateName, 'web-');
    t.deepEqual(slice.metadata?.labels, { tier: 'front', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    t.deepEqual(slice.metadata?.ownerReferences, [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: service.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    t.regex(slice.metadata?.annotations?.['endpoints.kubernetes.io/last-change-trigger-time'] ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    t.deepEqual(slice.ports, [{ name: 'http', port: slice.ports?.[0]?.port, protocol: 'TCP' }]);
    for (const endpoint of slice.endpoints) {
      t.is(endpoint.nodeName, 'node-a');
      t.is(endpoint.zone, 'zone-a');
      t.is(endpoint.targetRef?.kind, 'Pod');
      t.is(endpoint.targetRef?.namespace, 'default');
      t.truthy(endpoint.targetRef?.uid);
      t.is(endpoint.hostname, undefined);
    }
  }
  const table = await kubectl(cluster, 'get', 'endpointslices', '-l', 'kubernetes.io/service-name=web');
  t.regex(table, /^NAME\s+ADDRESSTYPE\s+PORTS\s+ENDPOINTS\s+AGE\n/);
  t.regex(table, /web-\w{5}\s+IPv4\s+8080\s+10\.1\.0\.1,10\.1\.0\.2\s+/);
  t.regex(table, /web-\w{5}\s+IPv4\s+9090\s+10\.1\.0\.3\s+/);

  await setPodRunning(client, 'web-2', '10.1.0.2', false);
  await waitForSlices(cluster, 'web', ['8080 web-1 10.1.0.1 true/true/false', '8080 web-2 10.1.0.2 false/false/false', '9090 web-3 10.1.0.3 true/true/false']);

  // Bound to a node, the pod terminates gracefully: it stays, serving but not ready.
  await client.delete({ ...podsOf(), name: 'web-1' });
  await waitForSlices(cluster, 'web', ['8080 web-1 10.1.0.1 false/true/true', '8080 web-2 10.1.0.2 false/false/false', '9090 web-3 10.1.0.3 true/true/false']);
  await client.delete({ ...podsOf(), name: 'web-1' }, { gracePeriodSeconds: 0 });
  await client.delete({ ...podsOf(), name: 'web-3' }, { gracePeriodSeconds: 0 });
  const last = await waitForSlices(cluster, 'web', ['8080 web-2 10.1.0.2 false/false/false']);
  t.is(last.length, 1, 'the emptied slice is deleted');

  // A slice deleted by someone else is made again.
  await kubectl(cluster, 'delete', 'endpointslice', last[0]?.metadata?.name ?? '');
  const again = await waitForSlices(cluster, 'web', ['8080 web-2 10.1.0.2 false/false/false']);
  t.not(again[0]?.metadata?.name, last[0]?.metadata?.name);
});

test('a headless Service publishes hostnames; a Service without a selector is left alone', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  runControllers(t, cluster, [endpointSliceController]);
  await client.create(servicesOf(), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'manual' }, spec: { ports: [{ port: 80 }] } });
  await client.create(servicesOf(), {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'db' },
    spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ name: 'sql', port: 5432 }] },
  });
  await createPod(client, { name: 'db-0', labels: { app: 'db' }, nodeName: 'node-a', hostname: 'db-0', subdomain: 'db' });
  await setPodRunning(client, 'db-0', '10.1.0.5', true);
  const [slice] = await waitForSlices(cluster, 'db', ['5432 db-0 10.1.0.5 true/true/false']);
  t.is(slice?.endpoints[0]?.hostname, 'db-0');
  t.is(slice?.metadata?.labels?.['service.kubernetes.io/headless'], '');
  t.deepEqual(slice?.ports, [{ name: 'sql', port: 5432, protocol: 'TCP' }]);
  t.deepEqual(await slicesOf(cluster, 'manual'), []);
});
