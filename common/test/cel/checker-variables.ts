// The variables the checker's test expressions are checked with, as the Go oracle that measured
// cel-go's answers (checker-cases.ts, string-format-validator-cases.ts) declared them.

import { doubleType, dynType, intType, listOf, mapOf, optionalOf, stringType, timestampType, type CelType } from '../../src/cel/types/cel-types.ts';

export const checkerVariables: ReadonlyMap<string, CelType> = new Map<string, CelType>([
  ['x', intType],
  ['d', doubleType],
  ['s', stringType],
  ['l', listOf(stringType)],
  ['li', listOf(intType)],
  ['m', mapOf(stringType, dynType)],
  ['ms', mapOf(stringType, stringType)],
  ['y', dynType],
  ['t', timestampType],
  ['o', optionalOf(intType)],
]);
