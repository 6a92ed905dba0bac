// kube's WithAuthorization: the authorizer decides whether the user may do what the request asks;
// a denial is kube's 403 Forbidden Status, worded as responsewriters.Forbidden words it.

import { goQuote, newForbidden, type StatusError } from '@capstan/common';
import { recordAuthorizationDecision } from '../audit/audit-annotations.ts';
import { isAllowed, type Attributes, type Authorizer } from '../authorization/authorizer.ts';
import { attributesOf } from '../authorization/request-attributes.ts';
import type { Filter } from './filter-chain.ts';
import { requestInfoOf, userOf } from './request-context.ts';
import { sanitizeMessage } from './sanitize-message.ts';

export function authorization(authorizer: Authorizer): Filter {
  return async (context, next) => {
    const attributes = attributesOf(userOf(context), requestInfoOf(context));
    const answer = authorizer.authorize(attributes);
    const decision = answer instanceof Promise ? await answer : answer;
    recordAuthorizationDecision(context.request, decision);
    if (!isAllowed(decision)) throw forbidden(attributes, decision.reason);
    return next();
  };
}

/** Asks the authorizer once more, for an endpoint that needs another verb too (a PUT that creates); throws kube's 403 when it says no. */
export async function requireAllowed(authorizer: Authorizer, attributes: Attributes): Promise<void> {
  const decision = await authorizer.authorize(attributes);
  if (!isAllowed(decision)) throw forbidden(attributes, decision.reason);
}

/** kube's ForbiddenStatusError: who may not do what, and the authorizer's reason when it gave one. */
export function forbidden(attributes: Attributes, reason: string): StatusError {
  const message = sanitizeMessage(forbiddenMessage(attributes));
  const error = reason === '' ? message : `${message}: ${reason}`;
  if (!attributes.isResourceRequest) return newForbidden({ group: '', resource: '' }, '', error);
  return newForbidden({ group: attributes.group, resource: attributes.resource }, attributes.name, error);
}

function forbiddenMessage(attributes: Attributes): string {
  const user = goQuote(attributes.user.username);
  if (!attributes.isResourceRequest) return `User ${user} cannot ${attributes.verb} path ${goQuote(attributes.path)}`;
  const resource = goQuote(attributes.subresource === '' ? attributes.resource : `${attributes.resource}/${attributes.subresource}`);
  const where = attributes.namespace === '' ? 'at the cluster scope' : `in the namespace ${goQuote(attributes.namespace)}`;
  return `User ${user} cannot ${attributes.verb} resource ${resource} in API group ${goQuote(attributes.group)} ${where}`;
}
