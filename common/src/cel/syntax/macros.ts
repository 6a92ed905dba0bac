// CEL macros: calls the parser rewrites into other expressions, with the expansions the CEL
// specification and cel-go define, so that checkers, cost estimates and evaluation see the same trees
// as Kubernetes does. has() becomes a presence-test select; the comprehension macros become folds
// over an accumulator; optional and binding macros become folds that run no iteration.

import type { Constant, ComprehensionExpr, Expr } from './ast.ts';

/** Builds the nodes of one expansion; all of them take the position of the macro call. */
export interface MacroHelper {
  /** The accumulator variable's name ('@result' unless configured otherwise). */
  readonly accuName: string;
  literal(value: Constant): Expr;
  ident(name: string): Expr;
  accuIdent(): Expr;
  call(fn: string, ...args: Expr[]): Expr;
  memberCall(fn: string, target: Expr, ...args: Expr[]): Expr;
  list(...elements: Expr[]): Expr;
  emptyMap(): Expr;
  presenceTest(operand: Expr, field: string): Expr;
  comprehension(parts: Omit<ComprehensionExpr, 'type' | 'id' | 'offset'>): Expr;
  /** A deep copy with fresh ids, for an argument an expansion uses twice. */
  copy(e: Expr): Expr;
}

/** A macro call the expander refuses, with the message cel-go reports at the offending argument. */
export interface MacroError {
  readonly macroError: string;
  readonly at: Expr;
}

/** The expansion, an error, or undefined to leave the call as an ordinary function call. */
export type MacroExpansion = Expr | MacroError | undefined;

export interface Macro {
  readonly name: string;
  readonly receiverStyle: boolean;
  readonly argCount: number;
  readonly expand: (h: MacroHelper, target: Expr | undefined, args: readonly Expr[]) => MacroExpansion;
}

export function isMacroError(e: MacroExpansion): e is MacroError {
  return e !== undefined && 'macroError' in e;
}

export function macroKey(name: string, argCount: number, receiverStyle: boolean): string {
  return `${name}:${argCount}:${receiverStyle ? 'r' : 'g'}`;
}

/** The legacy accumulator name, which iteration variables may not use whatever the configured name. */
const legacyAccuName = '__result__';
/** The iteration variable of folds that iterate over nothing (bind, optMap, optFlatMap). */
const unusedIterVar = '#unused';

const TRUE: Constant = { kind: 'bool', value: true };
const FALSE: Constant = { kind: 'bool', value: false };
const ZERO: Constant = { kind: 'int', value: 0 };
const ONE: Constant = { kind: 'int', value: 1 };

function macroError(at: Expr, message: string): MacroError {
  return { macroError: message, at };
}

function identName(e: Expr): string | undefined {
  return e.type === 'ident' ? e.name : undefined;
}

function overwritesAccumulator(h: MacroHelper, name: string): boolean {
  return name === h.accuName || name === legacyAccuName;
}

type Quantifier = 'all' | 'exists' | 'existsOne';

/** The fold of all/exists/exists_one over one or two iteration variables. */
function quantifierFold(h: MacroHelper, kind: Quantifier, target: Expr, iterVar: string, iterVar2: string | undefined, predicate: Expr): Expr {
  let accuInit: Expr;
  let loopCondition: Expr;
  let loopStep: Expr;
  let result: Expr;
  switch (kind) {
    case 'all':
      accuInit = h.literal(TRUE);
      loopCondition = h.call('@not_strictly_false', h.accuIdent());
      loopStep = h.call('_&&_', h.accuIdent(), predicate);
      result = h.accuIdent();
      break;
    case 'exists':
      accuInit = h.literal(FALSE);
      loopCondition = h.call('@not_strictly_false', h.call('!_', h.accuIdent()));
      loopStep = h.call('_||_', h.accuIdent(), predicate);
      result = h.accuIdent();
      break;
    case 'existsOne':
      accuInit = h.literal(ZERO);
      loopCondition = h.literal(TRUE);
      loopStep = h.call('_?_:_', predicate, h.call('_+_', h.accuIdent(), h.literal(ONE)), h.accuIdent());
      result = h.call('_==_', h.accuIdent(), h.literal(ONE));
      break;
  }
  return h.comprehension({
    iterVar,
    iterVar2,
    iterRange: target,
    accuVar: h.accuName,
    accuInit,
    loopCondition,
    loopStep,
    result,
  });
}

