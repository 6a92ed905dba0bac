// Regular expressions for CEL: the standard `matches` and Kubernetes' regex library (`find`,
// `findAll`). Patterns are RE2, matched in linear time by re2js (a port of Go's regexp: same syntax,
// same leftmost-first semantics, same "error parsing regexp: ..." texts), never by JavaScript's
// backtracking RegExp. Compiled patterns are kept in a bounded LRU cache, so a rule evaluated over
// and over compiles its pattern once.

import { RE2JS, RE2JSException } from 're2js';
import { codePointLength, noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, type CelValue } from '../values/values.ts';
import { stringTraversalCostFactor } from './call-cost.ts';

/** A pattern that failed to compile, with Go's regexp/syntax message. */
export class RegexSyntaxError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

const cacheLimit = 512;
const compiled = new Map<string, RE2JS | RegexSyntaxError>();

/** The compiled pattern, or Go's error text for an invalid one; cached (LRU, bounded). */
export function compileRegex(pattern: string): RE2JS | RegexSyntaxError {
  const cached = compiled.get(pattern);
  if (cached !== undefined) {
    compiled.delete(pattern);
    compiled.set(pattern, cached);
    return cached;
  }
  let result: RE2JS | RegexSyntaxError;
  try {
    result = RE2JS.compile(pattern);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    result = new RegexSyntaxError(error.message);
  }
  if (compiled.size >= cacheLimit) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, result);
  return result;
}

/** Whether the pattern matches anywhere in the text (Go's regexp.MatchString). */
function matches(args: readonly CelValue[]): CelValue {
  const [text, pattern] = args;
  if (typeof text !== 'string' || typeof pattern !== 'string' || args.length !== 2) return noSuchOverload('matches');
  const regex = compileRegex(pattern);
  return regex instanceof RegexSyntaxError ? new CelError(regex.message) : regex.test(text);
}

/** Kubernetes words a bad pattern in find and findAll this way. */
const illegalRegex = (error: RegexSyntaxError): CelError => new CelError(`Illegal regex: ${error.message}`);

/** The leftmost-first match, or '' when there is none (Go's FindString). */
function find(args: readonly CelValue[]): CelValue {
  const [text, pattern] = args;
  if (typeof text !== 'string' || typeof pattern !== 'string' || args.length !== 2) return noSuchOverload('find');
  const regex = compileRegex(pattern);
  if (regex instanceof RegexSyntaxError) return illegalRegex(regex);
  const matcher = regex.matcher(text);
  return matcher.find() ? (matcher.group() ?? '') : '';
}

function findAll(args: readonly CelValue[]): CelValue {
  const [text, pattern, limit] = args;
  if (typeof text !== 'string' || typeof pattern !== 'string') return noSuchOverload('findAll');
  let most = Number.POSITIVE_INFINITY;
  if (args.length === 3) {
    if (typeof limit !== 'number' && typeof limit !== 'bigint') return noSuchOverload('findAll');
    if (limit >= 0) most = Number(limit);
  } else if (args.length !== 2) return noSuchOverload('findAll');
  const regex = compileRegex(pattern);
  if (regex instanceof RegexSyntaxError) return illegalRegex(regex);
  return allMatches(regex, text, most);
}

/**
 * Successive non-overlapping matches, as Go's FindAllString finds them: after an empty match the
 * search moves on by one code point, and an empty match right where the previous match ended is
 * not reported.
 */
function allMatches(regex: RE2JS, text: string, most: number): string[] {
  const found: string[] = [];
  const matcher = regex.matcher(text);
  let position = 0;
  let previousEnd = -1;
  while (found.length < most && position <= text.length && matcher.find(position)) {
    const start = matcher.start();
    const end = matcher.end();
    const accept = !(end === position && start === previousEnd);
    if (end === position) position += position < text.length ? codePointWidth(text, position) : 1;
    else position = end;
    previousEnd = end;
    if (accept) found.push(text.slice(start, end));
  }
  return found;
}

function codePointWidth(text: string, position: number): number {
  return (text.codePointAt(position) ?? 0) > 0xffff ? 2 : 1;
}

export const regexFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['matches', { global: matches, member: matches }],
  ['find', { member: find }],
  ['findAll', { member: findAll }],
]);

/** cel-go's guess that each regex operation takes about four characters of pattern. */
const regexStringLengthCostFactor = 0.25;

/**
 * Each call's cost as Kubernetes accounts it (cel-go for matches, k8s.io/apiserver's library cost
 * estimator for find and findAll): ceil((1 + size(text)) x 0.1) x ceil(size(pattern) x 0.25), sizes
 * in code points. The static estimate applies the same factors to the size ranges:
 * ((text + 1) x textFactor) x (pattern x patternFactor); find's and findAll's results are at most as
 * long as the text.
 */
export const regexCosts = {
  matches: { kind: 'textTimesPattern', textFactor: stringTraversalCostFactor, patternFactor: regexStringLengthCostFactor, actual: textTimesPatternCost },
  find: { kind: 'textTimesPattern', textFactor: stringTraversalCostFactor, patternFactor: regexStringLengthCostFactor, actual: textTimesPatternCost, resultSize: 'upToTextSize' },
  findAll: {
    kind: 'textTimesPattern',
    textFactor: stringTraversalCostFactor,
    patternFactor: regexStringLengthCostFactor,
    actual: textTimesPatternCost,
    resultSize: 'upToTextSize',
  },
} as const;

/** The runtime cost of one call, with args as the function receives them (text first, then pattern). */
function textTimesPatternCost(args: readonly CelValue[]): number {
  const [text, pattern] = args;
  const textSize = typeof text === 'string' ? codePointLength(text) : 1;
  const patternSize = typeof pattern === 'string' ? codePointLength(pattern) : 1;
  return Math.ceil((1 + textSize) * stringTraversalCostFactor) * Math.ceil(patternSize * regexStringLengthCostFactor);
}
