// The checker's declarations of cel-go's sets extension (Kubernetes 1.29 and later): global
// functions over two lists of the same element type.

import { functionDecl, globalOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, listOf, typeParam } from '../types/cel-types.ts';

const list = listOf(typeParam('T'));

export const setsFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('sets.contains', globalOverload('list_sets_contains_list', [list, list], boolType)),
  functionDecl('sets.equivalent', globalOverload('list_sets_equivalent_list', [list, list], boolType)),
  functionDecl('sets.intersects', globalOverload('list_sets_intersects_list', [list, list], boolType)),
];
