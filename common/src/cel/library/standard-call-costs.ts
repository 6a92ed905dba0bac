// What each call costs at run time in Kubernetes' environment, by function name and form, in the
// order cel-go consults its sources: the cost trackers of cel-go's lists and sets extensions,
// then Kubernetes' library cost estimator (library/cost.go), then cel-go's own charges for its
// standard functions (interpreter/runtimecost.go); anything else costs 1. The numbers live in each
// library's `<lib>Costs`; this file only says which form of which function they apply to.

import type { CallCost, CallCostForms, CallCostRule, CallCostTable } from '../interpreter/cost-meter.ts';
import { codePointLength, type FunctionTable } from '../interpreter/functions.ts';
import { CelOptional, isLibraryValue, type CelValue } from '../values/values.ts';
import { authzCosts, authzFunctions } from './authz.ts';
import { actualSize, stringTraversalCostFactor } from './call-cost.ts';
import { CelCIDR, cidrCosts, cidrFunctions } from './cidr.ts';
import { formatCosts, formatFunctions } from './format.ts';
import { CelIP, ipCosts, ipFunctions } from './ip.ts';
import { jsonPatchCosts, jsonPatchFunctions } from './jsonpatch.ts';
import { listCosts, listFunctions } from './lists.ts';
import { quantityCosts, quantityFunctions } from './quantity.ts';
import { regexCosts, regexFunctions } from './regex.ts';
import { callCost } from './runtime-cost.ts';
import { semverCosts, semverFunctions } from './semver.ts';
import { setCosts, setFunctions } from './sets.ts';
import { stringCosts, stringFunctions } from './strings.ts';
import { urlCosts, urlFunctions } from './url.ts';

/**
 * A value's size as cel-go's cost tracker measures it for its own charges: strings in code points,
 * bytes, lists and maps by length, an IP address or a CIDR prefix in bytes (Kubernetes' types are
 * sized), a present optional by its value, anything else 1.
 */
function trackerSize(value: CelValue | undefined): number {
  if (value instanceof CelOptional && value.value !== undefined) return trackerSize(value.value);
  if (value instanceof CelIP) return value.addr.bytes.length;
  if (value instanceof CelCIDR) return value.celSize();
  return actualSize(value);
}

const tenths = (size: number): number => Math.ceil(size * stringTraversalCostFactor);

/** equals / not_equals and the string and bytes orderings: the shorter side, in tenths. */
const shorterSide: CallCost = (args) => {
  const [a, b] = args;
  // Two strings the shorter of which has at most 10 units has at most 10 code points: 1, or 0 when empty.
  if (typeof a === 'string' && typeof b === 'string' && Math.min(a.length, b.length) <= 10) return Math.min(a.length, b.length) === 0 ? 0 : 1;
  return tenths(Math.min(trackerSize(a), trackerSize(b)));
};

const bothStrings = (args: readonly CelValue[]): boolean => typeof args[0] === 'string' && typeof args[1] === 'string';
const bothBytes = (args: readonly CelValue[]): boolean => args[0] instanceof Uint8Array && args[1] instanceof Uint8Array;

/** less_string, less_bytes, ...: the shorter side; every other ordering is O(1). */
const ordering: CallCost = (args) => (bothStrings(args) || bothBytes(args) ? shorterSide(args, null) : 1);

/** add_string and add_bytes copy both sides; adding lists or numbers costs 1. */
const addition: CallCost = (args) => (bothStrings(args) || bothBytes(args) ? tenths(trackerSize(args[0]) + trackerSize(args[1])) : 1);

/** Equality of Kubernetes' library values (quantity, IP, URL, ...) costs 1 (Kubernetes' estimator); other values compare by the shorter side. */
const equality: CallCost = (args, result) => (isLibraryValue(args[0]) ? 1 : shorterSide(args, result));

/** in_list walks the list; a map's key lookup costs 1. */
const membership: CallCost = (args) => (Array.isArray(args[1]) ? trackerSize(args[1]) : 1);

const firstArgumentTenths: CallCost = (args) => tenths(trackerSize(args[0]));

const one: CallCost = () => callCost;
const byOverload = (cost: CallCost): CallCostRule => ({ cost, unresolved: one });
const byFunction = (cost: CallCost): CallCostRule => ({ cost });

