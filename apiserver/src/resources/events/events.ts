// Event (events.k8s.io): everything the API server does with events, in one place: what discovery
// says, and the behaviour its store, endpoints and Table output take from here.

import { eventsV1Conversion } from './events/event-conversion.ts';
import { eventReaders, eventReferenceKeys, notSupported, same } from '../../registry/field-labels.ts';
import { untrackedGeneration } from '../../registry/generation-policy.ts';
import { eventsV1CreateErrors, eventsV1EventErrors } from '../../registry/validation/event-validation.ts';
import type { ResourceDefinition } from '../resource-definition.ts';
import { allVerbs } from '../resource-facts.ts';
import { eventColumns } from '../../table/columns/event-columns.ts';

// events.k8s.io/v1: the core/v1 events seen through another group-version (one stored object).
export const eventsV1EventResource: ResourceDefinition = {
  group: 'events.k8s.io',
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
      validate: eventsV1EventErrors,
      validateCreate: eventsV1CreateErrors,
    },
    names: 'dns1123Subdomain',
    generation: untrackedGeneration,
    initialStatus: undefined,
    statusKeeps: [],
    createOnUpdate: true,
    fieldLabels: {
      // The same storage under events.k8s.io/v1 names; the core spellings are refused here.
      accepted: [
        ...eventReferenceKeys.map((key) => [`regarding.${key}`, `involvedObject.${key}`] as const),
        ['reportingController', 'reportingComponent'],
        ...same('reason', 'source', 'type'),
      ],
      metadataNamespace: true,
      readers: eventReaders,
      unsupported: notSupported,
    },
    table: eventColumns,
    garbageCollection: 'Unsupported',
    conversion: eventsV1Conversion,
    review: undefined,
    schema: undefined,
    storageHooks: undefined,
  },
};
