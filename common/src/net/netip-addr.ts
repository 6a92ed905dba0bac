// IP addresses as Go's net/netip reads, writes and classifies them: ParseAddr with its exact error
// texts (`ParseAddr("x"): msg (at "rest")`), Addr.String (RFC 5952, "::ffff:1.2.3.4" for IPv4-mapped
// addresses), and the IsLoopback/IsMulticast/... family. Kubernetes' CEL ip() and cidr() and any
// strict address check build on these. The same parser has a lenient mode, k8s.io/utils/net's
// ParseIPSloppy, which kube's validation of legacy fields and its flags use. Every place Go cuts a
// string is at an ASCII byte, so a JavaScript string can stand for Go's bytes here.

import { goQuote } from '../status/go-format.ts';

export interface IPAddr {
  /** 4 bytes for an IPv4 address, 16 for an IPv6 one (IPv4-mapped ones included). */
  readonly bytes: readonly number[];
  /** The IPv6 zone ("eth0" of "fe80::1%eth0"), '' for none. */
  readonly zone: string;
}

export type ParsedAddr = { readonly addr: IPAddr } | { readonly error: string };

const addrError = (input: string, message: string, at = ''): ParsedAddr => ({
  error: `ParseAddr(${goQuote(input)}): ${message}${at === '' ? '' : ` (at ${goQuote(at)})`}`,
});

/**
 * Strict is netip.ParseAddr. Sloppy is ParseIPSloppy (Go's net.ParseIP before 1.17): IPv4 fields
 * may have leading zeros (read as decimal, "010" is 10), IPv6 groups any number of digits up to
 * ffff, and there are no zones.
 */
type ParseMode = 'strict' | 'sloppy';

/** netip.ParseAddr: the first '.' or ':' decides the family; leading zeros in IPv4 are refused. */
export const parseAddr = (text: string): ParsedAddr => parseAddrIn(text, 'strict');

/**
 * k8s.io/utils/net.ParseIPSloppy, undefined where it answers nil. An IPv4-mapped IPv6 address
 * keeps its 16 bytes here; Go's net.IP calls it IPv4 (To4), as `unmap` does.
 */
export function parseIPSloppy(text: string): IPAddr | undefined {
  if (text.includes('%')) return undefined;
  const parsed = parseAddrIn(text, 'sloppy');
  return 'addr' in parsed ? parsed.addr : undefined;
}

function parseAddrIn(text: string, mode: ParseMode): ParsedAddr {
  for (const ch of text) {
    if (ch === '.') return parseIPv4(text, mode);
    if (ch === ':') return parseIPv6(text, mode);
    if (ch === '%') return addrError(text, 'missing IPv6 address');
  }
  return addrError(text, 'unable to parse IP');
}

/** The four fields of `input.slice(start, end)`, or the error ParseAddr reports for all of `input`. */
function ipv4Fields(input: string, start: number, end: number, mode: ParseMode): number[] | ParsedAddr {
  const text = input.slice(start, end);
  const fields: number[] = [];
  let value = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch >= 0x30 && ch <= 0x39) {
      if (mode === 'strict' && digits === 1 && value === 0) return addrError(input, 'IPv4 field has octet with leading zero');
      value = value * 10 + ch - 0x30;
      digits++;
      if (value > 255) return addrError(input, 'IPv4 field has value >255');
    } else if (ch === 0x2e) {
      if (i === 0 || i === text.length - 1 || text[i - 1] === '.') return addrError(input, 'IPv4 field must have at least one digit', text.slice(i));
      if (fields.length === 3) return addrError(input, 'IPv4 address too long');
      fields.push(value);
      value = 0;
      digits = 0;
    } else {
      return addrError(input, 'unexpected character', text.slice(i));
    }
  }
  if (fields.length < 3) return addrError(input, 'IPv4 address too short');
  fields.push(value);
  return fields;
}

function parseIPv4(text: string, mode: ParseMode): ParsedAddr {
  const fields = ipv4Fields(text, 0, text.length, mode);
  return Array.isArray(fields) ? { addr: { bytes: fields, zone: '' } } : fields;
}

const hexDigit = (ch: number): number => {
  if (ch >= 0x30 && ch <= 0x39) return ch - 0x30;
  if (ch >= 0x61 && ch <= 0x66) return ch - 0x61 + 10;
  if (ch >= 0x41 && ch <= 0x46) return ch - 0x41 + 10;
  return -1;
};

