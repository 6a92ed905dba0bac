// TokenReview (authentication.k8s.io): everything the API server does with tokenreviews, in one
// place: what discovery says, and the behaviour its store, endpoints and Table output take from
// here.

import type { JsonObject } from '../../registry/object-meta.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';
import { newBadRequest } from '@capstan/common';
import { tokenReviewStatus } from '../../authentication/token-review.ts';

export const tokenReviewResource: ResourceDefinition = {
  group: 'authentication.k8s.io',
  version: 'v1',
  resource: 'tokenreviews',
  singularName: 'tokenreview',
  kind: 'TokenReview',
  namespaced: false,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((review, _definition, _user, _authorizer, tokens) => {
    const spec = (review.spec ?? {}) as JsonObject;
    if (typeof spec.token !== 'string' || spec.token === '') throw newBadRequest('token is required for TokenReview in authentication');
    const audiences = Array.isArray(spec.audiences) ? spec.audiences.filter((audience) => typeof audience === 'string') : [];
    return tokenReviewStatus(tokens, spec.token, audiences);
  }),
};
