// The signatures of cel-go's optional types library (cel.OptionalTypes) as Kubernetes configures it
// from 1.28: without a version, so at its latest (version 2, with first, last, optional.unwrap and
// unwrapOpt). optMap and optFlatMap are macros, not functions. Type parameters are cel-go's K and V.

import { boolType, intType, listOf, mapOf, opaqueType, optionalOf, stringType, dynType, typeOfType, typeParam } from '../types/cel-types.ts';
import { type FunctionDecl, functionDecl, globalOverload, memberOverload } from '../checker/function-declarations.ts';
import type { IdentifierDecl } from './standard.ts';

const paramK = typeParam('K');
const paramV = typeParam('V');
const optionalV = optionalOf(paramV);
const listOfV = listOf(paramV);
const mapOfKV = mapOf(paramK, paramV);
const listOfOptionalV = listOf(optionalV);

/**
 * `optional_type`, the type of every optional value at run time: cel-go registers it without a
 * parameter, so the identifier is type(optional_type), not type(optional_type(T)).
 */
export const optionalTypeIdentifiers: readonly IdentifierDecl[] = [{ name: 'optional_type', type: typeOfType(opaqueType('optional_type')) }];

export const optionalFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('optional.of', globalOverload('optional_of', [paramV], optionalV)),
  functionDecl('optional.ofNonZeroValue', globalOverload('optional_ofNonZeroValue', [paramV], optionalV)),
  functionDecl('optional.none', globalOverload('optional_none', [], optionalV)),
  functionDecl('value', memberOverload('optional_value', [optionalV], paramV)),
  functionDecl('hasValue', memberOverload('optional_hasValue', [optionalV], boolType)),
  // Both short-circuit at run time: the right-hand side is evaluated only when the left has no value.
  functionDecl('or', memberOverload('optional_or_optional', [optionalV, optionalV], optionalV)),
  functionDecl('orValue', memberOverload('optional_orValue_value', [optionalV, paramV], paramV)),
  // `a.?f`. The checker types it from the field of the operand's type rather than from this signature.
  functionDecl('_?._', globalOverload('select_optional_field', [dynType, stringType], optionalV)),
  functionDecl(
    '_[?_]',
    globalOverload('list_optindex_optional_int', [listOfV, intType], optionalV),
    globalOverload('optional_list_optindex_optional_int', [optionalOf(listOfV), intType], optionalV),
    globalOverload('map_optindex_optional_value', [mapOfKV, paramK], optionalV),
    globalOverload('optional_map_optindex_optional_value', [optionalOf(mapOfKV), paramK], optionalV),
  ),
  // Indexing an optional list or map (`a[?0][1]`) stays optional: these join the standard `_[_]`.
  functionDecl(
    '_[_]',
    globalOverload('optional_list_index_int', [optionalOf(listOfV), intType], optionalV),
    globalOverload('optional_map_index_value', [optionalOf(mapOfKV), paramK], optionalV),
  ),
  // Version 2 of the library.
  functionDecl('last', memberOverload('list_last', [listOfV], optionalV)),
  functionDecl('first', memberOverload('list_first', [listOfV], optionalV)),
  functionDecl('optional.unwrap', globalOverload('optional_unwrap', [listOfOptionalV], listOfV)),
  functionDecl('unwrapOpt', memberOverload('optional_unwrapOpt', [listOfOptionalV], listOfV)),
];
