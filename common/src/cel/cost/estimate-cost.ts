// The static cost of a checked expression, as Kubernetes computes it when a rule is written: the
// worst (and best) case of the runtime cost, from the expression's shape and the sizes of the values
// it reads. Identifiers and field selections cost 1, constants 0, presence tests nothing beyond
// their operand (Kubernetes keeps has() free), literals their base cost (list 10, map 30, message
// 40) plus their parts, && and || at least their left side, ?: the costlier branch, a
// comprehension its range's size times its step, and calls by the libraries' estimators over the
// sizes of their arguments. Sizes come from literals, from concatenations and calls that say
// their result's size, and from the size estimator for values reached from variables.

import type { CheckedExpr } from '../checker/checked-expr.ts';
import { callCost as nominalCallCost, listCreateBaseCost, mapCreateBaseCost, structCreateBaseCost } from '../library/runtime-cost.ts';
import type { CallExpr, ComprehensionExpr, Expr, ListExpr, MapExpr, SelectExpr } from '../syntax/ast.ts';
import { dynType, type CelType } from '../types/cel-types.ts';
import type { CallContext, CallEstimate, EntrySize } from './call-estimate.ts';
import {
  addEstimates,
  fixedEstimate,
  maxUint64,
  multiplyEstimates,
  sumEstimates,
  unionEstimates,
  unknownSize,
  zeroEstimate,
  type CostEstimate,
  type SizeEstimate,
} from './cost-estimate.ts';
import { extensionCallEstimate } from './extension-call-estimates.ts';
import { kubernetesCallEstimate } from './kubernetes-call-estimates.ts';
import { PathSlice } from './path-slice.ts';
import type { CostNode, SizeEstimator } from './size-estimator.ts';
import { standardCallEstimate } from './standard-call-estimates.ts';

export type { CostEstimate } from './cost-estimate.ts';

const identCost = fixedEstimate(1);
const dynCallCost = fixedEstimate(nominalCallCost);
const listCreateCost = fixedEstimate(listCreateBaseCost);
const mapCreateCost = fixedEstimate(mapCreateBaseCost);
const messageCreateCost = fixedEstimate(structCreateBaseCost);
// Kubernetes sets cel-go's PresenceTestHasCost(false).
const presenceTestCost = zeroEstimate;

/** The accumulators of the comprehension macros: paths through them reach no declared variable. */
const accumulatorNames = new Set(['__result__', '@result']);

/**
 * The estimated cost range of a checked expression; `sizes` estimates the sizes of the values the
 * expression reads (Kubernetes' schema estimator for custom resource rules; none by default).
 */
export function estimateCost(checked: CheckedExpr, sizes?: SizeEstimator): CostEstimate {
  return new CostWalker(checked, sizes).cost(checked.parsed.expr);
}

interface LocalVariable {
  readonly path: PathSlice | undefined;
  readonly size: SizeEstimate | undefined;
  readonly entrySize: EntrySize | undefined;
}

class CostWalker {
  private readonly paths = new Map<number, PathSlice | undefined>();
  private readonly locals = new Map<string, LocalVariable[]>();
  private readonly sizes = new Map<number, SizeEstimate>();
  private readonly entrySizes = new Map<number, EntrySize>();
  private readonly checked: CheckedExpr;
  private readonly sizeEstimator: SizeEstimator | undefined;

  constructor(checked: CheckedExpr, sizeEstimator: SizeEstimator | undefined) {
    this.checked = checked;
    this.sizeEstimator = sizeEstimator;
  }

  cost(e: Expr): CostEstimate {
    switch (e.type) {
      case 'const':
        return zeroEstimate;
      case 'ident': {
        // `.x` is x, resolved from the root.
        const reference = this.checked.references.get(e.id);
        return this.identCost(e.id, reference?.kind === 'variable' ? reference.name : e.name);
      }
      case 'select':
        return this.selectCost(e);
      case 'call':
        return this.callCost(e);
      case 'list':
        return this.listCost(e);
      case 'map':
        return this.mapCost(e);
      case 'struct':
        return addEstimates(sumEstimates(e.fields.map((field) => this.cost(field.value))), messageCreateCost);
      case 'comprehension':
        return isBind(e) ? this.bindCost(e) : this.comprehensionCost(e);
    }
  }

  private identCost(id: number, name: string): CostEstimate {
    const local = this.peekLocal(name);
    this.paths.set(id, local !== undefined ? local.path : PathSlice.of(name));
    return identCost;
  }

