// The checker's declarations of Kubernetes' semver library at version 1, which the base environment
// enables from 1.33 (version 1 added the normalizing semver(s, true) and isSemver(s, true)).
// kubernetes.Semver is not a type identifier in expressions: the library does not register it.

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, intType, semverType, stringType } from '../types/cel-types.ts';

export const semverVersion1FunctionDecls: readonly FunctionDecl[] = [
  functionDecl('semver', globalOverload('string_to_semver', [stringType], semverType), globalOverload('string_bool_to_semver', [stringType, boolType], semverType)),
  functionDecl('isSemver', globalOverload('is_semver_string', [stringType], boolType), globalOverload('is_semver_string_bool', [stringType, boolType], boolType)),
  functionDecl('isGreaterThan', memberOverload('semver_is_greater_than', [semverType, semverType], boolType)),
  functionDecl('isLessThan', memberOverload('semver_is_less_than', [semverType, semverType], boolType)),
  functionDecl('compareTo', memberOverload('semver_compare_to', [semverType, semverType], intType)),
  functionDecl('major', memberOverload('semver_major', [semverType], intType)),
  functionDecl('minor', memberOverload('semver_minor', [semverType], intType)),
  functionDecl('patch', memberOverload('semver_patch', [semverType], intType)),
];
