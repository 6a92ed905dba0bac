// Go's net/netip as common/src/net reads and writes it, for what the CEL library never reaches:
// zones and IPv4-mapped addresses, which netip keeps and classifies as IPv4.

import test from 'ava';
import { addrString, isGlobalUnicast, isIPv4Mapped, isLoopback, isUnspecified, parseAddr, unmap } from '../src/net/netip-addr.ts';
import { parsePrefix, prefixContains } from '../src/net/netip-prefix.ts';

const addr = (text: string) => {
  const parsed = parseAddr(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.addr;
};

test('zones are kept and written back; IPv4-mapped addresses print as ::ffff:a.b.c.d', (t) => {
  t.is(addrString(addr('FE80::1%eth0')), 'fe80::1%eth0');
  t.is(addrString(addr('::ffff:0102:0304')), '::ffff:1.2.3.4');
  t.true(isIPv4Mapped(addr('::ffff:1.2.3.4')));
  t.deepEqual(unmap(addr('::ffff:1.2.3.4')).bytes, [1, 2, 3, 4]);
});

test('an IPv4-mapped address is classified as the IPv4 address it maps', (t) => {
  t.true(isLoopback(addr('::ffff:127.0.0.1')));
  t.false(isGlobalUnicast(addr('::ffff:0.0.0.0')));
  t.false(isUnspecified(addr('::ffff:0.0.0.0')));
  t.false(isUnspecified(addr('::%eth0')));
  t.true(isGlobalUnicast(addr('::%eth0')));
});

test('a prefix contains only unzoned addresses of its own family', (t) => {
  const prefix = parsePrefix('::/0');
  if ('error' in prefix) throw new Error(prefix.error);
  t.true(prefixContains(prefix.prefix, addr('::ffff:1.2.3.4')));
  t.false(prefixContains(prefix.prefix, addr('1.2.3.4')));
  t.false(prefixContains(prefix.prefix, addr('fe80::1%eth0')));
  t.deepEqual(parsePrefix('1.2.3.4/0032'), { error: 'netip.ParsePrefix("1.2.3.4/0032"): bad bits after slash: "0032"' });
});
