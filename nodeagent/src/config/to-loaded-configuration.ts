// The wire form of a checked and defaulted configuration to the form the agent reads: durations
// in milliseconds, quantities as strings, every Go value-type field present (with its zero value
// when unset), pointers, lists and maps only when set. The table of fields drives it.

import { isObject } from './check-fields.ts';
import type { FieldSpec, ScalarField, StructField } from './field-kinds.ts';
import { parseGoDuration } from '@capstan/common';

export function toLoaded(object: Readonly<Record<string, unknown>>, spec: StructField): Record<string, unknown> {
  const loaded: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = object[name];
    if (value === undefined || value === null) {
      const zero = zeroValue(field);
      if (zero !== undefined) loaded[name] = zero;
    } else {
      loaded[name] = loadedValue(value, field);
    }
  }
  return loaded;
}

function loadedValue(value: unknown, field: FieldSpec): unknown {
  switch (field.kind) {
    case 'struct':
      return toLoaded(isObject(value) ? value : {}, field);
    case 'list':
      return (value as unknown[]).filter((item) => item !== null).map((item) => loadedValue(item, field.of));
    case 'map':
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, item === null ? zeroValue(field.of) : loadedValue(item, field.of)]));
    case 'mapOfLists':
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, items]) => [key, Array.isArray(items) ? items.filter((item) => item !== null) : []]));
    default:
      return loadedScalar(value, field);
  }
}

function loadedScalar(value: unknown, field: ScalarField): unknown {
  switch (field.kind) {
    case 'duration':
    case 'durationOrNanos': {
      if (typeof value === 'number') return value / 1e6;
      const parsed = parseGoDuration(value as string);
      return typeof parsed === 'number' ? parsed : 0;
    }
    case 'quantity':
      return String(value);
    default:
      return value;
  }
}

/** The value an unset field has once loaded: Go's zero value for value types, none for the rest. */
function zeroValue(field: FieldSpec): unknown {
  if (field.pointer === true) return undefined;
  switch (field.kind) {
    case 'struct':
      return toLoaded({}, field);
    case 'list':
    case 'map':
    case 'mapOfLists':
      return undefined;
    case 'string':
    case 'time':
      return '';
    case 'quantity':
      return '0';
    case 'bool':
      return false;
    default:
      return 0;
  }
}
