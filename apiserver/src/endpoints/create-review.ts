// The create-only review resources (tokenreviews, *subjectaccessreviews, selfsubjectrulesreviews,
// selfsubjectreviews): answered from the request, never stored. Until authentication and
// authorization arrive every request is anonymous and every action allowed, as kube-apiserver
// answers with --authorization-mode=AlwaysAllow.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { fieldInvalid, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import type { JsonObject } from '../registry/object-meta.ts';
import { apiVersionOf, type ResourceDefinition } from '../registry/resource-definition.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

type ReviewStatus = (spec: JsonObject, definition: ResourceDefinition, info: RequestInfo) => JsonObject;

const reviews: Readonly<Record<string, ReviewStatus>> = {
  'authorization.k8s.io/selfsubjectaccessreviews': (spec, definition) => {
    checkAttributes(definition, spec);
    return { allowed: true };
  },
  'authorization.k8s.io/subjectaccessreviews': (spec, definition) => {
    checkAttributes(definition, spec, true);
    return { allowed: true };
  },
  'authorization.k8s.io/localsubjectaccessreviews': (spec, definition, info) => {
    checkAttributes(definition, spec, true);
    const namespace = ((spec.resourceAttributes ?? {}) as { namespace?: string }).namespace ?? '';
    if (namespace !== info.namespace) {
      throw newBadRequest(`spec.resourceAttributes.namespace must match namespace: ${info.namespace}`);
    }
    return { allowed: true };
  },
  'authorization.k8s.io/selfsubjectrulesreviews': () => ({
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
    incomplete: false,
  }),
  'authentication.k8s.io/tokenreviews': (spec) => {
    if (typeof spec.token !== 'string' || spec.token === '') throw newBadRequest('token is required for TokenReview in authentication');
    // No token authenticator is configured: no token authenticates.
    return { user: {} };
  },
  'authentication.k8s.io/selfsubjectreviews': () => ({ userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } }),
};

export function isReview(definition: ResourceDefinition): boolean {
  return `${definition.group}/${definition.resource}` in reviews;
}

export async function createReview(definition: ResourceDefinition, info: RequestInfo, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const review = reviews[`${definition.group}/${definition.resource}`];
  if (review === undefined) throw new Error(`${definition.resource} is not a review`);
  const body = await readJsonBody(request);
  const spec = (body.spec ?? {}) as JsonObject;
  const status = review(spec, definition, info);
  sendJson(response, 201, { kind: definition.kind, apiVersion: apiVersionOf(definition), metadata: body.metadata ?? {}, spec, status });
}

function checkAttributes(definition: ResourceDefinition, spec: JsonObject, needsSubject = false): void {
  const errors: FieldError[] = [];
  const hasResource = spec.resourceAttributes !== undefined && spec.resourceAttributes !== null;
  const hasNonResource = spec.nonResourceAttributes !== undefined && spec.nonResourceAttributes !== null;
  if (hasResource === hasNonResource) {
    errors.push(
      hasResource
        ? fieldInvalid('spec.nonResourceAttributes', '', 'cannot be specified in combination with resourceAttributes')
        : fieldInvalid('spec.resourceAttributes', '', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'),
    );
  }
  const groups = spec.groups;
  if (needsSubject && (typeof spec.user !== 'string' || spec.user === '') && !(Array.isArray(groups) && groups.length > 0)) {
    errors.push(fieldInvalid('spec.user', '', 'at least one of user or group must be specified'));
  }
  if (errors.length > 0) throw newInvalid({ group: definition.group, kind: definition.kind }, '', errors);
}
