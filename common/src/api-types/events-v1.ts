// The types of io.k8s.api.events.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { EventSource, ObjectReference } from './core-v1.ts';
import type { ListMeta, MicroTime, ObjectMeta, Time } from './meta-v1.ts';

/** A report of something that happened in the cluster, usually a change of state. */
export interface Event {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** When the event was first seen. */
  readonly eventTime: MicroTime | null;
  /** The series this event stands for; unset for a one-off event. */
  readonly series?: EventSeries;
  /** The name of the controller that reported the event. */
  readonly reportingController?: string;
  /** The instance of the controller that reported the event. */
  readonly reportingInstance?: string;
  /** What was done or failed, for programs. */
  readonly action?: string;
  /** Why the action was taken, for people. */
  readonly reason?: string;
  /** The object the event is about. */
  readonly regarding?: ObjectReference;
  /** A second object the action involved. */
  readonly related?: ObjectReference;
  /** What happened, for people. */
  readonly note?: string;
  /** Normal or Warning. */
  readonly type?: string;
  /** The source, as core/v1 events record it. */
  readonly deprecatedSource?: EventSource;
  /** When the event was first seen, as core/v1 events record it. */
  readonly deprecatedFirstTimestamp?: Time | null;
  /** When the event was last seen, as core/v1 events record it. */
  readonly deprecatedLastTimestamp?: Time | null;
  /** How often the event happened, as core/v1 events record it. */
  readonly deprecatedCount?: number;
}

/** A list of Events. */
export interface EventList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Event objects of this page. */
  readonly items: readonly Event[];
}

/** A run of the same event repeating over time. */
export interface EventSeries {
  /** How many times the event happened up to the last heartbeat. */
  readonly count: number;
  /** When the event was last seen before the last heartbeat. */
  readonly lastObservedTime: MicroTime | null;
}
