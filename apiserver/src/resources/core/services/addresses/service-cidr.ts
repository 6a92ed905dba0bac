// The ranges Service cluster IPs come from, of either IP family, as kube-apiserver reads
// --service-cluster-ip-range (ParseCIDRSloppy, the net.IPNet of its network): addresses as
// numbers, and the part of a range a Service may hold (not the network address, nor an IPv4
// range's broadcast address).

import { addrFromBigInt, addrString, addrToBigInt, ipNetOf, parseCIDRSloppy, parseIPSloppy, unmap } from '@capstan/common';

export type IpFamily = 'IPv4' | 'IPv6';

export const isIpFamily = (value: unknown): value is IpFamily => value === 'IPv4' || value === 'IPv6';

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

/** The `kubernetes` Service's cluster IP: the first address a Service may hold in the range. */
export const kubernetesServiceIP = (range: ServiceCidr): string => addressText({ family: range.family, value: range.first });

export interface Address {
  readonly family: IpFamily;
  readonly value: bigint;
}

/** An address as ParseIPSloppy reads it (an IPv4-mapped IPv6 address is an IPv4 one); undefined when it is none. */
export function parseAddress(text: string): Address | undefined {
  const addr = parseIPSloppy(text);
  if (addr === undefined) return undefined;
  const unmapped = unmap(addr);
  return { family: unmapped.bytes.length === 4 ? 'IPv4' : 'IPv6', value: addrToBigInt(unmapped) };
}

/** The family of an address, or undefined when the text is none. */
export const familyOfAddress = (text: string): IpFamily | undefined => parseAddress(text)?.family;

/** An address as Go's IP.String writes it (an IPv4-mapped one as IPv4): the name of its IPAddress object. */
export const addressText = (address: Address): string => addrString(unmap(addrFromBigInt(address.value, address.family === 'IPv4' ? 32 : 128)));

/** The range of a CIDR such as "10.96.0.0/12" or "fd00::/108"; undefined when the text is none. */
export function parseServiceCidr(text: string): ServiceCidr | undefined {
  const parsed = parseCIDRSloppy(text);
  if (parsed === undefined) return undefined;
  // An IPv4-mapped network is an IPv4 one, as IPFamilyOfCIDR and IPNet.String see it.
  const { addr, bits } = ipNetOf(parsed);
  const family: IpFamily = addr.bytes.length === 4 ? 'IPv4' : 'IPv6';
  const network = addrToBigInt(addr);
  const size = 1n << BigInt(addr.bytes.length * 8 - bits);
  const broadcast = network + size - 1n;
  return {
    text: `${addressText({ family, value: network })}/${bits}`,
    family,
    prefix: bits,
    size,
    first: network + 1n,
    last: family === 'IPv4' ? broadcast - 1n : broadcast,
  };
}

/** Whether a Service may hold the address in this range. */
export const rangeHolds = (cidr: ServiceCidr, address: Address): boolean => address.family === cidr.family && address.value >= cidr.first && address.value <= cidr.last;
