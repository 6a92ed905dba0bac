// Kubernetes' IP address library for CEL (type net.IP): isIP(string), ip(string), ip.isCanonical(string),
// string(ip), and the accessors family, isUnspecified, isLoopback, isLinkLocalMulticast,
// isLinkLocalUnicast and isGlobalUnicast. Addresses parse as Go's netip.ParseAddr reads them, with
// zones and IPv4-mapped IPv6 addresses refused; two addresses are equal when their bytes are.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelType, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { goQuote } from '../../status/go-format.ts';
import {
  addrString,
  equalAddrs,
  isGlobalUnicast,
  isIPv4Mapped,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isUnspecified,
  parseAddr,
  type IPAddr,
} from '../../net/netip-addr.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';

export const ipType = new CelType('net.IP');

export class CelIP implements CelLibraryValue {
  readonly celType = ipType;
  readonly addr: IPAddr;
  constructor(addr: IPAddr) {
    this.addr = addr;
  }
  /** Kubernetes answers a comparison with anything but an IP with an error, not false. */
  equals(other: unknown): boolean | CelError {
    return other instanceof CelIP ? equalAddrs(this.addr, other.addr) : new CelError('no such overload');
  }
  /** Addr.String(): what string(ip) gives. */
  toString(): string {
    return addrString(this.addr);
  }
}

/** An address as the library accepts it, or the error text Kubernetes gives. */
export function parseCelAddr(text: string): IPAddr | CelError {
  const parsed = parseAddr(text);
  if ('error' in parsed) return new CelError(`IP Address ${goQuote(text)} parse error during conversion from string: ${parsed.error}`);
  if (parsed.addr.zone !== '') return new CelError(`IP address ${goQuote(text)} with zone value is not allowed`);
  if (isIPv4Mapped(parsed.addr)) return new CelError(`IPv4-mapped IPv6 address ${goQuote(text)} is not allowed`);
  return parsed.addr;
}

/** ip(string): the address, or the parse error. */
export function parseCelIP(text: string): CelIP | CelError {
  const addr = parseCelAddr(text);
  return addr instanceof CelError ? addr : new CelIP(addr);
}

const onString =
  (name: string, apply: (text: string) => CelValue): FunctionImpl =>
  (args) => {
    const [text] = args;
    return typeof text === 'string' && args.length === 1 ? apply(text) : noSuchOverload(name);
  };

const onIP =
  (name: string, apply: (addr: IPAddr) => CelValue): FunctionImpl =>
  (args) => {
    const [ip] = args;
    return ip instanceof CelIP && args.length === 1 ? apply(ip.addr) : noSuchOverload(name);
  };

function isCanonical(text: string): CelValue {
  const addr = parseCelAddr(text);
  return addr instanceof CelError ? addr : addrString(addr) === text;
}

export const ipFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['ip', { global: onString('ip', parseCelIP) }],
  ['isIP', { global: onString('isIP', (text) => !(parseCelAddr(text) instanceof CelError)) }],
  ['ip.isCanonical', { global: onString('ip.isCanonical', isCanonical) }],
  ['string', { global: onIP('string', addrString) }],
  ['family', { member: onIP('family', (addr) => (addr.bytes.length === 4 ? 4 : 6)) }],
  ['isUnspecified', { member: onIP('isUnspecified', isUnspecified) }],
  ['isLoopback', { member: onIP('isLoopback', isLoopback) }],
  ['isLinkLocalMulticast', { member: onIP('isLinkLocalMulticast', isLinkLocalMulticast) }],
  ['isLinkLocalUnicast', { member: onIP('isLinkLocalUnicast', isLinkLocalUnicast) }],
  ['isGlobalUnicast', { member: onIP('isGlobalUnicast', isGlobalUnicast) }],
]);

/**
 * Each call's cost as Kubernetes accounts it. Parsing traverses the string (size x 0.1, rounded
 * up; the same factor for the static estimate); ip.isCanonical parses and compares (x 0.2); the
 * accessors are nominal. string(ip) and isGlobalUnicast have no entry in Kubernetes' CallCost and
 * get cel-go's default of 1. Equality of two IPs costs 1.
 */
export const ipCosts = {
  ip: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  isIP: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  'ip.isCanonical': {
    kind: 'traversal',
    factor: 2 * stringTraversalCostFactor,
    actual: (args: readonly CelValue[]): number => traversalCost(args[0], 2 * stringTraversalCostFactor),
  },
  string: { kind: 'nominal', actual: nominalCost },
  family: { kind: 'nominal', actual: nominalCost },
  isUnspecified: { kind: 'nominal', actual: nominalCost },
  isLoopback: { kind: 'nominal', actual: nominalCost },
  isLinkLocalMulticast: { kind: 'nominal', actual: nominalCost },
  isLinkLocalUnicast: { kind: 'nominal', actual: nominalCost },
  isGlobalUnicast: { kind: 'nominal', actual: nominalCost },
} as const;
