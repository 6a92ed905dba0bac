// node-ipam-controller against a real API server: each Node gets a pod range of its own (kubectl
// shows them), a Node registered with a range keeps it and it is not handed out again, a Node for
// which no range is left gets a CIDRNotAvailable event and gets the range of a deleted Node.

import test from 'ava';
import type { KubeObject } from '@capstan/common/client';
import { resolveNodeIpam, defaultNodeIpamFlags } from '../src/nodeipam/index.ts';
import { nodeIpamController } from '../src/nodeipam/index.ts';
import { kubectl, runControllers, startCluster } from './controller-fixture.ts';
import { nodes, waitForEvent, waitForNode } from './simulated-kubelet.ts';

type NodeWithCidrs = KubeObject & { spec?: { podCIDR?: string; podCIDRs?: string[] } };

const nodeIpam = (clusterCidr: string, serviceClusterIpRange = '') => resolveNodeIpam({ ...defaultNodeIpamFlags, allocateNodeCidrs: true, clusterCidr, serviceClusterIpRange });
const hasCidrs = (node: { spec?: unknown }): boolean => ((node as NodeWithCidrs).spec?.podCIDRs ?? []).length > 0;

test('every Node gets a pod range of its own; one registered with a range keeps it', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  await client.create(nodes, { metadata: { name: 'preset' }, spec: { podCIDR: '10.244.0.0/24', podCIDRs: ['10.244.0.0/24'] } });
  runControllers(t, cluster, [nodeIpamController], { nodeIpam: nodeIpam('10.244.0.0/16', '10.244.1.0/24') });
  await client.create(nodes, { metadata: { name: 'first' } });
  await client.create(nodes, { metadata: { name: 'second' } });
  const first = (await waitForNode(client, 'first', 'a pod range', hasCidrs)) as NodeWithCidrs;
  const second = (await waitForNode(client, 'second', 'a pod range', hasCidrs)) as NodeWithCidrs;
  // 10.244.0.0/24 is the preset Node's, 10.244.1.0/24 the Services'.
  t.deepEqual(new Set([first.spec?.podCIDR, second.spec?.podCIDR]), new Set(['10.244.2.0/24', '10.244.3.0/24']));
  t.deepEqual(first.spec?.podCIDRs, [first.spec?.podCIDR]);
  const wide = await kubectl(cluster, 'get', 'nodes', '-o', 'custom-columns=NAME:.metadata.name,CIDR:.spec.podCIDR', '--no-headers');
  t.regex(wide, /preset\s+10\.244\.0\.0\/24/);
  t.regex(wide, new RegExp(`first\\s+${first.spec?.podCIDR?.replaceAll('.', '\\.')}`));
});

test('dual-stack cluster CIDRs give each Node one range of each family', async (t) => {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [nodeIpamController], { nodeIpam: nodeIpam('10.244.0.0/16,fd00:10:244::/56') });
  await cluster.client.create(nodes, { metadata: { name: 'dual' } });
  const node = (await waitForNode(cluster.client, 'dual', 'pod ranges', hasCidrs)) as NodeWithCidrs;
  t.deepEqual(node.spec?.podCIDRs, ['10.244.0.0/24', 'fd00:10:244::/64']);
  t.is(node.spec?.podCIDR, '10.244.0.0/24');
});

test('a Node for which no range is left gets CIDRNotAvailable, then the range of a deleted Node', async (t) => {
  const cluster = await startCluster(t);
  const { client } = cluster;
  runControllers(t, cluster, [nodeIpamController], { nodeIpam: nodeIpam('10.244.0.0/24') });
  await client.create(nodes, { metadata: { name: 'lucky' } });
  await waitForNode(client, 'lucky', 'a pod range', hasCidrs);
  await client.create(nodes, { metadata: { name: 'late' } });
  const event = await waitForEvent(client, 'Node', 'late', 'CIDRNotAvailable');
  t.like(event, { type: 'Normal', message: 'Node late status is now: CIDRNotAvailable', source: { component: 'cidrAllocator' } });
  t.false(hasCidrs(await client.get<NodeWithCidrs>({ ...nodes, name: 'late' })));
  await client.delete({ ...nodes, name: 'lucky' });
  const late = (await waitForNode(client, 'late', 'the freed range', hasCidrs)) as NodeWithCidrs;
  t.deepEqual(late.spec?.podCIDRs, ['10.244.0.0/24']);
});
