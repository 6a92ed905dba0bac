// Kubernetes' CIDR library in CEL: which strings are ranges (Go's netip.ParsePrefix, without
// IPv4-mapped addresses), Kubernetes' doubled error texts, containsIP and containsCIDR with IP,
// CIDR and string arguments, ip(), masked(), prefixLength(), equality and costs, as kube-apiserver
// 1.35 answers them.

import test from 'ava';
import fc from 'fast-check';
import { cidrCosts, cidrFunctions, cidrType } from '../../src/cel/library/cidr.ts';
import { CelIP, ipFunctions } from '../../src/cel/library/ip.ts';
import { equalValues } from '../../src/cel/values/compare.ts';
import { CelError, typeOf, type CelValue } from '../../src/cel/values/values.ts';
import { addrString } from '../../src/net/netip-addr.ts';

const global = (name: string, ...args: CelValue[]): CelValue => cidrFunctions.get(name)!.global!(args);
const member = (name: string, target: CelValue, ...args: CelValue[]): CelValue => cidrFunctions.get(name)!.member!([target, ...args]);
const cidr = (text: string): CelValue => global('cidr', text);
const ip = (text: string): CelValue => ipFunctions.get('ip')!.global!([text]);
const wrapped = (message: string) => `network address parse error during conversion from string: network address parse error during conversion from string: ${message}`;
const parseError = (text: string, message: string) => new CelError(wrapped(`netip.ParsePrefix(${JSON.stringify(text)}): ${message}`));

test('cidr() parses IPv4 and IPv6 ranges, keeping the bits past the prefix', (t) => {
  t.is(global('string', cidr('192.168.0.0/24')), '192.168.0.0/24');
  t.is(global('string', cidr('192.168.0.1/24')), '192.168.0.1/24');
  t.is(global('string', cidr('2001:DB8::/32')), '2001:db8::/32');
  t.is(typeOf(cidr('::1/128')), cidrType);
  t.is(cidrType.name, 'net.CIDR');
});

test('cidr() refuses what netip refuses, wrapped twice as Kubernetes does', (t) => {
  const cases: Array<[string, string]> = [
    ['192.168.0.0/', 'bad bits after slash: ""'],
    ['2001:db8::/', 'bad bits after slash: ""'],
    ['192.168.0.0/33', 'prefix length out of range'],
    ['::1/129', 'prefix length out of range'],
    ['192.168.0.0/024', 'bad bits after slash: "024"'],
    ['1.2.3.4/+8', 'bad bits after slash: "+8"'],
    ['1.2.3.4/99999999999999999999', 'bad bits after slash: "99999999999999999999"'],
    ['1.2.3.4/9223372036854775807', 'prefix length out of range'],
    ['1.2.3.4', "no '/'"],
    ['fe80::1%eth0/64', 'IPv6 zones cannot be present in a prefix'],
    ['x/8', 'ParseAddr("x"): unable to parse IP'],
  ];
  for (const [text, message] of cases) t.deepEqual(cidr(text), parseError(text, message), text);
  t.deepEqual(cidr('::ffff:1.2.3.4/120'), new CelError('network address parse error during conversion from string: IPv4-mapped IPv6 address "::ffff:1.2.3.4/120" is not allowed'));
  t.true(global('isCIDR', '10.0.0.0/8'));
  t.true(global('isCIDR', '10.0.0.1/8'));
  t.false(global('isCIDR', '10.0.0.0/33'));
  t.false(global('isCIDR', '::ffff:1.2.3.4/120'));
});

test('ip(), masked() and prefixLength()', (t) => {
  t.is(String(member('ip', cidr('192.168.0.1/24'))), '192.168.0.1');
  t.true(member('ip', cidr('::1/128')) instanceof CelIP);
  t.is(String(member('masked', cidr('192.168.0.1/24'))), '192.168.0.0/24');
  t.is(String(member('masked', cidr('2001:db8:1::/32'))), '2001:db8::/32');
  t.is(member('prefixLength', cidr('192.168.0.0/16')), 16);
  t.is(member('prefixLength', cidr('::1/128')), 128);
});

test('containsIP takes an IP or a string; an unparsable string is a bare "no such overload"', (t) => {
  t.true(member('containsIP', cidr('192.168.0.0/24'), ip('192.168.0.1')));
  t.false(member('containsIP', cidr('192.168.0.0/24'), ip('192.168.1.1')));
  t.true(member('containsIP', cidr('192.168.0.0/24'), '192.168.0.1'));
  t.false(member('containsIP', cidr('192.168.0.0/24'), '192.168.1.1'));
  t.true(member('containsIP', cidr('2001:db8::/32'), '2001:db8::1'));
  t.false(member('containsIP', cidr('2001:db8::/32'), ip('2001:dc8::1')));
  t.true(member('containsIP', cidr('10.1.2.3/8'), '10.200.0.1'));
  t.false(member('containsIP', cidr('0.0.0.0/0'), '::1'));
  t.true(member('containsIP', cidr('::/0'), '::1'));
  t.deepEqual(member('containsIP', cidr('10.0.0.0/8'), 'bad'), new CelError('no such overload'));
  t.deepEqual(member('containsIP', cidr('10.0.0.0/8'), '::ffff:10.1.1.1'), new CelError('no such overload'));
});

