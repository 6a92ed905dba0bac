// The types of io.k8s.apimachinery.pkg.apis.meta.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { RawExtension } from './runtime.ts';

/** A point in time, written as an RFC 3339 date-time with second precision. */
export type Time = string;

/** A point in time with microsecond precision, written as an RFC 3339 date-time. */
export type MicroTime = string;

/** A set of field paths in the trie form server-side apply records them in. */
export type FieldsV1 = { readonly [key: string]: unknown };

/** The body of a PATCH request, in whatever patch format its content type names. */
export type Patch = { readonly [key: string]: unknown };

/** The metadata every persisted object carries: identity, labels, ownership and lifecycle. */
export interface ObjectMeta {
  /** The name, unique among objects of the kind in one namespace. Cannot be changed. */
  readonly name?: string;
  /** A prefix from which the server makes a unique name when no name is given. */
  readonly generateName?: string;
  /** The namespace the object lives in; empty for cluster-scoped kinds. */
  readonly namespace?: string;
  /** Deprecated and no longer set. */
  readonly selfLink?: string;
  /** A unique identifier the server assigns on creation; differs between an object and one recreated under its name. */
  readonly uid?: string;
  /** An opaque version of this object, for optimistic concurrency and for watches. */
  readonly resourceVersion?: string;
  /** How many times the desired state (usually the spec) has changed; set by the server. */
  readonly generation?: number;
  /** CreationTimestamp is a timestamp of when the server created the object. */
  readonly creationTimestamp?: Time | null;
  /** When the object is to be gone, set once a delete was asked for; its finalizers must be cleared first. */
  readonly deletionTimestamp?: Time;
  /** How many seconds the object was given to terminate gracefully when its deletion began. */
  readonly deletionGracePeriodSeconds?: number;
  /** Key/value pairs that selectors can find the object by. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Key/value pairs for tools and people; not used for selection. */
  readonly annotations?: Readonly<Record<string, string>>;
  /** The objects this one depends on; the garbage collector removes it once they are all gone. */
  readonly ownerReferences?: readonly OwnerReference[];
  /** Conditions that must be cleared before the server removes an object whose deletion began. */
  readonly finalizers?: readonly string[];
  /** Which manager owns which fields, as server-side apply records it. */
  readonly managedFields?: readonly ManagedFieldsEntry[];
}

/** The metadata of a list: the revision it was read at and how to get the next page. */
export interface ListMeta {
  /** Deprecated and no longer set. */
  readonly selfLink?: string;
  /** The revision the list was read at; a watch may start from it. */
  readonly resourceVersion?: string;
  /** Set when more items remain: pass it back to get the next page of the same snapshot. */
  readonly continue?: string;
  /** How many items remain after this page, when the server can tell. */
  readonly remainingItemCount?: number;
}

/** Names an object that owns this one, which must be in the same namespace or cluster-scoped. */
export interface OwnerReference {
  /** The group and version of the owner. */
  readonly apiVersion: string;
  /** The kind of the owner. */
  readonly kind: string;
  /** The name of the owner. */
  readonly name: string;
  /** The uid of the owner. */
  readonly uid: string;
  /** True for the one owner that manages this object. */
  readonly controller?: boolean;
  /** With true, a foreground deletion of the owner waits until this object is gone. */
  readonly blockOwnerDeletion?: boolean;
}

/** The fields one manager owns through one kind of operation. */
export interface ManagedFieldsEntry {
  /** Who manages the fields, usually a client name. */
  readonly manager?: string;
  /** Apply or Update: how the fields came to be managed. */
  readonly operation?: string;
  /** The version of the schema the field set is written in. */
  readonly apiVersion?: string;
  /** When these fields last changed for this manager. */
  readonly time?: Time;
  /** The format of fieldsV1; only "FieldsV1" exists. */
  readonly fieldsType?: string;
  /** The set of fields owned. */
  readonly fieldsV1?: FieldsV1;
  /** The subresource the fields were written through, empty for the main resource. */
  readonly subresource?: string;
}

/** Selects objects by labels: every matchLabels pair and every matchExpressions requirement must hold. */
export interface LabelSelector {
  /** Labels that must be present with exactly these values. */
  readonly matchLabels?: Readonly<Record<string, string>>;
  /** Requirements on labels, all of which must hold. */
  readonly matchExpressions?: readonly LabelSelectorRequirement[];
}

/** One requirement of a label selector: a key, an operator and values. */
export interface LabelSelectorRequirement {
  /** The label key the requirement is about. */
  readonly key: string;
  /** In, NotIn, Exists or DoesNotExist. */
  readonly operator: string;
  /** The values for In and NotIn; empty for Exists and DoesNotExist. */
  readonly values?: readonly string[];
}

