// SelfSubjectReview (authentication.k8s.io): everything the API server does with
// selfsubjectreviews, in one place: what discovery says, and the behaviour its store, endpoints and
// Table output take from here.

import { reviewedUser } from '../../endpoints/create-review.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';

// authentication.k8s.io/v1: create-only reviews, never stored.
export const selfSubjectReviewResource: ResourceDefinition = {
  group: 'authentication.k8s.io',
  version: 'v1',
  resource: 'selfsubjectreviews',
  singularName: 'selfsubjectreview',
  kind: 'SelfSubjectReview',
  namespaced: false,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((_review, _definition, user) => ({ userInfo: reviewedUser(user) })),
};
