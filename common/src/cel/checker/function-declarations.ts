// What the checker knows of a function: its overloads, each with cel-go's overload id, whether it
// is called on a receiver (`a.f(b)`, the receiver first in params), the parameter types and the
// result type. Type parameters (typeParam('A')) make an overload generic: they are bound per call.

import type { CelType } from '../types/cel-types.ts';

export interface OverloadDecl {
  /** cel-go's or Kubernetes' overload id (`string_char_at_int`, `add_list`): the cost estimator keys on it. */
  readonly id: string;
  readonly member: boolean;
  readonly params: readonly CelType[];
  readonly result: CelType;
}

export interface FunctionDecl {
  readonly name: string;
  readonly overloads: readonly OverloadDecl[];
}

/** `f(a, b)`. */
export const globalOverload = (id: string, params: readonly CelType[], result: CelType): OverloadDecl => ({ id, member: false, params, result });

/** `a.f(b)`: params[0] is the receiver. */
export const memberOverload = (id: string, params: readonly CelType[], result: CelType): OverloadDecl => ({ id, member: true, params, result });

export const functionDecl = (name: string, ...overloads: OverloadDecl[]): FunctionDecl => ({ name, overloads });

/** A library's declarations merged with others: overloads of the same function name are joined. */
export function mergeFunctionDecls(...groups: readonly (readonly FunctionDecl[])[]): ReadonlyMap<string, FunctionDecl> {
  const merged = new Map<string, FunctionDecl>();
  for (const group of groups) {
    for (const decl of group) {
      const existing = merged.get(decl.name);
      merged.set(decl.name, existing === undefined ? decl : { name: decl.name, overloads: [...existing.overloads, ...decl.overloads] });
    }
  }
  return merged;
}