  private selectCost(e: SelectExpr): CostEstimate {
    // `a.b.c` that names a declared variable is that variable, as cel-go's checker rewrites it.
    const reference = this.checked.references.get(e.id);
    if (reference?.kind === 'variable' && !e.testOnly) return this.identCost(e.id, reference.name);
    if (e.testOnly) return addEstimates(presenceTestCost, this.cost(e.operand));
    let cost = this.cost(e.operand);
    const operandKind = this.typeOf(e.operand).kind;
    if (operandKind === 'map' || operandKind === 'object' || operandKind === 'type_param') cost = addEstimates(cost, identCost);
    this.paths.set(e.id, PathSlice.append(this.pathOf(e.operand), e.field));
    return cost;
  }

  private callCost(e: CallExpr): CostEstimate {
    const reference = this.checked.references.get(e.id);
    const overloadIds = reference?.kind === 'function' ? reference.overloadIds : [];
    // A namespaced function (strings.quote) is called on no target: the checker never typed one.
    const target = e.target !== undefined && this.checked.types.has(e.target.id) ? e.target : undefined;
    const name = target === undefined && e.target !== undefined ? `${qualifiedName(e.target)}.${e.function}` : e.function;
    if (name === 'dyn' && target === undefined && e.args.length === 1) {
      // dyn() only disables type checking: its argument plus 1, with the argument's sizes.
      const argCost = this.cost(e.args[0]!);
      this.copySizes(e, e.args[0]!);
      return addEstimates(dynCallCost, argCost);
    }
    const argCosts: CostEstimate[] = [];
    const args: CostNode[] = [];
    for (const arg of e.args) {
      argCosts.push(this.cost(arg));
      args.push(this.node(arg));
    }
    if (overloadIds.length === 0) return zeroEstimate;
    let cost = zeroEstimate;
    let targetNode: CostNode | undefined;
    if (target !== undefined) {
      cost = this.cost(target);
      targetNode = this.node(target);
    }
    let callCost: CostEstimate = { min: maxUint64, max: 0n };
    let resultSize: SizeEstimate | undefined;
    for (const overloadId of overloadIds) {
      const estimate = this.functionCost(e, { function: name, overloadId, target: targetNode, args, argCosts });
      callCost = unionEstimates(callCost, estimate.cost);
      if (estimate.resultSize !== undefined) resultSize = resultSize === undefined ? estimate.resultSize : unionEstimates(resultSize, estimate.resultSize);
      if ((overloadId === 'index_list' || overloadId === 'index_map') && e.args.length > 0) {
        resultSize = this.entrySizeOf(e.args[0]!)?.value;
        this.paths.set(e.id, PathSlice.append(this.pathOf(e.args[0]!), overloadId === 'index_list' ? '@items' : '@values'));
      }
      resultSize ??= this.computeSize(e);
    }
    if (resultSize !== undefined) this.sizes.set(e.id, resultSize);
    return addEstimates(cost, callCost);
  }

  private functionCost(e: CallExpr, call: Omit<CallContext, 'sizeOf' | 'entrySizeOf' | 'setResultEntrySize'>): CallEstimate {
    const context: CallContext = {
      ...call,
      sizeOf: (node) => node.computedSize ?? this.sizeEstimator?.estimateSize(node) ?? unknownSize,
      entrySizeOf: (node) => (node.expr === undefined ? undefined : this.entrySizeOf(node.expr)),
      setResultEntrySize: (entry) => {
        if (entry !== undefined) this.entrySizes.set(e.id, entry);
      },
    };
    const estimate = extensionCallEstimate(context) ?? kubernetesCallEstimate(context) ?? standardCallEstimate(context);
    if (estimate.includesArguments === true) return estimate;
    return { ...estimate, cost: addEstimates(estimate.cost, sumEstimates(call.argCosts)) };
  }

  private listCost(e: ListExpr): CostEstimate {
    let cost = zeroEstimate;
    let itemSize: SizeEstimate = { min: e.elements.length === 0 ? 0n : maxUint64, max: 0n };
    for (const element of e.elements) {
      cost = addEstimates(cost, this.cost(element));
      itemSize = unionEstimates(itemSize, this.sizeOrUnknown(element));
    }
    this.entrySizes.set(e.id, { container: 'list', key: fixedEstimate(1), value: itemSize });
    return addEstimates(cost, listCreateCost);
  }

