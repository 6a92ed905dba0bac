// Service IP families as kube-apiserver 1.35 reads its ranges and defaults a Service's fields:
// --service-cluster-ip-range of one or two families, and ipFamilyPolicy and ipFamilies made whole
// on create and update before any IP is allocated.

import test from 'ava';
import { FlagError, fieldErrorMessage } from '@capstan/common';
import { serviceRanges } from '../src/cli/service-ranges.ts';
import { initIpFamilyFields, normalizeClusterIps } from '../src/resources/core/services/addresses/ip-family-fields.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';

const ranges = (text: string) => serviceRanges(text, '30000-32767').serviceClusterIpRange;

test('a range of either family, or one of each, is read as kube reads it: masked, canonical, primary first', (t) => {
  t.deepEqual(
    ranges('fd00:10:0::7/108,10.96.0.1/12').map(({ text, family, first, last }) => ({ text, family, first: first.toString(16), last: last.toString(16) })),
    [
      { text: 'fd00:10::/108', family: 'IPv6', first: 'fd000010000000000000000000000001', last: 'fd0000100000000000000000000fffff' },
      { text: '10.96.0.0/12', family: 'IPv4', first: 'a600001', last: 'a6ffffe' },
    ],
  );
  t.deepEqual(
    ranges('').map((cidr) => cidr.text),
    ['10.0.0.0/24'],
  );
  // No upper bound on the size of a range, IPv6 down to /64.
  t.is(ranges('10.0.0.0/8,fd00::/64')[1]?.size, 2n ** 64n);
});

test('a range kube-apiserver refuses fails with its words', (t) => {
  const refused = (text: string): string => t.throws(() => ranges(text), { instanceOf: FlagError })?.message ?? '';
  t.is(refused('nope'), 'service-cluster-ip-range[0] is not a valid cidr');
  t.is(refused('10.0.0.0/30'), 'error determining service IP ranges for primary service cidr: the service cluster IP range must be at least 8 IP addresses');
  t.is(refused('10.0.0.0/24, fd00::/64'), 'service-cluster-ip-range[1] is not an ip net');
  t.is(refused('fd00::/64,fd01::/64'), '--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family');
  t.is(refused('10.0.0.0/24,fd00::/64,10.1.0.0/24'), '--service-cluster-ip-range must not contain more than two entries');
  t.is(refused('10.0.0.0/24,fd00::/63'), 'error creating new IPAllocator for Service CIDR fd00::/63: shortest allowed prefix length for service CIDR is 64, got 63');
  // A secondary range may be small.
  t.is(ranges('10.0.0.0/24,fd00::/127').length, 2);
});

const dualStack = ['IPv4', 'IPv6'] as const;
const ipv6Only = ['IPv6'] as const;

/** The spec after defaulting, or the messages of kube's 422. */
function defaulted(spec: JsonObject, cluster: readonly ('IPv4' | 'IPv6')[], oldSpec?: JsonObject): JsonObject | string[] {
  const copy = structuredClone(spec);
  normalizeClusterIps(copy, oldSpec);
  const errors = initIpFamilyFields(copy, oldSpec, cluster);
  return errors.length > 0 ? errors.map(fieldErrorMessage) : copy;
}

