// What CEL's built-in operators do to values, shared by both planners (plan.ts and the
// cost-tracking costed-plan.ts) so that a program answers the same with or without cost tracking:
// field selection, presence tests, indexing (plain and optional), membership, the ordering
// relations, and the absorption rules of `&&` and `||`.

import type { CallExpr, Constant, Expr } from '../syntax/ast.ts';
import { compareValues, equalValues } from '../values/compare.ts';
import { mapKey, mapLookup, type AnyMap } from '../values/maps.ts';
import { isMessageValue, newMessage } from '../values/patch-values.ts';
import { CelDouble, CelError, CelMap, CelOptional, type CelType, CelUint, fromJson, isPlainMap, typeOf, types, type CelValue } from '../values/values.ts';
import { FoldActivation, type Activation, type Evaluator } from './activation.ts';
import { noSuchOverload } from './functions.ts';

/** The type names an identifier (or a qualified name) denotes when no variable of that name is bound. */
export const typeNames: ReadonlyMap<string, CelType> = new Map(
  [types.int, types.uint, types.double, types.bool, types.string, types.bytes, types.list, types.map, types.type, types.null, types.timestamp, types.duration, types.optional].map(
    (type) => [type.name, type],
  ),
);

export function constantValue(constant: Constant): CelValue {
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

export const isMap = (value: unknown): value is AnyMap => value instanceof CelMap || isPlainMap(value);

export function selectField(target: CelValue, field: string): CelValue {
  if (target instanceof CelError) return target;
  // Past an optional, a selection is optional too: `opt.f` is `opt.?f`.
  if (target instanceof CelOptional) return target.value === undefined ? target : presentField(target.value, field);
  if (isMessageValue(target)) return target.field(field);
  if (!isMap(target)) return new CelError(`type '${typeOf(target).name}' does not support field selection`);
  const value = mapLookup(target, field);
  return value === undefined ? new CelError(`no such key: ${field}`) : value;
}

/** `target.?field` on a value that is present: none when the map has no such key. */
function presentField(target: CelValue, field: string): CelValue {
  if (isMessageValue(target)) return target.optionalField(field);
  if (!isMap(target)) return selectField(target, field);
  return new CelOptional(mapLookup(target, field));
}

/** has(target.field); an optional target has the field when it has a value that has it. */
export function hasField(target: CelValue, field: string): CelValue {
  if (target instanceof CelError) return target;
  if (target instanceof CelOptional) return target.value !== undefined && hasField(target.value, field);
  if (isMessageValue(target)) return target.isSet(field);
  if (!isMap(target)) return noSuchOverload('has');
  return mapLookup(target, field) !== undefined;
}

export function index(target: CelValue, key: CelValue): CelValue {
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
  if (isMessageValue(target)) return target.index(key);
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

/** `target[?key]` and `target.?field`: an optional of the element, none when there is none. */
export function optionalIndex(target: CelValue, key: CelValue): CelValue {
  if (target instanceof CelOptional) return target.value === undefined ? target : optionalIndex(target.value, key);
  if (target instanceof CelError) return target;
  if (Array.isArray(target)) {
    const position = listIndex(key);
    if (position instanceof CelError) return position;
    return new CelOptional(position >= 0 && position < target.length ? fromJson(target[position]) : undefined);
  }
  if (isMap(target)) return new CelOptional(mapLookup(target, key));
  if (isMessageValue(target) && typeof key === 'string') return target.optionalField(key);
  return noSuchOverload('_[?_]');
}

/**
 * Calls visit with each key and value of a map, in the map's order (a JSON object's: its keys',
 * as mapEntries gives them), until visit answers false; without the generator and the pair
 * mapEntries allocates per entry, which comprehensions over maps would pay on every evaluation.
 */
function forEachEntry(map: AnyMap, visit: (key: CelValue, value: CelValue) => boolean): void {
  if (map instanceof CelMap) {
    for (const [key, value] of map.entries.values()) if (!visit(key, value)) return;
    return;
  }
  const keys = Object.keys(map);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!visit(key, fromJson(map[key]))) return;
  }
}

/**
 * A comprehension's loop: visit gets each element of a list (after its index, with two iteration
 * variables) or each key of a map (and its value) until it answers false; an error for a range
 * that is neither.
 */
function iterateRange(range: CelValue, twoVariables: boolean, visit: (first: CelValue, second: CelValue) => boolean): CelError | undefined {
  if (Array.isArray(range)) {
    for (let i = 0; i < range.length; i++) {
      const item = fromJson(range[i]);
      if (!(twoVariables ? visit(i, item) : visit(item, null))) break;
    }
    return undefined;
  }
  if (isMap(range)) {
    forEachEntry(range, visit);
    return undefined;
  }
  return noSuchOverload('comprehension range');
}

/** A comprehension's planned parts and variable names (macros expand to these). */
export interface ComprehensionParts {
  readonly iterVar: string;
  readonly iterVar2: string | undefined;
  readonly accuVar: string;
  readonly range: Evaluator;
  readonly accuInit: Evaluator;
  readonly condition: Evaluator;
  readonly step: Evaluator;
  readonly result: Evaluator;
}

/** A comprehension: over its range while the condition holds, the step computes the accumulator; then the result. */
export function comprehension({ iterVar, iterVar2, accuVar, range, accuInit, condition, step, result }: ComprehensionParts): Evaluator {
  return (activation) => {
    const iterable = range(activation);
    if (iterable instanceof CelError) return iterable;
    const fold = new FoldActivation(activation, accuVar, accuInit, iterVar, iterVar2);
    const failure = iterateRange(iterable, iterVar2 !== undefined, (first, second) => {
      fold.first = first;
      fold.second = second;
      if (condition(fold) === false) return false;
      fold.accu = step(fold);
      return true;
    });
    if (failure !== undefined) return failure;
    fold.computingResult = true;
    return result(fold);
  };
}

