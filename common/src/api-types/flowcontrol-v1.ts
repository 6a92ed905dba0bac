// The types of io.k8s.api.flowcontrol.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** The tunable settings of the exempt priority level. */
export interface ExemptPriorityLevelConfiguration {
  /** The share of the server's concurrency nominally reserved for this level. */
  readonly nominalConcurrencyShares?: number;
  /** The percentage of the level's nominal concurrency other levels may borrow. */
  readonly lendablePercent?: number;
}

/** How requests of a flow schema are split into flows. */
export interface FlowDistinguisherMethod {
  /** ByUser or ByNamespace. */
  readonly type: string;
}

/** A class of requests, the priority level they go to, and how they split into flows. */
export interface FlowSchema {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Which requests match and where they go. */
  readonly spec?: FlowSchemaSpec;
  /** The observed state of the flow schema. */
  readonly status?: FlowSchemaStatus;
}

/** One aspect of the state of a flow schema. */
export interface FlowSchemaCondition {
  /** What aspect the condition is about. */
  readonly type?: string;
  /** True, False or Unknown. */
  readonly status?: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status is what it is, in CamelCase. */
  readonly reason?: string;
  /** Why the status is what it is, for people. */
  readonly message?: string;
}

/** A list of FlowSchemas. */
export interface FlowSchemaList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The FlowSchema objects of this page. */
  readonly items: readonly FlowSchema[];
}

/** Which requests a flow schema matches and how they are handled. */
export interface FlowSchemaSpec {
  /** The priority level matching requests go to. */
  readonly priorityLevelConfiguration: PriorityLevelConfigurationReference;
  /** Among matching schemas the one with the lowest value wins; 1 to 10000. */
  readonly matchingPrecedence?: number;
  /** How matching requests split into flows; unset puts them all in one flow. */
  readonly distinguisherMethod?: FlowDistinguisherMethod;
  /** The rules, any one of which a request must match. */
  readonly rules?: readonly PolicyRulesWithSubjects[];
}

/** The observed state of a flow schema. */
export interface FlowSchemaStatus {
  /** The current conditions of the flow schema. */
  readonly conditions?: readonly FlowSchemaCondition[];
}

/** A subject that is a user group. */
export interface GroupSubject {
  /** The group matched, or "*" for every group. */
  readonly name: string;
}

/** What to do with requests that cannot run at once: queue them or reject them. */
export interface LimitResponse {
  /** Queue or Reject. */
  readonly type: string;
  /** The queuing settings, for type Queue. */
  readonly queuing?: QueuingConfiguration;
}

/** How requests of a limited priority level are limited and what happens beyond the limit. */
export interface LimitedPriorityLevelConfiguration {
  /** The share of the server's concurrency nominally given to this level. */
  readonly nominalConcurrencyShares?: number;
  /** What to do with requests that cannot run at once. */
  readonly limitResponse?: LimitResponse;
  /** The percentage of the level's nominal concurrency other levels may borrow. */
  readonly lendablePercent?: number;
  /** How much this level may borrow from others, as a percentage of its nominal concurrency; unset means no limit. */
  readonly borrowingLimitPercent?: number;
}

/** Matches non-resource requests by verb and URL. */
export interface NonResourcePolicyRule {
  /** The verbs matched, or "*" for all. */
  readonly verbs: readonly string[];
  /** The URL prefixes matched, or "*" for all. */
  readonly nonResourceURLs: readonly string[];
}

/** Matches requests by who makes them and what they act on. */
export interface PolicyRulesWithSubjects {
  /** The users, groups and service accounts matched; at least one. */
  readonly subjects: readonly Subject[];
  /** Rules matching resource requests. */
  readonly resourceRules?: readonly ResourcePolicyRule[];
  /** Rules matching non-resource requests. */
  readonly nonResourceRules?: readonly NonResourcePolicyRule[];
}

/** A priority level: a share of the server's concurrency and how requests wait for it. */
export interface PriorityLevelConfiguration {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** How the priority level behaves. */
  readonly spec?: PriorityLevelConfigurationSpec;
  /** The observed state of the priority level. */
  readonly status?: PriorityLevelConfigurationStatus;
}

/** One aspect of the state of a priority level. */
export interface PriorityLevelConfigurationCondition {
  /** What aspect the condition is about. */
  readonly type?: string;
  /** True, False or Unknown. */
  readonly status?: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status is what it is, in CamelCase. */
  readonly reason?: string;
  /** Why the status is what it is, for people. */
  readonly message?: string;
}

/** A list of PriorityLevelConfigurations. */
export interface PriorityLevelConfigurationList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The PriorityLevelConfiguration objects of this page. */
  readonly items: readonly PriorityLevelConfiguration[];
}

/** Names a priority level. */
export interface PriorityLevelConfigurationReference {
  /** The name of the priority level. */
  readonly name: string;
}

/** Whether a priority level is limited or exempt, and its settings. */
export interface PriorityLevelConfigurationSpec {
  /** Limited or Exempt. */
  readonly type: string;
  /** The settings of a limited level. */
  readonly limited?: LimitedPriorityLevelConfiguration;
  /** The settings of an exempt level. */
  readonly exempt?: ExemptPriorityLevelConfiguration;
}

/** The observed state of a priority level. */
export interface PriorityLevelConfigurationStatus {
  /** The current conditions of the priority level. */
  readonly conditions?: readonly PriorityLevelConfigurationCondition[];
}

/** How the requests of a priority level queue. */
export interface QueuingConfiguration {
  /** The number of queues. */
  readonly queues?: number;
  /** How many queues shuffle sharding deals to each flow. */
  readonly handSize?: number;
  /** The most requests that may wait in one queue. */
  readonly queueLengthLimit?: number;
}

/** Matches resource requests by verb, group, resource and namespace. */
export interface ResourcePolicyRule {
  /** The verbs matched, or "*" for all. */
  readonly verbs: readonly string[];
  /** The API groups matched, or "*" for all. */
  readonly apiGroups: readonly string[];
  /** The resources (with subresource, if any) matched, or "*" for all. */
  readonly resources: readonly string[];
  /** Whether requests without a namespace match. */
  readonly clusterScope?: boolean;
  /** The namespaces matched, or "*" for any. */
  readonly namespaces?: readonly string[];
}

/** A subject that is a service account. */
export interface ServiceAccountSubject {
  /** The namespace of the service account. */
  readonly namespace: string;
  /** The name of the service account, or "*" for any. */
  readonly name: string;
}

/** Who makes a request: a user, a group or a service account. */
export interface Subject {
  /** User, Group or ServiceAccount: which other field is set. */
  readonly kind: string;
  /** The user matched. */
  readonly user?: UserSubject;
  /** The group matched. */
  readonly group?: GroupSubject;
  /** The service account matched. */
  readonly serviceAccount?: ServiceAccountSubject;
}

/** A subject that is a user. */
export interface UserSubject {
  /** The user name matched, or "*" for every user. */
  readonly name: string;
}
