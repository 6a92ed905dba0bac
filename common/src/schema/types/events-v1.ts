// The types of events.k8s.io/v1.

import { apiName, field, int32, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, listKind, microTimeName, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const events = (type: string): string => apiName('events', 'v1', type);
const objectReferenceName = apiName('core', 'v1', 'ObjectReference');

export const eventsV1Types: readonly TypeDeclaration[] = [
  struct(
    events('Event'),
    'A report of something that happened in the cluster, usually a change of state.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      eventTime: field(2, ref(microTimeName), 'When the event was first seen.', { required: true }),
      series: pointer(field(3, ref(events('EventSeries')), 'The series this event stands for; unset for a one-off event.')),
      reportingController: field(4, string(), 'The name of the controller that reported the event.'),
      reportingInstance: field(5, string(), 'The instance of the controller that reported the event.'),
      action: field(6, string(), 'What was done or failed, for programs.'),
      reason: field(7, string(), 'Why the action was taken, for people.'),
      regarding: field(8, ref(objectReferenceName, { default: {} }), 'The object the event is about.'),
      related: pointer(field(9, ref(objectReferenceName), 'A second object the action involved.')),
      note: field(10, string(), 'What happened, for people.'),
      type: field(11, string(), 'Normal or Warning.'),
      deprecatedSource: field(12, ref(apiName('core', 'v1', 'EventSource'), { default: {} }), 'The source, as core/v1 events record it.'),
      deprecatedFirstTimestamp: field(13, ref(timeName), 'When the event was first seen, as core/v1 events record it.'),
      deprecatedLastTimestamp: field(14, ref(timeName), 'When the event was last seen, as core/v1 events record it.'),
      deprecatedCount: field(15, int32(), 'How often the event happened, as core/v1 events record it.'),
    },
    { groupVersionKinds: kinds('Event', ['events.k8s.io/v1']) },
  ),

  listKind(events('Event'), 'events.k8s.io/v1', 'A list of Events.'),

  struct(events('EventSeries'), 'A run of the same event repeating over time.', {
    count: field(1, int32({ default: 0 }), 'How many times the event happened up to the last heartbeat.', { required: true }),
    lastObservedTime: field(2, ref(microTimeName), 'When the event was last seen before the last heartbeat.', { required: true }),
  }),
];