test('on create: the primary family and SingleStack unless asked; PreferDualStack takes both families where the cluster has them', (t) => {
  t.like(defaulted({ type: 'ClusterIP' }, dualStack), { ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv4'] });
  t.like(defaulted({ type: 'ClusterIP' }, ipv6Only), { ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv6'] });
  t.like(defaulted({ type: 'ClusterIP', ipFamilyPolicy: 'PreferDualStack' }, dualStack), { ipFamilies: ['IPv4', 'IPv6'] });
  t.like(defaulted({ type: 'ClusterIP', ipFamilyPolicy: 'PreferDualStack', ipFamilies: ['IPv6'] }, dualStack), { ipFamilies: ['IPv6', 'IPv4'] });
  t.like(defaulted({ type: 'ClusterIP', ipFamilyPolicy: 'PreferDualStack' }, ipv6Only), { ipFamilies: ['IPv6'] });
  // The families of the IPs asked for come first.
  t.like(defaulted({ type: 'ClusterIP', clusterIP: 'fd00::5', ipFamilyPolicy: 'RequireDualStack' }, dualStack), { clusterIPs: ['fd00::5'], ipFamilies: ['IPv6', 'IPv4'] });
  // ExternalName Services have no families.
  t.deepEqual(defaulted({ type: 'ExternalName', externalName: 'example.com' }, dualStack), { type: 'ExternalName', externalName: 'example.com' });
});

test('headless Services: a selector keeps them single-stack; without one they default to RequireDualStack and both families on any cluster', (t) => {
  t.like(defaulted({ type: 'ClusterIP', clusterIP: 'None', selector: { app: 'web' } }, ipv6Only), { clusterIPs: ['None'], ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv6'] });
  t.like(defaulted({ type: 'ClusterIP', clusterIP: 'None' }, ipv6Only), { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6', 'IPv4'] });
  t.like(defaulted({ type: 'ClusterIP', clusterIP: 'None', ipFamilyPolicy: 'SingleStack' }, dualStack), { ipFamilies: ['IPv4'] });
});

test("on create: what the cluster cannot give, or the fields contradict, is refused in kube's words", (t) => {
  t.deepEqual(defaulted({ type: 'ClusterIP', ipFamilyPolicy: 'RequireDualStack' }, ipv6Only), [
    'spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
  ]);
  t.deepEqual(defaulted({ type: 'ClusterIP', ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4'] }, ipv6Only), [
    'spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    'spec.ipFamilies[0]: Invalid value: "IPv4": not configured on this cluster',
  ]);
  t.deepEqual(defaulted({ type: 'ClusterIP', clusterIP: '10.0.0.1' }, ipv6Only), ['spec.clusterIPs[0]: Invalid value: ["10.0.0.1"]: IPv4 is not configured on this cluster']);
  t.deepEqual(defaulted({ type: 'ClusterIP', clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.1', 'fd00::1'] }, dualStack), [
    "spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
  ]);
  t.deepEqual(defaulted({ type: 'ClusterIP', clusterIPs: ['10.0.0.1'] }, dualStack), [
    'spec.clusterIPs: Invalid value: ["10.0.0.1"]: must be empty when `clusterIP` is not specified',
  ]);
  t.deepEqual(defaulted({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None', '10.0.0.1'] }, dualStack), [
    'spec.clusterIPs: Invalid value: ["None","10.0.0.1"]: \'None\' must be the first and only value',
  ]);
  t.deepEqual(defaulted({ type: 'ClusterIP', clusterIP: '10.0.0.300' }, dualStack), [
    'spec.clusterIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
  ]);
});

test('on update: SingleStack drops the secondary entries; another policy may not, and a PreferDualStack Service left as it was stays as it was', (t) => {
  const dual = { type: 'ClusterIP', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5', 'fd00::5'], ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack' };
  t.like(defaulted({ ...dual, ipFamilyPolicy: 'SingleStack' }, dualStack, dual), { clusterIPs: ['10.0.0.5'], ipFamilies: ['IPv4'] });
  t.deepEqual(defaulted({ ...dual, clusterIPs: ['10.0.0.5'], ipFamilies: ['IPv4'] }, dualStack, dual), [
    'spec.ipFamilyPolicy: Invalid value: "PreferDualStack": must be \'SingleStack\' to release the secondary cluster IP',
    'spec.ipFamilyPolicy: Invalid value: "PreferDualStack": must be \'SingleStack\' to release the secondary IP family',
  ]);
  // A cluster that lost its IPv6 range does not downgrade the Service on its own.
  t.deepEqual(defaulted(dual, ['IPv4'], dual), dual);
  // An update that leaves the policy out keeps the stored one, and upgrades nothing.
  const single = { type: 'ClusterIP', clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' };
  t.like(defaulted({ ...single, ipFamilyPolicy: undefined }, dualStack, single), single);
  t.like(defaulted({ ...single, ipFamilyPolicy: 'RequireDualStack' }, dualStack, single), { ipFamilies: ['IPv4', 'IPv6'], clusterIPs: ['10.0.0.5'] });
});
