// Turns a parsed expression into a tree of closures, once, so that each evaluation only calls
// them: constants are made once, operators are bound to their implementation, comprehensions
// reuse one scope per evaluation. Errors are values (CelError) until the result: `&&`, `||` and
// `?:` absorb them as the CEL specification says, every other call passes the first one on.

import type { CallExpr, ComprehensionExpr, Constant, Expr, ListExpr, MapExpr } from '../syntax/ast.ts';
import { arithmetic, negate } from '../values/arithmetic.ts';
import { compareValues, equalValues } from '../values/compare.ts';
import { mapEntries, mapKey, mapLookup, type AnyMap } from '../values/maps.ts';
import { CelDouble, CelError, CelMap, CelOptional, CelType, CelUint, fromJson, isPlainMap, typeOf, types, type CelValue } from '../values/values.ts';
import { ScopedActivation, type Activation } from './activation.ts';
import { noSuchOverload, type FunctionTable } from './functions.ts';

export type Evaluator = (activation: Activation) => CelValue;

/** The type names an identifier (or a qualified name) denotes when no variable of that name is bound. */
const typeNames: ReadonlyMap<string, CelType> = new Map(
  [
    types.int, types.uint, types.double, types.bool, types.string, types.bytes, types.list, types.map, types.type, types.null,
    types.timestamp, types.duration, types.optional,
  ].map((type) => [type.name, type]),
);

export function plan(expr: Expr, functions: FunctionTable): Evaluator {
  return new Planner(functions).plan(expr);
}

function constantValue(constant: Constant): CelValue {
  switch (constant.kind) {
    case 'null':
      return null;
    case 'uint':
      return new CelUint(constant.value);
    case 'double':
      return new CelDouble(constant.value);
    default:
      return constant.value;
  }
}

const isMap = (value: unknown): value is AnyMap => value instanceof CelMap || isPlainMap(value);

function selectField(target: CelValue, field: string): CelValue {
  if (target instanceof CelError) return target;
  // Past an optional, a selection is optional too: `opt.f` is `opt.?f`.
  if (target instanceof CelOptional) return target.value === undefined ? target : presentField(target.value, field);
  if (!isMap(target)) return new CelError(`type '${typeOf(target).name}' does not support field selection`);
  const value = mapLookup(target, field);
  return value === undefined ? new CelError(`no such key: ${field}`) : value;
}

/** `target.?field` on a value that is present: none when the map has no such key. */
function presentField(target: CelValue, field: string): CelValue {
  if (!isMap(target)) return selectField(target, field);
  return new CelOptional(mapLookup(target, field));
}

/** has(target.field); an optional target has the field when it has a value that has it. */
function hasField(target: CelValue, field: string): CelValue {
  if (target instanceof CelError) return target;
  if (target instanceof CelOptional) return target.value !== undefined && hasField(target.value, field);
  if (!isMap(target)) return noSuchOverload('has');
  return mapLookup(target, field) !== undefined;
}

function index(target: CelValue, key: CelValue): CelValue {
  if (target instanceof CelError) return target;
  if (key instanceof CelError) return key;
  if (target instanceof CelOptional) return optionalIndex(target, key);
  if (Array.isArray(target)) {
    const position = listIndex(key);
    if (position instanceof CelError) return position;
    if (position < 0 || position >= target.length) return new CelError(`index out of bounds: ${position}`);
    return fromJson(target[position]);
  }
  if (isMap(target)) {
    const value = mapLookup(target, key);
    return value === undefined ? new CelError(`no such key: ${String(key instanceof CelUint || key instanceof CelDouble ? key.value : key)}`) : value;
  }
  return noSuchOverload('_[_]');
}

/** A list index: an int, a uint, or a double with an integral value. */
function listIndex(key: CelValue): number | CelError {
  if (typeof key === 'number') return key;
  if (typeof key === 'bigint') return Number(key);
  if (key instanceof CelUint) return Number(key.value);
  if (key instanceof CelDouble && Number.isInteger(key.value)) return key.value;
  return new CelError(`unsupported index type`);
}

