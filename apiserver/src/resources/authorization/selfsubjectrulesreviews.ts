// SelfSubjectRulesReview (authorization.k8s.io): everything the API server does with
// selfsubjectrulesreviews, in one place: what discovery says, and the behaviour its store,
// endpoints and Table output take from here.

import type { ResourceDefinition } from '../resource-definition.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { rulesReviewStatus } from './access-review.ts';
import { reviewBehaviour } from '../review-behaviour.ts';
import { createOnly } from '../resource-facts.ts';

export const selfSubjectRulesReviewResource: ResourceDefinition = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resource: 'selfsubjectrulesreviews',
  singularName: 'selfsubjectrulesreview',
  kind: 'SelfSubjectRulesReview',
  namespaced: false,
  verbs: createOnly,
  shortNames: [],
  categories: [],
  subresources: [],
  storagePrefix: undefined,
  virtual: 'review',
  behaviour: reviewBehaviour((review, _definition, user, authorizer) => rulesReviewStatus(authorizer, user, review.spec as JsonObject)),
};