  private mapCost(e: MapExpr): CostEstimate {
    let cost = zeroEstimate;
    const empty = e.entries.length === 0;
    let keySize: SizeEstimate = { min: empty ? 0n : maxUint64, max: 0n };
    let valueSize: SizeEstimate = { min: empty ? 0n : maxUint64, max: 0n };
    for (const entry of e.entries) {
      cost = addEstimates(cost, this.cost(entry.key));
      cost = addEstimates(cost, this.cost(entry.value));
      keySize = unionEstimates(keySize, this.sizeOrUnknown(entry.key));
      valueSize = unionEstimates(valueSize, this.sizeOrUnknown(entry.value));
    }
    this.entrySizes.set(e.id, { container: 'map', key: keySize, value: valueSize });
    return addEstimates(cost, mapCreateCost);
  }

  private comprehensionCost(e: ComprehensionExpr): CostEstimate {
    let cost = addEstimates(this.cost(e.iterRange), this.cost(e.accuInit));
    this.pushLocal(e.accuVar, this.localOf(e.accuInit));
    if (e.iterVar2 !== undefined) {
      this.pushLocal(e.iterVar, this.iterationVariable(e.iterRange, 'key'));
      this.pushLocal(e.iterVar2, this.iterationVariable(e.iterRange, 'value'));
    } else {
      this.pushLocal(e.iterVar, this.iterationVariable(e.iterRange, 'single'));
    }
    const loopCost = this.cost(e.loopCondition);
    const stepCost = this.cost(e.loopStep);
    this.popLocal(e.iterVar);
    if (e.iterVar2 !== undefined) this.popLocal(e.iterVar2);
    cost = addEstimates(cost, this.cost(e.result));
    this.popLocal(e.accuVar);
    const rangeCount = this.sizeOrUnknown(e.iterRange);
    cost = addEstimates(cost, multiplyEstimates(rangeCount, addEstimates(stepCost, loopCost)));
    switch (e.accuInit.type) {
      case 'const': {
        const size = this.computeSize(e.accuInit);
        if (size !== undefined) this.sizes.set(e.id, size);
        break;
      }
      case 'list':
      case 'map': {
        this.sizes.set(e.id, rangeCount);
        const stepEntrySize = this.entrySizeOf(e.loopStep);
        if (stepEntrySize !== undefined) this.entrySizes.set(e.id, stepEntrySize);
        break;
      }
      default:
    }
    return cost;
  }

  /** cel.bind and the optional macros: the (empty) range, the bound value once, and the result. */
  private bindCost(e: ComprehensionExpr): CostEstimate {
    let cost = addEstimates(this.cost(e.iterRange), this.cost(e.accuInit));
    this.pushLocal(e.accuVar, this.localOf(e.accuInit));
    cost = addEstimates(cost, this.cost(e.result));
    this.popLocal(e.accuVar);
    this.copySizes(e, e.result);
    return cost;
  }

  /** An iteration variable over `range`: a map key or list index ('key'), a value ('value'), or the one variable ('single'). */
  private iterationVariable(range: Expr, role: 'key' | 'value' | 'single'): LocalVariable {
    const entrySize = this.entrySizeOf(range);
    const container = entrySize?.container ?? (this.typeOf(range).kind === 'list' ? 'list' : 'map');
    let step: string;
    let size: SizeEstimate | undefined;
    if (role === 'key') {
      step = container === 'list' ? '@indices' : '@keys';
      size = entrySize?.key;
    } else if (role === 'value' || container === 'list') {
      step = container === 'list' ? '@items' : '@values';
      size = entrySize?.value;
    } else {
      step = '@keys';
      size = entrySize?.key;
    }
    return { path: PathSlice.append(this.pathOf(range), step), size, entrySize: undefined };
  }

  private localOf(e: Expr): LocalVariable {
    return { path: this.pathOf(e), size: this.computeSize(e), entrySize: this.entrySizeOf(e) };
  }

  private pushLocal(name: string, variable: LocalVariable): void {
    let stack = this.locals.get(name);
    if (stack === undefined) this.locals.set(name, (stack = []));
    stack.push(variable);
  }

  private popLocal(name: string): void {
    this.locals.get(name)?.pop();
  }

  private peekLocal(name: string): LocalVariable | undefined {
    const stack = this.locals.get(name);
    return stack === undefined ? undefined : stack[stack.length - 1];
  }

  private pathOf(e: Expr): PathSlice | undefined {
    if (e.type === 'ident') {
      const local = this.peekLocal(e.name);
      if (local !== undefined) return local.path;
    }
    return this.paths.get(e.id);
  }

