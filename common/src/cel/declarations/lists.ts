// The checker's declarations of Kubernetes' own lists library (library.Lists, in every version):
// isSorted, min and max over lists of each comparable type, sum over lists of each summable type,
// and indexOf / lastIndexOf over any list. Kubernetes declares one overload per element type (not a
// type parameter), so `[1, 2].sum()` is an int, while a list of dyn matches every overload and its
// sum is a dyn.

import { functionDecl, memberOverload, type FunctionDecl, type OverloadDecl } from '../checker/function-declarations.ts';
import { boolType, bytesType, doubleType, durationType, intType, listOf, stringType, timestampType, typeParam, uintType, type CelType } from '../types/cel-types.ts';

/** The element types with the short names Kubernetes spells them with in its overload ids. */
type NamedElementTypes = ReadonlyArray<readonly [name: string, type: CelType]>;

const summableTypes: NamedElementTypes = [
  ['int', intType],
  ['uint', uintType],
  ['double', doubleType],
  ['duration', durationType],
];

const comparableTypes: NamedElementTypes = [
  ['int', intType],
  ['uint', uintType],
  ['double', doubleType],
  ['bool', boolType],
  ['duration', durationType],
  ['timestamp', timestampType],
  ['string', stringType],
  ['bytes', bytesType],
];

/** One overload of `list(T).<fn>()` per element type T. */
const perElementType = (types: NamedElementTypes, overload: (name: string, type: CelType) => OverloadDecl): OverloadDecl[] => types.map(([name, type]) => overload(name, type));

const elementParam = typeParam('A');

export const kubernetesListsFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('isSorted', ...perElementType(comparableTypes, (name, type) => memberOverload(`list_${name}_is_sorted_bool`, [listOf(type)], boolType))),
  functionDecl('sum', ...perElementType(summableTypes, (name, type) => memberOverload(`list_${name}_sum_${name}`, [listOf(type)], type))),
  functionDecl('max', ...perElementType(comparableTypes, (name, type) => memberOverload(`list_${name}_max_${name}`, [listOf(type)], type))),
  functionDecl('min', ...perElementType(comparableTypes, (name, type) => memberOverload(`list_${name}_min_${name}`, [listOf(type)], type))),
  functionDecl('indexOf', memberOverload('list_a_index_of_int', [listOf(elementParam), elementParam], intType)),
  functionDecl('lastIndexOf', memberOverload('list_a_last_index_of_int', [listOf(elementParam), elementParam], intType)),
];
