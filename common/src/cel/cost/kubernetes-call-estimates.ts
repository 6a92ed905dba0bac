// Kubernetes' estimates of its libraries' calls (k8s.io/apiserver's library cost estimator), by
// function name: string operations by the size of their target, find and findAll like a regular
// expression, list walks by size x element comparison, parsers by their input, authorization
// checks at a fixed 350,000, accessors at 1, and equality of library values. The factors come from
// the libraries' cost data; calls it leaves alone get cel-go's estimate.

import { authzCosts } from '../library/authz.ts';
import { stringTraversalCostFactor } from '../library/call-cost.ts';
import { cidrCosts } from '../library/cidr.ts';
import { formatCosts } from '../library/format.ts';
import { ipCosts } from '../library/ip.ts';
import { jsonPatchCosts } from '../library/jsonpatch.ts';
import { quantityCosts } from '../library/quantity.ts';
import { regexCosts } from '../library/regex.ts';
import { semverCosts } from '../library/semver.ts';
import { stringCosts } from '../library/strings.ts';
import { urlCosts } from '../library/url.ts';
import type { CelType } from '../types/cel-types.ts';
import { isPair } from '../../tuples.ts';
import type { CallContext, CallEstimate, CallEstimator } from './call-estimate.ts';
import {
  addEstimates,
  fixedEstimate,
  maxUint64,
  multiplyByFactor,
  multiplyEstimateByFactor,
  multiplyEstimates,
  uint64OfDouble,
  unionEstimates,
  wrapUint64,
  type CostEstimate,
  type SizeEstimate,
} from './cost-estimate.ts';
import type { CostNode } from './size-estimator.ts';

type Rule = (call: CallContext) => CallEstimate | undefined;

const nominal: CallEstimate = { cost: fixedEstimate(1) };

/** Kubernetes' bound on the size of a named format, for the cost of comparing two. */
const maxFormatSize = 64;

/** size(node) x factor, with the node's size as the result's when `keepsSize`. */
function sizeTimes(call: CallContext, node: CostNode | undefined, factor: number, keepsSize = false): CallEstimate | undefined {
  if (node === undefined) return undefined;
  const size = call.sizeOf(node);
  return { cost: multiplyEstimateByFactor(size, factor), ...(keepsSize ? { resultSize: size } : {}) };
}

/** The element of a list, as a node of its own: its path is the list's and '@items'. */
function listElementNode(list: CostNode): CostNode | undefined {
  const element = typeParameter(list.type);
  if (element === undefined) return undefined;
  const path = list.path;
  return { path: path === undefined ? undefined : [...path, '@items'], type: element, expr: undefined, computedSize: undefined };
}

/** The first type parameter (list element, map key, optional value), as cel-go's Parameters()[0]. */
function typeParameter(type: CelType): CelType | undefined {
  switch (type.kind) {
    case 'list':
      return type.elem;
    case 'map':
      return type.key;
    case 'optional':
      return type.value;
    case 'type':
      return type.type;
    case 'opaque':
      return type.params[0];
    default:
      return undefined;
  }
}

/** One comparison per element, plus a traversal of each string or bytes element; a string is traversed once. */
function walk(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined) return undefined;
  const element = listElementNode(call.target);
  if (element === undefined) return sizeTimes(call, call.target, stringTraversalCostFactor);
  let elementCost: CostEstimate = fixedEstimate(1);
  if (element.type.kind === 'string' || element.type.kind === 'bytes') {
    elementCost = addEstimates(elementCost, multiplyEstimateByFactor(call.sizeOf(element), stringTraversalCostFactor));
  }
  return { cost: multiplyEstimates(call.sizeOf(call.target), elementCost) };
}

/**
 * One bound of a replace() result: how many replacements, and how much of the text is kept. An
 * empty match surrounds every character; a replacement that keeps the length changes nothing;
 * otherwise the text is all matches.
 */
function replacementBound(textSize: bigint, matchSize: bigint, keepsLength: boolean): { count: bigint; retained: bigint } {
  if (matchSize === 0n) return { count: textSize < maxUint64 ? textSize + 1n : textSize, retained: textSize };
  if (keepsLength) return { count: 0n, retained: textSize };
  return { count: uint64OfDouble(Math.ceil(Number(textSize) / Number(matchSize))), retained: 0n };
}

