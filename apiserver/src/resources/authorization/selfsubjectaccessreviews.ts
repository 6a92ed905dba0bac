// SelfSubjectAccessReview (authorization.k8s.io): everything the API server does with
// selfsubjectaccessreviews, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { refuseInvalid } from '../../endpoints/create-review.ts';
import { accessReviewStatus } from './access-review.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { selfSubjectAccessReviewErrors } from './review-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';

export const selfSubjectAccessReviewResource: ResourceDefinition = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'selfsubjectaccessreviews',
  singularName: 'selfsubjectaccessreview',
  kind: 'SelfSubjectAccessReview',
  namespaced: false,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((review, definition, user, authorizer) => {
    refuseInvalid(definition, selfSubjectAccessReviewErrors(review));
    return accessReviewStatus(authorizer, user, review.spec as JsonObject);
  }),
};
