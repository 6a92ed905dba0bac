// apimachinery's IP and CIDR checks (util/validation/ip.go) as messages, on common's one parser of
// addresses and ranges: lenient as k8s.io/utils/net's ParseIPSloppy and ParseCIDRSloppy, or strict
// as Go's netip. Legacy fields parse leniently unless StrictIPCIDRValidation is on; new ones
// (ServiceCIDR, IPAddress) always strictly, in canonical form. Also the family of an address or
// range, and the special ranges an endpoint may not use (ValidateNonSpecialIP).

import {
  addrString,
  equalAddrs,
  goQuote,
  ipNetOf,
  isIPv4Mapped,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isUnspecified,
  maskedPrefix,
  parseAddr,
  parseCIDRSloppy,
  parseIPSloppy,
  parsePrefix,
  prefixContains,
  prefixString,
  unmap,
  type IPPrefix,
} from '@capstan/common';

/**
 * The StrictIPCIDRValidation feature gate: alpha since 1.33 and still off by default in 1.35, so
 * legacy fields keep taking leading zeros, IPv4-mapped IPv6 addresses and bits past the prefix.
 */
export const strictIpCidrValidation = false;

const ipMessage = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const cidrMessage = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** The family of an address as ParseIPSloppy and IPFamilyOf read it (IPv4-mapped is 4), or undefined when it is none. */
export function ipFamilyOf(text: string): 4 | 6 | undefined {
  const addr = parseIPSloppy(text);
  return addr === undefined ? undefined : unmap(addr).bytes.length === 4 ? 4 : 6;
}

/** parseIP's strict checks on an address ParseIPSloppy took; whatever netip refuses of it, kube calls leading zeros. */
function strictIpErrors(text: string): string[] {
  const parsed = parseAddr(text);
  if ('error' in parsed) return ['must not have leading 0s'];
  return isIPv4Mapped(parsed.addr) ? ['must not be an IPv4-mapped IPv6 address'] : [];
}

/** IsValidIPForLegacyField. */
export function legacyIpErrors(text: string, strict = strictIpCidrValidation): string[] {
  if (parseIPSloppy(text) === undefined) return [ipMessage];
  return strict ? strictIpErrors(text) : [];
}

/** IsValidIP: a strictly parsed address in canonical form, for new fields (an IPAddress's name). */
export function ipErrors(text: string): string[] {
  const addr = parseIPSloppy(text);
  if (addr === undefined) return [ipMessage];
  const strict = strictIpErrors(text);
  if (strict.length > 0) return strict;
  const canonical = addrString(addr);
  return text === canonical ? [] : [`must be in canonical form (${goQuote(canonical)})`];
}

/** IPFamilyOfCIDRString: the family of a range's address as written, or undefined when the text is no range. */
export function cidrFamilyOf(text: string): 4 | 6 | undefined {
  const cidr = parseCIDRSloppy(text);
  return cidr === undefined ? undefined : unmap(cidr.addr).bytes.length === 4 ? 4 : 6;
}

/**
 * IPFamilyOfCIDR over ParseCIDRs: the family of a range's network, which differs from the address
 * as written for an IPv4-mapped address with a short prefix ("::ffff:1.2.3.4/24" is IPv6).
 */
export function cidrNetworkFamilyOf(text: string): 4 | 6 | undefined {
  const cidr = parseCIDRSloppy(text);
  return cidr === undefined ? undefined : ipNetOf(cidr).addr.bytes.length === 4 ? 4 : 6;
}

/** parseCIDR's strict checks, in kube's order: leading zeros, an IPv4-mapped address, host bits. */
function strictCidrErrors(text: string): string[] {
  const parsed = parsePrefix(text);
  if ('error' in parsed) return ['must not have leading 0s in IP or prefix length'];
  const { prefix } = parsed;
  if (isIPv4Mapped(prefix.addr)) return ['must not have an IPv4-mapped IPv6 address'];
  return equalAddrs(maskedPrefix(prefix).addr, prefix.addr) ? [] : ['must not have bits set beyond the prefix length'];
}

/** IsValidCIDRForLegacyField. */
export function legacyCidrErrors(text: string, strict = strictIpCidrValidation): string[] {
  if (parseCIDRSloppy(text) === undefined) return [cidrMessage];
  return strict ? strictCidrErrors(text) : [];
}

/** IsValidCIDR: a strictly parsed range with no bits past its prefix, in canonical form, for new fields. */
export function cidrErrors(text: string): string[] {
  const cidr = parseCIDRSloppy(text);
  if (cidr === undefined) return [cidrMessage];
  const strict = strictCidrErrors(text);
  if (strict.length > 0) return strict;
  const canonical = prefixString(ipNetOf(cidr));
  return text === canonical ? [] : [`must be in canonical form (${goQuote(canonical)})`];
}

/**
 * Whether `inner` is a strict subset of `outer` as NetworkPolicy's ipBlock checks it on the ranges
 * ParseCIDRSloppy gives: outer's network holds inner's network address (IPNet.Contains, which reads
 * IPv4-mapped networks and addresses as IPv4 ones), and outer's prefix, as written, is shorter.
 */
export function isStrictSubnet(outer: IPPrefix, inner: IPPrefix): boolean {
  return prefixContains(ipNetOf(outer), unmap(maskedPrefix(inner).addr)) && outer.bits < inner.bits;
}

/** ValidateNonSpecialIP (and the endpoint address checks built on it): no unspecified, loopback or link-local address. */
export function endpointIpErrors(text: string): string[] {
  const parsed = parseIPSloppy(text);
  if (parsed === undefined) return ['must be a valid IP address'];
  // net.IP's predicates read an IPv4-mapped address as the IPv4 one.
  const addr = unmap(parsed);
  const messages: string[] = [];
  if (isUnspecified(addr)) messages.push(`may not be unspecified (${text})`);
  if (isLoopback(addr)) messages.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if (isLinkLocalUnicast(addr)) messages.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if (isLinkLocalMulticast(addr)) messages.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return messages;
}
