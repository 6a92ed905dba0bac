// The create-only review resources (tokenreviews, *subjectaccessreviews, selfsubjectrulesreviews,
// selfsubjectreviews): answered from the request, never stored. A SelfSubjectReview answers the
// user the authentication filter found (a new object, as kube's), a TokenReview asks the server's
// token authenticators, and the access reviews ask the server's authorizer.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { metaTime, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import { apiVersionOf, type ResourceDefinition } from '../resources/resource-definition.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { fieldManagerFor, managerOf } from '../apply/field-tracking.ts';
import { servesNoTables } from './negotiate-media-type.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { TokenAuthenticators } from '../authentication/token-union.ts';
import type { Authorizer } from '../authorization/authorizer.ts';

/**
 * The status of a review's answer (a review resource's `behaviour.review`); `authorizer` is the
 * server's (--authorization-mode), `tokens` its bearer token authenticators (for TokenReview).
 */
export type ReviewStatus = (
  review: JsonObject,
  definition: ResourceDefinition,
  user: UserInfo,
  authorizer: Authorizer,
  tokens: TokenAuthenticators,
) => JsonObject | Promise<JsonObject>;

export async function createReview(
  definition: ResourceDefinition,
  info: RequestInfo,
  user: UserInfo,
  request: IncomingMessage,
  response: ServerResponse,
  authorizer: Authorizer,
  tokens: TokenAuthenticators,
): Promise<void> {
  const { review } = definition.behaviour;
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
  const status = await review({ ...body, metadata, spec }, definition, user, authorizer, tokens);
  const head = { kind: definition.kind, apiVersion: apiVersionOf(definition) };
  // kube's SelfSubjectReview storage answers a new object: its own creation time, nothing of the request.
  if (definition.kind === 'SelfSubjectReview') return sendJson(response, 201, { ...head, metadata: { creationTimestamp: metaTime(Date.now()) }, status });
  // kube's create handler tracks the request's fields before the review answers, as for any create.
  const fieldManager = await fieldManagerFor(definition);
  const query = new URL(request.url ?? '/', 'http://capstan').searchParams;
  const tracked = fieldManager === undefined ? { metadata } : fieldManager.update(undefined, { ...head, metadata, spec }, managerOf(query, request));
  sendJson(response, 201, { ...head, metadata: tracked.metadata, spec, status });
}

/** kube's 422 for a review its validation refuses. */
export function refuseInvalid(definition: ResourceDefinition, errors: FieldError[]): void {
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, '', errors);
}

/** authentication/v1 UserInfo as kube encodes it: uid and extra only when set. */
export function reviewedUser(user: UserInfo): JsonObject {
  return {
    username: user.username,
    ...(user.uid === '' ? {} : { uid: user.uid }),
    ...(user.groups.length === 0 ? {} : { groups: [...user.groups] }),
    ...(Object.keys(user.extra).length === 0 ? {} : { extra: user.extra }),
  };
}
