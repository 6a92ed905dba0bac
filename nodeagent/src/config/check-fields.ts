// Strict decoding of a configuration document against the declared fields, as kube's strict JSON
// decoding into the Go struct judges it: unknown fields (named by their path, in document order)
// and values of the wrong type (in encoding/json's words, naming the Go struct field). A null is
// accepted anywhere: Go leaves the field unset.

import { goJsonKind, parseQuantity, quantityFormatError } from '@capstan/common';
import type { FieldSpec, FieldTable, ScalarField, StructField } from './field-kinds.ts';
import { parseGoDuration } from '@capstan/common';

export interface FieldCheck {
  /** Paths of the fields the struct does not declare ("foo", "authentication.foo", "registerWithTaints[0].foo"). */
  readonly unknownFields: string[];
  /** The first value that cannot be decoded into its field, as encoding/json words it. */
  typeError?: string;
}

/** Checks an object against a struct; `allowed` are extra top-level keys (apiVersion, kind). */
export function checkFields(object: Readonly<Record<string, unknown>>, spec: StructField, allowed: readonly string[] = []): FieldCheck {
  const check: FieldCheck = { unknownFields: [] };
  checkStruct(check, object, spec, { path: '', goPath: [] }, allowed);
  return check;
}

interface Location {
  /** The strict-decoding path: dotted fields with list indices. */
  readonly path: string;
  /** encoding/json's FieldStack: field names only. */
  readonly goPath: readonly string[];
  /** The innermost Go struct the value sits in. */
  readonly goStruct?: string;
}

function checkStruct(check: FieldCheck, object: Readonly<Record<string, unknown>>, spec: StructField, at: Location, allowed: readonly string[]): void {
  const fields: FieldTable = spec.fields;
  const goStruct = spec.goType.slice(spec.goType.indexOf('.') + 1);
  for (const [name, value] of Object.entries(object)) {
    const path = at.path === '' ? name : `${at.path}.${name}`;
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (field === undefined) {
      if (!allowed.includes(name)) check.unknownFields.push(path);
      continue;
    }
    checkValue(check, value, field, { path, goPath: [...at.goPath, name], goStruct });
  }
}

function checkValue(check: FieldCheck, value: unknown, field: FieldSpec, at: Location): void {
  if (value === null || value === undefined) return;
  switch (field.kind) {
    case 'struct':
      if (isObject(value)) checkStruct(check, value, field, at, []);
      else typeError(check, value, field.goType, at);
      return;
    case 'list':
      if (!Array.isArray(value)) return typeError(check, value, `[]${goTypeOf(field.of)}`, at);
      value.forEach((item, index) => checkValue(check, item, field.of, { ...at, path: `${at.path}[${index}]` }));
      return;
    case 'map':
      if (!isObject(value)) return typeError(check, value, `map[string]${goTypeOf(field.of)}`, at);
      for (const item of Object.values(value)) checkValue(check, item, field.of, at);
      return;
    case 'mapOfLists':
      if (!isObject(value)) return typeError(check, value, 'map[string][]string', at);
      for (const items of Object.values(value)) {
        if (items === null) continue;
        if (!Array.isArray(items)) typeError(check, items, '[]string', at);
        else for (const item of items) if (item !== null && typeof item !== 'string') typeError(check, item, 'string', at);
      }
      return;
    default:
      checkScalar(check, value, field, at);
  }
}

function checkScalar(check: FieldCheck, value: unknown, field: ScalarField, at: Location): void {
  const goType = goTypeOf(field);
  switch (field.kind) {
    case 'string':
    case 'time':
      if (typeof value !== 'string') typeError(check, value, goType, at);
      else if (field.kind === 'time' && Number.isNaN(Date.parse(value)))
        parseError(check, at, `parsing time ${JSON.stringify(value)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(value)} as "2006"`);
      return;
    case 'bool':
      if (typeof value !== 'boolean') typeError(check, value, goType, at);
      return;
    case 'int32':
    case 'int64':
    case 'uint32': {
      if (typeof value !== 'number') return typeError(check, value, goType, at);
      const [min, max] = integerRanges[field.kind];
      if (!Number.isInteger(value) || value < min || value > max) typeError(check, value, goType, at, `number ${String(value)}`);
      return;
    }
    case 'float64':
      if (typeof value !== 'number') typeError(check, value, goType, at);
      return;
    case 'duration':
    case 'durationOrNanos': {
      if (field.kind === 'durationOrNanos' && typeof value === 'number') {
        if (!Number.isInteger(value)) typeError(check, value, 'time.Duration', at, `number ${String(value)}`);
        return;
      }
      // metav1.Duration decodes its JSON into a string first, so the type named is string.
      if (typeof value !== 'string') return typeError(check, value, 'string', at);
      const parsed = parseGoDuration(value);
      if (typeof parsed !== 'number') parseError(check, at, parsed.error);
      return;
    }
    case 'quantity': {
      // Quantity.UnmarshalJSON parses the JSON text, a string's or a number's, trimmed.
      const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
      const parsed = text === undefined ? { error: quantityFormatError } : parseQuantity(text);
      if ('error' in parsed) parseError(check, at, parsed.error);
      return;
    }
  }
}

const integerRanges = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint32: [0, 2 ** 32 - 1],
} as const;

function goTypeOf(field: ScalarField | StructField): string {
  if (field.kind === 'struct') return field.goType;
  if (field.goType !== undefined) return field.goType;
  switch (field.kind) {
    case 'duration':
      return 'string';
    case 'durationOrNanos':
      return 'time.Duration';
    case 'quantity':
      return 'resource.Quantity';
    case 'time':
      return 'v1.Time';
    default:
      return field.kind;
  }
}

function typeError(check: FieldCheck, value: unknown, goType: string, at: Location, shown = goJsonKind(value)): void {
  check.typeError ??= `json: cannot unmarshal ${shown} into Go struct field ${at.goStruct ?? ''}.${at.goPath.join('.')} of type ${goType}`;
}

/** A value of the right JSON type that its Go type refuses: named by its path, with Go's words. */
function parseError(check: FieldCheck, at: Location, message: string): void {
  check.typeError ??= `${at.path}: ${message}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
