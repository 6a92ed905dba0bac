// The node IPAM range allocator and its settings on their own: node ranges handed out in order,
// the Service range and ranges in use skipped, exhaustion, IPv6 ranges written as the API shows
// them, and kube-controller-manager's refusals of bad flags.

import test from 'ava';
import { CidrSet, noCidrsRemainingMessage } from '../src/nodeipam/cidr-set.ts';
import { formatCidr, parseCidr, type Cidr } from '../src/nodeipam/ip-cidr.ts';
import { defaultNodeIpamFlags, resolveNodeIpam, type NodeIpamFlags } from '../src/nodeipam/node-ipam-config.ts';
import { allControllers } from '../src/all-controllers.ts';
import { enabledControllers } from '../src/enabled-controllers.ts';
import { RangeAllocator } from '../src/nodeipam/node-ipam-controller.ts';

const cidr = (text: string): Cidr => parseCidr(text) as Cidr;
const config = (flags: Partial<NodeIpamFlags>) => resolveNodeIpam({ ...defaultNodeIpamFlags, allocateNodeCidrs: true, ...flags });

test('CIDRs are read masked and written canonically, IPv6 with its longest zero run as ::', (t) => {
  t.is(formatCidr(cidr('10.244.3.7/16')), '10.244.0.0/16');
  t.is(formatCidr(cidr('010.244.0.0/16')), '10.244.0.0/16');
  t.is(formatCidr(cidr('fd00:10:244:0:0:0:0:0/56')), 'fd00:10:244::/56');
  t.is(formatCidr(cidr('2001:db8:0:0:1:0:0:1/128')), '2001:db8::1:0:0:1/128');
  t.is(formatCidr(cidr('10.244.0.0/016')), '10.244.0.0/16');
  for (const bad of ['10.244.0.0', '10.244.0.0/33', 'fd00::/129', 'node/24', '10.244.0.256/24', ' 10.244.0.0/16', 'fe80::%eth0/64']) t.is(parseCidr(bad), null, bad);
});

test('node ranges come in order from the cluster range; a released one is handed out again only after the others', (t) => {
  const set = new CidrSet(cidr('10.244.0.0/22'), 24);
  t.deepEqual([set.allocateNext(), set.allocateNext()].map(formatCidr), ['10.244.0.0/24', '10.244.1.0/24']);
  set.release(cidr('10.244.0.0/24'));
  t.deepEqual([set.allocateNext(), set.allocateNext(), set.allocateNext()].map(formatCidr), ['10.244.2.0/24', '10.244.3.0/24', '10.244.0.0/24']);
  t.throws(() => set.allocateNext(), { message: noCidrsRemainingMessage });
  t.throws(() => set.occupy(cidr('10.245.0.0/24')), { message: 'cidr 10.245.0.0/24 is out the range of cluster cidr 10.244.0.0/22' });
});

test('the Service range is never given to a node, nor a range a Node already has', (t) => {
  const allocator = new RangeAllocator(config({ clusterCidr: '10.96.0.0/22', serviceClusterIpRange: '10.96.0.0/28' }) as NonNullable<ReturnType<typeof config>>);
  allocator.occupy({ metadata: { name: 'old' }, spec: { podCIDR: '10.96.1.0/24', podCIDRs: ['10.96.1.0/24'] } });
  t.deepEqual(allocator.allocate().map(formatCidr), ['10.96.2.0/24']);
  t.deepEqual(allocator.allocate().map(formatCidr), ['10.96.3.0/24']);
  t.throws(() => allocator.allocate(), { message: `failed to allocate cidr from cluster cidr at idx:0: ${noCidrsRemainingMessage}` });
});

test('dual-stack: one range of each family, in the order of --cluster-cidr, with the default 24 and 64 masks', (t) => {
  const allocator = new RangeAllocator(config({ clusterCidr: '10.244.0.0/16,fd00:10:244::/56' }) as NonNullable<ReturnType<typeof config>>);
  t.deepEqual(allocator.allocate().map(formatCidr), ['10.244.0.0/24', 'fd00:10:244::/64']);
  t.deepEqual(allocator.allocate().map(formatCidr), ['10.244.1.0/24', 'fd00:10:244:1::/64']);
});

test("bad node IPAM flags are refused with kube-controller-manager's words", (t) => {
  t.is(resolveNodeIpam(defaultNodeIpamFlags), undefined);
  t.throws(() => config({}), { message: 'Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set' });
  t.throws(() => config({ clusterCidr: '10.244.0.0' }), { message: 'invalid CIDR address: 10.244.0.0' });
  t.throws(() => config({ clusterCidr: '10.244.0.0/16,10.245.0.0/16' }), { message: /^len of ClusterCIDRs==2 and they are not configured as dual stack/ });
  t.throws(() => config({ clusterCidr: '10.244.0.0/16,fd00::/48', nodeCidrMaskSize: 24 }), { message: 'usage of --node-cidr-mask-size is not allowed with dual-stack clusters' });
  t.throws(() => config({ clusterCidr: '10.244.0.0/16', nodeCidrMaskSizeIpv6: 64 }), {
    message: 'usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster',
  });
  t.throws(() => config({ clusterCidr: '10.244.0.0/16', nodeCidrMaskSize: 12 }), { message: /mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size/ });
  t.throws(() => config({ clusterCidr: '10.0.0.0/8', nodeCidrMaskSize: 26 }), { message: 'New CIDR set failed; the node CIDR size is too big' });
  t.like(config({ clusterCidr: '10.244.0.0/16', nodeCidrMaskSizeIpv4: 25 }), { nodeMaskSizes: [25] });
});

test('--controllers knows node-ipam-controller by its alias nodeipam too, and it is on with "*"', (t) => {
  const names = (selection: string[]) => enabledControllers(allControllers, selection).map((controller) => controller.name);
  t.true(names(['*']).includes('node-ipam-controller'));
  t.deepEqual(names(['nodeipam']), ['node-ipam-controller']);
  t.false(names(['*', '-nodeipam']).includes('node-ipam-controller'));
  t.throws(() => names(['ipam']), { message: /^"ipam" is not in the list of known controllers: / });
});