test('containsCIDR takes a CIDR or a string; an unparsable string keeps its parse error', (t) => {
  t.true(member('containsCIDR', cidr('192.168.0.0/24'), cidr('192.168.0.0/25')));
  t.false(member('containsCIDR', cidr('192.168.0.0/24'), cidr('192.168.0.0/23')));
  t.true(member('containsCIDR', cidr('192.168.0.0/16'), '192.168.10.0/24'));
  t.true(member('containsCIDR', cidr('192.168.0.0/16'), '192.168.0.1/32'));
  t.false(member('containsCIDR', cidr('192.168.1.0/24'), '192.168.2.0/24'));
  t.true(member('containsCIDR', cidr('192.168.0.1/16'), '192.168.0.0/16'));
  t.true(member('containsCIDR', cidr('2001:db8::/32'), '2001:db8:ffff::/48'));
  t.false(member('containsCIDR', cidr('2001:db8::/32'), '2001:db8::/31'));
  t.false(member('containsCIDR', cidr('0.0.0.0/0'), '::/0'));
  t.true(member('containsCIDR', cidr('0.0.0.0/0'), '10.0.0.0/8'));
  t.deepEqual(member('containsCIDR', cidr('10.0.0.0/8'), 'bad/1'), parseError('bad/1', 'ParseAddr("bad"): unable to parse IP'));
});

test('two CIDRs are equal when address and length are, so a range is not its masked form', (t) => {
  t.true(equalValues(cidr('192.168.0.0/24'), member('masked', cidr('192.168.0.0/24'))));
  t.false(equalValues(cidr('192.168.0.1/24'), member('masked', cidr('192.168.0.1/24'))));
  t.false(equalValues(cidr('10.0.0.0/8'), cidr('10.0.0.0/9')));
  t.deepEqual(equalValues(cidr('1.2.3.4/32'), ip('1.2.3.4')), new CelError('no such overload'));
});

test('the functions answer no such overload for arguments of other kinds', (t) => {
  t.deepEqual(global('cidr', 192168), new CelError('no such overload: cidr'));
  t.deepEqual(global('isCIDR', true), new CelError('no such overload: isCIDR'));
  t.deepEqual(member('containsIP', cidr('10.0.0.0/8'), 1), new CelError('no such overload: containsIP'));
  t.deepEqual(member('containsCIDR', cidr('10.0.0.0/8'), ip('10.0.0.1')), new CelError('no such overload: containsCIDR'));
  t.deepEqual(member('prefixLength', '10.0.0.0/8'), new CelError('no such overload: prefixLength'));
});

test("costs, as Kubernetes' cost tests count them", (t) => {
  const v4 = cidr('192.168.0.0/16');
  const v6 = cidr('2001:db8::/32');
  t.is(cidrCosts.cidr.actual(['192.168.0.0/16']), 2);
  t.is(cidrCosts.cidr.actual(['2001:db8::/32']), 2);
  // The argument's own parse (ip('192.0.0.1') costs 1) plus the comparison.
  t.is(cidrCosts.containsIP.actual([v4, ip('192.0.0.1')]), 1);
  t.is(cidrCosts.containsIP.actual([v4, '192.0.0.1']), 2);
  t.is(cidrCosts.containsIP.actual([v4, '192.169.0.1']), 3);
  t.is(cidrCosts.containsIP.actual([v6, '2001:db8:3333:4444:5555:6666:7777:8888']), 5);
  t.is(cidrCosts.containsCIDR.actual([v4, cidr('192.0.0.0/30')]), 3);
  t.is(cidrCosts.containsCIDR.actual([v4, '192.0.0.0/30']), 5);
  t.is(cidrCosts.containsCIDR.actual([v6, '2001:db8::/126']), 5);
  for (const name of ['ip', 'masked', 'prefixLength', 'string'] as const) t.is(cidrCosts[name].actual(), 1, name);
});

const prefixText = fc
  .oneof(
    fc.tuple(fc.uint8Array({ minLength: 4, maxLength: 4 }), fc.integer({ min: 0, max: 32 })),
    fc.tuple(
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => ((bytes[10] = 0), bytes)),
      fc.integer({ min: 0, max: 128 }),
    ),
  )
  .map(([bytes, bits]) => `${addrString({ bytes: [...bytes], zone: '' })}/${bits}`);

test('a range contains its own address, and its masked form contains it', (t) => {
  fc.assert(
    fc.property(prefixText, (text) => {
      const range = cidr(text);
      const masked = member('masked', range);
      return (
        member('containsIP', range, member('ip', range)) === true &&
        member('containsCIDR', masked, range) === true &&
        member('containsCIDR', range, masked) === true &&
        equalValues(member('masked', masked), masked) === true
      );
    }),
  );
  t.pass();
});
