// The types of io.k8s.api.authorization.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta } from './meta-v1.ts';

/** Asks whether a user or group may perform an action. */
export interface SubjectAccessReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What is asked. */
  readonly spec: SubjectAccessReviewSpec;
  /** The answer; set by the server. */
  readonly status?: SubjectAccessReviewStatus;
}

/** Asks whether a user or group may perform an action in the namespace of the review. */
export interface LocalSubjectAccessReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What is asked. */
  readonly spec: SubjectAccessReviewSpec;
  /** The answer; set by the server. */
  readonly status?: SubjectAccessReviewStatus;
}

/** Asks whether the caller may perform an action. */
export interface SelfSubjectAccessReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What is asked. */
  readonly spec: SelfSubjectAccessReviewSpec;
  /** The answer; set by the server. */
  readonly status?: SubjectAccessReviewStatus;
}

/** Asks which actions the caller may perform in a namespace. */
export interface SelfSubjectRulesReview {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What is asked. */
  readonly spec: SelfSubjectRulesReviewSpec;
  /** The answer; set by the server. */
  readonly status?: SubjectRulesReviewStatus;
}

/** An action and the user asked about; exactly one of the attribute fields is set. */
export interface SubjectAccessReviewSpec {
  /** The action on a resource. */
  readonly resourceAttributes?: ResourceAttributes;
  /** The action on a non-resource URL. */
  readonly nonResourceAttributes?: NonResourceAttributes;
  /** The user asked about. */
  readonly user?: string;
  /** The groups asked about. */
  readonly groups?: readonly string[];
  /** The extra attributes of the user asked about. */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
  /** The uid of the user asked about. */
  readonly uid?: string;
}

/** An action the caller asks about; exactly one field is set. */
export interface SelfSubjectAccessReviewSpec {
  /** The action on a resource. */
  readonly resourceAttributes?: ResourceAttributes;
  /** The action on a non-resource URL. */
  readonly nonResourceAttributes?: NonResourceAttributes;
}

/** Whether an action is allowed. */
export interface SubjectAccessReviewStatus {
  /** Whether the action would be allowed. */
  readonly allowed: boolean;
  /** Whether the action would be explicitly denied; both false means no opinion. */
  readonly denied?: boolean;
  /** Why the action was allowed or denied. */
  readonly reason?: string;
  /** An error met while deciding, which need not have prevented a decision. */
  readonly evaluationError?: string;
}

/** The namespace a rules review is about. */
export interface SelfSubjectRulesReviewSpec {
  /** The namespace to list the caller's rules in. */
  readonly namespace?: string;
}

/** The actions a subject may perform, possibly incomplete. */
export interface SubjectRulesReviewStatus {
  /** The actions allowed on resources. */
  readonly resourceRules: readonly ResourceRule[];
  /** The actions allowed on non-resource URLs. */
  readonly nonResourceRules: readonly NonResourceRule[];
  /** Whether the rules are incomplete, as when an authorizer cannot list rules. */
  readonly incomplete: boolean;
  /** An error met while listing the rules. */
  readonly evaluationError?: string;
}

/** A request on a resource, as an authorizer sees it. */
export interface ResourceAttributes {
  /** The namespace of the request; empty means all namespaces or a cluster-scoped resource. */
  readonly namespace?: string;
  /** The verb, such as get, list or delete; "*" means all. */
  readonly verb?: string;
  /** The API group of the resource; "*" means all. */
  readonly group?: string;
  /** The version of the resource; "*" means all. */
  readonly version?: string;
  /** The resource; "*" means all. */
  readonly resource?: string;
  /** The subresource; empty means none. */
  readonly subresource?: string;
  /** The name of the object; empty means all. */
  readonly name?: string;
  /** A field selector the request is limited by. */
  readonly fieldSelector?: FieldSelectorAttributes;
  /** A label selector the request is limited by. */
  readonly labelSelector?: LabelSelectorAttributes;
}

/** A request on a non-resource URL, as an authorizer sees it. */
export interface NonResourceAttributes {
  /** The URL path. */
  readonly path?: string;
  /** The HTTP verb, in lower case. */
  readonly verb?: string;
}

/** The field selector a request is limited by, raw or parsed. */
export interface FieldSelectorAttributes {
  /** The field selector as written in the query. */
  readonly rawSelector?: string;
  /** The parsed requirements, all of which must hold. */
  readonly requirements?: readonly FieldSelectorRequirement[];
}

/** The label selector a request is limited by, raw or parsed. */
export interface LabelSelectorAttributes {
  /** The label selector as written in the query. */
  readonly rawSelector?: string;
  /** The parsed requirements, all of which must hold. */
  readonly requirements?: readonly LabelSelectorRequirement[];
}

/** Actions allowed on resources. */
export interface ResourceRule {
  /** The verbs allowed; "*" means all. */
  readonly verbs: readonly string[];
  /** The API groups of the resources; "*" means all. */
  readonly apiGroups?: readonly string[];
  /** The resources; "*" means all. */
  readonly resources?: readonly string[];
  /** The names of the objects; empty means all. */
  readonly resourceNames?: readonly string[];
}

/** Actions allowed on non-resource URLs. */
export interface NonResourceRule {
  /** The HTTP verbs allowed; "*" means all. */
  readonly verbs: readonly string[];
  /** The URL paths, possibly ending in "*". */
  readonly nonResourceURLs?: readonly string[];
}
