// The types of io.k8s.api.scheduling.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta } from './meta-v1.ts';

/** A named priority that pods can refer to. */
export interface PriorityClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The priority pods of this class get; higher runs first. */
  readonly value: number;
  /** Whether pods that name no priority class get this one. */
  readonly globalDefault?: boolean;
  /** When this priority class should be used, for people. */
  readonly description?: string;
  /** Never or PreemptLowerPriority: whether pods of this class may evict lower ones. */
  readonly preemptionPolicy?: string;
}

/** A list of PriorityClasses. */
export interface PriorityClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PriorityClass objects of this page. */
  readonly items: readonly PriorityClass[];
}
