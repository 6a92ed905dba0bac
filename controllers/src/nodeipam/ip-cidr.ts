// CIDR ranges as numbers, for carving a cluster's pod range into node ranges: IPv4 and IPv6
// read as ParseCIDRSloppy reads them (the address masked to its prefix), written back in the
// canonical form the API shows (RFC 5952 for IPv6).

import { isIPv4, isIPv6 } from 'node:net';

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

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number.parseInt(octet, 10)), 0n);
}

function ipv6Value(text: string): bigint {
  let address = text;
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted !== null) {
    const v4 = ipv4Value(dotted[1] as string);
    address = `${address.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** Parses "10.244.0.0/16" or "fd00::/48"; null when it is no CIDR. IPv4 octets may have leading zeros (sloppy). */
export function parseCidr(text: string): Cidr | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  if (match === null) return null;
  let address = match[1] as string;
  const prefix = Number(match[2]);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address))
    address = address
      .split('.')
      .map((octet) => String(Number.parseInt(octet, 10)))
      .join('.');
  let family: IpFamily;
  let value: bigint;
  if (isIPv4(address)) [family, value] = [4, ipv4Value(address)];
  else if (isIPv6(address) && !address.includes('%')) [family, value] = [6, ipv6Value(address)];
  else return null;
  const bits = addressBits(family);
  if (prefix > bits) return null;
  const hostBits = BigInt(bits - prefix);
  return { family, base: (value >> hostBits) << hostBits, prefix };
}

export function formatAddress(family: IpFamily, value: bigint): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - i * 16)) & 0xffffn));
  // The longest run of two or more zero groups (the first of equal ones) becomes "::".
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

export const formatCidr = (cidr: Cidr): string => `${formatAddress(cidr.family, cidr.base)}/${cidr.prefix}`;

/** Whether two ranges share an address. */
export const cidrsOverlap = (a: Cidr, b: Cidr): boolean => a.family === b.family && a.base <= cidrLast(b) && b.base <= cidrLast(a);