  private typeOf(e: Expr): CelType {
    return this.checked.types.get(e.id) ?? dynType;
  }

  /**
   * The node call estimators see: its path (none through an accumulator), read when they look at it
   * as cel-go's shared slices read then, its type and its computed size.
   */
  private node(e: Expr): CostNode {
    let path = this.pathOf(e);
    if (path?.first !== undefined && accumulatorNames.has(path.first)) path = undefined;
    return new ExprNode(path, this.typeOf(e), e, this.computeSize(e));
  }

  private sizeOrUnknown(e: Expr): SizeEstimate {
    return this.computeSize(e) ?? unknownSize;
  }

  /**
   * What is known of the size of e's value: recorded for it (call results, comprehensions), told
   * by a literal, given by the size estimator (remembered), 1 for values of constant size, and
   * for a local variable the size of what it was bound to.
   */
  private computeSize(e: Expr): SizeEstimate | undefined {
    const recorded = this.sizes.get(e.id);
    if (recorded !== undefined) return recorded;
    const literal = literalSize(e);
    if (literal !== undefined) return literal;
    const estimated = this.sizeEstimator?.estimateSize({ path: this.pathOf(e)?.steps, type: this.typeOf(e), expr: e, computedSize: undefined });
    if (estimated !== undefined) {
      this.sizes.set(e.id, estimated);
      return estimated;
    }
    if (isScalar(this.typeOf(e))) return fixedEstimate(1);
    if (e.type === 'ident') return this.peekLocal(e.name)?.size;
    return undefined;
  }

  private entrySizeOf(e: Expr): EntrySize | undefined {
    const recorded = this.entrySizes.get(e.id);
    if (recorded !== undefined) return recorded;
    return e.type === 'ident' ? this.peekLocal(e.name)?.entrySize : undefined;
  }

  private copySizes(to: Expr, from: Expr): void {
    const size = this.computeSize(from);
    if (size !== undefined) this.sizes.set(to.id, size);
    const entrySize = this.entrySizeOf(from);
    if (entrySize !== undefined) this.entrySizes.set(to.id, entrySize);
  }
}

/** A node of the tree as call estimators see it; its path is read when they ask. */
class ExprNode implements CostNode {
  readonly type: CelType;
  readonly expr: Expr;
  readonly computedSize: SizeEstimate | undefined;
  private readonly pathSlice: PathSlice | undefined;

  constructor(path: PathSlice | undefined, type: CelType, expr: Expr, computedSize: SizeEstimate | undefined) {
    this.pathSlice = path;
    this.type = type;
    this.expr = expr;
    this.computedSize = computedSize;
  }

  get path(): readonly string[] | undefined {
    return this.pathSlice?.steps;
  }
}

/** cel.bind and the optional macros expand to folds over an empty list that never loop. */
function isBind(e: ComprehensionExpr): boolean {
  return (
    e.iterRange.type === 'list' &&
    e.iterRange.elements.length === 0 &&
    e.loopCondition.type === 'const' &&
    e.loopCondition.value.kind === 'bool' &&
    !e.loopCondition.value.value &&
    e.accuVar !== '__result__'
  );
}

/** The size a literal tells: code points of a string, bytes, elements of a list or map, 1 for any other constant. */
function literalSize(e: Expr): SizeEstimate | undefined {
  switch (e.type) {
    case 'const':
      switch (e.value.kind) {
        case 'string':
          return fixedEstimate(codePoints(e.value.value));
        case 'bytes':
          return fixedEstimate(e.value.value.length);
        default:
          return fixedEstimate(1);
      }
    case 'list':
      return fixedEstimate(e.elements.length);
    case 'map':
      return fixedEstimate(e.entries.length);
    default:
      return undefined;
  }
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Values of these types have a size of 1 (strings, bytes, lists and maps vary). */
function isScalar(type: CelType): boolean {
  switch (type.kind) {
    case 'bool':
    case 'double':
    case 'duration':
    case 'int':
    case 'timestamp':
    case 'uint':
      return true;
    case 'optional':
      return isScalar(type.value);
    default:
      return false;
  }
}

/** `a.b.c` as one name (the target of a namespaced function call). */
function qualifiedName(e: Expr): string {
  if (e.type === 'ident') return e.name;
  if (e.type === 'select') return `${qualifiedName(e.operand)}.${e.field}`;
  return '';
}
