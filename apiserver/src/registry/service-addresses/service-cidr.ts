// The ranges Service cluster IPs come from, of either IP family, as kube-apiserver reads
// --service-cluster-ip-range (ParseCIDRSloppy, the address masked to its network): addresses as
// numbers, and the part of a range a Service may hold (not the network address, nor an IPv4
// range's broadcast address).

import { ipFamilyOf, ipText, parseCidr, parseIp } from '../validation/ip-formats.ts';

export type IpFamily = 'IPv4' | 'IPv6';

export const otherFamily = (family: IpFamily): IpFamily => (family === 'IPv4' ? 'IPv6' : 'IPv4');

export interface ServiceCidr {
  /** The network as Go writes it (10.96.0.0/12, fd00::/108), as the ServiceCIDR "kubernetes" lists it. */
  readonly text: string;
  readonly family: IpFamily;
  readonly prefix: number;
  /** How many addresses the network has, its own and the broadcast one included. */
  readonly size: bigint;
  /** The lowest and highest address a Service may hold. */
  readonly first: bigint;
  readonly last: bigint;
}

export interface Address {
  readonly family: IpFamily;
  readonly value: bigint;
}

const toNumber = (bytes: readonly number[]): bigint => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

const toBytes = (value: bigint, length: number): number[] => Array.from({ length }, (_, i) => Number((value >> BigInt(8 * (length - 1 - i))) & 0xffn));

/** An address as ParseIPSloppy reads it (an IPv4-mapped IPv6 address is an IPv4 one); undefined when it is none. */
export function parseAddress(text: string): Address | undefined {
  const bytes = parseIp(text);
  if (bytes === undefined) return undefined;
  return ipFamilyOf(text) === 4 ? { family: 'IPv4', value: toNumber(bytes.slice(-4)) } : { family: 'IPv6', value: toNumber(bytes) };
}

/** The family of an address, or undefined when the text is none. */
export const familyOfAddress = (text: string): IpFamily | undefined => parseAddress(text)?.family;

/** An address as Go's IP.String writes it: the name of its IPAddress object. */
export const addressText = (address: Address): string => ipText(toBytes(address.value, address.family === 'IPv4' ? 4 : 16));

/** The range of a CIDR such as "10.96.0.0/12" or "fd00::/108"; undefined when the text is none. */
export function parseServiceCidr(text: string): ServiceCidr | undefined {
  const cidr = parseCidr(text);
  if (cidr === undefined) return undefined;
  const family: IpFamily = cidr.bytes.length === 4 ? 'IPv4' : 'IPv6';
  const hostBits = BigInt(cidr.bytes.length * 8 - cidr.prefix);
  const network = (toNumber(cidr.bytes) >> hostBits) << hostBits;
  const size = 1n << hostBits;
  const broadcast = network + size - 1n;
  return {
    text: `${addressText({ family, value: network })}/${cidr.prefix}`,
    family,
    prefix: cidr.prefix,
    size,
    first: network + 1n,
    last: family === 'IPv4' ? broadcast - 1n : broadcast,
  };
}

/** Whether a Service may hold the address in this range. */
export const rangeHolds = (cidr: ServiceCidr, address: Address): boolean => address.family === cidr.family && address.value >= cidr.first && address.value <= cidr.last;
