// The two ways cel-go spells a type: its name (what `capstan cel check` reports and what a type
// value is called: google.protobuf.Timestamp, list(string), optional_type(int)) and the checker's
// spelling in error messages (timestamp, null, !error!, as in "found no matching overload for
// '_+_' applied to '(int, timestamp)'").

import type { CelType } from './cel-types.ts';

const runtimeNames = {
  int: 'int',
  uint: 'uint',
  double: 'double',
  bool: 'bool',
  string: 'string',
  bytes: 'bytes',
  null_type: 'null_type',
  timestamp: 'google.protobuf.Timestamp',
  duration: 'google.protobuf.Duration',
  dyn: 'dyn',
  any: 'google.protobuf.Any',
  error: 'error',
} as const;

const checkerNames: { readonly [kind in keyof typeof runtimeNames]: string } = {
  ...runtimeNames,
  null_type: 'null',
  timestamp: 'timestamp',
  duration: 'duration',
  any: 'any',
  error: '!error!',
};

/** The type's name as cel-go prints a type: `map(string, list(google.protobuf.Timestamp))`. */
export const celTypeName = (type: CelType): string => spell(type, runtimeNames);

/** The type as cel-go's checker writes it in its messages: `map(string, list(timestamp))`. */
export const checkerTypeName = (type: CelType): string => spell(type, checkerNames);

function spell(type: CelType, names: { readonly [kind in keyof typeof runtimeNames]: string }): string {
  const inner = (t: CelType): string => spell(t, names);
  switch (type.kind) {
    case 'list':
      return `list(${inner(type.elem)})`;
    case 'map':
      return `map(${inner(type.key)}, ${inner(type.value)})`;
    case 'optional':
      return `optional_type(${inner(type.value)})`;
    case 'type':
      return type.type === undefined ? 'type' : `type(${inner(type.type)})`;
    case 'object':
    case 'type_param':
      return type.name;
    case 'opaque':
      return type.params.length === 0 ? type.name : `${type.name}(${type.params.map(inner).join(', ')})`;
    default:
      return names[type.kind];
  }
}
