// The types of io.k8s.api.node.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Quantity } from './api-resource.ts';
import type { Toleration } from './core-v1.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

/** A container runtime configuration that pods can ask to run with. */
export interface RuntimeClass {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The name the CRI implementation knows this runtime configuration by. */
  readonly handler: string;
  /** The resources a pod of this class uses beyond its containers. */
  readonly overhead?: Overhead;
  /** Where pods of this class may be scheduled; unset means every node supports it. */
  readonly scheduling?: Scheduling;
}

/** A list of RuntimeClasses. */
export interface RuntimeClassList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The RuntimeClass objects of this page. */
  readonly items: readonly RuntimeClass[];
}

/** The resources a runtime uses for a pod on top of its containers. */
export interface Overhead {
  /** The fixed amount of each resource a pod costs. */
  readonly podFixed?: Readonly<Record<string, Quantity>>;
}

/** The nodes that support a runtime class. */
export interface Scheduling {
  /** Labels a node must carry; merged into the pod's node selector. */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Tolerations added to pods of this class. */
  readonly tolerations?: readonly Toleration[];
}
