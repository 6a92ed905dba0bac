// The lenient mode of common's IP parser (k8s.io/utils/net's ParseIPSloppy and ParseCIDRSloppy)
// beside the strict one (net/netip), on the inputs where they part. The answers are what the Go
// functions give (checked with a Go program against k8s.io/utils of kube 1.35).

import test from 'ava';
import { addrString, parseAddr, parseIPSloppy } from '../src/net/netip-addr.ts';
import { ipNetOf, parseCIDRSloppy, parsePrefix, prefixString } from '../src/net/netip-prefix.ts';

/** What each parser makes of an address: its Go String form, or undefined / the error. */
const sloppy = (text: string): string | undefined => {
  const addr = parseIPSloppy(text);
  return addr === undefined ? undefined : addrString(addr);
};
const strict = (text: string): string => {
  const parsed = parseAddr(text);
  return 'error' in parsed ? parsed.error : addrString(parsed.addr);
};

test('sloppy IPv4 fields may have leading zeros, read as decimal; strict refuses them', (t) => {
  t.is(sloppy('010.1.1.1'), '10.1.1.1');
  t.is(strict('010.1.1.1'), 'ParseAddr("010.1.1.1"): IPv4 field has octet with leading zero');
  t.is(sloppy('1.2.3.0000004'), '1.2.3.4');
  t.is(sloppy('::ffff:010.1.2.3'), '::ffff:10.1.2.3');
  t.is(sloppy('1.2.3.256'), undefined);
  t.is(sloppy('1.2.3'), undefined);
  t.is(sloppy(' 1.2.3.4'), undefined);
});

test('sloppy IPv6 groups may have more than four digits up to ffff; strict wants four at most', (t) => {
  t.is(sloppy('00001::1'), '1::1');
  t.is(strict('00001::1'), 'ParseAddr("00001::1"): each group must have 4 or less digits (at "00001::1")');
  t.is(sloppy('::0001.2.3.4'), '::102:304');
  t.is(sloppy('::10000'), undefined);
});

test('zones: strict keeps them, sloppy (net.ParseIP) has none', (t) => {
  t.is(strict('fe80::1%eth0'), 'fe80::1%eth0');
  t.is(sloppy('fe80::1%eth0'), undefined);
  t.is(sloppy('%eth0'), undefined);
});

test('both keep an IPv4-mapped address as IPv6 bytes; the caller unmaps it where Go says To4', (t) => {
  t.is(sloppy('::ffff:1.2.3.4'), '::ffff:1.2.3.4');
  t.is(strict('::ffff:1.2.3.4'), '::ffff:1.2.3.4');
});

test('ParseCIDRSloppy keeps host bits and takes leading zeros in the prefix length; net.IPNet masks', (t) => {
  const cidr = (text: string) => {
    const parsed = parseCIDRSloppy(text);
    return parsed === undefined ? undefined : { ip: addrString(parsed.addr), net: prefixString(ipNetOf(parsed)) };
  };
  t.deepEqual(cidr('1.2.3.4/24'), { ip: '1.2.3.4', net: '1.2.3.0/24' });
  t.deepEqual(cidr('1.2.3.0/024'), { ip: '1.2.3.0', net: '1.2.3.0/24' });
  t.deepEqual(cidr('010.1.0.0/16'), { ip: '10.1.0.0', net: '10.1.0.0/16' });
  // IPNet.String writes a network that is IPv4-mapped as IPv4, its prefix 96 bits shorter.
  t.deepEqual(cidr('::ffff:1.2.3.4/120'), { ip: '::ffff:1.2.3.4', net: '1.2.3.0/24' });
  t.deepEqual(cidr('::ffff:1.2.3.4/24'), { ip: '::ffff:1.2.3.4', net: '::/24' });
  for (const text of ['fe80::1%eth0/64', '1.2.3.4/', '1.2.3.4/+8', '1.2.3.4/33', '::/129', '1.2.3.4', '1.2.3.4/24/1']) {
    t.is(cidr(text), undefined, text);
  }
  t.false('error' in parsePrefix('1.2.3.4/24'));
  t.deepEqual(parsePrefix('1.2.3.0/024'), { error: 'netip.ParsePrefix("1.2.3.0/024"): bad bits after slash: "024"' });
  t.deepEqual(parsePrefix('fe80::1%eth0/64'), { error: 'netip.ParsePrefix("fe80::1%eth0/64"): IPv6 zones cannot be present in a prefix' });
});
