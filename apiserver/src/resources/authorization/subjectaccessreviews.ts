// SubjectAccessReview (authorization.k8s.io): everything the API server does with
// subjectaccessreviews, in one place: what discovery says, and the behaviour its store, endpoints
// and Table output take from here.

import { refuseInvalid } from '../../endpoints/create-review.ts';
import { accessReviewStatus, specUser } from './access-review.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { subjectAccessReviewErrors } from './review-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';

export const subjectAccessReviewResource: ResourceDefinition = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'subjectaccessreviews',
  singularName: 'subjectaccessreview',
  kind: 'SubjectAccessReview',
  namespaced: false,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((review, definition, _user, authorizer) => {
    refuseInvalid(definition, subjectAccessReviewErrors(review));
    return accessReviewStatus(authorizer, specUser(review.spec as JsonObject), review.spec as JsonObject);
  }),
};
