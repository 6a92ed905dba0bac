// IP prefixes (CIDR ranges) as Go's net/netip reads and compares them: ParsePrefix with its exact
// error texts, Prefix.Masked, Prefix.Contains and Prefix.String. The address keeps the bits past
// the prefix length as written; Masked clears them.

import { goQuote } from '../status/go-format.ts';
import { addrString, bitLength, equalAddrs, parseAddr, type IPAddr } from './netip-addr.ts';

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
