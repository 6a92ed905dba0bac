// The checker's declarations of cel-go's lists extension at version 3, which Kubernetes' base
// environment enables from 1.34: slice, flatten, sort, the sortBy macro's @sortByAssociatedKeys,
// lists.range, reverse and distinct. sort and @sortByAssociatedKeys have one overload per orderable
// element type, named with cel-go's type names (list_google.protobuf.Duration_sort).

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, bytesType, doubleType, durationType, dynType, intType, listOf, stringType, timestampType, typeParam, uintType } from '../types/cel-types.ts';
import { celTypeName } from '../types/type-names.ts';

const orderableTypes = [intType, uintType, doubleType, boolType, durationType, timestampType, stringType, bytesType];

const element = typeParam('T');
const list = listOf(element);

export const extListsVersion3FunctionDecls: readonly FunctionDecl[] = [
  functionDecl('slice', memberOverload('list_slice', [list, intType, intType], list)),
  functionDecl('flatten', memberOverload('list_flatten', [listOf(list)], list), memberOverload('list_flatten_int', [listOf(dynType), intType], listOf(dynType))),
  functionDecl('sort', ...orderableTypes.map((type) => memberOverload(`list_${celTypeName(type)}_sort`, [listOf(type)], listOf(type)))),
  functionDecl('@sortByAssociatedKeys', ...orderableTypes.map((type) => memberOverload(`list_${celTypeName(type)}_sortByAssociatedKeys`, [list, listOf(type)], list))),
  functionDecl('lists.range', globalOverload('lists_range', [intType], listOf(intType))),
  functionDecl('reverse', memberOverload('list_reverse', [list], list)),
  functionDecl('distinct', memberOverload('list_distinct', [list], list)),
];
