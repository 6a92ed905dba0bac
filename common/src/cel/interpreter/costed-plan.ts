// The plan of a program whose evaluation is metered the way cel-go's cost tracker meters it in
// Kubernetes (optimizer on, presence tests free), step for step, so that the same program on the
// same input costs the same and a limit stops it at the same step:
//
// - Literals cost nothing, and so do lists and maps of constants, type conversions of a constant
//   (`duration('1h')`) and `x in []`, which cel-go's optimizer folds before evaluation; `x in [1, 2]`
//   becomes a set lookup that costs only x.
// - A variable and the field selections and indexing on it form one attribute: 1 for the variable,
//   1 per selection or index (charged only when present past an optional: `a.?b`, `a[?0]`); an
//   index by a variable costs the variable's selections but not the variable itself. Selecting from
//   any other expression (`f(x).a`, `[1, 2][0]`) costs 1 more, for the attribute it starts.
// - `c ? a : b`, `&&`, `||`, `opt.or(b)` and `opt.orValue(b)` cost only what they evaluate; has()
//   costs its selections but not the test. A branch of `?:` that is an attribute is not charged its 1.
// - A call costs what its library says (call-cost table), after its arguments; with one or two
//   arguments all are evaluated and charged even when one is an error, with three or more (and for
//   matches, find and findAll on a constant pattern) evaluation stops at the first error, charged
//   only if that was the last argument.
// - A list costs 10, a map 30, a message 40, after their elements, even when an element fails.
// - A comprehension costs its range, then each iteration's condition and step, then its result;
//   its accumulator's initial value is evaluated (and charged) the first time it is read.
//
// Values are computed with the same operations as plan.ts, so a program answers the same with or
// without cost tracking.

import type { Reference } from '../checker/checked-expr.ts';
import type { CallExpr, ComprehensionExpr, Expr, ListExpr, MapExpr, StructExpr } from '../syntax/ast.ts';
import { arithmetic, negate } from '../values/arithmetic.ts';
import { equalValues } from '../values/compare.ts';
import { CelDouble, CelError, CelOptional, CelUint, fromJson, type CelValue } from '../values/values.ts';
import { emptyActivation, type Activation, type Evaluator } from './activation.ts';
import { callCost, listCreateBaseCost, mapCreateBaseCost, structCreateBaseCost } from '../library/runtime-cost.ts';
import type { CallCost, CallCostTable, CostMeter } from './cost-meter.ts';
import { noSuchOverload, qualifiedName, resolveFunction, type FunctionImpl, type FunctionTable } from './functions.ts';
import {
  buildList,
  buildMap,
  buildMessage,
  comprehension,
  constantValue,
  contains,
  hasField,
  index,
  isOptionalOr,
  logical,
  messageTypeName,
  not,
  notACondition,
  notEqual,
  operandOf,
  optionalIndex,
  optionalOr,
  relate,
  relations,
  selectField,
  typeNames,
} from './operations.ts';
import { plan } from './plan.ts';
import { isPair, isSingle } from '../../tuples.ts';

export interface CostedPlanOptions {
  readonly functions: FunctionTable;
  readonly callCosts: CallCostTable;
  /**
   * The type checker's references, when the program was checked: a call it could not pin to one
   * overload (its arguments are dynamic) gets cel-go's default charge where cel-go picks the
   * charge by overload. Unchecked, the overload is the one the argument values select.
   */
  readonly references?: ReadonlyMap<number, Reference>;
}

/** An evaluator that charges the meter as it goes (and throws CostLimitExceeded past its limit). */
export function planWithCost(expr: Expr, meter: CostMeter, options: CostedPlanOptions): Evaluator {
  const planner = new CostedPlanner(meter, options);
  return planner.evaluator(planner.plan(expr));
}

/** cel-go's type conversions, which its optimizer runs at plan time on a constant argument. */
const conversions = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'string', 'timestamp', 'type', 'uint']);

/** Calls cel-go plans with a compiled regular expression when the pattern is a constant. */
const regexFunctions = new Set(['matches', 'find', 'findAll']);

const defaultCost: CallCost = () => callCost;

