// The types of io.k8s.api.coordination.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, MicroTime, ObjectMeta } from './meta-v1.ts';

/** A lease that one holder at a time owns, for leader election and heartbeats. */
export interface Lease {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Who holds the lease and until when. */
  readonly spec?: LeaseSpec;
}

/** A list of Leases. */
export interface LeaseList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The Lease objects of this page. */
  readonly items: readonly Lease[];
}

/** The holder of a lease and its timing. */
export interface LeaseSpec {
  /** The identity of the current holder. */
  readonly holderIdentity?: string;
  /** How long after the last renewal others must wait before taking the lease. */
  readonly leaseDurationSeconds?: number;
  /** When the current holder acquired the lease. */
  readonly acquireTime?: MicroTime;
  /** When the current holder last renewed the lease. */
  readonly renewTime?: MicroTime;
  /** How many times the lease has changed hands. */
  readonly leaseTransitions?: number;
  /** How coordinated leader election picks the holder; unset means no coordination. */
  readonly strategy?: string;
  /** A better holder the current one should hand the lease to. */
  readonly preferredHolder?: string;
}
