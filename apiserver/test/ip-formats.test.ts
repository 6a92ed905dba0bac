// apimachinery's IP and CIDR checks as kube-apiserver 1.35 words them: strict, canonical CIDRs for
// new fields (ServiceCIDR), and legacy fields that stay lenient while StrictIPCIDRValidation is off.

import test from 'ava';
import { parseCIDRSloppy, type IPPrefix } from '@capstan/common';
import {
  cidrErrors,
  cidrFamilyOf,
  cidrNetworkFamilyOf,
  endpointIpErrors,
  ipErrors,
  ipFamilyOf,
  isStrictSubnet,
  legacyCidrErrors,
  legacyIpErrors,
  strictIpCidrValidation,
} from '../src/registry/validation/ip-formats.ts';

function cidr(text: string): IPPrefix {
  const parsed = parseCIDRSloppy(text);
  if (parsed === undefined) throw new Error(`not a CIDR: ${text}`);
  return parsed;
}

test('IsValidCIDR refuses host bits past the prefix before it asks for canonical form', (t) => {
  t.deepEqual(cidrErrors('10.1.0.1/16'), ['must not have bits set beyond the prefix length']);
  t.deepEqual(cidrErrors('2001:db8::1/64'), ['must not have bits set beyond the prefix length']);
  t.deepEqual(cidrErrors('10.1.0.0/16'), []);
  t.deepEqual(cidrErrors('2001:db8::/64'), []);
});