/** One entry of a map literal: `key: value`, or `?key: value` where value is an optional. */
export interface MapEntryEvaluator {
  readonly key: Evaluator;
  readonly value: Evaluator;
  readonly optional: boolean;
}

/** A list literal's value: its elements in order, `?e` ones only when present; the first error is the value. */
export function buildList(elements: readonly Evaluator[], optional: ReadonlySet<number>, activation: Activation): CelValue {
  const list: CelValue[] = [];
  for (const [i, element] of elements.entries()) {
    const value = element(activation);
    if (value instanceof CelError) return value;
    if (!optional.has(i)) list.push(value);
    else if (!(value instanceof CelOptional)) return noSuchOverload('optional list element');
    else if (value.value !== undefined) list.push(value.value);
  }
  return list;
}

/** A map literal's value (a plain object when every key is a string); the first error is the value. */
export function buildMap(entries: readonly MapEntryEvaluator[], activation: Activation): CelValue {
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
}

/** One field of a message literal: `field: value`, or `?field: value` where value is an optional. */
export interface FieldInitEvaluator {
  readonly field: string;
  readonly value: Evaluator;
  readonly optional: boolean;
}

/**
 * A message literal's value: its fields evaluated in order (the first error is the value, the
 * fields after it are not evaluated), `?f` ones set only when present, the last of a repeated
 * field winning; then the type's new instance.
 */
export function buildMessage(typeName: string, fields: readonly FieldInitEvaluator[], activation: Activation): CelValue {
  const values = new Map<string, CelValue>();
  for (const field of fields) {
    let value = field.value(activation);
    if (value instanceof CelError) return value;
    if (field.optional) {
      if (!(value instanceof CelOptional)) return new CelError(`cannot initialize optional entry '${field.field}' from non-optional value ${typeOf(value).name}`);
      if (value.value === undefined) {
        values.delete(field.field);
        continue;
      }
      value = value.value;
    }
    values.set(field.field, value);
  }
  return newMessage(typeName, values);
}

/** A message literal's type name as the planner resolves it (`.Object` is Object, from the root). */
export const messageTypeName = (messageName: string): string => (messageName.startsWith('.') ? messageName.slice(1) : messageName);

/** `element in container`: list membership by CEL equality, or a map's key. */
export function contains(element: CelValue, container: CelValue): CelValue {
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

export type RelationOperator = '_<_' | '_<=_' | '_>_' | '_>=_';

export const relations: Readonly<Record<RelationOperator, (order: number) => boolean>> = {
  '_<_': (order) => order < 0,
  '_<=_': (order) => order <= 0,
  '_>_': (order) => order > 0,
  '_>=_': (order) => order >= 0,
};

/** `a < b` and the other orderings, `holds` telling which from the order of a and b. */
export function relate(holds: (order: number) => boolean, a: CelValue, b: CelValue): CelValue {
  if (a instanceof CelError) return a;
  if (b instanceof CelError) return b;
  const order = compareValues(a, b);
  return order instanceof CelError ? order : holds(order);
}

export function notEqual(a: CelValue, b: CelValue): CelValue {
  const equal = equalValues(a, b);
  return typeof equal === 'boolean' ? !equal : equal;
}

/** `!value`. */
export const not = (value: CelValue): CelValue => (typeof value === 'boolean' ? !value : value instanceof CelError ? value : noSuchOverload('!_'));

/**
 * `&&` (absorbing = false) and `||` (absorbing = true): a side equal to the absorbing value decides
 * whatever the other is, even an error; otherwise an error wins over a non-error.
 */
export function logical(left: CelValue, right: () => CelValue, absorbing: boolean): CelValue {
  if (left === absorbing) return absorbing;
  const value = right();
  if (value === absorbing) return absorbing;
  if (left instanceof CelError) return left;
  if (typeof left !== 'boolean') return noSuchOverload(absorbing ? '_||_' : '_&&_');
  if (value instanceof CelError) return value;
  if (typeof value !== 'boolean') return noSuchOverload(absorbing ? '_||_' : '_&&_');
  return value;
}

/** What `c ? a : b` gives when c is not a bool: c's error, or no such overload. */
export const notACondition = (condition: CelValue): CelValue => (condition instanceof CelError ? condition : noSuchOverload('_?_:_'));

/** `x in []`: false whatever x is, as cel-go's optimizer (which Kubernetes turns on) folds it. */
export const isEmptyListLiteral = (expr: Expr | undefined): boolean => expr?.type === 'list' && expr.elements.length === 0;

/**
 * `opt.or(other)` and `opt.orValue(value)`, which cel-go plans as short circuits: the alternative
 * is evaluated only when opt is none, and a target that is not an optional is the result as it is.
 */
export function optionalOr(target: CelValue, alternative: () => CelValue, unwrap: boolean): CelValue {
  if (!(target instanceof CelOptional)) return target;
  if (target.value === undefined) return alternative();
  return unwrap ? target.value : target;
}

/** Whether a call is `x.or(y)` or `x.orValue(y)`. */
export const isOptionalOr = (expr: CallExpr): expr is CallExpr & { readonly target: Expr; readonly args: readonly [Expr] } =>
  (expr.function === 'or' || expr.function === 'orValue') && expr.target !== undefined && expr.args.length === 1;

/** An operand of an operator's call: the parser gives each operator its fixed number of them. */
export function operandOf(expr: CallExpr, position: number): Expr {
  const operand = expr.args[position];
  if (operand === undefined) throw new Error(`${expr.function} has no operand ${position}`);
  return operand;
}