function replace(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined || call.args.length < 2) return undefined;
  const size = call.sizeOf(call.target);
  const replaced = call.sizeOf(call.args[0]!);
  const replacement = call.sizeOf(call.args[1]!);
  // The longest result: the shortest matches by the longest replacement; the shortest the reverse.
  const longest = replacementBound(size.max, replaced.min, replacement.max <= replaced.min);
  const shortest = replacementBound(size.min, replaced.max, replaced.max <= replacement.min);
  const count = { min: shortest.count, max: longest.count };
  const resultSize = addEstimates(multiplyEstimates(count, replacement), { min: shortest.retained, max: longest.retained });
  return { cost: multiplyEstimateByFactor(size, stringCosts.replace.factor), resultSize };
}

function split(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined) return undefined;
  const size = call.sizeOf(call.target);
  // At worst every character is an item, unless a literal limit says fewer.
  let most = size.max;
  const limit = call.args[1]?.expr;
  if (limit?.type === 'const' && limit.value.kind === 'int') most = wrapUint64(BigInt(limit.value.value));
  return { cost: multiplyEstimateByFactor(size, stringCosts.split.factor), resultSize: { min: 0n, max: most } };
}

function join(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined) return undefined;
  const items = call.sizeOf(call.target);
  const element = listElementNode(call.target);
  let size: SizeEstimate = { min: 0n, max: 0n };
  if (element !== undefined) size = multiplyEstimates(items, call.sizeOf(element));
  if (call.args.length > 0) {
    const separators = { min: items.min > 0n ? items.min - 1n : 0n, max: items.max > 0n ? items.max - 1n : 0n };
    size = addEstimates(size, multiplyEstimates(call.sizeOf(call.args[0]!), separators));
  }
  return { cost: multiplyEstimateByFactor(size, stringCosts.join.factor), resultSize: size };
}

/** (text + 1) x textFactor x pattern x patternFactor; the matches are at most as many as the text's characters. */
function find(call: CallContext): CallEstimate | undefined {
  if (call.target === undefined || call.args.length < 1) return undefined;
  const { textFactor, patternFactor } = regexCosts.find;
  const size = call.sizeOf(call.target);
  const text = multiplyEstimateByFactor(addEstimates(size, fixedEstimate(1)), textFactor);
  const pattern = multiplyEstimateByFactor(call.sizeOf(call.args[0]!), patternFactor);
  return { cost: multiplyEstimates(text, pattern), resultSize: { min: 0n, max: size.max } };
}

/** Comparing an address with a range: both addresses' bytes, a parse of a string argument, and for ranges the prefix again plus 1. */
function addressComparison(ofRange: boolean): Rule {
  const data = ofRange ? cidrCosts.containsCIDR : cidrCosts.containsIP;
  const stringOverload = ofRange ? 'cidr_contains_cidr_string' : 'cidr_contains_ip_string';
  return (call) => {
    if (call.args.length < 1) return undefined;
    const address: SizeEstimate = { min: BigInt(data.addressBytes.min), max: BigInt(data.addressBytes.max) };
    let cost = multiplyEstimateByFactor(addEstimates(address, address), data.factor);
    if (ofRange) cost = addEstimates(addEstimates(cost, multiplyEstimateByFactor(address, data.factor)), fixedEstimate(1));
    if (call.overloadId === stringOverload) cost = addEstimates(cost, multiplyEstimateByFactor(call.sizeOf(call.args[0]!), data.factor));
    return { cost };
  };
}

function selector(call: CallContext): CallEstimate | undefined {
  if (call.args.length !== 1) return undefined;
  const size = call.sizeOf(call.args[0]!);
  const bound = (length: bigint): bigint => {
    const cost = authzCosts.fieldSelector.estimate(Number(length));
    return cost >= Number(maxUint64) ? maxUint64 : BigInt(cost);
  };
  return { cost: { min: bound(size.min), max: bound(size.max) } };
}

/** A format's validate(): its string against the longest pattern any format has. */
function validate(call: CallContext): CallEstimate | undefined {
  if (call.args.length < 1) return undefined;
  const { textFactor, patternFactor, maxPatternSize } = formatCosts.validate;
  return { cost: multiplyEstimateByFactor(multiplyEstimateByFactor(call.sizeOf(call.args[0]!), textFactor), maxPatternSize * patternFactor) };
}

const constantTimeEqualityTypes = new Set([
  'kubernetes.Quantity',
  'kubernetes.Semver',
  'kubernetes.authorization.Authorizer',
  'kubernetes.authorization.PathCheck',
  'kubernetes.authorization.GroupCheck',
  'kubernetes.authorization.ResourceCheck',
  'kubernetes.authorization.Decision',
]);

