// apimachinery's IP and CIDR checks as kube-apiserver 1.35 words them: strict, canonical CIDRs for
// new fields (ServiceCIDR), and legacy fields that stay lenient while StrictIPCIDRValidation is off.

import test from 'ava';
import {
  cidrErrors,
  cidrFamilyOf,
  ipFamilyOf,
  isStrictSubnet,
  legacyCidrErrors,
  legacyIpErrors,
  parseCidr,
  parseIp,
  strictIpCidrValidation,
  type Cidr,
} from '../src/registry/validation/ip-formats.ts';

function cidr(text: string): Cidr {
  const parsed = parseCidr(text);
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

test('the lenient parser reads IPv4 parts with leading zeros and IPv6 groups of any length up to ffff', (t) => {
  t.deepEqual(parseIp('010.0.0.0001'), [10, 0, 0, 1]);
  t.deepEqual(parseIp('010.0.0.1', true), undefined);
  t.deepEqual(parseIp('::00001')?.slice(14), [0, 1]);
  t.is(parseIp('::00001', true), undefined);
  t.is(parseIp('::10000'), undefined);
  t.is(parseIp('1.2.3'), undefined);
  t.is(ipFamilyOf('::ffff:1.2.3.4'), 4);
  t.is(ipFamilyOf('::1.2.3.4'), 6);
  t.is(cidrFamilyOf('fd00::/64'), 6);
  t.is(cidrFamilyOf('10.0.0.0/40'), undefined);
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
