// Kubernetes' IP library in CEL: which strings are addresses (Go's netip.ParseAddr, without zones
// or IPv4-mapped addresses), Kubernetes' exact error texts, the canonical form, the accessors,
// equality and costs. Expected texts and costs are kube-apiserver 1.35's.

import test from 'ava';
import fc from 'fast-check';
import { CelIP, ipCosts, ipFunctions, ipType } from '../../src/cel/library/ip.ts';
import { CelCIDR, cidrFunctions } from '../../src/cel/library/cidr.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelError, typeOf, type CelValue } from '../../src/cel/values/values.ts';
import { addrString } from '../../src/net/netip-addr.ts';

const global = (name: string, ...args: CelValue[]): CelValue => ipFunctions.get(name)!.global!(args);
const member = (name: string, target: CelValue, ...args: CelValue[]): CelValue => ipFunctions.get(name)!.member!([target, ...args]);
const ip = (text: string): CelValue => global('ip', text);
const parseError = (text: string, message: string) =>
  new CelError(`IP Address ${JSON.stringify(text)} parse error during conversion from string: ParseAddr(${JSON.stringify(text)}): ${message}`);

test('ip() parses IPv4 and IPv6 addresses; string() gives the canonical form', (t) => {
  t.is(String(ip('192.168.0.1')), '192.168.0.1');
  t.is(global('string', ip('2001:DB8:0:0:0:0:0:68')), '2001:db8::68');
  t.is(global('string', ip('1:0:0:2:0:0:0:3')), '1:0:0:2::3');
  t.is(global('string', ip('0:0:0:0:0:0:0:0')), '::');
  t.is(global('string', ip('::1.2.3.4')), '::102:304');
  t.is(typeOf(ip('::1')), ipType);
  t.is(ipType.name, 'net.IP');
});

test("ip() refuses what netip refuses, with its message inside Kubernetes' own", (t) => {
  const cases: Array<[string, string]> = [
    ['192.168.0.1.0', 'IPv4 address too long'],
    ['127.0.0.256', 'IPv4 field has value >255'],
    ['01.2.3.4', 'IPv4 field has octet with leading zero'],
    ['1.2.3', 'IPv4 address too short'],
    ['', 'unable to parse IP'],
    ['x', 'unable to parse IP'],
    ['%eth0', 'missing IPv6 address'],
    ['fe80::1%', 'zone must be a non-empty string'],
    ['2001:db8:::68', 'each colon-separated field must have at least one digit (at ":68")'],
    [':::1', 'each colon-separated field must have at least one digit (at ":1")'],
    ['12345::', 'each group must have 4 or less digits (at "12345::")'],
    ['1:2:3:4:5:6:7:8:9', 'trailing garbage after address (at "9")'],
    ['1::2::3', 'multiple :: in address (at ":3")'],
    ['::1.2.3', 'IPv4 address too short'],
    ['1:2:3:4:5:6:7:8::', 'the :: must expand to at least one field of zeros'],
    ['1.2.3.4:80', 'unexpected character (at ":80")'],
    ['[::1]', 'each colon-separated field must have at least one digit (at "[::1]")'],
  ];
  for (const [text, message] of cases) t.deepEqual(ip(text), parseError(text, message), text);
  t.deepEqual(ip('fe80::1%eth0'), new CelError('IP address "fe80::1%eth0" with zone value is not allowed'));
  t.deepEqual(ip('::ffff:1.2.3.4'), new CelError('IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed'));
});

test('isIP answers whether ip() would succeed', (t) => {
  for (const text of ['192.168.0.1', '::1', '2001:db8::68', '0.0.0.0', '::']) t.true(global('isIP', text), text);
  for (const text of ['192.168.0.1.0', '2001:db8:::68', '127.0.0.256', ':::1', 'fe80::1%eth0', '::ffff:1.2.3.4', '01.2.3.4', '']) t.false(global('isIP', text), text);
});

test('ip.isCanonical compares the text with the canonical form, and errors as ip() does', (t) => {
  for (const text of ['127.0.0.1', '2001:db8::68', '::', '1:0:0:2::3', 'fe80::1']) t.true(global('ip.isCanonical', text), text);
  for (const text of ['2001:DB8::68', '2001:db8::0:0:0:abcd', '0::0', '1:0:0:0:0:0:0:0', '0:0:0:0:0:0:0:1']) t.false(global('ip.isCanonical', text), text);
  t.deepEqual(global('ip.isCanonical', '127.0.0.1.0'), parseError('127.0.0.1.0', 'IPv4 address too long'));
});