function optionalIndex(target: CelValue, key: CelValue): CelValue {
  if (target instanceof CelOptional) return target.value === undefined ? target : optionalIndex(target.value, key);
  if (target instanceof CelError) return target;
  if (Array.isArray(target)) {
    const position = listIndex(key);
    if (position instanceof CelError) return position;
    return new CelOptional(position >= 0 && position < target.length ? fromJson(target[position]) : undefined);
  }
  if (isMap(target)) return new CelOptional(mapLookup(target, key));
  return noSuchOverload('_[?_]');
}

function contains(element: CelValue, container: CelValue): CelValue {
  if (element instanceof CelError) return element;
  if (container instanceof CelError) return container;
  if (Array.isArray(container)) {
    let error: CelError | undefined;
    for (const item of container) {
      const equal = equalValues(element, fromJson(item));
      if (equal === true) return true;
      if (equal instanceof CelError) error ??= equal;
    }
    return error ?? false;
  }
  if (isMap(container)) return mapKey(element) !== undefined && mapLookup(container, element) !== undefined;
  return noSuchOverload('@in');
}

const relations: Readonly<Record<string, (order: number) => boolean>> = {
  '_<_': (order) => order < 0,
  '_<=_': (order) => order <= 0,
  '_>_': (order) => order > 0,
  '_>=_': (order) => order >= 0,
};

class Planner {
  readonly #functions: FunctionTable;
  /** The comprehension variables in scope where the planner is: they shadow qualified names. */
  readonly #locals: string[] = [];

  constructor(functions: FunctionTable) {
    this.#functions = functions;
  }

  plan(expr: Expr): Evaluator {
    switch (expr.type) {
      case 'const': {
        const value = constantValue(expr.value);
        return () => value;
      }
      case 'ident':
        return this.#qualifiedIdent([expr.name]);
      case 'select': {
        const { field } = expr;
        if (expr.testOnly) {
          const operand = this.plan(expr.operand);
          return (activation) => hasField(operand(activation), field);
        }
        const name = qualifiedName(expr);
        if (name !== undefined && !this.#locals.includes(name.split('.')[0] as string)) return this.#qualifiedIdent(name.split('.'));
        const operand = this.plan(expr.operand);
        return (activation) => selectField(operand(activation), field);
      }
      case 'call':
        return this.#call(expr);
      case 'list':
        return this.#list(expr);
      case 'map':
        return this.#map(expr);
      case 'struct': {
        const error = new CelError(`unknown type: ${expr.messageName}`);
        return () => error;
      }
      case 'comprehension':
        return this.#comprehension(expr);
    }
  }

  /**
   * `a.b.c` where `a` is no comprehension variable: the variable of the longest name among `a.b.c`,
   * `a.b` and `a` that is bound, with the remaining fields selected from it (variables may have
   * dotted names); else the type of that name; else an error.
   */
  #qualifiedIdent(parts: readonly string[]): Evaluator {
    const candidates = parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
    const typeName = typeNames.get(candidates[0] as string);
    const missing = new CelError(`no such attribute(s): ${parts[0]}`);
    return (activation) => {
      for (let i = 0; i < candidates.length; i++) {
        let value = activation.resolve(candidates[i] as string);
        if (value === undefined) continue;
        for (let j = parts.length - i; j < parts.length; j++) value = selectField(value, parts[j] as string);
        return value;
      }
      return typeName ?? missing;
    };
  }