/** Where the index of `a[i]` comes from: a constant, an attribute (resolved, not charged its 1), or any other expression. */
type IndexKey =
  | { readonly kind: 'constant'; readonly value: CelValue }
  | { readonly kind: 'attribute'; readonly resolve: Evaluator }
  | { readonly kind: 'computed'; readonly evaluate: Evaluator };

type Qualifier =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'presence'; readonly name: string }
  | { readonly kind: 'index'; readonly key: IndexKey; readonly optional: boolean };

type AttributeHead =
  /** A variable, possibly with a dotted name: the longest bound prefix of `parts` is the variable. */
  | { readonly kind: 'variable'; readonly parts: readonly string[] }
  /** The value of another expression. */
  | { readonly kind: 'relative'; readonly operand: Evaluator }
  /** `c ? a : b`, with the qualifiers that follow it pushed into both branches. */
  | { readonly kind: 'conditional'; readonly condition: Evaluator; readonly truthy: Attribute; readonly falsy: Attribute };

interface Attribute {
  readonly head: AttributeHead;
  readonly qualifiers: readonly Qualifier[];
  /** Built by has(): evaluating it costs 1 less (Kubernetes turns off the presence test's cost). */
  readonly presence: boolean;
}

type Planned =
  | { readonly kind: 'constant'; readonly value: CelValue }
  | { readonly kind: 'attribute'; readonly attribute: Attribute }
  | { readonly kind: 'evaluator'; readonly evaluate: Evaluator };

const constant = (value: CelValue): Planned => ({ kind: 'constant', value });
const evaluator = (evaluate: Evaluator): Planned => ({ kind: 'evaluator', evaluate });

function withQualifier(attribute: Attribute, qualifier: Qualifier, presence = attribute.presence): Attribute {
  const { head } = attribute;
  if (head.kind === 'conditional') {
    const truthy = withQualifier(head.truthy, qualifier);
    const falsy = withQualifier(head.falsy, qualifier);
    return { head: { ...head, truthy, falsy }, qualifiers: [], presence };
  }
  return { head, qualifiers: [...attribute.qualifiers, qualifier], presence };
}

/** cel-go's set of constants it may test `x in list` against by hashing (no bytes, no aggregates). */
const isSetElement = (value: CelValue): boolean =>
  typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || value instanceof CelUint || value instanceof CelDouble;

class CostedPlanner {
  readonly #meter: CostMeter;
  readonly #functions: FunctionTable;
  readonly #callCosts: CallCostTable;
  readonly #references: ReadonlyMap<number, Reference> | undefined;
  /** The comprehension variables in scope where the planner is: they shadow qualified names. */
  readonly #locals: string[] = [];

  constructor(meter: CostMeter, options: CostedPlanOptions) {
    this.#meter = meter;
    this.#functions = options.functions;
    this.#callCosts = options.callCosts;
    this.#references = options.references;
  }

