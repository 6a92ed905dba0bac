// The lookup of built-in type declarations now lives in openapi/builtin-type-lookup.ts, below both
// endpoints and apply. This re-export stays only for patch-targets.ts, which is being changed
// elsewhere at the moment; point it at openapi/ and delete this file.

export { declaredTypeName } from '../openapi/builtin-type-lookup.ts';