/** One requirement of a field selector: a field path, an operator and values. */
export interface FieldSelectorRequirement {
  /** The field path the requirement is about. */
  readonly key: string;
  /** In, NotIn, Exists or DoesNotExist. */
  readonly operator: string;
  /** The values for In and NotIn; empty for Exists and DoesNotExist. */
  readonly values?: readonly string[];
}

/** One aspect of an object's state, as its controller last saw it. */
export interface Condition {
  /** What aspect this condition is about, in CamelCase. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** The generation of the object the condition was computed from. */
  readonly observedGeneration?: number;
  /** When the status last changed. */
  readonly lastTransitionTime: Time | null;
  /** Why the status is what it is, in CamelCase, for programs. */
  readonly reason: string;
  /** Why the status is what it is, for people. */
  readonly message: string;
}

/** The outcome of a request that returns no object: above all, why it failed. */
export interface Status {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** Success or Failure. */
  readonly status?: string;
  /** What happened, for people. */
  readonly message?: string;
  /** Why the request failed, in CamelCase, for programs; empty when no reason applies. */
  readonly reason?: string;
  /** More about the failure: the object it concerns and its causes. */
  readonly details?: StatusDetails;
  /** The HTTP status code of the answer. */
  readonly code?: number;
}

/** Which object a failure concerns and what caused it. */
export interface StatusDetails {
  /** The name of the object concerned. */
  readonly name?: string;
  /** The API group of the object concerned. */
  readonly group?: string;
  /** The kind (or resource) of the object concerned. */
  readonly kind?: string;
  /** The uid of the object concerned. */
  readonly uid?: string;
  /** The individual causes, such as each invalid field. */
  readonly causes?: readonly StatusCause[];
  /** How long to wait before retrying, when waiting may help. */
  readonly retryAfterSeconds?: number;
}

/** One cause of a failure, usually an invalid field. */
export interface StatusCause {
  /** What kind of problem it is, in CamelCase. */
  readonly reason?: string;
  /** The problem, for people. */
  readonly message?: string;
  /** The path of the field at fault, such as "spec.containers[0].name". */
  readonly field?: string;
}

/** How to delete: a grace period, preconditions, what happens to dependents, and dry run. */
export interface DeleteOptions {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Seconds the object gets to terminate; zero deletes at once, unset takes the kind's default. */
  readonly gracePeriodSeconds?: number;
  /** What must still hold for the delete to go ahead, else 409 Conflict. */
  readonly preconditions?: Preconditions;
  /** Deprecated: use propagationPolicy. Whether dependents are left behind. */
  readonly orphanDependents?: boolean;
  /** Orphan, Background or Foreground: what happens to the objects that depend on this one. */
  readonly propagationPolicy?: string;
  /** With "All", every step runs but nothing is stored. */
  readonly dryRun?: readonly string[];
  /** Deletes an object that cannot be read from the store (it cannot be decoded); use with great care. */
  readonly ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/** What must still hold for an operation to go ahead. */
export interface Preconditions {
  /** The uid the object must have. */
  readonly uid?: string;
  /** The resourceVersion the object must be at. */
  readonly resourceVersion?: string;
}

/** One event of a watch stream: what happened and the object it happened to. */
export interface WatchEvent {
  /** ADDED, MODIFIED, DELETED, BOOKMARK or ERROR. */
  readonly type: string;
  /** The object as it now is (as it last was, for DELETED); a Status for ERROR. */
  readonly object: RawExtension;
}

/** One resource of a group-version as discovery describes it. */
export interface APIResource {
  /** The plural name of the resource. */
  readonly name: string;
  /** The singular name of the resource. */
  readonly singularName: string;
  /** Whether objects of the resource live in namespaces. */
  readonly namespaced: boolean;
  /** The group of the resource, when it differs from the list's (for subresources). */
  readonly group?: string;
  /** The version of the resource, when it differs from the list's (for subresources). */
  readonly version?: string;
  /** The kind of the resource's objects. */
  readonly kind: string;
  /** The verbs the resource supports: get, list, watch, create, ... */
  readonly verbs: readonly string[];
  /** Short names kubectl accepts for the resource. */
  readonly shortNames?: readonly string[];
  /** Groups of resources this one belongs to, such as "all". */
  readonly categories?: readonly string[];
  /** A hash of the version the resource is stored in; it changes when that version does. */
  readonly storageVersionHash?: string;
}

/** The resources one group-version serves. */
export interface APIResourceList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The group-version listed. */
  readonly groupVersion: string;
  /** The resources it serves. */
  readonly resources: readonly APIResource[];
}
