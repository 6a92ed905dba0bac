// The Endpoints controller against a real API server, judged by kubectl: a Service's v1
// Endpoints lists its ready pods as addresses and the others as notReadyAddresses, one subset per
// set of resolved ports, leaves terminating pods out, carries kube's labels and annotations, and
// goes with its Service; over 1000 addresses the subsets are cut and annotated.

import test from 'ava';
import type { Endpoints, EndpointSubset } from '@capstan/common/api-types/core-v1';
import { endpointsController } from '../src/endpoint/index.ts';
import { repackSubsets, truncateSubsets } from '../src/endpoint/subsets.ts';
import { eventually, kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { createNode, createPod, podsOf, servicesOf, setPodRunning } from './service-pods.ts';

/** "ip(pod)" lists of each subset with its ports. */
const shape = (subsets: readonly EndpointSubset[] | undefined): string[] =>
  (subsets ?? []).map(
    (s) =>
      `${(s.ports ?? []).map((p) => `${p.name}:${p.port}/${p.protocol}`).join(',')} ready=${(s.addresses ?? []).map((a) => a.targetRef?.name).join(',')} notReady=${(s.notReadyAddresses ?? []).map((a) => a.targetRef?.name).join(',')}`,
  );

test('a Service’s Endpoints: ready and not-ready addresses by resolved ports, terminating pods out, gone with the Service', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await createNode(client, 'node-a');
  await client.create(servicesOf(), {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', labels: { tier: 'front' } },
    spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
  });
  const pods: [string, number, boolean][] = [
    ['web-1', 8080, true],
    ['web-2', 8080, false],
    ['web-3', 9090, true],
    ['web-4', 8080, true],
  ];
  for (const [name, port, ready] of pods) {
    await createPod(client, { name, labels: { app: 'web' }, nodeName: 'node-a', ports: { http: port } });
    await setPodRunning(client, name, `10.1.0.${name.slice(-1)}`, ready);
  }
  await client.delete({ ...podsOf(), name: 'web-4' });
  runControllers(t, cluster, [endpointsController]);
  const target = { ...{ group: '', version: 'v1', resource: 'endpoints', namespace: 'default' }, name: 'web' };
  const endpoints = await eventually('the Endpoints of web', async () => {
    try {
      const found = await client.get<Endpoints>(target);
      return found.subsets?.length === 2 ? found : undefined;
    } catch {
      return undefined;
    }
  });
  t.deepEqual(shape(endpoints.subsets).sort(), ['http:8080/TCP ready=web-1 notReady=web-2', 'http:9090/TCP ready=web-3 notReady='].sort());
  t.deepEqual(endpoints.metadata?.labels, { tier: 'front', 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' });
  t.regex(endpoints.metadata?.annotations?.['endpoints.kubernetes.io/last-change-trigger-time'] ?? '', /Z$/);
  const address = endpoints.subsets?.flatMap((s) => s.addresses ?? []).find((a) => a.targetRef?.name === 'web-1');
  t.deepEqual(address, { ip: '10.1.0.1', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: address?.targetRef?.uid } });
  const table = await kubectl(cluster, 'get', 'endpoints', 'web');
  // The subsets' order is kube's hash order, which depends on the pods' uids.
  t.regex(table, /^NAME\s+ENDPOINTS\s+AGE\nweb\s+(10\.1\.0\.1:8080,10\.1\.0\.3:9090|10\.1\.0\.3:9090,10\.1\.0\.1:8080)\s+/);

  await setPodRunning(client, 'web-2', '10.1.0.2', true);
  await eventually('web-2 ready', async () => {
    const found = await client.get<Endpoints>(target);
    return shape(found.subsets).includes('http:8080/TCP ready=web-1,web-2 notReady=') ? found : undefined;
  });

  await client.delete({ ...servicesOf(), name: 'web' });
  await eventually('the Endpoints deleted', async () => {
    try {
      await client.get(target);
      return undefined;
    } catch {
      return true;
    }
  });
  t.pass();
});

test('repacking groups addresses by their ports; over 1000 addresses the not-ready ones are cut first, in proportion', (t) => {
  const address = (n: number) => ({ ip: `10.0.${Math.floor(n / 250)}.${n % 250}`, targetRef: { kind: 'Pod', uid: `u${n}` } });
  const port = (p: number) => [{ name: 'p', port: p, protocol: 'TCP' }];
  const repacked = repackSubsets([
    { addresses: [address(2)], ports: port(80) },
    { addresses: [address(1)], ports: port(80) },
    { notReadyAddresses: [address(3)], ports: port(80) },
    { addresses: [address(4)], ports: port(81) },
  ]);
  t.deepEqual(
    repacked.map((s) => [(s.addresses ?? []).map((a) => a.ip), (s.notReadyAddresses ?? []).map((a) => a.ip), s.ports?.[0]?.port]),
    [
      [['10.0.0.1', '10.0.0.2'], ['10.0.0.3'], 80],
      [['10.0.0.4'], [], 81],
    ],
  );
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => address(from + i));
  const subsets = [
    { addresses: many(0, 600), notReadyAddresses: many(600, 300), ports: port(80) },
    { addresses: many(1000, 200), notReadyAddresses: many(1200, 100), ports: port(81) },
  ];
  const cut = truncateSubsets(subsets);
  t.deepEqual(
    cut?.map((s) => [(s.addresses ?? []).length, (s.notReadyAddresses ?? []).length]),
    [
      [600, 150],
      [200, 50],
    ],
  );
  t.is(truncateSubsets([{ addresses: many(0, 1000), ports: port(80) }]), undefined);
  const ready = truncateSubsets([
    { addresses: many(0, 900), notReadyAddresses: many(900, 10), ports: port(80) },
    { addresses: many(1000, 300), ports: port(81) },
  ]);
  t.deepEqual(
    ready?.map((s) => [(s.addresses ?? []).length, (s.notReadyAddresses ?? []).length]),
    [
      [750, 0],
      [250, 0],
    ],
  );
});

