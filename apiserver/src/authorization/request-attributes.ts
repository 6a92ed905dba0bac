// The authorizer's attributes of a request (kube's authorizer.AttributesRecord built by
// GetAuthorizerAttributes): who asks, and what the RequestInfo says the request does.

import { errorMessage, parseFieldSelector, parseLabelSelector } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import type { Attributes, ResourceAttributes } from './authorizer.ts';

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
    ...selectorsOf(info),
  };
}

/**
 * The selectors of a list, watch or deletecollection, parsed as kube's GetAuthorizerAttributes
 * parses them: a selector that does not parse is no requirement, with its error kept.
 */
function selectorsOf(info: RequestInfo): Pick<ResourceAttributes, 'fieldSelector' | 'fieldSelectorError' | 'labelSelector' | 'labelSelectorError'> {
  const selectors: { -readonly [K in keyof ResourceAttributes]?: ResourceAttributes[K] } = {};
  if (info.fieldSelector !== '') {
    try {
      selectors.fieldSelector = parseFieldSelector(info.fieldSelector);
    } catch (error) {
      selectors.fieldSelectorError = errorMessage(error);
    }
  }
  if (info.labelSelector !== '') {
    try {
      selectors.labelSelector = parseLabelSelector(info.labelSelector);
    } catch (error) {
      selectors.labelSelectorError = errorMessage(error);
    }
  }
  return selectors;
}
