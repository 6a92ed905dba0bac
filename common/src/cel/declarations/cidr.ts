// The checker's declarations of Kubernetes' CIDR library (1.30 and later), and net.CIDR, which the
// library makes a type identifier (`type(cidr('10.0.0.0/8')) == net.CIDR`).

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, cidrType, intType, ipType, stringType, typeOfType } from '../types/cel-types.ts';
import type { IdentifierDecl } from './standard.ts';

export const cidrFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('cidr', globalOverload('string_to_cidr', [stringType], cidrType)),
  functionDecl('isCIDR', globalOverload('is_cidr', [stringType], boolType)),
  functionDecl('string', globalOverload('cidr_to_string', [cidrType], stringType)),
  functionDecl('containsIP', memberOverload('cidr_contains_ip_string', [cidrType, stringType], boolType), memberOverload('cidr_contains_ip_ip', [cidrType, ipType], boolType)),
  functionDecl('containsCIDR', memberOverload('cidr_contains_cidr_string', [cidrType, stringType], boolType), memberOverload('cidr_contains_cidr', [cidrType, cidrType], boolType)),
  functionDecl('ip', memberOverload('cidr_ip', [cidrType], ipType)),
  functionDecl('prefixLength', memberOverload('cidr_prefix_length', [cidrType], intType)),
  functionDecl('masked', memberOverload('cidr_masked', [cidrType], cidrType)),
];

/** The type names the library declares (net.IP comes with the IP library): the identifier `net.CIDR` is a type(net.CIDR). */
export const cidrTypeIdentifiers: readonly IdentifierDecl[] = [{ name: 'net.CIDR', type: typeOfType(cidrType) }];