  plan(expr: Expr): Planned {
    switch (expr.type) {
      case 'const':
        return constant(constantValue(expr.value));
      case 'ident':
        return this.#variable([expr.name]);
      case 'select': {
        if (expr.testOnly) return { kind: 'attribute', attribute: withQualifier(this.#attributeOf(this.plan(expr.operand)), { kind: 'presence', name: expr.field }, true) };
        const name = qualifiedName(expr);
        if (name !== undefined && !this.#locals.includes(name.split('.')[0] as string)) return this.#variable(name.split('.'));
        return { kind: 'attribute', attribute: withQualifier(this.#attributeOf(this.plan(expr.operand)), { kind: 'field', name: expr.field }) };
      }
      case 'call':
        return this.#call(expr);
      case 'list':
        return this.#list(expr);
      case 'map':
        return this.#map(expr);
      case 'struct':
        return evaluator(this.#struct(expr));
      case 'comprehension':
        return evaluator(this.#comprehension(expr));
    }
  }

  /** The evaluator of a planned node as a value: an attribute is resolved and charged its own cost. */
  evaluator(planned: Planned): Evaluator {
    if (planned.kind === 'constant') {
      const { value } = planned;
      return () => value;
    }
    if (planned.kind === 'evaluator') return planned.evaluate;
    const { attribute } = planned;
    const resolve = this.#resolver(attribute);
    const meter = this.#meter;
    const own = (attribute.head.kind === 'conditional' ? 0 : 1) - (attribute.presence ? 1 : 0);
    if (own === 0) return resolve;
    return (activation) => {
      const value = resolve(activation);
      meter.charge(own);
      return value;
    };
  }

  /** A variable, or a type name when no variable of that name is bound (a constant: free). */
  #variable(parts: readonly string[]): Planned {
    const type = this.#locals.includes(parts[0] as string) ? undefined : typeNames.get(parts.join('.'));
    const attribute: Attribute = { head: { kind: 'variable', parts }, qualifiers: [], presence: false };
    if (type === undefined) return { kind: 'attribute', attribute };
    const candidates = parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
    const variable = this.evaluator({ kind: 'attribute', attribute });
    return evaluator((activation) => (candidates.some((name) => activation.resolve(name) !== undefined) ? variable(activation) : type));
  }

  /** What a selection or an index applies to: the attribute itself, or a new one over the value. */
  #attributeOf(planned: Planned): Attribute {
    if (planned.kind === 'attribute' && !planned.attribute.presence) return planned.attribute;
    return { head: { kind: 'relative', operand: this.evaluator(planned) }, qualifiers: [], presence: false };
  }

  /** Resolves an attribute, charging its qualifiers but not the attribute itself. */
  #resolver(attribute: Attribute): Evaluator {
    const { head, qualifiers } = attribute;
    const apply = this.#qualify(qualifiers);
    switch (head.kind) {
      case 'relative': {
        const { operand } = head;
        return (activation) => {
          const value = operand(activation);
          return value instanceof CelError ? value : apply(value, activation);
        };
      }
      case 'conditional': {
        const { condition } = head;
        const truthy = this.#resolver(head.truthy);
        const falsy = this.#resolver(head.falsy);
        return (activation) => {
          const value = condition(activation);
          if (value === true) return truthy(activation);
          if (value === false) return falsy(activation);
          return notACondition(value);
        };
      }
      case 'variable': {
        const { parts } = head;
        const missing = new CelError(`no such attribute(s): ${parts[0]}`);
        if (parts.length === 1 && qualifiers.length === 0) {
          const name = parts[0] as string;
          return (activation) => {
            const value = activation.resolve(name);
            return value === undefined ? missing : value;
          };
        }
        const candidates = parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
        // With `a.b` bound, `a.b.c.d` is the variable `a.b` with the fields c and d selected.
        const rests = candidates.map((_, i) => this.#qualify([...parts.slice(parts.length - i).map((name): Qualifier => ({ kind: 'field', name })), ...qualifiers]));
        return (activation) => {
          for (let i = 0; i < candidates.length; i++) {
            const value = activation.resolve(candidates[i] as string);
            if (value !== undefined) return (rests[i] as typeof apply)(value, activation);
          }
          return missing;
        };
      }
    }
  }

  /**
   * Applies qualifiers one by one, each charged 1 once applied, or, past an optional (`a.?b`, an
   * optional variable), only when it finds a value; an error or an absent optional value ends
   * the walk there, uncharged beyond.
   */
  #qualify(qualifiers: readonly Qualifier[]): (value: CelValue, activation: Activation) => CelValue {
    if (qualifiers.length === 0) return (value) => value;
    const general = this.#qualifyFrom(qualifiers);
    const fields = qualifiers.flatMap((qualifier) => (qualifier.kind === 'field' ? [qualifier.name] : []));
    if (fields.length < qualifiers.length) return (value, activation) => general(value, activation, 0);
    // The common case, `a.b.c`: plain field selections, until a value on the way is an optional.
    const meter = this.#meter;
    return (value, activation) => {
      let current = value;
      for (let i = 0; i < fields.length; i++) {
        if (current instanceof CelOptional) return general(current, activation, i);
        current = selectField(current, fields[i] as string);
        meter.charge(1);
        if (current instanceof CelError) return current;
      }
      return current;
    };
  }

  /** The qualifiers from the given one on, whatever their kind. */
  #qualifyFrom(qualifiers: readonly Qualifier[]): (value: CelValue, activation: Activation, from: number) => CelValue {
    const meter = this.#meter;
    const endsWithPresence = qualifiers.at(-1)?.kind === 'presence';
    const steps = qualifiers.map((qualifier) => this.#qualifierStep(qualifier));
    const optional = qualifiers.map((qualifier) => qualifier.kind === 'index' && qualifier.optional);
    const presence = qualifiers.map((qualifier) => qualifier.kind === 'presence');
    return (value, activation, from) => {
      let current = value;
      for (const [i, step] of steps.entries()) {
        if (i < from) continue;
        const pastOptional = current instanceof CelOptional;
        if (current instanceof CelOptional && current.value === undefined) return endsWithPresence ? false : current;
        const next = step(current, activation);
        if (!(pastOptional || optional[i])) meter.charge(1);
        else if (presence[i] ? next === true : next instanceof CelOptional && next.value !== undefined) meter.charge(1);
        if (next instanceof CelError) return next;
        current = next;
      }
      return current;
    };
  }

  #qualifierStep(qualifier: Qualifier): (target: CelValue, activation: Activation) => CelValue {
    switch (qualifier.kind) {
      case 'field': {
        const { name } = qualifier;
        return (target) => selectField(target, name);
      }
      case 'presence': {
        const { name } = qualifier;
        return (target) => hasField(target, name);
      }
      case 'index': {
        const apply = qualifier.optional ? optionalIndex : index;
        const { key } = qualifier;
        if (key.kind === 'constant') {
          const { value } = key;
          return (target) => apply(target, value);
        }
        const keyOf = key.kind === 'attribute' ? key.resolve : key.evaluate;
        return (target, activation) => apply(target, keyOf(activation));
      }
    }
  }

  #indexKey(planned: Planned): IndexKey {
    if (planned.kind === 'constant') return { kind: 'constant', value: planned.value };
    if (planned.kind === 'attribute' && !planned.attribute.presence) return { kind: 'attribute', resolve: this.#resolver(planned.attribute) };
    return { kind: 'computed', evaluate: this.evaluator(planned) };
  }

  #call(expr: CallExpr): Planned {
    const operand = (position: number): Expr => operandOf(expr, position);
    switch (expr.function) {
      case '_&&_':
      case '_||_': {
        const absorbing = expr.function === '_||_';
        const left = this.evaluator(this.plan(operand(0)));
        const right = this.evaluator(this.plan(operand(1)));
        return evaluator((activation) => logical(left(activation), () => right(activation), absorbing));
      }
      case '_?_:_': {
        const condition = this.evaluator(this.plan(operand(0)));
        const truthy = this.#attributeOf(this.plan(operand(1)));
        const falsy = this.#attributeOf(this.plan(operand(2)));
        return { kind: 'attribute', attribute: { head: { kind: 'conditional', condition, truthy, falsy }, qualifiers: [], presence: false } };
      }
      case '_[_]':
      case '_[?_]': {
        const target = this.#attributeOf(this.plan(operand(0)));
        const key = this.#indexKey(this.plan(operand(1)));
        return { kind: 'attribute', attribute: withQualifier(target, { kind: 'index', key, optional: expr.function === '_[?_]' }) };
      }
      case '_?._': {
        const target = this.#attributeOf(this.plan(operand(0)));
        const b = expr.args[1];
        const field = b?.type === 'const' && b.value.kind === 'string' ? b.value.value : '';
        return { kind: 'attribute', attribute: withQualifier(target, { kind: 'index', key: { kind: 'constant', value: field }, optional: true }) };
      }
      case '!_':
        return this.#operator(expr, (value) => not(value));
      case '-_':
        return this.#operator(expr, (value) => negate(value));
      case '@not_strictly_false':
        return this.#operator(expr, (value) => value !== false);
      case '_==_':
        return this.#operator(expr, (x, y) => equalValues(x, y));
      case '_!=_':
        return this.#operator(expr, (x, y) => notEqual(x, y));
      case '_<_':
      case '_<=_':
      case '_>_':
      case '_>=_': {
        const holds = relations[expr.function];
        return this.#operator(expr, (x, y) => relate(holds, x, y));
      }
      case '_+_':
      case '_-_':
      case '_*_':
      case '_/_':
      case '_%_': {
        const op = expr.function;
        return this.#operator(expr, (x, y) => arithmetic(op, x, y));
      }
      case '@in':
        return this.#membership(expr);
    }
    if (isOptionalOr(expr)) {
      const target = this.evaluator(this.plan(expr.target));
      const alternative = this.evaluator(this.plan(expr.args[0]));
      const unwrap = expr.function === 'orValue';
      return evaluator((activation) => optionalOr(target(activation), () => alternative(activation), unwrap));
    }
    return this.#function(expr);
  }

  /** An operator the planner implements: its operands (all evaluated), its value, its charge. */
  #operator(expr: CallExpr, apply: (x: CelValue, y: CelValue) => CelValue): Planned {
    const operands = expr.args.map((arg) => this.evaluator(this.plan(arg)));
    const cost = this.#callCost(expr, expr.function, 'global');
    const meter = this.#meter;
    // The charge's arguments, filled anew for each call (charges keep nothing).
    const args: CelValue[] = operands.map(() => null);
    if (isSingle(operands)) {
      const [operand] = operands;
      if (cost === defaultCost) {
        return evaluator((activation) => {
          const result = apply(operand(activation), null);
          meter.charge(callCost);
          return result;
        });
      }
      return evaluator((activation) => {
        const x = operand(activation);
        const result = apply(x, null);
        args[0] = x;
        meter.charge(cost(args, result));
        return result;
      });
    }
    if (!isPair(operands)) throw new Error(`${expr.function} takes one or two operands`);
    const [left, right] = operands;
    return evaluator((activation) => {
      const x = left(activation);
      const y = right(activation);
      const result = apply(x, y);
      args[0] = x;
      args[1] = y;
      meter.charge(cost(args, result));
      return result;
    });
  }

  /** `x in list`: against a constant list cel-go's optimizer answers without a call (free, and false for []). */
  #membership(expr: CallExpr): Planned {
    const container = this.plan(operandOf(expr, 1));
    if (container.kind === 'constant' && Array.isArray(container.value)) {
      const list = container.value;
      if (list.length === 0) return constant(false);
      if (list.every((item) => isSetElement(fromJson(item)))) {
        const element = this.evaluator(this.plan(operandOf(expr, 0)));
        return evaluator((activation) => contains(element(activation), list));
      }
    }
    return this.#operator(expr, (x, y) => contains(x, y));
  }

