// IP prefixes (CIDR ranges) as Go's net/netip reads and compares them: ParsePrefix with its exact
// error texts, Prefix.Masked, Prefix.Contains and Prefix.String. The address keeps the bits past
// the prefix length as written; Masked clears them. Also the lenient reading kube gives legacy
// fields and flags (k8s.io/utils/net.ParseCIDRSloppy) and the network Go's net.IPNet makes of it.

import { goQuote } from '../status/go-format.ts';
import { addrString, bitLength, equalAddrs, isIPv4Mapped, parseAddr, parseIPSloppy, unmap, type IPAddr } from './netip-addr.ts';

export interface IPPrefix {
  /** Never zoned. */
  readonly addr: IPAddr;
  readonly bits: number;
}

export type ParsedPrefix = { readonly prefix: IPPrefix } | { readonly error: string };

const maxInt64 = 2n ** 63n - 1n;

/** netip.ParsePrefix: address "/" bits, the bits without sign or leading zeros. */
export function parsePrefix(text: string): ParsedPrefix {
  const failure = (message: string): ParsedPrefix => ({ error: `netip.ParsePrefix(${goQuote(text)}): ${message}` });
  const slash = text.lastIndexOf('/');
  if (slash < 0) return failure("no '/'");
  const parsed = parseAddr(text.slice(0, slash));
  if ('error' in parsed) return failure(parsed.error);
  if (parsed.addr.zone !== '') return failure('IPv6 zones cannot be present in a prefix');
  const bitsText = text.slice(slash + 1);
  // strconv.Atoi's own range error also ends up as "bad bits".
  if (!/^(0|[1-9][0-9]*)$/.test(bitsText) || BigInt(bitsText) > maxInt64) return failure(`bad bits after slash: ${goQuote(bitsText)}`);
  const bits = Number(bitsText);
  if (bits > bitLength(parsed.addr)) return failure('prefix length out of range');
  return { prefix: { addr: parsed.addr, bits } };
}

/**
 * k8s.io/utils/net.ParseCIDRSloppy (net.ParseCIDR before Go 1.17), undefined where it fails: the
 * address as ParseIPSloppy reads it, kept as written, and a decimal prefix length that may have
 * leading zeros, at most the bits of the address as written (128 for "::ffff:1.2.3.4/120").
 */
export function parseCIDRSloppy(text: string): IPPrefix | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const addr = parseIPSloppy(text.slice(0, slash));
  const bitsText = text.slice(slash + 1);
  if (addr === undefined || !/^[0-9]+$/.test(bitsText)) return undefined;
  const bits = Number(bitsText);
  return bits > bitLength(addr) ? undefined : { addr, bits };
}

/**
 * The network a net.IPNet holds for a range: host bits cleared, and a network that is an
 * IPv4-mapped address counted as IPv4 with its prefix 96 bits shorter, as IPNet.String,
 * IPFamilyOfCIDR and the allocators see it ("::ffff:1.2.3.4/120" is 1.2.3.0/24).
 */
export function ipNetOf(prefix: IPPrefix): IPPrefix {
  const network = maskedPrefix(prefix);
  return isIPv4Mapped(network.addr) ? { addr: unmap(network.addr), bits: network.bits - 96 } : network;
}

/** The address with every bit past `bits` cleared. */
function maskBytes(bytes: readonly number[], bits: number): number[] {
  return bytes.map((byte, i) => {
    const kept = Math.min(8, Math.max(0, bits - i * 8));
    return byte & (0xff << (8 - kept)) & 0xff;
  });
}

/** Prefix.Masked: the canonical form, host bits zero. */
export function maskedPrefix(prefix: IPPrefix): IPPrefix {
  return { addr: { bytes: maskBytes(prefix.addr.bytes, prefix.bits), zone: '' }, bits: prefix.bits };
}

/** Prefix.Contains: same family (an IPv4-mapped address is IPv6 here), no zone, same leading bits. */
export function prefixContains(prefix: IPPrefix, addr: IPAddr): boolean {
  if (addr.zone !== '' || addr.bytes.length !== prefix.addr.bytes.length) return false;
  const network = maskBytes(prefix.addr.bytes, prefix.bits);
  return maskBytes(addr.bytes, prefix.bits).every((byte, i) => byte === network[i]);
}

export const equalPrefixes = (a: IPPrefix, b: IPPrefix): boolean => a.bits === b.bits && equalAddrs(a.addr, b.addr);

export const prefixString = (prefix: IPPrefix): string => `${addrString(prefix.addr)}/${prefix.bits}`;
