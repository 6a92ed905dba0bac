// The types of io.k8s.api.admissionregistration.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { Condition, LabelSelector, ListMeta, ObjectMeta } from './meta-v1.ts';

/** How a policy produces one audit annotation. */
export interface AuditAnnotation {
  /** The annotation key, unique within the policy. */
  readonly key: string;
  /** The CEL expression giving the value; null or empty leaves the annotation out. */
  readonly valueExpression: string;
}

/** A type-checking warning about one expression. */
export interface ExpressionWarning {
  /** The path of the field holding the expression. */
  readonly fieldRef: string;
  /** The warning, for people. */
  readonly warning: string;
}

/** A CEL condition a request must satisfy to be sent to a webhook or policy. */
export interface MatchCondition {
  /** The name of the condition, unique in its list. */
  readonly name: string;
  /** The CEL expression, which must give a boolean. */
  readonly expression: string;
}

/** Which requests a policy applies to, by namespace, object labels and resource rules; exclusions win. */
export interface MatchResources {
  /** Which namespaces' objects match. */
  readonly namespaceSelector?: LabelSelector;
  /** Which objects, by their labels, match. */
  readonly objectSelector?: LabelSelector;
  /** The operations and resources that match. */
  readonly resourceRules?: readonly NamedRuleWithOperations[];
  /** The operations and resources excluded. */
  readonly excludeResourceRules?: readonly NamedRuleWithOperations[];
  /** Exact or Equivalent: whether requests through other versions of a matched resource match too. */
  readonly matchPolicy?: string;
}

/** A mutating admission webhook and the requests it is called for. */
export interface MutatingWebhook {
  /** The fully qualified name of the webhook, such as imagepolicy.kubernetes.io. */
  readonly name: string;
  /** How to reach the webhook. */
  readonly clientConfig: WebhookClientConfig;
  /** The operations and resources the webhook is called for, if any rule matches. */
  readonly rules?: readonly RuleWithOperations[];
  /** Ignore or Fail: what an error calling the webhook does to the request. */
  readonly failurePolicy?: string;
  /** Exact or Equivalent: whether requests through other versions of a matched resource are sent too. */
  readonly matchPolicy?: string;
  /** Which namespaces' objects the webhook is called for. */
  readonly namespaceSelector?: LabelSelector;
  /** Which objects, by their labels, the webhook is called for. */
  readonly objectSelector?: LabelSelector;
  /** None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. */
  readonly sideEffects: string;
  /** How long to wait for the webhook, 1 to 30 seconds. */
  readonly timeoutSeconds?: number;
  /** The AdmissionReview versions the webhook accepts, most preferred first. */
  readonly admissionReviewVersions: readonly string[];
  /** Never or IfNeeded: whether the webhook is called again after later mutations. */
  readonly reinvocationPolicy?: string;
  /** CEL conditions all of which a request must satisfy. */
  readonly matchConditions?: readonly MatchCondition[];
}

/** A set of mutating admission webhooks. */
export interface MutatingWebhookConfiguration {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The webhooks. */
  readonly webhooks?: readonly MutatingWebhook[];
}

/** A list of MutatingWebhookConfigurations. */
export interface MutatingWebhookConfigurationList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The MutatingWebhookConfiguration objects of this page. */
  readonly items: readonly MutatingWebhookConfiguration[];
}

/** Operations and resources, optionally narrowed to some object names. */
export interface NamedRuleWithOperations {
  /** The object names matched; empty matches all. */
  readonly resourceNames?: readonly string[];
  /** The operations matched: CREATE, UPDATE, DELETE, CONNECT, or "*" for all. */
  readonly operations?: readonly string[];
  /** The API groups matched, or "*" for all. */
  readonly apiGroups?: readonly string[];
  /** The API versions matched, or "*" for all. */
  readonly apiVersions?: readonly string[];
  /** The resources matched, such as "pods", "pods/log", "*" or "*\/*". */
  readonly resources?: readonly string[];
  /** Cluster, Namespaced or "*": the scope of the resources matched. */
  readonly scope?: string;
}

/** The group-version and kind of a policy's parameter objects. */
export interface ParamKind {
  /** The group and version, as "group/version". */
  readonly apiVersion?: string;
  /** The kind. */
  readonly kind?: string;
}

/** How a policy binding finds its parameter objects: by name or by label selector. */
export interface ParamRef {
  /** The name of the one parameter object. */
  readonly name?: string;
  /** The namespace the parameter objects are in. */
  readonly namespace?: string;
  /** Selects several parameter objects by label; all are evaluated. */
  readonly selector?: LabelSelector;
  /** Allow or Deny: what happens when no parameter object is found. */
  readonly parameterNotFoundAction?: string;
}

/** Operations on resources that an admission hook is called for. */
export interface RuleWithOperations {
  /** The operations matched: CREATE, UPDATE, DELETE, CONNECT, or "*" for all. */
  readonly operations?: readonly string[];
  /** The API groups matched, or "*" for all. */
  readonly apiGroups?: readonly string[];
  /** The API versions matched, or "*" for all. */
  readonly apiVersions?: readonly string[];
  /** The resources matched, such as "pods", "pods/log", "*" or "*\/*". */
  readonly resources?: readonly string[];
  /** Cluster, Namespaced or "*": the scope of the resources matched. */
  readonly scope?: string;
}

/** A reference to the Service a webhook runs behind. */
export interface ServiceReference {
  /** The namespace of the service. */
  readonly namespace: string;
  /** The name of the service. */
  readonly name: string;
  /** The URL path requests are sent to. */
  readonly path?: string;
  /** The port of the service; 443 when unset. */
  readonly port?: number;
}

