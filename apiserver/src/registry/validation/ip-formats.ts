// apimachinery's IP and CIDR checks (util/validation/ip.go) as messages, on one parser of addresses
// and ranges: lenient as k8s.io/utils/net's ParseIPSloppy and ParseCIDRSloppy, or strict as Go's
// netip. Legacy fields parse leniently unless StrictIPCIDRValidation is on; new ones (ServiceCIDR)
// always strictly, in canonical form. Also the family of an address or range, and the special
// ranges an endpoint may not use (ValidateNonSpecialIP).

/**
 * The StrictIPCIDRValidation feature gate: alpha since 1.33 and still off by default in 1.35, so
 * legacy fields keep taking leading zeros, IPv4-mapped IPv6 addresses and bits past the prefix.
 */
export const strictIpCidrValidation = false;

const ipMessage = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const cidrMessage = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** An address's bytes: 4 for IPv4, 16 for IPv6; undefined when it is none (or, strictly, has leading zeros). */
export function parseIp(text: string, strict = false): number[] | undefined {
  // Like Go's parsers, the first "." or ":" decides the family.
  const family = /[.:]/.exec(text)?.[0];
  return family === '.' ? parseIpv4(text, strict) : family === ':' ? parseIpv6(text, strict) : undefined;
}

/** Leniently any digits up to 255 a part; strictly no leading zeros. */
function parseIpv4(text: string, strict: boolean): number[] | undefined {
  const parts = text.split('.');
  const valid = (part: string): boolean => /^\d+$/.test(part) && Number(part) <= 255 && !(strict && part.length > 1 && part.startsWith('0'));
  return parts.length === 4 && parts.every(valid) ? parts.map(Number) : undefined;
}

/** Leniently any hex digits up to ffff a group; strictly at most four. */
function parseIpv6(text: string, strict: boolean): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const words: number[][] = [];
  for (const [h, half] of groups.entries()) {
    const halfWords: number[] = [];
    for (const [g, group] of half.entries()) {
      const last = h === groups.length - 1 && g === half.length - 1;
      if (last && group.includes('.')) {
        // An embedded IPv4 address ends the address.
        const v4 = parseIpv4(group, strict);
        if (v4 === undefined) return undefined;
        halfWords.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else if (/^[0-9a-fA-F]+$/.test(group) && !(strict && group.length > 4) && parseInt(group, 16) <= 0xffff) halfWords.push(parseInt(group, 16));
      else return undefined;
    }
    words.push(halfWords);
  }
  const [head = [], tail = []] = words;
  const missing = 8 - head.length - tail.length;
  // With "::" at least one group is left out; without it all eight are written.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail].flatMap((word) => [word >> 8, word & 0xff]);
}

/** An IPv4-mapped IPv6 address is an IPv4 one to Go's net package. */
function ipv4Bytes(bytes: readonly number[]): readonly number[] | undefined {
  if (bytes.length === 4) return bytes;
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : undefined;
}

export const isIpv4Mapped = (bytes: readonly number[]): boolean => bytes.length === 16 && ipv4Bytes(bytes) !== undefined;

/** The family of an address as Go reads it leniently, or undefined when it is none. */
export function ipFamilyOf(text: string): 4 | 6 | undefined {
  const bytes = parseIp(text);
  return bytes === undefined ? undefined : ipv4Bytes(bytes) === undefined ? 6 : 4;
}

/** IsValidIPForLegacyField. */
export function legacyIpErrors(text: string, strict = strictIpCidrValidation): string[] {
  if (parseIp(text) === undefined) return [ipMessage];
  if (!strict) return [];
  const bytes = parseIp(text, true);
  // Whatever the lenient parser takes and the strict one refuses, kube calls leading zeros.
  if (bytes === undefined) return ['must not have leading 0s'];
  return isIpv4Mapped(bytes) ? ['must not be an IPv4-mapped IPv6 address'] : [];
}

export interface Cidr {
  /** The address as written, not masked. */
  readonly bytes: readonly number[];
  readonly prefix: number;
}

