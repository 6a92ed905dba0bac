// The checker's declarations of cel-go's strings extension at the two versions Kubernetes' base
// environment runs: version 0 before Kubernetes 1.29 and version 2 from 1.29. Version 1 brought
// format and strings.quote; version 2 changed only how join reads its list. (reverse, version 3,
// is not enabled by Kubernetes 1.35.)

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { dynType, intType, listOf, stringType } from '../types/cel-types.ts';

const stringList = listOf(stringType);

const version0Functions: readonly FunctionDecl[] = [
  functionDecl('charAt', memberOverload('string_char_at_int', [stringType, intType], stringType)),
  functionDecl(
    'indexOf',
    memberOverload('string_index_of_string', [stringType, stringType], intType),
    memberOverload('string_index_of_string_int', [stringType, stringType, intType], intType),
  ),
  functionDecl(
    'lastIndexOf',
    memberOverload('string_last_index_of_string', [stringType, stringType], intType),
    memberOverload('string_last_index_of_string_int', [stringType, stringType, intType], intType),
  ),
  functionDecl('lowerAscii', memberOverload('string_lower_ascii', [stringType], stringType)),
  functionDecl(
    'replace',
    memberOverload('string_replace_string_string', [stringType, stringType, stringType], stringType),
    memberOverload('string_replace_string_string_int', [stringType, stringType, stringType, intType], stringType),
  ),
  functionDecl(
    'split',
    memberOverload('string_split_string', [stringType, stringType], stringList),
    memberOverload('string_split_string_int', [stringType, stringType, intType], stringList),
  ),
  functionDecl(
    'substring',
    memberOverload('string_substring_int', [stringType, intType], stringType),
    memberOverload('string_substring_int_int', [stringType, intType, intType], stringType),
  ),
  functionDecl('trim', memberOverload('string_trim', [stringType], stringType)),
  functionDecl('upperAscii', memberOverload('string_upper_ascii', [stringType], stringType)),
  functionDecl('join', memberOverload('list_join', [stringList], stringType), memberOverload('list_join_string', [stringList, stringType], stringType)),
];

/** ext.Strings(ext.StringsVersion(0)): Kubernetes before 1.29. */
export const stringsVersion0FunctionDecls: readonly FunctionDecl[] = version0Functions;

/** ext.Strings(ext.StringsVersion(2)): Kubernetes 1.29 and later. */
export const stringsVersion2FunctionDecls: readonly FunctionDecl[] = [
  ...version0Functions,
  functionDecl('format', memberOverload('string_format', [stringType, listOf(dynType)], stringType)),
  functionDecl('strings.quote', globalOverload('strings_quote', [stringType], stringType)),
];
