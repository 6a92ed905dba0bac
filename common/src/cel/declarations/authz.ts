// The checker's declarations of Kubernetes' authorizer library (1.27 and later) and of its selectors
// (1.31 and later, behind the AuthorizeWithSelectors gate), with Kubernetes' overload ids. The
// kubernetes.authorization types are not type identifiers in expressions: the library does not
// register them.

import { functionDecl, memberOverload, type FunctionDecl } from '../checker/function-declarations.ts';
import { authorizerType, boolType, decisionType, groupCheckType, pathCheckType, resourceCheckType, stringType } from '../types/cel-types.ts';

const resourceCheckSetter = (name: string, id: string): FunctionDecl => functionDecl(name, memberOverload(id, [resourceCheckType, stringType], resourceCheckType));

export const authzDeclarations: readonly FunctionDecl[] = [
  functionDecl('path', memberOverload('authorizer_path', [authorizerType, stringType], pathCheckType)),
  functionDecl('group', memberOverload('authorizer_group', [authorizerType, stringType], groupCheckType)),
  functionDecl('serviceAccount', memberOverload('authorizer_serviceaccount', [authorizerType, stringType, stringType], authorizerType)),
  functionDecl('resource', memberOverload('groupcheck_resource', [groupCheckType, stringType], resourceCheckType)),
  resourceCheckSetter('subresource', 'resourcecheck_subresource'),
  resourceCheckSetter('namespace', 'resourcecheck_namespace'),
  resourceCheckSetter('name', 'resourcecheck_name'),
  functionDecl(
    'check',
    memberOverload('pathcheck_check', [pathCheckType, stringType], decisionType),
    memberOverload('resourcecheck_check', [resourceCheckType, stringType], decisionType),
  ),
  functionDecl('errored', memberOverload('decision_errored', [decisionType], boolType)),
  functionDecl('error', memberOverload('decision_error', [decisionType], stringType)),
  functionDecl('allowed', memberOverload('decision_allowed', [decisionType], boolType)),
  functionDecl('reason', memberOverload('decision_reason', [decisionType], stringType)),
];

export const authzSelectorDeclarations: readonly FunctionDecl[] = [
  resourceCheckSetter('fieldSelector', 'authorizer_fieldselector'),
  resourceCheckSetter('labelSelector', 'authorizer_labelselector'),
];
