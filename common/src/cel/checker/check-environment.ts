// The declarations an expression is checked against: variables (with the type identifiers such as
// `int` and `list`, which are variables of type type(T)) and functions with their overloads.

import type { CelType } from '../types/cel-types.ts';
import type { FunctionDecl } from './function-declarations.ts';

export interface CheckEnvironment {
  readonly variables: ReadonlyMap<string, CelType>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /**
   * A reserved word selects its escaped field of an object type (`self.namespace` is
   * `self.__namespace__`), as Kubernetes' type provider does from compatibility version 1.31.
   */
  readonly keywordsAsFieldNames?: boolean;
}
