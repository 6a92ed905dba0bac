// events.k8s.io/v1 Events are core/v1 Events seen through another group-version: one stored object
// (in the core shape, kube's storage version), its fields renamed on the way in and out as kube's
// conversion renames them (regarding <-> involvedObject, note <-> message, the deprecated* fields
// <-> source, firstTimestamp, lastTimestamp and count, reportingController <-> reportingComponent).

import type { JsonObject } from '../../../registry/object-meta.ts';
import type { LocalConversion } from '../../../registry/conversions/stored-conversion.ts';

/** events.k8s.io/v1 field -> core/v1 field; the other fields share their names. */
const renamed: ReadonlyArray<readonly [string, string]> = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];

function renameFields(object: JsonObject, pairs: ReadonlyArray<readonly [string, string]>, apiVersion: string): JsonObject {
  const out: JsonObject = { ...object, apiVersion };
  for (const [from, to] of pairs) {
    delete out[from];
    if (object[from] !== undefined) out[to] = object[from];
  }
  return out;
}

const toCore = renamed;
const toEvents = renamed.map(([events, core]) => [core, events] as const);

export const eventsV1Conversion: LocalConversion = {
  toStorage: (event) => renameFields(event, toCore, 'v1'),
  fromStorage: (event) => renameFields(event, toEvents, 'events.k8s.io/v1'),
};