/** cel-go's charges for its standard functions, each tied to the overload it applies to. */
const celStandardCosts: readonly (readonly [string, CallCostForms])[] = [
  ['_==_', { global: byFunction(equality) }],
  ['_!=_', { global: byFunction(shorterSide) }],
  ['_<_', { global: byOverload(ordering) }],
  ['_<=_', { global: byOverload(ordering) }],
  ['_>_', { global: byOverload(ordering) }],
  ['_>=_', { global: byOverload(ordering) }],
  ['_+_', { global: byOverload(addition) }],
  ['@in', { global: byOverload(membership) }],
  ['startsWith', { member: byOverload(firstArgumentTenths) }],
  ['endsWith', { member: byOverload(firstArgumentTenths) }],
  ['contains', { member: byOverload((args) => tenths(trackerSize(args[0])) * tenths(trackerSize(args[1]))) }],
  // Only the receiver form: the global matches(s, re) has overload id "matches", which cel-go charges 1.
  ['matches', { member: byOverload(regexCosts.matches.actual) }],
  ['bytes', { global: byOverload((args) => (typeof args[0] === 'string' ? tenths(codePointLength(args[0])) : 1)) }],
  ['string', { global: byOverload((args) => (args[0] instanceof Uint8Array ? tenths(args[0].length) : 1)) }],
  ['strings.quote', { global: byOverload(stringCosts['strings.quote'].actual) }],
  ['format', { member: byOverload(stringCosts.format.actual) }],
];

type LibraryCosts = Readonly<Record<string, { readonly actual: CallCost; readonly actualUnresolved?: CallCost }>>;

/** A library's charges in the forms its function table defines them. */
function libraryCosts(functions: FunctionTable, costs: LibraryCosts, keyedBy: 'overload' | 'function'): [string, CallCostForms][] {
  return Object.entries(costs).flatMap(([name, { actual, actualUnresolved }]): [string, CallCostForms][] => {
    const overloads = functions.get(name);
    if (overloads === undefined) return [];
    const rule: CallCostRule = keyedBy === 'overload' ? byOverload(actual) : { cost: actual, ...(actualUnresolved === undefined ? {} : { unresolved: actualUnresolved }) };
    return [[name, { ...(overloads.global === undefined ? {} : { global: rule }), ...(overloads.member === undefined ? {} : { member: rule }) }]];
  });
}

const pick = <T extends object>(costs: T, names: readonly (keyof T)[]): LibraryCosts => Object.fromEntries(names.map((name) => [name, costs[name]])) as unknown as LibraryCosts;

/** string(ip) and string(cidr) have no rule of their own: cel-go's string() charge (bytes only) applies. */
const withoutString = <T extends { readonly string: unknown }>(costs: T): LibraryCosts =>
  Object.fromEntries(Object.entries(costs).filter(([name]) => name !== 'string')) as unknown as LibraryCosts;

/** cel-go's cost trackers of the lists (version 3) and sets extensions, keyed by overload id. */
const extensionTrackers = [
  ...libraryCosts(listFunctions, pick(listCosts, ['slice', 'flatten', 'distinct', 'sort', '@sortByAssociatedKeys', 'lists.range', 'reverse']), 'overload'),
  ...libraryCosts(setFunctions, setCosts, 'overload'),
];

/** Kubernetes' library cost estimator, by function name. */
const kubernetesEstimates = [
  ...libraryCosts(stringFunctions, pick(stringCosts, ['indexOf', 'lastIndexOf', 'lowerAscii', 'upperAscii', 'substring', 'trim', 'replace', 'split', 'join']), 'function'),
  ...libraryCosts(listFunctions, pick(listCosts, ['isSorted', 'sum', 'min', 'max', 'indexOf', 'lastIndexOf']), 'function'),
  ...libraryCosts(regexFunctions, pick(regexCosts, ['find', 'findAll']), 'function'),
  ...libraryCosts(urlFunctions, urlCosts, 'function'),
  ...libraryCosts(ipFunctions, withoutString(ipCosts), 'function'),
  ...libraryCosts(cidrFunctions, withoutString(cidrCosts), 'function'),
  ...libraryCosts(quantityFunctions, quantityCosts, 'function'),
  ...libraryCosts(semverFunctions, semverCosts, 'function'),
  ...libraryCosts(formatFunctions, formatCosts as unknown as LibraryCosts, 'function'),
  ...libraryCosts(authzFunctions, authzCosts, 'function'),
  ...libraryCosts(jsonPatchFunctions, jsonPatchCosts, 'function'),
];

/** The first source that charges a function in a form wins, as in cel-go. */
function mergeCallCosts(...sources: readonly (readonly (readonly [string, CallCostForms])[])[]): CallCostTable {
  const table = new Map<string, CallCostForms>();
  for (const [name, forms] of sources.flat()) {
    const existing = table.get(name);
    table.set(name, { ...forms, ...existing });
  }
  return table;
}

export const standardCallCosts: CallCostTable = mergeCallCosts(extensionTrackers, kubernetesEstimates, celStandardCosts);