/** The outcome of type-checking a policy's expressions. */
export interface TypeChecking {
  /** The warnings, one per expression with a problem. */
  readonly expressionWarnings?: readonly ExpressionWarning[];
}

/** A policy of CEL expressions that accepts or rejects requests without changing them. */
export interface ValidatingAdmissionPolicy {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What the policy checks and how. */
  readonly spec?: ValidatingAdmissionPolicySpec;
  /** The observed state of the policy, such as type-checking warnings. */
  readonly status?: ValidatingAdmissionPolicyStatus;
}

/** Binds a validating admission policy to parameters and to the resources it applies to. */
export interface ValidatingAdmissionPolicyBinding {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Which policy, which parameters, which resources. */
  readonly spec?: ValidatingAdmissionPolicyBindingSpec;
}

/** A list of ValidatingAdmissionPolicyBindings. */
export interface ValidatingAdmissionPolicyBindingList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ValidatingAdmissionPolicyBinding objects of this page. */
  readonly items: readonly ValidatingAdmissionPolicyBinding[];
}

/** What a policy binding binds. */
export interface ValidatingAdmissionPolicyBindingSpec {
  /** The name of the ValidatingAdmissionPolicy bound. */
  readonly policyName?: string;
  /** The parameter objects the policy is evaluated with. */
  readonly paramRef?: ParamRef;
  /** Narrows the resources the policy matches; unset keeps them all. */
  readonly matchResources?: MatchResources;
  /** Deny, Warn and/or Audit: what a failed validation does. */
  readonly validationActions?: readonly string[];
}

/** A list of ValidatingAdmissionPolicies. */
export interface ValidatingAdmissionPolicyList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ValidatingAdmissionPolicy objects of this page. */
  readonly items: readonly ValidatingAdmissionPolicy[];
}

/** What a validating admission policy checks and how. */
export interface ValidatingAdmissionPolicySpec {
  /** The kind of the parameter objects; unset means the policy takes none. */
  readonly paramKind?: ParamKind;
  /** The resources the policy applies to. */
  readonly matchConstraints?: MatchResources;
  /** The CEL validations. */
  readonly validations?: readonly Validation[];
  /** Ignore or Fail: what an error evaluating the policy does to the request. */
  readonly failurePolicy?: string;
  /** The audit annotations the policy produces. */
  readonly auditAnnotations?: readonly AuditAnnotation[];
  /** CEL conditions all of which a request must satisfy. */
  readonly matchConditions?: readonly MatchCondition[];
  /** Named CEL expressions the other expressions can use. */
  readonly variables?: readonly Variable[];
}

/** The observed state of a validating admission policy. */
export interface ValidatingAdmissionPolicyStatus {
  /** The generation the controller last saw. */
  readonly observedGeneration?: number;
  /** The outcome of type-checking the expressions, once done. */
  readonly typeChecking?: TypeChecking;
  /** The current conditions of the policy. */
  readonly conditions?: readonly Condition[];
}

/** A validating admission webhook and the requests it is called for. */
export interface ValidatingWebhook {
  /** The fully qualified name of the webhook, such as imagepolicy.kubernetes.io. */
  readonly name: string;
  /** How to reach the webhook. */
  readonly clientConfig: WebhookClientConfig;
  /** The operations and resources the webhook is called for, if any rule matches. */
  readonly rules?: readonly RuleWithOperations[];
  /** Ignore or Fail: what an error calling the webhook does to the request. */
  readonly failurePolicy?: string;
  /** Exact or Equivalent: whether requests through other versions of a matched resource are sent too. */
  readonly matchPolicy?: string;
  /** Which namespaces' objects the webhook is called for. */
  readonly namespaceSelector?: LabelSelector;
  /** Which objects, by their labels, the webhook is called for. */
  readonly objectSelector?: LabelSelector;
  /** None or NoneOnDryRun: whether calling the webhook changes anything elsewhere. */
  readonly sideEffects: string;
  /** How long to wait for the webhook, 1 to 30 seconds. */
  readonly timeoutSeconds?: number;
  /** The AdmissionReview versions the webhook accepts, most preferred first. */
  readonly admissionReviewVersions: readonly string[];
  /** CEL conditions all of which a request must satisfy. */
  readonly matchConditions?: readonly MatchCondition[];
}

/** A set of validating admission webhooks. */
export interface ValidatingWebhookConfiguration {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The webhooks. */
  readonly webhooks?: readonly ValidatingWebhook[];
}

/** A list of ValidatingWebhookConfigurations. */
export interface ValidatingWebhookConfigurationList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The ValidatingWebhookConfiguration objects of this page. */
  readonly items: readonly ValidatingWebhookConfiguration[];
}

/** One CEL validation of a policy. */
export interface Validation {
  /** The CEL expression, which must give true for the request to pass. */
  readonly expression: string;
  /** The message when the validation fails. */
  readonly message?: string;
  /** The reason reported when the validation fails, such as Invalid or Forbidden. */
  readonly reason?: string;
  /** A CEL expression giving the message when the validation fails. */
  readonly messageExpression?: string;
}

/** A named CEL expression other expressions of a policy can use. */
export interface Variable {
  /** The name, a CEL identifier, used as variables.<name>. */
  readonly name: string;
  /** The CEL expression giving the value. */
  readonly expression: string;
}

/** How to reach a webhook over TLS: a URL or a service. */
export interface WebhookClientConfig {
  /** The https URL of the webhook, when it is not reached through a service. */
  readonly url?: string;
  /** The service the webhook runs behind. */
  readonly service?: ServiceReference;
  /** PEM-encoded CA certificates to check the webhook's certificate with. */
  readonly caBundle?: string;
}
