// Events, validated as kube validates them whichever group-version they come through (its
// legacyValidateEvent, on the core shape with the core field names), and, for a create through
// events.k8s.io/v1, the stricter rules of new Events: an eventTime, a type, a valid series, and
// none of the deprecated fields set.

import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import type { JsonObject } from '../object-meta.ts';
import { eventsV1Conversion } from '../../resources/events/events/event-conversion.ts';
import { isObject, objectOf, stringOf } from '../defaulting/json-fields.ts';
import { invalidEach, isQualifiedName } from './value-formats.ts';

const lengthLimits = { reportingInstance: 128, action: 128, reason: 128, message: 1024 } as const;

const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** legacyValidateEvent: `reportingField` is what the request's version calls the reporting controller. */
function legacyEventErrors(event: JsonObject, reportingField: 'reportingComponent' | 'reportingController'): FieldError[] {
  const errors: FieldError[] = [];
  const namespace = stringOf(objectOf(event.metadata).namespace);
  const involvedNamespace = stringOf(objectOf(event.involvedObject).namespace);
  const mismatch = fieldInvalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  if (!isSet(event.eventTime)) {
    if (involvedNamespace === '' ? namespace !== '' && namespace !== 'default' : namespace !== involvedNamespace) errors.push(mismatch);
    return errors;
  }
  if (involvedNamespace === '' && namespace !== 'default' && namespace !== 'kube-system') errors.push(mismatch);
  const controller = stringOf(event.reportingComponent);
  if (controller === '') errors.push(fieldRequired(reportingField));
  errors.push(...invalidEach(reportingField, controller, isQualifiedName(controller)));
  for (const field of ['reportingInstance', 'action', 'reason', 'message'] as const) {
    const value = stringOf(event[field]);
    if (value === '' && field !== 'message') errors.push(fieldRequired(field));
    if (value.length > lengthLimits[field]) errors.push(fieldInvalid(field, '', `can have at most ${lengthLimits[field]} characters`));
  }
  return errors;
}

export const coreEventErrors = (event: JsonObject): FieldError[] => legacyEventErrors(event, 'reportingComponent');

export const eventsV1EventErrors = (event: JsonObject): FieldError[] => legacyEventErrors(eventsV1Conversion.toStorage(event), 'reportingController');

/** What only a create through events.k8s.io/v1 must satisfy (kube's ValidateEventCreate), in core names. */
export function eventsV1CreateErrors(event: JsonObject): FieldError[] {
  const core = eventsV1Conversion.toStorage(event);
  const errors: FieldError[] = [];
  if (isObject(core.series)) {
    const count = core.series.count;
    if (typeof count !== 'number' || count < 2) errors.push(fieldInvalid('series.count', '', 'should be at least 2'));
    if (!isSet(core.series.lastObservedTime)) errors.push(fieldRequired('series.lastObservedTime'));
  }
  if (!isSet(core.eventTime)) errors.push(fieldRequired('eventTime'));
  if (core.type !== 'Normal' && core.type !== 'Warning') errors.push(fieldInvalid('type', '', `has invalid value: ${stringOf(core.type)}`));
  if (isSet(core.firstTimestamp)) errors.push(fieldInvalid('firstTimestamp', '', 'needs to be unset'));
  if (isSet(core.lastTimestamp)) errors.push(fieldInvalid('lastTimestamp', '', 'needs to be unset'));
  if (typeof core.count === 'number' && core.count !== 0) errors.push(fieldInvalid('count', '', 'needs to be unset'));
  if (isObject(core.source) && (isSet(core.source.component) || isSet(core.source.host))) errors.push(fieldInvalid('source', '', 'needs to be unset'));
  return errors;
}
