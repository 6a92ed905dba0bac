// The checker's declarations of Kubernetes' format library (1.31 and later): format.named(name),
// format.<name>() for each named format (the overload id is the function's name), and
// validate. kubernetes.NamedFormat is not a type identifier in expressions.

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { listOf, namedFormatType, optionalOf, stringType } from '../types/cel-types.ts';

const formatNames = [
  'dns1123Label',
  'dns1123Subdomain',
  'dns1035Label',
  'qualifiedName',
  'dns1123LabelPrefix',
  'dns1123SubdomainPrefix',
  'dns1035LabelPrefix',
  'labelValue',
  'uri',
  'uuid',
  'byte',
  'date',
  'datetime',
];

export const formatFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('validate', memberOverload('format-validate', [namedFormatType, stringType], optionalOf(listOf(stringType)))),
  functionDecl('format.named', globalOverload('format-named', [stringType], optionalOf(namedFormatType))),
  ...formatNames.map((name) => functionDecl(`format.${name}`, globalOverload(`format.${name}`, [], namedFormatType))),
];