  /** The charge of a call, chosen once: the table's, or its charge for a call whose overload the checker left open. */
  #callCost(expr: CallExpr, name: string, form: 'global' | 'member'): CallCost {
    const rule = this.#callCosts.get(name)?.[form];
    if (rule === undefined) return defaultCost;
    const reference = this.#references?.get(expr.id);
    const unresolved = reference?.kind === 'function' && reference.overloadIds.length !== 1;
    return unresolved ? (rule.unresolved ?? rule.cost) : rule.cost;
  }

  #function(expr: CallExpr): Planned {
    const { name, form, impl, target } = resolveFunction(expr, this.#functions);
    if (impl === undefined) return constant(noSuchOverload(expr.function));
    const planned = [...(target === undefined ? [] : [this.plan(target)]), ...expr.args.map((arg) => this.plan(arg))];
    if (form === 'global' && conversions.has(name) && planned.length === 1 && planned[0]?.kind === 'constant') return constant(this.#fold(expr));
    const args = planned.map((arg) => this.evaluator(arg));
    const cost = this.#callCost(expr, name, form);
    const constantPattern = planned[1]?.kind === 'constant' && typeof planned[1].value === 'string';
    const stopsAtError = args.length >= 3 || (regexFunctions.has(expr.function) && constantPattern);
    return evaluator(stopsAtError ? this.#stoppingCall(impl, args, cost) : this.#strictCall(impl, args, cost));
  }

  /** A call of at most two arguments (cel-go's unary and binary calls): all are evaluated and the call is charged even when one is an error. */
  #strictCall(impl: FunctionImpl, args: readonly Evaluator[], cost: CallCost): Evaluator {
    const meter = this.#meter;
    if (isSingle(args)) {
      const [only] = args;
      return (activation) => {
        const values = [only(activation)];
        const result = values[0] instanceof CelError ? values[0] : impl(values);
        meter.charge(cost(values, result));
        return result;
      };
    }
    if (isPair(args)) {
      const [first, second] = args;
      return (activation) => {
        const values = [first(activation), second(activation)];
        const result = values[0] instanceof CelError ? values[0] : values[1] instanceof CelError ? values[1] : impl(values);
        meter.charge(cost(values, result));
        return result;
      };
    }
    return (_activation) => {
      const result = impl([]);
      meter.charge(cost([], result));
      return result;
    };
  }

  /**
   * A call evaluated argument by argument until one fails, which then is the result (cel-go's
   * variadic calls): charged only when every argument was evaluated, the failing one last.
   */
  #stoppingCall(impl: FunctionImpl, args: readonly Evaluator[], cost: CallCost): Evaluator {
    const meter = this.#meter;
    return (activation) => {
      const values: CelValue[] = [];
      for (const arg of args) {
        const value = arg(activation);
        values.push(value);
        if (value instanceof CelError) {
          if (values.length === args.length) meter.charge(cost(values, value));
          return value;
        }
      }
      const result = impl(values);
      meter.charge(cost(values, result));
      return result;
    };
  }

  /** The value cel-go's optimizer computes before evaluation, computed by the plain planner so that it is the same value. */
  #fold(expr: Expr): CelValue {
    return plan(expr, this.#functions)(emptyActivation);
  }

  #list(expr: ListExpr): Planned {
    const planned = expr.elements.map((element) => this.plan(element));
    if (planned.every((element) => element.kind === 'constant')) return constant(this.#fold(expr));
    const elements = planned.map((element) => this.evaluator(element));
    const optional = new Set(expr.optionalIndices);
    const meter = this.#meter;
    return evaluator((activation) => {
      const list = buildList(elements, optional, activation);
      meter.charge(listCreateBaseCost);
      return list;
    });
  }

  #map(expr: MapExpr): Planned {
    const planned = expr.entries.map((entry) => ({ key: this.plan(entry.key), value: this.plan(entry.value), optional: entry.optional }));
    if (planned.every((entry) => entry.key.kind === 'constant' && entry.value.kind === 'constant')) return constant(this.#fold(expr));
    const entries = planned.map((entry) => ({ key: this.evaluator(entry.key), value: this.evaluator(entry.value), optional: entry.optional }));
    const meter = this.#meter;
    return evaluator((activation) => {
      const map = buildMap(entries, activation);
      meter.charge(mapCreateBaseCost);
      return map;
    });
  }

  /** A message literal: never folded by cel-go's optimizer, 40 after its fields, even when one fails. */
  #struct(expr: StructExpr): Evaluator {
    const typeName = messageTypeName(expr.messageName);
    const fields = expr.fields.map((field) => ({ field: field.field, value: this.evaluator(this.plan(field.value)), optional: field.optional }));
    const meter = this.#meter;
    return (activation) => {
      const message = buildMessage(typeName, fields, activation);
      meter.charge(structCreateBaseCost);
      return message;
    };
  }

  #evaluatorWithLocals(expr: Expr, names: readonly string[]): Evaluator {
    this.#locals.push(...names);
    try {
      return this.evaluator(this.plan(expr));
    } finally {
      this.#locals.length -= names.length;
    }
  }

  #comprehension(expr: ComprehensionExpr): Evaluator {
    const { iterVar, iterVar2, accuVar } = expr;
    const iterationLocals = [accuVar, iterVar, ...(iterVar2 === undefined ? [] : [iterVar2])];
    return comprehension({
      iterVar,
      iterVar2,
      accuVar,
      range: this.evaluator(this.plan(expr.iterRange)),
      accuInit: this.evaluator(this.plan(expr.accuInit)),
      condition: this.#evaluatorWithLocals(expr.loopCondition, iterationLocals),
      step: this.#evaluatorWithLocals(expr.loopStep, iterationLocals),
      result: this.#evaluatorWithLocals(expr.result, [accuVar]),
    });
  }
}
