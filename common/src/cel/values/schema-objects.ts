// Objects of a schema type that needed converting (a field of a format, a number, a set or map
// list, an escaped name, a nullable field): a plain object holding the fields a rule can reach, by
// their CEL names, which the interpreter reads like any string-keyed map, plus the JSON it was made
// from. Equality follows Kubernetes: the JSON objects must have as many properties, declared fields
// compare as CEL values (a null field counts as absent), and other properties (kept by
// x-kubernetes-preserve-unknown-fields) compare as JSON where the other object has them.

import type { ObjectCelType } from '../types/cel-types.ts';
import { mapLookup, mapSize } from './maps.ts';
import { CelDouble, CelError, CelMap, CelUint, fromJson, isPlainMap, type CelValue } from './values.ts';

/** What a schema type says about its objects: the CEL name of each declared property. */
export interface ObjectShape {
  readonly type: ObjectCelType;
  readonly fieldNames: ReadonlyMap<string, string>;
}

export interface ObjectSource {
  readonly shape: ObjectShape;
  /** The JSON object (or a Go value a list `+` took) the fields were read from. */
  readonly json: { readonly [property: string]: unknown };
}

const objectSource = Symbol('schema object source');

type SchemaObject = { [name: string]: unknown; [objectSource]: ObjectSource };

/** A new object to hold the fields of `json` (the caller sets them). */
export function newSchemaObject(shape: ObjectShape, json: { readonly [property: string]: unknown }): { [name: string]: unknown } {
  return { [objectSource]: { shape, json } } satisfies SchemaObject;
}

/** Where a converted object came from, or undefined for any other plain object. */
export const schemaObjectSource = (value: { readonly [name: string]: unknown }): ObjectSource | undefined => (value as Partial<SchemaObject>)[objectSource];

type Equal = (a: CelValue, b: CelValue) => boolean | CelError;

/** `a == b` for a converted object `a`: false as soon as a field differs, else the first error, else true. */
export function equalSchemaObjects(a: { readonly [name: string]: unknown }, source: ObjectSource, b: CelValue, equal: Equal): boolean | CelError {
  if (b instanceof CelError) return b;
  if (!(b instanceof CelMap) && !isPlainMap(b)) return new CelError('no such overload');
  const other = isPlainMap(b) ? schemaObjectSource(b) : undefined;
  const otherJson = other?.json ?? (isPlainMap(b) ? b : undefined);
  if (Object.keys(source.json).length !== (other === undefined ? mapSize(b) : Object.keys(other.json).length)) return false;
  let error: CelError | undefined;
  for (const property of Object.keys(source.json)) {
    const name = source.shape.fieldNames.get(property);
    if (name !== undefined) {
      const mine = Object.hasOwn(a, name) ? fromJson(a[name]) : undefined;
      const theirs = other === undefined ? mapLookup(b, property) : Object.hasOwn(b, name) ? fromJson((b as { readonly [name: string]: unknown })[name]) : undefined;
      if ((mine === undefined) !== (theirs === undefined)) return false;
      if (mine === undefined || theirs === undefined) continue;
      const same = equal(mine, theirs);
      if (same === false) return false;
      if (same instanceof CelError) error ??= same;
    } else {
      if (otherJson === undefined) return new CelError('no such overload');
      if (Object.hasOwn(otherJson, property) && !equalJson(source.json[property], otherJson[property])) return false;
    }
  }
  return error ?? true;
}

/** Go's equality of decoded JSON (Semantic.DeepEqual): an int64 is never a float64. */
function equalJson(a: unknown, b: unknown): boolean {
  const x = fromJson(a);
  const y = fromJson(b);
  if (x === y) return true;
  if (x instanceof CelDouble && y instanceof CelDouble) return x.value === y.value;
  if (x instanceof CelUint && y instanceof CelUint) return x.value === y.value;
  if (typeof x === 'bigint' || typeof y === 'bigint') return typeof x === typeof y && x === y;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((item, i) => equalJson(item, y[i]));
  if (isPlainMap(x) && isPlainMap(y)) {
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && equalJson(x[key], y[key]));
  }
  return false;
}
