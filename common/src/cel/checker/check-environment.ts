// The declarations an expression is checked against: variables (with the type identifiers such as
// `int` and `list`, which are variables of type type(T)), functions with their overloads, and the
// message types a type provider resolves by name.

import type { CelType, ObjectCelType } from '../types/cel-types.ts';
import type { FunctionDecl } from './function-declarations.ts';

export interface CheckEnvironment {
  readonly variables: ReadonlyMap<string, CelType>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /**
   * A reserved word selects its escaped field of an object type (`self.namespace` is
   * `self.__namespace__`), as Kubernetes' type provider does from compatibility version 1.31.
   */
  readonly keywordsAsFieldNames?: boolean;
  /**
   * cel-go's type provider beyond the declared type identifiers: the message type of a name, which
   * then is an identifier of type type(T) that a message literal can construct (Kubernetes' patch
   * types for mutations; see patch-types.ts).
   */
  readonly messageTypes?: (name: string) => ObjectCelType | undefined;
}
