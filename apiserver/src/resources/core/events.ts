// Event (core): everything the API server does with events, in one place: what discovery says, and
// the behaviour its store, endpoints and Table output take from here.

import { eventReaders, eventReferenceKeys, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { coreEventErrors } from '../../registry/validation/event-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { eventColumns } from '../../table/columns/event-columns.ts';

export const eventResource: ResourceDefinition = {
  group: '',
  version: 'v1',
  resource: 'events',
  singularName: 'event',
  kind: 'Event',
  namespaced: true,
  verbs: allVerbs,
  shortNames: ['ev'],
  categories: [],
  subresources: [],
  storagePrefix: 'events',
  behaviour: {
    strategy: {},
    defaults: undefined,
    validation: {
      validate: coreEventErrors,
    },
    // core/v1 Events keep legacy validation, which leaves the name to the generic path-segment check.
    names: 'pathSegment',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: {
      accepted: same(...eventReferenceKeys.map((key) => `involvedObject.${key}`), 'reason', 'reportingComponent', 'source', 'type'),
      metadataNamespace: true,
      readers: eventReaders,
      unsupported: notSupported,
    },
    table: eventColumns,
    garbageCollection: 'Unsupported',
    conversion: undefined,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
