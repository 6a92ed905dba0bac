// Event columns, the same for core/v1 and events.k8s.io/v1 (one stored object, one printer): Last
// Seen, Type, Reason, Object, Message; wide: Subobject, Source, First Seen, Count, Name. Fields are
// read under either version's name (involvedObject or regarding, message or note, ...).

import { column, nameOf, wideColumn, type ColumnDefinition, type TableColumns } from './column.ts';
import { event, objectMeta, objectReference } from './field-descriptions.ts';
import { fieldAt, hasField, optionalNumberAt, stringAt, type JsonObject } from '@capstan/common';
import { timestampMillis, timestampSince } from './timestamp-since.ts';

/** The field under its core/v1 name, else under its events.k8s.io/v1 name. */
const either = (object: JsonObject, core: string, events: string): unknown => (hasField(object, core) ? fieldAt(object, core) : fieldAt(object, events));

/** The Object cell: "pod/web-1", lower-cased kind and name ("node" alone when there is no name). */
function target(regarding: unknown): string {
  const kind = stringAt(regarding, 'kind').toLowerCase();
  const name = stringAt(regarding, 'name');
  return name === '' ? kind : `${kind}/${name}`;
}

/** "kubelet, node-1": the source component and host, falling back to the reporting controller/instance. */
function source(object: JsonObject): string {
  const from = either(object, 'source', 'deprecatedSource');
  const component = stringAt(from, 'component') || stringAt(object, 'reportingController');
  const host = stringAt(from, 'host') || stringAt(object, 'reportingInstance');
  return host === '' ? component : `${component}, ${host}`;
}

function eventCells(object: JsonObject, now: number): unknown[] {
  const firstTimestamp = either(object, 'firstTimestamp', 'deprecatedFirstTimestamp');
  const firstSeen = timestampMillis(firstTimestamp) === undefined ? timestampSince(fieldAt(object, 'eventTime'), now) : timestampSince(firstTimestamp, now);
  const lastTimestamp = either(object, 'lastTimestamp', 'deprecatedLastTimestamp');
  let lastSeen = timestampMillis(lastTimestamp) === undefined ? firstSeen : timestampSince(lastTimestamp, now);
  let count = optionalNumberAt(either(object, 'count', 'deprecatedCount')) ?? 0;
  if (hasField(object, 'series')) {
    lastSeen = timestampSince(fieldAt(object, 'series', 'lastObservedTime'), now);
    count = optionalNumberAt(object, 'series', 'count') ?? 0;
  } else if (count === 0) {
    count = 1; // singleton events of the new API carry no count
  }
  const regarding = either(object, 'involvedObject', 'regarding');
  const message = either(object, 'message', 'note');
  return [
    lastSeen,
    stringAt(object, 'type'),
    stringAt(object, 'reason'),
    target(regarding),
    stringAt(regarding, 'fieldPath'),
    source(object),
    (typeof message === 'string' ? message : '').trim(),
    firstSeen,
    count,
    nameOf(object),
  ];
}

const eventNameColumn: ColumnDefinition = { name: 'Name', type: 'string', format: 'name', description: objectMeta.name, priority: 1 };

export const eventColumns: TableColumns = {
  definitions: [
    column('Last Seen', 'string', event.lastTimestamp),
    column('Type', 'string', event.type),
    column('Reason', 'string', event.reason),
    column('Object', 'string', event.involvedObject),
    wideColumn('Subobject', 'string', objectReference.fieldPath),
    wideColumn('Source', 'string', event.source),
    column('Message', 'string', event.message),
    wideColumn('First Seen', 'string', event.firstTimestamp),
    wideColumn('Count', 'string', event.count),
    eventNameColumn,
  ],
  cells: eventCells,
};
