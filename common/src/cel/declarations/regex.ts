// The checker's declarations of Kubernetes' regex library (every version): find and findAll.
// matches is CEL's standard library, declared with it.

import { functionDecl, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { intType, listOf, stringType } from '../types/cel-types.ts';

export const regexFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('find', memberOverload('string_find_string', [stringType, stringType], stringType)),
  functionDecl(
    'findAll',
    memberOverload('string_find_all_string', [stringType, stringType], listOf(stringType)),
    memberOverload('string_find_all_string_int', [stringType, stringType, intType], listOf(stringType)),
  ),
];
