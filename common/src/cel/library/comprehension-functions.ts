// Functions the parser's macro expansions call and no one writes by hand: cel.@mapInsert (the
// accumulator step of transformMap and the map form of two-variable comprehensions) and #unused.

import { CelError, CelMap, type CelValue } from '../values/values.ts';
import { mapEntries, mapKey } from '../values/maps.ts';
import { noSuchOverload, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { isPlainMap } from '../values/values.ts';

/** The map with one more entry (or, with two arguments, another map's entries); a repeated key is an error. */
function mapInsert(args: readonly CelValue[]): CelValue {
  const [map, keyOrMap, value] = args;
  if (!(map instanceof CelMap || isPlainMap(map))) return noSuchOverload('cel.@mapInsert');
  const additions: (readonly [CelValue, CelValue])[] = [];
  if (args.length === 2) {
    if (!(keyOrMap instanceof CelMap || isPlainMap(keyOrMap))) return noSuchOverload('cel.@mapInsert');
    additions.push(...mapEntries(keyOrMap));
  } else additions.push([keyOrMap ?? null, value ?? null]);
  const entries = new Map<string, readonly [CelValue, CelValue]>();
  for (const [key, item] of mapEntries(map)) entries.set(mapKey(key) as string, [key, item]);
  for (const [key, item] of additions) {
    const canonical = mapKey(key);
    if (canonical === undefined) return new CelError('unsupported key type');
    if (entries.has(canonical)) return new CelError(`insert failed: key ${String(key)} already exists`);
    entries.set(canonical, [key, item]);
  }
  if ([...entries.values()].every(([key]) => typeof key === 'string')) {
    const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of entries.values()) object[key as string] = item;
    return object;
  }
  return new CelMap(entries);
}

export const comprehensionFunctions: FunctionTable = new Map<string, FunctionOverloads>([['cel.@mapInsert', { global: mapInsert }]]);
