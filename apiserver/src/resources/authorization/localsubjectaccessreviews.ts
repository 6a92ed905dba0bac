// LocalSubjectAccessReview (authorization.k8s.io): everything the API server does with
// localsubjectaccessreviews, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import { refuseInvalid } from '../../endpoints/create-review.ts';
import { accessReviewStatus, specUser } from './access-review.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { localSubjectAccessReviewErrors } from './review-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';

// authorization.k8s.io/v1: create-only access reviews, never stored.
export const localSubjectAccessReviewResource: ResourceDefinition = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'localsubjectaccessreviews',
  singularName: 'localsubjectaccessreview',
  kind: 'LocalSubjectAccessReview',
  namespaced: true,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((review, definition, _user, authorizer) => {
    refuseInvalid(definition, localSubjectAccessReviewErrors(review));
    return accessReviewStatus(authorizer, specUser(review.spec as JsonObject), review.spec as JsonObject);
  }),
};
