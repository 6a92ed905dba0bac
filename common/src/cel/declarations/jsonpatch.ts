// The checker's declarations of Kubernetes' JSON Patch library, which only the expressions of
// mutations see (with the patch types): jsonpatch.escapeKey(string) string.

import { functionDecl, globalOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { stringType } from '../types/cel-types.ts';

export const jsonPatchFunctionDecls: readonly FunctionDecl[] = [functionDecl('jsonpatch.escapeKey', globalOverload('string_jsonpatch_escapeKey_string', [stringType], stringType))];
