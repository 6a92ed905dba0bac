// The create-only review resources (tokenreviews, *subjectaccessreviews, selfsubjectrulesreviews,
// selfsubjectreviews): answered from the request, never stored. A SelfSubjectReview answers the
// user the authentication filter found; until authorization arrives every action is allowed, as
// kube-apiserver answers with --authorization-mode=AlwaysAllow.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import { apiVersionOf, type ResourceDefinition } from '../resources/resource-definition.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { localSubjectAccessReviewErrors, selfSubjectAccessReviewErrors, subjectAccessReviewErrors } from '../registry/validation/review-validation.ts';
import { servesNoTables } from './negotiate-media-type.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';
import { lookup, resourceKeyOf, type BuiltinResourceKey } from '../resources/builtin-keys.ts';
import type { UserInfo } from '../authentication/authenticator.ts';

type ReviewStatus = (review: JsonObject, definition: ResourceDefinition, user: UserInfo) => JsonObject;

const reviews: Readonly<Partial<Record<BuiltinResourceKey, ReviewStatus>>> = {
  'authorization.k8s.io/selfsubjectaccessreviews': (review, definition) => {
    refuseInvalid(definition, selfSubjectAccessReviewErrors(review));
    return { allowed: true };
  },
  'authorization.k8s.io/subjectaccessreviews': (review, definition) => {
    refuseInvalid(definition, subjectAccessReviewErrors(review));
    return { allowed: true };
  },
  'authorization.k8s.io/localsubjectaccessreviews': (review, definition) => {
    refuseInvalid(definition, localSubjectAccessReviewErrors(review));
    return { allowed: true };
  },
  'authorization.k8s.io/selfsubjectrulesreviews': () => ({
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
    incomplete: false,
  }),
  'authentication.k8s.io/tokenreviews': (review) => {
    const spec = (review.spec ?? {}) as JsonObject;
    if (typeof spec.token !== 'string' || spec.token === '') throw newBadRequest('token is required for TokenReview in authentication');
    // No token authenticator is configured: no token authenticates.
    return { user: {} };
  },
  'authentication.k8s.io/selfsubjectreviews': (_review, _definition, user) => ({ userInfo: reviewedUser(user) }),
};

export async function createReview(definition: ResourceDefinition, info: RequestInfo, user: UserInfo, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const review = lookup(reviews, resourceKeyOf(definition));
  if (review === undefined) throw new Error(`${definition.resource} is not a review`);
  servesNoTables(request);
  const body = await readJsonBody(request);
  const metadata = { ...((body.metadata ?? {}) as JsonObject) };
  // As for every create: the object takes the request's namespace, which it may not contradict.
  if (definition.namespaced) {
    if (typeof metadata.namespace === 'string' && metadata.namespace !== '' && metadata.namespace !== info.namespace) {
      throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    metadata.namespace = info.namespace;
  } else {
    delete metadata.namespace;
  }
  const spec = (body.spec ?? {}) as JsonObject;
  const status = review({ ...body, metadata, spec }, definition, user);
  sendJson(response, 201, { kind: definition.kind, apiVersion: apiVersionOf(definition), metadata, spec, status });
}

function refuseInvalid(definition: ResourceDefinition, errors: FieldError[]): void {
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, '', errors);
}

/** authentication/v1 UserInfo as kube encodes it: uid and extra only when set. */
function reviewedUser(user: UserInfo): JsonObject {
  return {
    username: user.username,
    ...(user.uid === '' ? {} : { uid: user.uid }),
    groups: [...user.groups],
    ...(Object.keys(user.extra).length === 0 ? {} : { extra: user.extra }),
  };
}
