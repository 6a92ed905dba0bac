// What the checker answers for an expression it accepts: the type of every node (by node id) and
// what each identifier and call refers to (the declared variable, or the overloads a call may take),
// which the cost estimator and the validators read.

import type { ParsedExpr } from '../syntax/ast.ts';
import type { CelType } from '../types/cel-types.ts';

/**
 * A variable's (fully qualified) name, or the ids of the overloads a call may resolve to at run time.
 * A variable that is a message type the environment's type provider resolved (not a declared
 * variable) says so: Kubernetes cannot plan a program that refers to one.
 */
export type Reference = { readonly kind: 'variable'; readonly name: string; readonly messageType?: true } | { readonly kind: 'function'; readonly overloadIds: readonly string[] };

export interface CheckedExpr {
  readonly parsed: ParsedExpr;
  /** The type of the whole expression. */
  readonly type: CelType;
  readonly types: ReadonlyMap<number, CelType>;
  readonly references: ReadonlyMap<number, Reference>;
}
