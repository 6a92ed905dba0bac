// apimachinery's IP and CIDR checks (util/validation/ip.go) as messages: the lenient ("legacy")
// parsing of existing fields, the strict canonical CIDRs of new ones (ServiceCIDR), the family of
// an address or range, and the special ranges an endpoint may not use (ValidateNonSpecialIP).

import { parseIpSloppy } from './network-policy-validation.ts';

const ipMessage = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const cidrMessage = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** An IPv4-mapped IPv6 address is an IPv4 one to Go's net package. */
function ipv4Bytes(bytes: readonly number[]): readonly number[] | undefined {
  if (bytes.length === 4) return bytes;
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : undefined;
}

/** The family of an address as Go reads it leniently, or undefined when it is none. */
export function ipFamilyOf(text: string): 4 | 6 | undefined {
  const bytes = parseIpSloppy(text);
  return bytes === undefined ? undefined : ipv4Bytes(bytes) === undefined ? 6 : 4;
}

/** IsValidIPForLegacyField without strict parsing (StrictIPCIDRValidation is off in 1.35). */
export const legacyIpErrors = (text: string): string[] => (parseIpSloppy(text) === undefined ? [ipMessage] : []);

interface SloppyCidr {
  readonly address: string;
  readonly prefixText: string;
  readonly bytes: readonly number[];
  readonly prefix: number;
}

function parseCidr(text: string): SloppyCidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  const bytes = parseIpSloppy(address);
  if (bytes === undefined || !/^\d{1,8}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix > bytes.length * 8 ? undefined : { address, prefixText, bytes, prefix };
}

/** The family of a range (address/prefix) as Go reads it leniently, or undefined when it is none. */
export function cidrFamilyOf(text: string): 4 | 6 | undefined {
  const cidr = parseCidr(text);
  return cidr === undefined ? undefined : ipFamilyOf(cidr.address);
}

/** IsValidCIDRForLegacyField without strict parsing. */
export const legacyCidrErrors = (text: string): string[] => (parseCidr(text) === undefined ? [cidrMessage] : []);

/** The network of a range, in Go's IPNet.String form. */
function networkText(cidr: SloppyCidr): string {
  const masked = cidr.bytes.map((byte, i) => {
    const bits = Math.min(8, Math.max(0, cidr.prefix - i * 8));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
  if (masked.length === 4) return `${masked.join('.')}/${cidr.prefix}`;
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push((((masked[i] as number) << 8) | (masked[i + 1] as number)).toString(16));
  // The URL parser writes IPv6 as RFC 5952 does, as Go does.
  return `${new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1)}/${cidr.prefix}`;
}

/** IsValidCIDR: a strictly parsed range in canonical form, for new fields. */
export function cidrErrors(text: string): string[] {
  const cidr = parseCidr(text);
  if (cidr === undefined) return [cidrMessage];
  const leadingZero = (part: string): boolean => part.length > 1 && part.startsWith('0');
  const v4Parts = cidr.address.includes(':') ? (/[\d.]+$/.exec(cidr.address)?.[0] ?? '').split('.').filter((part) => part !== '') : cidr.address.split('.');
  if (leadingZero(cidr.prefixText) || (cidr.address.includes('.') && v4Parts.some(leadingZero))) return ['must not have leading 0s in IP or prefix length'];
  if (cidr.bytes.length === 16 && ipv4Bytes(cidr.bytes) !== undefined) return ['must not have an IPv4-mapped IPv6 address'];
  const canonical = networkText(cidr);
  return text === canonical ? [] : [`must be in canonical form (${JSON.stringify(canonical)})`];
}

/** ValidateNonSpecialIP (and the endpoint address checks built on it): no unspecified, loopback or link-local address. */
export function endpointIpErrors(text: string): string[] {
  const bytes = parseIpSloppy(text);
  if (bytes === undefined) return ['must be a valid IP address'];
  const v4 = ipv4Bytes(bytes);
  const messages: string[] = [];
  const unspecified = (v4 ?? bytes).every((byte) => byte === 0);
  const loopback = v4 === undefined ? bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1 : v4[0] === 127;
  const linkLocal = v4 === undefined ? bytes[0] === 0xfe && ((bytes[1] as number) & 0xc0) === 0x80 : v4[0] === 169 && v4[1] === 254;
  const linkLocalMulticast = v4 === undefined ? bytes[0] === 0xff && ((bytes[1] as number) & 0x0f) === 0x02 : v4[0] === 224 && v4[1] === 0 && v4[2] === 0;
  if (unspecified) messages.push(`may not be unspecified (${text})`);
  if (loopback) messages.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if (linkLocal) messages.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if (linkLocalMulticast) messages.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return messages;
}