test('IsValidCIDR: leading zeros, then IPv4-mapped addresses, then canonical IPv6 text', (t) => {
  t.deepEqual(cidrErrors('10.1.0.0/016'), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(cidrErrors('010.1.0.0/16'), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(cidrErrors('::ffff:010.1.0.0/112'), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(cidrErrors('00001:db8::/64'), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(cidrErrors('::ffff:10.1.0.0/112'), ['must not have an IPv4-mapped IPv6 address']);
  t.deepEqual(cidrErrors('2001:DB8::/32'), ['must be in canonical form ("2001:db8::/32")']);
  t.deepEqual(cidrErrors('2001:db8:0:0:0:0:0:0/32'), ['must be in canonical form ("2001:db8::/32")']);
  for (const text of ['10.1.0.0', '10.1.0.0/33', '10.1.0/16', 'fd00::/129', 'fd00:::/64', '1:2:3:4:5:6:7::8/64']) {
    t.deepEqual(cidrErrors(text), ['must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'], text);
  }
});

test('StrictIPCIDRValidation is off in 1.35: legacy fields take what ParseIPSloppy and ParseCIDRSloppy take', (t) => {
  t.false(strictIpCidrValidation);
  t.deepEqual(legacyIpErrors('010.001.002.003'), []);
  t.deepEqual(legacyIpErrors('::ffff:1.2.3.4'), []);
  t.deepEqual(legacyIpErrors('1.2.3.256'), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
  t.deepEqual(legacyCidrErrors('10.1.0.1/16'), []);
  t.deepEqual(legacyCidrErrors('010.1.0.0/016'), []);
  t.deepEqual(legacyCidrErrors('10.1.0.0'), ['must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']);
});

test("with StrictIPCIDRValidation, legacy fields get the strict parser's errors but need no canonical form", (t) => {
  t.deepEqual(legacyIpErrors('010.1.2.3', true), ['must not have leading 0s']);
  t.deepEqual(legacyIpErrors('::ffff:1.2.3.4', true), ['must not be an IPv4-mapped IPv6 address']);
  t.deepEqual(legacyIpErrors('2001:DB8::1', true), []);
  t.deepEqual(legacyCidrErrors('10.1.0.1/16', true), ['must not have bits set beyond the prefix length']);
  t.deepEqual(legacyCidrErrors('10.1.0.0/016', true), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(legacyCidrErrors('2001:DB8::/32', true), []);
});

test('families as IPFamilyOf, IPFamilyOfCIDRString and IPFamilyOfCIDR give them', (t) => {
  t.is(ipFamilyOf('010.0.0.1'), 4);
  t.is(ipFamilyOf('::ffff:1.2.3.4'), 4);
  t.is(ipFamilyOf('::1.2.3.4'), 6);
  t.is(ipFamilyOf('fe80::1%eth0'), undefined);
  t.is(cidrFamilyOf('fd00::/64'), 6);
  t.is(cidrFamilyOf('10.0.0.0/40'), undefined);
  // The address as written is IPv4-mapped; the network of a short prefix is not.
  t.is(cidrFamilyOf('::ffff:1.2.3.4/24'), 4);
  t.is(cidrNetworkFamilyOf('::ffff:1.2.3.4/24'), 6);
  t.is(cidrNetworkFamilyOf('::ffff:1.2.3.4/120'), 4);
});

// What kube 1.35's validation.IsValidIP and IsValidCIDR answer (checked with a Go program against
// k8s.io/apimachinery v0.35.4): the lenient parse decides "valid", the strict one the rest.
test('IsValidIP: sloppy first, then strict, then canonical', (t) => {
  t.deepEqual(ipErrors('010.1.1.1'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('1.2.3.0000004'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('00001::1'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('::0001.2.3.4'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('::ffff:010.1.2.3'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('::ffff:1.2.3.4'), ['must not be an IPv4-mapped IPv6 address']);
  t.deepEqual(ipErrors('2001:DB8::1'), ['must be in canonical form ("2001:db8::1")']);
  for (const text of ['fe80::1%eth0', '1.2.3.4/24', ' 1.2.3.4', '1.2.3.256']) {
    t.deepEqual(ipErrors(text), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'], text);
  }
  t.deepEqual(legacyIpErrors('2001:DB8::1', true), []);
  t.deepEqual(legacyIpErrors('fe80::1%eth0'), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
});

test('IsValidCIDR on IPv4-mapped ranges, leading zeros in the prefix length and zones', (t) => {
  t.deepEqual(cidrErrors('1.2.3.4/24'), ['must not have bits set beyond the prefix length']);
  t.deepEqual(cidrErrors('::ffff:1.2.3.4/120'), ['must not have an IPv4-mapped IPv6 address']);
  t.deepEqual(cidrErrors('::ffff:1.2.3.4/24'), ['must not have an IPv4-mapped IPv6 address']);
  t.deepEqual(cidrErrors('1.2.3.0/024'), ['must not have leading 0s in IP or prefix length']);
  t.deepEqual(legacyCidrErrors('1.2.3.0/024'), []);
  for (const text of ['fe80::1%eth0/64', '1.2.3.4/', '1.2.3.4/+8', '010.1.1.1']) {
    t.deepEqual(cidrErrors(text), ['must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'], text);
    t.deepEqual(legacyCidrErrors(text), ['must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'], text);
  }
});

test('ValidateNonSpecialIP reads an IPv4-mapped address as the IPv4 one', (t) => {
  t.deepEqual(endpointIpErrors('::ffff:0.0.0.0'), ['may not be unspecified (::ffff:0.0.0.0)']);
  t.deepEqual(endpointIpErrors('::ffff:127.0.0.1'), ['may not be in the loopback range (127.0.0.0/8, ::1/128)']);
  t.deepEqual(endpointIpErrors('0169.254.0.1'), ['may not be in the link-local range (169.254.0.0/16, fe80::/10)']);
  t.deepEqual(endpointIpErrors('ff12::1'), ['may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']);
  t.deepEqual(endpointIpErrors('10.0.0.1'), []);
});

test('a strict subnet lies inside the outer network and has a longer prefix', (t) => {
  t.true(isStrictSubnet(cidr('10.0.0.0/8'), cidr('10.1.0.0/16')));
  t.true(isStrictSubnet(cidr('10.0.0.1/8'), cidr('10.1.2.3/16')), 'host bits are masked off');
  t.false(isStrictSubnet(cidr('10.0.0.0/8'), cidr('10.0.0.0/8')));
  t.false(isStrictSubnet(cidr('10.0.0.0/16'), cidr('10.1.0.0/24')));
  t.false(isStrictSubnet(cidr('10.0.0.0/8'), cidr('fd00::/64')));
  // IPNet.Contains reads IPv4-mapped addresses as IPv4; the prefixes compare as written.
  t.true(isStrictSubnet(cidr('10.0.0.0/8'), cidr('::ffff:10.1.0.0/112')));
  t.false(isStrictSubnet(cidr('::ffff:10.0.0.0/104'), cidr('10.1.0.0/16')));
});
