// CEL's optional values (cel-go's OptionalTypes library, version 2 as Kubernetes gets it):
// optional.of, optional.ofNonZeroValue, optional.none, on optionals hasValue, value, orValue and or,
// on lists first, last and unwrapOpt (optional.unwrap). optMap and optFlatMap are macros the parser
// expands into these.

import { CelDouble, CelError, CelMap, CelOptional, CelUint, fromJson, isPlainMap, type CelValue } from '../values/values.ts';
import { mapSize } from '../values/maps.ts';
import { noSuchOverload, toStringValue, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';

const none = new CelOptional(undefined);

/** Whether a value is its type's zero value (0, '', false, null, empty list or map, ...). */
function isZeroValue(value: CelValue): boolean {
  if (value === null || value === false || value === 0 || value === 0n || value === '') return true;
  if (value instanceof CelUint) return value.value === 0 || value.value === 0n;
  if (value instanceof CelDouble) return value.value === 0;
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length === 0;
  if (value instanceof CelMap || isPlainMap(value)) return mapSize(value) === 0;
  return false;
}

const onOptional = (name: string, apply: (optional: CelOptional, args: readonly CelValue[]) => CelValue): FunctionOverloads => ({
  member: (args) => {
    const [target] = args;
    return target instanceof CelOptional ? apply(target, args) : noSuchOverload(name);
  },
});

const onList =
  (name: string, apply: (list: readonly unknown[]) => CelValue): FunctionImpl =>
  (args) => {
    const [list] = args;
    return Array.isArray(list) ? apply(list) : noSuchOverload(name);
  };

/** The values of the present optionals of a list; an element that is no optional is an error. */
function unwrapOptionals(list: readonly unknown[]): CelValue {
  const values: CelValue[] = [];
  for (const item of list) {
    const element = fromJson(item);
    if (!(element instanceof CelOptional)) {
      const shown = toStringValue([element]);
      return new CelError(`value ${shown instanceof CelError ? String(element) : shown} is not optional`);
    }
    if (element.value !== undefined) values.push(element.value);
  }
  return values;
}

export const optionalFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['optional.of', { global: (args) => new CelOptional(args[0] ?? null) }],
  ['optional.ofNonZeroValue', { global: (args) => (isZeroValue(args[0] ?? null) ? none : new CelOptional(args[0] ?? null)) }],
  ['optional.none', { global: () => none }],
  ['hasValue', onOptional('hasValue', (optional) => optional.hasValue)],
  ['value', onOptional('value', (optional) => optional.value ?? new CelError('optional.none() dereference'))],
  ['orValue', onOptional('orValue', (optional, args) => optional.value ?? args[1] ?? null)],
  ['first', { member: onList('first', (list) => (list.length === 0 ? none : new CelOptional(fromJson(list[0])))) }],
  ['last', { member: onList('last', (list) => (list.length === 0 ? none : new CelOptional(fromJson(list[list.length - 1])))) }],
  ['optional.unwrap', { global: onList('optional.unwrap', unwrapOptionals) }],
  ['unwrapOpt', { member: onList('unwrapOpt', unwrapOptionals) }],
  ['or', onOptional('or', (optional, args) => (optional.hasValue ? optional : args[1] instanceof CelOptional ? args[1] : noSuchOverload('or')))],
]);
