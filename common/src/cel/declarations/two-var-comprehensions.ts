// The signatures of cel-go's two-variable comprehensions extension (ext.TwoVarComprehensions,
// Kubernetes from 1.32). Its all, exists, existsOne, transformList, transformMap and
// transformMapEntry are macros; the one function is the map insertion the transform macros expand to.

import { mapOf, typeParam } from '../types/cel-types.ts';
import { type FunctionDecl, functionDecl, globalOverload } from '../checker/function-declarations.ts';

const paramK = typeParam('K');
const paramV = typeParam('V');
const mapOfKV = mapOf(paramK, paramV);

export const twoVarComprehensionFunctionDecls: readonly FunctionDecl[] = [
  functionDecl(
    'cel.@mapInsert',
    // transformMap's step: the accumulated map with one more entry.
    globalOverload('@mapInsert_map_key_value', [mapOfKV, paramK, paramV], mapOfKV),
    // transformMapEntry's step: the accumulated map merged with the entry map the transform built.
    globalOverload('@mapInsert_map_map', [mapOfKV, mapOfKV], mapOfKV),
  ),
];