function quantifier(kind: Quantifier) {
  return (h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion => {
    const v = identName(args[0]!);
    if (v === undefined) return macroError(args[0]!, 'argument must be a simple name');
    if (overwritesAccumulator(h, v)) return macroError(args[0]!, 'iteration variable overwrites accumulator variable');
    return quantifierFold(h, kind, target!, v, undefined, args[1]!);
  };
}

function expandHas(h: MacroHelper, _target: Expr | undefined, args: readonly Expr[]): MacroExpansion {
  const arg = args[0]!;
  if (arg.type !== 'select') return macroError(arg, 'invalid argument to has() macro');
  return h.presenceTest(arg.operand, arg.field);
}

/** map(v, fn) and map(v, filter, fn): a list of fn over the elements (that pass the filter). */
function expandMap(h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion {
  const v = identName(args[0]!);
  if (v === undefined) return macroError(args[0]!, 'argument is not an identifier');
  if (overwritesAccumulator(h, v)) return macroError(args[0]!, 'iteration variable overwrites accumulator variable');
  const filter = args.length === 3 ? args[1] : undefined;
  const fn = args.length === 3 ? args[2]! : args[1]!;
  const accuInit = h.list();
  const loopCondition = h.literal(TRUE);
  let loopStep = h.call('_+_', h.accuIdent(), h.list(fn));
  if (filter !== undefined) loopStep = h.call('_?_:_', filter, loopStep, h.accuIdent());
  return h.comprehension({
    iterVar: v,
    iterVar2: undefined,
    iterRange: target!,
    accuVar: h.accuName,
    accuInit,
    loopCondition,
    loopStep,
    result: h.accuIdent(),
  });
}

function expandFilter(h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion {
  const v = identName(args[0]!);
  if (v === undefined) return macroError(args[0]!, 'argument is not an identifier');
  if (overwritesAccumulator(h, v)) return macroError(args[0]!, 'iteration variable overwrites accumulator variable');
  const accuInit = h.list();
  const loopCondition = h.literal(TRUE);
  const add = h.call('_+_', h.accuIdent(), h.list(args[0]!));
  const loopStep = h.call('_?_:_', args[1]!, add, h.accuIdent());
  return h.comprehension({
    iterVar: v,
    iterVar2: undefined,
    iterRange: target!,
    accuVar: h.accuName,
    accuInit,
    loopCondition,
    loopStep,
    result: h.accuIdent(),
  });
}

/**
 * list.sortBy(e, key): the list, bound once to a hidden variable, sorted by the keys that
 * `map(e, key)` gives for it (ext lists v3, Kubernetes 1.34+).
 */
function expandSortBy(h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion {
  const input = '@__sortBy_input__';
  if (!['list', 'select', 'ident', 'comprehension', 'call'].includes(target!.type)) {
    return macroError(target!, 'sortBy can only be applied to a list, identifier, comprehension, call or select expression');
  }
  const keys = expandMap(h, h.ident(input), args);
  if (keys === undefined || isMacroError(keys)) return keys;
  return h.comprehension({
    iterVar: unusedIterVar,
    iterVar2: undefined,
    iterRange: h.list(),
    accuVar: input,
    accuInit: target!,
    loopCondition: h.literal(FALSE),
    loopStep: h.ident(input),
    result: h.memberCall('@sortByAssociatedKeys', h.ident(input), keys),
  });
}

/** The two iteration variables of a two-variable comprehension, or the error cel-go reports. */
function iterVars(h: MacroHelper, args: readonly Expr[]): [string, string] | MacroError {
  const first = identName(args[0]!);
  if (first === undefined) return macroError(args[0]!, 'argument must be a simple name');
  const second = identName(args[1]!);
  if (second === undefined) return macroError(args[1]!, 'argument must be a simple name');
  if (first === second) return macroError(args[1]!, `duplicate variable name: ${first}`);
  if (overwritesAccumulator(h, first)) return macroError(args[0]!, 'iteration variable overwrites accumulator variable');
  if (overwritesAccumulator(h, second)) return macroError(args[1]!, 'iteration variable overwrites accumulator variable');
  return [first, second];
}

function twoVarQuantifier(kind: Quantifier) {
  return (h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion => {
    const vars = iterVars(h, args);
    if (!Array.isArray(vars)) return vars;
    return quantifierFold(h, kind, target!, vars[0], vars[1], args[2]!);
  };
}

type Transform = 'list' | 'map' | 'mapEntry';

/** transformList / transformMap / transformMapEntry, with an optional filter before the transform. */
function transform(kind: Transform) {
  return (h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion => {
    const vars = iterVars(h, args);
    if (!Array.isArray(vars)) return vars;
    const filter = args.length === 4 ? args[2] : undefined;
    const fn = args.length === 4 ? args[3]! : args[2]!;
    const accuInit = kind === 'list' ? h.list() : h.emptyMap();
    const loopCondition = h.literal(TRUE);
    let loopStep: Expr;
    if (kind === 'list') loopStep = h.call('_+_', h.accuIdent(), h.list(fn));
    else if (kind === 'map') loopStep = h.call('cel.@mapInsert', h.accuIdent(), h.ident(vars[0]), fn);
    else loopStep = h.call('cel.@mapInsert', h.accuIdent(), fn);
    if (filter !== undefined) loopStep = h.call('_?_:_', filter, loopStep, h.accuIdent());
    return h.comprehension({
      iterVar: vars[0],
      iterVar2: vars[1],
      iterRange: target!,
      accuVar: h.accuName,
      accuInit,
      loopCondition,
      loopStep,
      result: h.accuIdent(),
    });
  };
}

/** cel.bind(name, init, result): result evaluated with name bound to init. */
function expandBind(h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion {
  if (target === undefined || identName(target) !== 'cel') return undefined;
  const name = identName(args[0]!);
  if (name === undefined) return macroError(args[0]!, 'cel.bind() variable names must be simple identifiers');
  const accuInit = args[1]!;
  return h.comprehension({
    iterVar: unusedIterVar,
    iterVar2: undefined,
    iterRange: h.list(),
    accuVar: name,
    accuInit,
    loopCondition: h.literal(FALSE),
    loopStep: h.ident(name),
    result: args[2]!,
  });
}

/** opt.optMap(v, expr): optional.of(expr with v bound to the value) when opt has a value, else none. */
function optionalMap(flat: boolean) {
  const fnName = flat ? 'optFlatMap' : 'optMap';
  return (h: MacroHelper, target: Expr | undefined, args: readonly Expr[]): MacroExpansion => {
    const name = identName(args[0]!);
    if (name === undefined) return macroError(args[0]!, `${fnName}() variable name must be a simple identifier`);
    const hasValue = h.memberCall('hasValue', target!);
    const bound = (): Expr =>
      h.comprehension({
        iterVar: unusedIterVar,
        iterVar2: undefined,
        iterRange: h.list(),
        accuVar: name,
        accuInit: h.memberCall('value', h.copy(target!)),
        loopCondition: h.literal(FALSE),
        loopStep: h.ident(name),
        result: args[1]!,
      });
    const present = flat ? bound() : h.call('optional.of', bound());
    return h.call('_?_:_', hasValue, present, h.call('optional.none'));
  };
}

function receiver(name: string, argCount: number, expand: Macro['expand']): Macro {
  return { name, receiverStyle: true, argCount, expand };
}

/** has, all, exists, exists_one (and existsOne), map (2 and 3 arguments), filter. */
export const standardMacros: readonly Macro[] = [
  { name: 'has', receiverStyle: false, argCount: 1, expand: expandHas },
  receiver('all', 2, quantifier('all')),
  receiver('exists', 2, quantifier('exists')),
  receiver('exists_one', 2, quantifier('existsOne')),
  receiver('existsOne', 2, quantifier('existsOne')),
  receiver('map', 2, expandMap),
  receiver('map', 3, expandMap),
  receiver('filter', 2, expandFilter),
];

/** The two-variable comprehensions of cel-go's ext library (Kubernetes 1.32+). */
export const twoVarComprehensionMacros: readonly Macro[] = [
  receiver('all', 3, twoVarQuantifier('all')),
  receiver('exists', 3, twoVarQuantifier('exists')),
  receiver('existsOne', 3, twoVarQuantifier('existsOne')),
  receiver('exists_one', 3, twoVarQuantifier('existsOne')),
  receiver('transformList', 3, transform('list')),
  receiver('transformList', 4, transform('list')),
  receiver('transformMap', 3, transform('map')),
  receiver('transformMap', 4, transform('map')),
  receiver('transformMapEntry', 3, transform('mapEntry')),
  receiver('transformMapEntry', 4, transform('mapEntry')),
];

/** optMap and optFlatMap of the optional types library. */
export const optionalMacros: readonly Macro[] = [receiver('optMap', 2, optionalMap(false)), receiver('optFlatMap', 2, optionalMap(true))];

/** sortBy of cel-go's lists extension (version 2 and later). */
export const extListsMacros: readonly Macro[] = [receiver('sortBy', 2, expandSortBy)];

/** cel.bind of cel-go's bindings extension. */
export const bindingsMacros: readonly Macro[] = [receiver('bind', 3, expandBind)];