/** A range written address/prefix; strictly, the prefix length has no leading zeros either. */
export function parseCidr(text: string, strict = false): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const bytes = parseIp(text.slice(0, slash), strict);
  const prefixText = text.slice(slash + 1);
  if (bytes === undefined || !/^\d+$/.test(prefixText) || (strict && prefixText.length > 1 && prefixText.startsWith('0'))) return undefined;
  const prefix = Number(prefixText);
  return prefix > bytes.length * 8 ? undefined : { bytes, prefix };
}

/** The address with the bits past the prefix cleared. */
function maskedBytes(cidr: Cidr): number[] {
  return cidr.bytes.map((byte, i) => {
    const bits = Math.min(8, Math.max(0, cidr.prefix - i * 8));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
}

/** The family of a range (address/prefix) as Go reads it leniently, or undefined when it is none. */
export function cidrFamilyOf(text: string): 4 | 6 | undefined {
  const slash = text.indexOf('/');
  return parseCidr(text) === undefined ? undefined : ipFamilyOf(text.slice(0, slash));
}

/** parseCIDR's strict checks, in kube's order: leading zeros, an IPv4-mapped address, host bits. */
function strictCidrErrors(text: string): string[] {
  const cidr = parseCidr(text, true);
  if (cidr === undefined) return ['must not have leading 0s in IP or prefix length'];
  if (isIpv4Mapped(cidr.bytes)) return ['must not have an IPv4-mapped IPv6 address'];
  return maskedBytes(cidr).every((byte, i) => byte === cidr.bytes[i]) ? [] : ['must not have bits set beyond the prefix length'];
}

/** IsValidCIDRForLegacyField. */
export function legacyCidrErrors(text: string, strict = strictIpCidrValidation): string[] {
  if (parseCidr(text) === undefined) return [cidrMessage];
  return strict ? strictCidrErrors(text) : [];
}

/** An address of 4 or 16 bytes in Go's IP.String form (RFC 5952 for IPv6, as the URL parser writes it too). */
export function ipText(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push((((bytes[i] as number) << 8) | (bytes[i + 1] as number)).toString(16));
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1);
}

/** A network in Go's IPNet.String form. */
const networkText = (cidr: Cidr): string => `${ipText(maskedBytes(cidr))}/${cidr.prefix}`;

/** IsValidCIDR: a strictly parsed range with no bits past its prefix, in canonical form, for new fields. */
export function cidrErrors(text: string): string[] {
  const cidr = parseCidr(text);
  if (cidr === undefined) return [cidrMessage];
  const strict = strictCidrErrors(text);
  if (strict.length > 0) return strict;
  const canonical = networkText(cidr);
  return text === canonical ? [] : [`must be in canonical form (${JSON.stringify(canonical)})`];
}

/**
 * Whether `inner` is a strict subset of `outer` as NetworkPolicy's ipBlock checks it on the ranges
 * ParseCIDRSloppy gives: outer holds inner's network address and has the shorter prefix.
 */
export function isStrictSubnet(outer: Cidr, inner: Cidr): boolean {
  // IPNet.Contains compares IPv4-mapped networks and addresses as IPv4 ones.
  const outerNetwork = maskedBytes(outer);
  const outerBytes = ipv4Bytes(outerNetwork) ?? outerNetwork;
  const outerPrefix = outerBytes.length < outerNetwork.length ? outer.prefix - 96 : outer.prefix;
  const address = maskedBytes(inner);
  const innerBytes = ipv4Bytes(address) ?? address;
  if (innerBytes.length !== outerBytes.length) return false;
  for (let bit = 0; bit < outerPrefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const i = Math.floor(bit / 8);
    if (((outerBytes[i] as number) & mask) !== ((innerBytes[i] as number) & mask)) return false;
  }
  return outer.prefix < inner.prefix;
}

/** ValidateNonSpecialIP (and the endpoint address checks built on it): no unspecified, loopback or link-local address. */
export function endpointIpErrors(text: string): string[] {
  const bytes = parseIp(text);
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