function parseIPv6(input: string, mode: ParseMode): ParsedAddr {
  let rest = input;
  let zone = '';
  const percent = input.indexOf('%');
  if (percent >= 0) {
    rest = input.slice(0, percent);
    zone = input.slice(percent + 1);
    if (zone === '') return addrError(input, 'zone must be a non-empty string');
  }
  const bytes = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (rest.startsWith('::')) {
    ellipsis = 0;
    rest = rest.slice(2);
    if (rest === '') return { addr: { bytes, zone } };
  }
  let i = 0;
  while (i < 16) {
    let digits = 0;
    let value = 0;
    for (; digits < rest.length; digits++) {
      const hex = hexDigit(rest.charCodeAt(digits));
      if (hex < 0) break;
      value = value * 16 + hex;
      if (mode === 'strict' && digits > 3) return addrError(input, 'each group must have 4 or less digits', rest);
      if (value > 0xffff) return addrError(input, 'IPv6 field has value >=2^16', rest);
    }
    if (digits === 0) return addrError(input, 'each colon-separated field must have at least one digit', rest);
    if (rest[digits] === '.') {
      if (ellipsis < 0 && i !== 12) return addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', rest);
      if (i + 4 > 16) return addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', rest);
      const end = percent >= 0 ? percent : input.length;
      const fields = ipv4Fields(input, end - rest.length, end, mode);
      if (!Array.isArray(fields)) return fields;
      bytes.splice(i, 4, ...fields);
      i += 4;
      rest = '';
      break;
    }
    bytes[i] = value >> 8;
    bytes[i + 1] = value & 0xff;
    i += 2;
    rest = rest.slice(digits);
    if (rest === '') break;
    if (rest[0] !== ':') return addrError(input, 'unexpected character, want colon', rest);
    if (rest.length === 1) return addrError(input, 'colon must be followed by more characters', rest);
    rest = rest.slice(1);
    if (rest[0] === ':') {
      if (ellipsis >= 0) return addrError(input, 'multiple :: in address', rest);
      ellipsis = i;
      rest = rest.slice(1);
      if (rest === '') break;
    }
  }
  if (rest !== '') return addrError(input, 'trailing garbage after address', rest);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, 'address string too short');
    const tail = bytes.slice(ellipsis, i);
    bytes.fill(0, ellipsis, 16);
    bytes.splice(16 - tail.length, tail.length, ...tail);
  } else if (ellipsis >= 0) {
    return addrError(input, 'the :: must expand to at least one field of zeros');
  }
  return { addr: { bytes, zone } };
}

/** Whether an IPv6 address is ::ffff:a.b.c.d. */
export function isIPv4Mapped(addr: IPAddr): boolean {
  const { bytes } = addr;
  if (bytes.length !== 16 || bytes[10] !== 0xff || bytes[11] !== 0xff) return false;
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The IPv4 address an IPv4-mapped one stands for; any other address unchanged (Addr.Unmap). */
export function unmap(addr: IPAddr): IPAddr {
  return isIPv4Mapped(addr) ? { bytes: addr.bytes.slice(12), zone: '' } : addr;
}

export const bitLength = (addr: IPAddr): 32 | 128 => (addr.bytes.length === 4 ? 32 : 128);

export function equalAddrs(a: IPAddr, b: IPAddr): boolean {
  if (a.bytes.length !== b.bytes.length || a.zone !== b.zone) return false;
  return a.bytes.every((byte, i) => byte === b.bytes[i]);
}

const group = (bytes: readonly number[], index: number): number => ((bytes[2 * index] as number) << 8) | (bytes[2 * index + 1] as number);

/** Addr.String: dotted IPv4; IPv6 in lower-case hex with the first longest run of two or more zero groups as "::". */
export function addrString(addr: IPAddr): string {
  const { bytes, zone } = addr;
  if (bytes.length === 4) return bytes.join('.');
  const suffix = zone === '' ? '' : `%${zone}`;
  if (isIPv4Mapped(addr)) return `::ffff:${bytes.slice(12).join('.')}${suffix}`;
  let zeroStart = -1;
  let zeroLength = 0;
  for (let start = 0; start < 8; start++) {
    let end = start;
    while (end < 8 && group(bytes, end) === 0) end++;
    if (end - start >= 2 && end - start > zeroLength) {
      zeroStart = start;
      zeroLength = end - start;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroStart + zeroLength;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ':';
    }
    out += group(bytes, i).toString(16);
  }
  return out + suffix;
}

const allZero = (bytes: readonly number[]): boolean => bytes.every((byte) => byte === 0);

/** 0.0.0.0 or :: (without a zone); an IPv4-mapped ::ffff:0.0.0.0 is neither. */
export const isUnspecified = (addr: IPAddr): boolean => allZero(addr.bytes) && addr.zone === '';

export function isLoopback(addr: IPAddr): boolean {
  const { bytes } = unmap(addr);
  return bytes.length === 4 ? bytes[0] === 127 : allZero(bytes.slice(0, 15)) && bytes[15] === 1;
}

export function isMulticast(addr: IPAddr): boolean {
  const { bytes } = unmap(addr);
  return bytes.length === 4 ? ((bytes[0] as number) & 0xf0) === 0xe0 : bytes[0] === 0xff;
}

/** 224.0.0.0/24 or ff02::/16 (any ffx2 scope flags). */
export function isLinkLocalMulticast(addr: IPAddr): boolean {
  const { bytes } = unmap(addr);
  return bytes.length === 4 ? bytes[0] === 224 && bytes[1] === 0 && bytes[2] === 0 : (group(bytes, 0) & 0xff0f) === 0xff02;
}

/** 169.254.0.0/16 or fe80::/10. */
export function isLinkLocalUnicast(addr: IPAddr): boolean {
  const { bytes } = unmap(addr);
  return bytes.length === 4 ? bytes[0] === 169 && bytes[1] === 254 : (group(bytes, 0) & 0xffc0) === 0xfe80;
}

/** As Go's net package decides it: private and unique-local addresses count as global unicast. */
export function isGlobalUnicast(addr: IPAddr): boolean {
  const unmapped = unmap(addr);
  const { bytes } = unmapped;
  if (bytes.length === 4 && (allZero(bytes) || bytes.every((byte) => byte === 255))) return false;
  if (bytes.length === 16 && allZero(bytes) && unmapped.zone === '') return false;
  return !isLoopback(unmapped) && !isMulticast(unmapped) && !isLinkLocalUnicast(unmapped);
}
