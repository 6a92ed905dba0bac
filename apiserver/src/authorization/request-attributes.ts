// The authorizer's attributes of a request (kube's authorizer.AttributesRecord built by
// GetAuthorizerAttributes): who asks, and what the RequestInfo says the request does.

import type { UserInfo } from '../authentication/authenticator.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import type { Attributes } from './authorizer.ts';

/** kube's authorizer.Attributes of a request, from its user and RequestInfo. */
export function attributesOf(user: UserInfo, info: RequestInfo): Attributes {
  if (!info.isResourceRequest) return { user, isResourceRequest: false, path: info.path, verb: info.verb };
  return {
    user,
    isResourceRequest: true,
    path: info.path,
    verb: info.verb,
    group: info.apiGroup,
    version: info.apiVersion,
    resource: info.resource,
    subresource: info.subresource,
    namespace: info.namespace,
    name: info.name,
  };
}