test('repacked subsets come in kube’s order (ports and subsets by the hash of their Go form), as RepackSubsets orders them', (t) => {
  const address = (n: number) => ({
    ip: `10.1.0.${n}`,
    nodeName: 'node-a',
    targetRef: { kind: 'Pod', namespace: 'default', name: `web-${n}`, uid: `00000000-0000-0000-0000-00000000000${n}` },
  });
  const port = (name: string, number: number, protocol: string) => [{ name, port: number, protocol }];
  const perPod = [
    { addresses: [address(1)], ports: port('http', 8080, 'TCP') },
    { addresses: [address(1)], ports: port('metrics', 9100, 'UDP') },
    { notReadyAddresses: [address(2)], ports: port('http', 8080, 'TCP') },
    { notReadyAddresses: [address(2)], ports: port('metrics', 9100, 'UDP') },
    { addresses: [address(3)], ports: port('http', 9090, 'TCP') },
    { addresses: [address(3)], ports: port('metrics', 9100, 'UDP') },
    { addresses: [address(4)], ports: port('a', 1, 'TCP') },
    { addresses: [address(4)], ports: port('b', 2, 'TCP') },
    { addresses: [address(4)], ports: port('c', 3, 'TCP') },
  ];
  // What k8s.io/kubernetes/pkg/api/v1/endpoints.RepackSubsets (1.35.4) answers for the same subsets.
  const kube = [
    {
      addresses: [
        { ip: '10.1.0.1', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: '00000000-0000-0000-0000-000000000001' } },
        { ip: '10.1.0.3', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-3', uid: '00000000-0000-0000-0000-000000000003' } },
      ],
      notReadyAddresses: [{ ip: '10.1.0.2', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-2', uid: '00000000-0000-0000-0000-000000000002' } }],
      ports: [{ name: 'metrics', port: 9100, protocol: 'UDP' }],
    },
    {
      addresses: [{ ip: '10.1.0.4', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-4', uid: '00000000-0000-0000-0000-000000000004' } }],
      ports: [
        { name: 'c', port: 3, protocol: 'TCP' },
        { name: 'b', port: 2, protocol: 'TCP' },
        { name: 'a', port: 1, protocol: 'TCP' },
      ],
    },
    {
      addresses: [{ ip: '10.1.0.1', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: '00000000-0000-0000-0000-000000000001' } }],
      notReadyAddresses: [{ ip: '10.1.0.2', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-2', uid: '00000000-0000-0000-0000-000000000002' } }],
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    },
    {
      addresses: [{ ip: '10.1.0.3', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-3', uid: '00000000-0000-0000-0000-000000000003' } }],
      ports: [{ name: 'http', port: 9090, protocol: 'TCP' }],
    },
  ];
  t.deepEqual(repackSubsets(perPod), kube);
});
