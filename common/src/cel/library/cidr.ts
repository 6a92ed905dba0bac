// Kubernetes' CIDR library for CEL (type net.CIDR): isCIDR(string), cidr(string), string(cidr), and
// containsIP(ip or string), containsCIDR(cidr or string), ip(), masked() and prefixLength(). Ranges
// parse as Go's netip.ParsePrefix reads them; the address keeps any bits past the prefix, so
// cidr('10.0.0.1/8') != cidr('10.0.0.0/8') until masked().

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelType, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { goQuote } from '../../status/go-format.ts';
import { isIPv4Mapped } from '../../net/netip-addr.ts';
import { equalPrefixes, maskedPrefix, parsePrefix, prefixContains, prefixString, type IPPrefix } from '../../net/netip-prefix.ts';
import { nominalCost, stringTraversalCostFactor, traversalCost } from './call-cost.ts';
import { CelIP, parseCelIP } from './ip.ts';

export const cidrType = new CelType('net.CIDR');

export class CelCIDR implements CelLibraryValue {
  readonly celType = cidrType;
  readonly prefix: IPPrefix;
  constructor(prefix: IPPrefix) {
    this.prefix = prefix;
  }
  /** Same address, bits past the prefix included, and same length; anything but a CIDR is an error. */
  equals(other: unknown): boolean | CelError {
    return other instanceof CelCIDR ? equalPrefixes(this.prefix, other.prefix) : new CelError('no such overload');
  }
  /** Prefix.String(): what string(cidr) gives. */
  toString(): string {
    return prefixString(this.prefix);
  }
  /** The prefix length in whole bytes, as cel-go's size of a CIDR counts it for costs. */
  celSize(): number {
    return Math.ceil(this.prefix.bits / 8);
  }
}

// Kubernetes wraps netip's error twice in the same words.
const parseErrorPrefix = 'network address parse error during conversion from string: ';

/** cidr(string): the range, or the error text Kubernetes gives. */
export function parseCelCIDR(text: string): CelCIDR | CelError {
  const parsed = parsePrefix(text);
  if ('error' in parsed) return new CelError(`${parseErrorPrefix}${parseErrorPrefix}${parsed.error}`);
  if (isIPv4Mapped(parsed.prefix.addr)) return new CelError(`${parseErrorPrefix}IPv4-mapped IPv6 address ${goQuote(text)} is not allowed`);
  return new CelCIDR(parsed.prefix);
}

const onCIDR =
  (name: string, apply: (prefix: IPPrefix) => CelValue): FunctionImpl =>
  (args) => {
    const [cidr] = args;
    return cidr instanceof CelCIDR && args.length === 1 ? apply(cidr.prefix) : noSuchOverload(name);
  };

function cidr(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? parseCelCIDR(text) : noSuchOverload('cidr');
}

function isCIDR(args: readonly CelValue[]): CelValue {
  const [text] = args;
  return typeof text === 'string' && args.length === 1 ? !(parseCelCIDR(text) instanceof CelError) : noSuchOverload('isCIDR');
}

function containsIP(args: readonly CelValue[]): CelValue {
  const [range, other] = args;
  if (!(range instanceof CelCIDR) || args.length !== 2) return noSuchOverload('containsIP');
  if (other instanceof CelIP) return prefixContains(range.prefix, other.addr);
  if (typeof other !== 'string') return noSuchOverload('containsIP');
  const ip = parseCelIP(other);
  // Kubernetes drops the parse error here and answers cel-go's bare "no such overload".
  return ip instanceof CelIP ? prefixContains(range.prefix, ip.addr) : new CelError('no such overload');
}

/** Whether `inner` lies within `outer`: inner's address masked to outer's length is outer's network. */
function prefixContainsPrefix(outer: IPPrefix, inner: IPPrefix): boolean {
  if (inner.addr.bytes.length !== outer.addr.bytes.length || outer.bits > inner.bits) return false;
  return equalPrefixes(maskedPrefix(outer), maskedPrefix({ addr: inner.addr, bits: outer.bits }));
}

function containsCIDR(args: readonly CelValue[]): CelValue {
  const [range, other] = args;
  if (!(range instanceof CelCIDR) || args.length !== 2) return noSuchOverload('containsCIDR');
  const inner = typeof other === 'string' ? parseCelCIDR(other) : other;
  if (inner instanceof CelError) return inner;
  return inner instanceof CelCIDR ? prefixContainsPrefix(range.prefix, inner.prefix) : noSuchOverload('containsCIDR');
}

export const cidrFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['cidr', { global: cidr }],
  ['isCIDR', { global: isCIDR }],
  ['string', { global: onCIDR('string', prefixString) }],
  ['containsIP', { member: containsIP }],
  ['containsCIDR', { member: containsCIDR }],
  ['ip', { member: onCIDR('ip', (prefix) => new CelIP(prefix.addr)) }],
  ['masked', { member: onCIDR('masked', (prefix) => new CelCIDR(maskedPrefix(prefix))) }],
  ['prefixLength', { member: onCIDR('prefixLength', (prefix) => prefix.bits) }],
]);

/** The size cel-go gives a CIDR at run time: its prefix length in whole bytes. */
const rangeSize = (value: CelValue | undefined): number => (value instanceof CelCIDR ? value.celSize() : 1);
/** Kubernetes' cost of comparing a range with an address: the range's size twice, x 0.1. */
const comparisonCost = (args: readonly CelValue[]): number => Math.ceil((rangeSize(args[0]) + rangeSize(args[0])) * stringTraversalCostFactor);
const rangeTraversalCost = (args: readonly CelValue[]): number => Math.ceil(rangeSize(args[0]) * stringTraversalCostFactor);
const parsedArgumentCost = (args: readonly CelValue[]): number => (typeof args[1] === 'string' ? traversalCost(args[1]) : 0);

/**
 * Each call's cost as Kubernetes accounts it. At run time the size of a CIDR is its prefix length
 * in bytes; the static estimate takes an address of 4 to 16 bytes for both comparisons. A string
 * argument adds its traversal; containsCIDR adds one more prefix traversal and 1. cidr.ip(),
 * masked() and prefixLength() are nominal; string(cidr) gets cel-go's default of 1.
 */
export const cidrCosts = {
  cidr: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  isCIDR: { kind: 'traversal', factor: stringTraversalCostFactor, actual: (args: readonly CelValue[]): number => traversalCost(args[0]) },
  string: { kind: 'nominal', actual: nominalCost },
  containsIP: {
    kind: 'addressComparison',
    addressBytes: { min: 4, max: 16 },
    factor: stringTraversalCostFactor,
    actual: (args: readonly CelValue[]): number => comparisonCost(args) + parsedArgumentCost(args),
    /** When the checker could not tell the string overload from the IP one (a dyn argument), Kubernetes charges no parse. */
    actualUnresolved: (args: readonly CelValue[]): number => comparisonCost(args),
  },
  containsCIDR: {
    kind: 'addressComparison',
    addressBytes: { min: 4, max: 16 },
    factor: stringTraversalCostFactor,
    extraPrefixTraversal: true,
    actual: (args: readonly CelValue[]): number => comparisonCost(args) + rangeTraversalCost(args) + 1 + parsedArgumentCost(args),
    actualUnresolved: (args: readonly CelValue[]): number => comparisonCost(args) + rangeTraversalCost(args) + 1,
  },
  ip: { kind: 'nominal', actual: nominalCost },
  masked: { kind: 'nominal', actual: nominalCost },
  prefixLength: { kind: 'nominal', actual: nominalCost },
} as const;
