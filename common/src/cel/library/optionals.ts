// CEL's optional values (cel-go's OptionalTypes library): optional.of, optional.ofNonZeroValue,
// optional.none, and on optionals hasValue, value, orValue and or. optMap and optFlatMap are
// macros the parser expands into these.

import { CelDouble, CelError, CelMap, CelOptional, CelUint, isPlainMap, type CelValue } from '../values/values.ts';
import { mapSize } from '../values/maps.ts';
import { noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';

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

export const optionalFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['optional.of', { global: (args) => new CelOptional(args[0] ?? null) }],
  ['optional.ofNonZeroValue', { global: (args) => (isZeroValue(args[0] ?? null) ? none : new CelOptional(args[0] ?? null)) }],
  ['optional.none', { global: () => none }],
  ['hasValue', onOptional('hasValue', (optional) => optional.hasValue)],
  ['value', onOptional('value', (optional) => optional.value ?? new CelError('optional.none() dereference'))],
  ['orValue', onOptional('orValue', (optional, args) => optional.value ?? args[1] ?? null)],
  ['or', onOptional('or', (optional, args) => (optional.hasValue ? optional : args[1] instanceof CelOptional ? args[1] : noSuchOverload('or')))],
]);