/** Equality of two library values of one type; undefined for any other equality. */
function equality(call: CallContext): CallEstimate | undefined {
  if (!isPair(call.args)) return undefined;
  const [left, right] = call.args;
  const type = left.type;
  if ((type.kind !== 'opaque' && type.kind !== 'object') || right.type.kind !== type.kind || right.type.name !== type.name) return undefined;
  if (type.kind === 'opaque') return type.name === 'net.IP' || type.name === 'net.CIDR' ? nominal : undefined;
  if (constantTimeEqualityTypes.has(type.name)) return nominal;
  if (type.name === 'kubernetes.NamedFormat') return { cost: multiplyEstimateByFactor({ min: 1n, max: BigInt(maxFormatSize) }, stringTraversalCostFactor) };
  if (type.name === 'kubernetes.URL') {
    // Kubernetes sizes both sides by the right one.
    const size = right.computedSize === undefined ? fixedEstimate(1) : unionEstimates(right.computedSize, right.computedSize);
    return { cost: { min: multiplyByFactor(1n, stringTraversalCostFactor), max: multiplyByFactor(size.max, stringTraversalCostFactor) } };
  }
  return undefined;
}

const fixed =
  (cost: number): Rule =>
  () => ({ cost: fixedEstimate(cost) });

const ofFirstArgument =
  (factor: number, keepsSize = false): Rule =>
  (call) =>
    sizeTimes(call, call.args[0], factor, keepsSize);

const ofTarget =
  (factor: number): Rule =>
  (call) =>
    sizeTimes(call, call.target, factor, true);

// The accessors and builders Kubernetes charges 1, whatever their library.
const nominalFunctions = [
  'serviceAccount',
  'path',
  'group',
  'resource',
  'subresource',
  'namespace',
  'name',
  'allowed',
  'reason',
  'error',
  'errored',
  'masked',
  'prefixLength',
  'family',
  'isUnspecified',
  'isLoopback',
  'isLinkLocalMulticast',
  'isLinkLocalUnicast',
  'isGlobalUnicast',
  'format.named',
  'sign',
  'asInteger',
  'isInteger',
  'asApproximateFloat',
  'isGreaterThan',
  'isLessThan',
  'compareTo',
  'add',
  'sub',
  'major',
  'minor',
  'patch',
  'getScheme',
  'getHostname',
  'getHost',
  'getPort',
  'getEscapedPath',
  'getQuery',
];

const rules = new Map<string, Rule>([
  ...nominalFunctions.map((name): [string, Rule] => [name, () => nominal]),
  ['check', fixed(authzCosts.check.cost)],
  ['fieldSelector', selector],
  ['labelSelector', selector],
  ...['isSorted', 'sum', 'max', 'min', 'indexOf', 'lastIndexOf'].map((name): [string, Rule] => [name, walk]),
  ['url', ofFirstArgument(urlCosts.url.factor, true)],
  // Kubernetes' JSON patch library (mutating admission policies): escaping traverses the key.
  ['jsonpatch.escapeKey', ofFirstArgument(jsonPatchCosts['jsonpatch.escapeKey'].factor, true)],
  ['lowerAscii', ofTarget(stringCosts.lowerAscii.factor)],
  ['upperAscii', ofTarget(stringCosts.upperAscii.factor)],
  ['substring', ofTarget(stringCosts.substring.factor)],
  ['trim', ofTarget(stringCosts.trim.factor)],
  ['replace', replace],
  ['split', split],
  ['join', join],
  ['find', find],
  ['findAll', find],
  ['cidr', ofFirstArgument(cidrCosts.cidr.factor)],
  ['isCIDR', ofFirstArgument(cidrCosts.isCIDR.factor)],
  ['isIP', ofFirstArgument(ipCosts.isIP.factor)],
  // cidr.ip() reads a field; ip(string) parses.
  ['ip', (call) => (call.overloadId === 'cidr_ip' ? nominal : sizeTimes(call, call.args[0], ipCosts.ip.factor))],
  ['ip.isCanonical', ofFirstArgument(ipCosts['ip.isCanonical'].factor)],
  ['containsIP', addressComparison(false)],
  ['containsCIDR', addressComparison(true)],
  ['quantity', ofFirstArgument(quantityCosts.quantity.factor)],
  ['isQuantity', ofFirstArgument(quantityCosts.isQuantity.factor)],
  ['semver', ofFirstArgument(semverCosts.semver.factor)],
  ['isSemver', ofFirstArgument(semverCosts.isSemver.factor)],
  ['validate', validate],
  ['_==_', equality],
]);

export const kubernetesCallEstimate: CallEstimator = (call) => rules.get(call.function)?.(call);
