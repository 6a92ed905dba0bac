// CEL maps as the interpreter reads them: plain objects (string keys, as JSON decodes them) and
// CelMaps (any key kind). Keys match by CEL equality, numbers across int, uint and double.

import { CelDouble, CelMap, CelUint, fromJson, type CelValue } from './values.ts';

/** The canonical form of a key: numbers by their integral value, so 1, 1u and 1.0 are one key. */
export function mapKey(key: unknown): string | undefined {
  switch (typeof key) {
    case 'string':
      return `s:${key}`;
    case 'boolean':
      return `b:${key}`;
    case 'number':
    case 'bigint':
      return `n:${BigInt(key)}`;
    default:
      if (key instanceof CelUint) return `n:${BigInt(key.value)}`;
      if (key instanceof CelDouble) return Number.isInteger(key.value) ? `n:${BigInt(key.value)}` : undefined;
      return undefined;
  }
}

export type AnyMap = CelMap | { readonly [key: string]: unknown };

export function mapSize(map: AnyMap): number {
  return map instanceof CelMap ? map.entries.size : Object.keys(map).length;
}

/** The value at a key, or undefined when the map has no such key. */
export function mapLookup(map: AnyMap, key: unknown): CelValue | undefined {
  if (map instanceof CelMap) {
    const canonical = mapKey(key);
    return canonical === undefined ? undefined : map.entries.get(canonical)?.[1];
  }
  if (typeof key !== 'string' || !Object.hasOwn(map, key)) return undefined;
  return fromJson(map[key]);
}

export function* mapEntries(map: AnyMap): Generator<readonly [CelValue, CelValue]> {
  if (map instanceof CelMap) yield* map.entries.values();
  else for (const [key, value] of Object.entries(map)) yield [key, fromJson(value)];
}

export function mapKeys(map: AnyMap): CelValue[] {
  return map instanceof CelMap ? [...map.entries.values()].map(([key]) => key) : Object.keys(map);
}
