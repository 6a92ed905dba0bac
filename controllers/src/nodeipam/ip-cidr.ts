// CIDR ranges as numbers, for carving a cluster's pod range into node ranges: read as
// ParseCIDRSloppy reads them into a net.IPNet (the address masked to its prefix, an IPv4-mapped
// network counted as IPv4), written back in the canonical form the API shows (RFC 5952 for IPv6).

import { addrFromBigInt, addrString, addrToBigInt, ipNetOf, parseCIDRSloppy } from '@capstan/common';

export type IpFamily = 4 | 6;

export interface Cidr {
  readonly family: IpFamily;
  /** The first address, host bits cleared. */
  readonly base: bigint;
  readonly prefix: number;
}

export const addressBits = (family: IpFamily): number => (family === 4 ? 32 : 128);

/** The number of addresses of the range. */
export const cidrSize = (cidr: Cidr): bigint => 1n << BigInt(addressBits(cidr.family) - cidr.prefix);

export const cidrLast = (cidr: Cidr): bigint => cidr.base + cidrSize(cidr) - 1n;

/** Parses "10.244.0.0/16" or "fd00::/48" as kube's ParseCIDRs does; null when it is no CIDR. IPv4 octets may have leading zeros (sloppy). */
export function parseCidr(text: string): Cidr | null {
  const parsed = parseCIDRSloppy(text);
  if (parsed === undefined) return null;
  const { addr, bits } = ipNetOf(parsed);
  return { family: addr.bytes.length === 4 ? 4 : 6, base: addrToBigInt(addr), prefix: bits };
}

export const formatAddress = (family: IpFamily, value: bigint): string => addrString(addrFromBigInt(value, family === 4 ? 32 : 128));

export const formatCidr = (cidr: Cidr): string => `${formatAddress(cidr.family, cidr.base)}/${cidr.prefix}`;

/** Whether two ranges share an address. */
export const cidrsOverlap = (a: Cidr, b: Cidr): boolean => a.family === b.family && a.base <= cidrLast(b) && b.base <= cidrLast(a);
