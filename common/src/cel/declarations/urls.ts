// The checker's declarations of Kubernetes' URL library (every version). kubernetes.URL is not a
// type identifier in expressions: the library does not register it.

import { functionDecl, globalOverload, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { boolType, listOf, mapOf, stringType, urlType } from '../types/cel-types.ts';

const urlPart = (name: string, id: string): FunctionDecl => functionDecl(name, memberOverload(id, [urlType], stringType));

export const urlFunctionDecls: readonly FunctionDecl[] = [
  functionDecl('url', globalOverload('string_to_url', [stringType], urlType)),
  functionDecl('isURL', globalOverload('is_url_string', [stringType], boolType)),
  urlPart('getScheme', 'url_get_scheme'),
  urlPart('getHost', 'url_get_host'),
  urlPart('getHostname', 'url_get_hostname'),
  urlPart('getPort', 'url_get_port'),
  urlPart('getEscapedPath', 'url_get_escaped_path'),
  functionDecl('getQuery', memberOverload('url_get_query', [urlType], mapOf(stringType, listOf(stringType)))),
];
