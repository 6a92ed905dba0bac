// One function table from several libraries: where two define the same function in the same form
// (string(x) in the core and in the time library), the later one is tried when the earlier has no
// overload for the arguments.

import { CelError } from '../values/values.ts';
import type { FunctionImpl, FunctionOverloads, FunctionTable } from './functions.ts';

const isNoSuchOverload = (value: unknown): boolean => value instanceof CelError && value.message.startsWith('no such overload');

function chain(first: FunctionImpl | undefined, next: FunctionImpl | undefined): FunctionImpl | undefined {
  if (first === undefined || next === undefined) return first ?? next;
  return (args) => {
    const result = first(args);
    return isNoSuchOverload(result) ? next(args) : result;
  };
}

export function mergeFunctionTables(...tables: readonly FunctionTable[]): FunctionTable {
  const merged = new Map<string, FunctionOverloads>();
  for (const table of tables) {
    for (const [name, overloads] of table) {
      const existing = merged.get(name);
      const global = chain(existing?.global, overloads.global);
      const member = chain(existing?.member, overloads.member);
      merged.set(name, { ...(global === undefined ? {} : { global }), ...(member === undefined ? {} : { member }) });
    }
  }
  return merged;
}
