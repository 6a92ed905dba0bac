// The behaviour of a review resource (TokenReview, SubjectAccessReview, ...): answered at once from
// the request and never stored, so nothing but its answer is its own.

import type { ReviewStatus } from '../endpoints/create-review.ts';
import { metadataFieldLabels } from '../registry/field-labels.ts';
import { untrackedGeneration } from '../registry/generation-policy.ts';
import { defaultColumns } from '../table/table-columns.ts';
import type { ResourceBehaviour } from './resource-behaviour.ts';

export const reviewBehaviour = (review: ReviewStatus): ResourceBehaviour => ({
  strategy: {},
  defaults: undefined,
  validation: {},
  // A review's create never validates its metadata.
  names: 'none',
  generation: untrackedGeneration,
  initialStatus: undefined,
  statusKeeps: [],
  createOnUpdate: false,
  fieldLabels: metadataFieldLabels,
  table: defaultColumns,
  garbageCollection: 'DeleteDependents',
  conversion: undefined,
  review,
  schema: undefined,
  storageHooks: undefined,
});
