// The checker's declarations of Kubernetes' IP library (1.30 and later), and net.IP, which the
// library makes a type identifier (`type(ip('::1')) == net.IP`).

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, intType, ipType, stringType, typeOfType } from '../types/cel-types.ts';
import type { IdentifierDecl } from './standard.ts';

const ipTest = (name: string, id: string): FunctionDecl => functionDecl(name, memberOverload(id, [ipType], boolType));

export const ipFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('ip', globalOverload('string_to_ip', [stringType], ipType)),
  functionDecl('isIP', globalOverload('is_ip', [stringType], boolType)),
  functionDecl('ip.isCanonical', globalOverload('ip_is_canonical', [stringType], boolType)),
  functionDecl('string', globalOverload('ip_to_string', [ipType], stringType)),
  functionDecl('family', memberOverload('ip_family', [ipType], intType)),
  ipTest('isUnspecified', 'ip_is_unspecified'),
  ipTest('isLoopback', 'ip_is_loopback'),
  ipTest('isLinkLocalMulticast', 'ip_is_link_local_multicast'),
  ipTest('isLinkLocalUnicast', 'ip_is_link_local_unicast'),
  ipTest('isGlobalUnicast', 'ip_is_global_unicast'),
];

/** The type names the library declares: the identifier `net.IP` is a type(net.IP). */
export const ipTypeIdentifiers: readonly IdentifierDecl[] = [{ name: 'net.IP', type: typeOfType(ipType) }];