test('family and the address classes, as netip answers them', (t) => {
  // [address, family, unspecified, loopback, link-local multicast, link-local unicast, global unicast]
  const cases: Array<[string, number, ...boolean[]]> = [
    ['0.0.0.0', 4, true, false, false, false, false],
    ['::', 6, true, false, false, false, false],
    ['127.0.0.1', 4, false, true, false, false, false],
    ['127.9.9.9', 4, false, true, false, false, false],
    ['::1', 6, false, true, false, false, false],
    ['224.0.0.1', 4, false, false, true, false, false],
    ['224.0.1.1', 4, false, false, false, false, false],
    ['ff02::1', 6, false, false, true, false, false],
    ['ff12::1', 6, false, false, true, false, false],
    ['ff00::1', 6, false, false, false, false, false],
    ['169.254.169.254', 4, false, false, false, true, false],
    ['fe80::1', 6, false, false, false, true, false],
    ['febf::1', 6, false, false, false, true, false],
    ['fd80::1', 6, false, false, false, false, true],
    ['192.168.0.1', 4, false, false, false, false, true],
    ['255.255.255.255', 4, false, false, false, false, false],
    ['2001:db8::abcd', 6, false, false, false, false, true],
  ];
  const accessors = ['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast'];
  for (const [text, family, ...flags] of cases) {
    t.is(member('family', ip(text)), family, text);
    accessors.forEach((name, i) => t.is(member(name, ip(text)), flags[i] as boolean, `${text}.${name}()`));
  }
});

test('two IPs are equal when their addresses are; comparing with another kind is an error', (t) => {
  t.true(equalValues(ip('::1'), ip('0::1')));
  t.true(equalValues(ip('2001:db8::68'), ip('2001:DB8::68')));
  t.false(equalValues(ip('1.2.3.4'), ip('1.2.3.5')));
  t.false(equalValues(ip('::'), ip('0.0.0.0')));
  const cidr = cidrFunctions.get('cidr')!.global!(['1.2.3.4/32']);
  t.true(cidr instanceof CelCIDR);
  t.deepEqual(equalValues(ip('1.2.3.4'), cidr), new CelError('no such overload'));
});

test('the functions answer no such overload for arguments of other kinds', (t) => {
  t.deepEqual(global('ip', 1), new CelError('no such overload: ip'));
  t.deepEqual(global('isIP', null), new CelError('no such overload: isIP'));
  t.deepEqual(global('string', 'x'), new CelError('no such overload: string'));
  t.deepEqual(member('family', '1.2.3.4'), new CelError('no such overload: family'));
});

test('costs: parsing traverses the string, isCanonical twice, the accessors are nominal', (t) => {
  t.is(ipCosts.ip.actual(['192.168.0.1']), 2);
  t.is(ipCosts.ip.actual(['2001:db8:3333:4444:5555:6666:7777:8888']), 4);
  t.is(ipCosts.isIP.actual(['1.2.3.4']), 1);
  t.is(ipCosts['ip.isCanonical'].actual(['192.168.0.1']), 3);
  t.is(ipCosts['ip.isCanonical'].actual(['2001:db8:3333:4444:5555:6666:7777:8888']), 8);
  t.is(ipCosts['ip.isCanonical'].actual(['2001:db8::abcd']), 3);
  for (const name of ['family', 'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'string'] as const) {
    t.is(ipCosts[name].actual(), 1, name);
  }
});

const ipv6Bytes = fc.uint8Array({ minLength: 16, maxLength: 16 }).filter((bytes) => !(bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff));

test('any address written in canonical form parses back to itself and is canonical', (t) => {
  fc.assert(
    fc.property(fc.oneof(fc.uint8Array({ minLength: 4, maxLength: 4 }), ipv6Bytes), (bytes) => {
      const text = addrString({ bytes: [...bytes], zone: '' });
      const parsed = ip(text);
      return parsed instanceof CelIP && parsed.addr.bytes.every((byte, i) => byte === bytes[i]) && global('string', parsed) === text && global('ip.isCanonical', text) === true;
    }),
  );
  t.pass();
});

test('an IPv6 address written with upper-case digits parses to the same address but is not canonical', (t) => {
  fc.assert(
    fc.property(ipv6Bytes, (bytes) => {
      const text = addrString({ bytes: [...bytes], zone: '' });
      const upper = text.toUpperCase();
      return upper === text || (global('ip.isCanonical', upper) === false && equalValues(ip(upper), ip(text)) === true);
    }),
  );
  t.pass();
});