  #call(expr: CallExpr): Evaluator {
    const args = expr.args.map((arg) => this.plan(arg));
    const [first, second, third] = args as [Evaluator, Evaluator, Evaluator];
    switch (expr.function) {
      case '_&&_':
        return (activation) => logical(first(activation), () => second(activation), false);
      case '_||_':
        return (activation) => logical(first(activation), () => second(activation), true);
      case '_?_:_':
        return (activation) => {
          const condition = first(activation);
          if (condition === true) return second(activation);
          if (condition === false) return third(activation);
          return condition instanceof CelError ? condition : noSuchOverload('_?_:_');
        };
      case '!_':
        return (activation) => {
          const value = first(activation);
          return typeof value === 'boolean' ? !value : value instanceof CelError ? value : noSuchOverload('!_');
        };
      case '@not_strictly_false':
        return (activation) => first(activation) !== false;
      case '-_':
        return (activation) => negate(first(activation));
      case '_==_':
        return (activation) => equalValues(first(activation), second(activation));
      case '_!=_':
        return (activation) => {
          const equal = equalValues(first(activation), second(activation));
          return typeof equal === 'boolean' ? !equal : equal;
        };
      case '_<_':
      case '_<=_':
      case '_>_':
      case '_>=_': {
        const holds = relations[expr.function] as (order: number) => boolean;
        return (activation) => {
          const a = first(activation);
          if (a instanceof CelError) return a;
          const b = second(activation);
          if (b instanceof CelError) return b;
          const order = compareValues(a, b);
          return order instanceof CelError ? order : holds(order);
        };
      }
      case '_+_':
      case '_-_':
      case '_*_':
      case '_/_':
      case '_%_': {
        const op = expr.function;
        return (activation) => arithmetic(op, first(activation), second(activation));
      }
      case '@in':
        return (activation) => contains(first(activation), second(activation));
      case '_[_]':
        return (activation) => index(first(activation), second(activation));
      case '_[?_]':
        return (activation) => optionalIndex(first(activation), second(activation));
      case '_?._': {
        const field = expr.args[1]?.type === 'const' && expr.args[1].value.kind === 'string' ? expr.args[1].value.value : '';
        return (activation) => optionalIndex(first(activation), field);
      }
    }
    return this.#function(expr, args);
  }

  #function(expr: CallExpr, args: readonly Evaluator[]): Evaluator {
    // `optional.of(x)`, `strings.quote(s)`, `sets.contains(a, b)`: a namespaced global function.
    const namespace = expr.target === undefined ? undefined : qualifiedName(expr.target);
    const namespaced = namespace === undefined ? undefined : this.#functions.get(`${namespace}.${expr.function}`)?.global;
    if (namespaced !== undefined) return this.#apply(namespaced, args);
    const overloads = this.#functions.get(expr.function);
    const target = expr.target === undefined ? undefined : this.plan(expr.target);
    const impl = target === undefined ? overloads?.global : overloads?.member;
    if (impl === undefined) {
      const error = noSuchOverload(expr.function);
      return () => error;
    }
    return this.#apply(impl, target === undefined ? args : [target, ...args]);
  }

  /** A strict call: the first argument that is an error is the result. */
  #apply(impl: (args: readonly CelValue[]) => CelValue, args: readonly Evaluator[]): Evaluator {
    return (activation) => {
      const values: CelValue[] = [];
      for (const arg of args) {
        const value = arg(activation);
        if (value instanceof CelError) return value;
        values.push(value);
      }
      return impl(values);
    };
  }

  #list(expr: ListExpr): Evaluator {
    const elements = expr.elements.map((element) => this.plan(element));
    const optional = new Set(expr.optionalIndices);
    return (activation) => {
      const list: CelValue[] = [];
      for (let i = 0; i < elements.length; i++) {
        const value = (elements[i] as Evaluator)(activation);
        if (value instanceof CelError) return value;
        if (!optional.has(i)) list.push(value);
        else if (!(value instanceof CelOptional)) return noSuchOverload('optional list element');
        else if (value.value !== undefined) list.push(value.value);
      }
      return list;
    };
  }

  #map(expr: MapExpr): Evaluator {
    const entries = expr.entries.map((entry) => ({ key: this.plan(entry.key), value: this.plan(entry.value), optional: entry.optional }));
    return (activation) => {
      const built = new Map<string, readonly [CelValue, CelValue]>();
      let stringKeys = true;
      for (const entry of entries) {
        const key = entry.key(activation);
        if (key instanceof CelError) return key;
        let value = entry.value(activation);
        if (value instanceof CelError) return value;
        if (entry.optional) {
          if (!(value instanceof CelOptional)) return noSuchOverload('optional map entry');
          if (value.value === undefined) continue;
          value = value.value;
        }
        const canonical = typeof key === 'boolean' || typeof key === 'string' || typeof key === 'number' || typeof key === 'bigint' || key instanceof CelUint ? mapKey(key) : undefined;
        if (canonical === undefined) return new CelError('unsupported key type');
        if (built.has(canonical)) return new CelError(`Failed with repeated key`);
        if (typeof key !== 'string') stringKeys = false;
        built.set(canonical, [key, value]);
      }
      if (!stringKeys) return new CelMap(built);
      const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [key, value] of built.values()) object[key as string] = value;
      return object;
    };
  }

  #planWithLocals(expr: Expr, names: readonly string[]): Evaluator {
    this.#locals.push(...names);
    try {
      return this.plan(expr);
    } finally {
      this.#locals.length -= names.length;
    }
  }

  #comprehension(expr: ComprehensionExpr): Evaluator {
    const { iterVar, iterVar2, accuVar } = expr;
    const range = this.plan(expr.iterRange);
    const accuInit = this.plan(expr.accuInit);
    const result = this.#planWithLocals(expr.result, [accuVar]);
    const condition = this.#planWithLocals(expr.loopCondition, [accuVar, iterVar, ...(iterVar2 === undefined ? [] : [iterVar2])]);
    const step = this.#planWithLocals(expr.loopStep, [accuVar, iterVar, ...(iterVar2 === undefined ? [] : [iterVar2])]);
    return (activation) => {
      const iterable = range(activation);
      if (iterable instanceof CelError) return iterable;
      const accu = new ScopedActivation(activation, accuVar, accuInit(activation));
      const first = new ScopedActivation(accu, iterVar, null);
      const scope = iterVar2 === undefined ? first : new ScopedActivation(first, iterVar2, null);
      const visit = (a: CelValue, b: CelValue): boolean => {
        if (iterVar2 === undefined) first.value = a;
        else {
          first.value = a;
          (scope as ScopedActivation).value = b;
        }
        if (condition(scope) === false) return false;
        accu.value = step(scope);
        return true;
      };
      if (Array.isArray(iterable)) {
        for (let i = 0; i < iterable.length; i++) {
          const item = fromJson(iterable[i]);
          if (!(iterVar2 === undefined ? visit(item, null) : visit(i, item))) break;
        }
      } else if (isMap(iterable)) {
        for (const [key, value] of mapEntries(iterable)) if (!visit(key, value)) break;
      } else {
        return noSuchOverload('comprehension range');
      }
      return result(accu);
    };
  }
}

/** The dotted name an identifier or a chain of field selections on one spells, if it is one. */
function qualifiedName(expr: Expr): string | undefined {
  if (expr.type === 'ident') return expr.name;
  if (expr.type === 'select' && !expr.testOnly) {
    const operand = qualifiedName(expr.operand);
    return operand === undefined ? undefined : `${operand}.${expr.field}`;
  }
  return undefined;
}

/**
 * `&&` (absorbing = false) and `||` (absorbing = true): a side equal to the absorbing value decides
 * whatever the other is, even an error; otherwise an error wins over a non-error.
 */
function logical(left: CelValue, right: () => CelValue, absorbing: boolean): CelValue {
  if (left === absorbing) return absorbing;
  const value = right();
  if (value === absorbing) return absorbing;
  if (left instanceof CelError) return left;
  if (typeof left !== 'boolean') return noSuchOverload(absorbing ? '_||_' : '_&&_');
  if (value instanceof CelError) return value;
  if (typeof value !== 'boolean') return noSuchOverload(absorbing ? '_||_' : '_&&_');
  return value;
}
