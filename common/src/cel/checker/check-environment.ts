// The declarations an expression is checked against: variables (with the type identifiers such as
// `int` and `list`, which are variables of type type(T)) and functions with their overloads.

import type { CelType } from '../types/cel-types.ts';
import type { FunctionDecl } from './function-declarations.ts';

export interface CheckEnvironment {
  readonly variables: ReadonlyMap<string, CelType>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
}
