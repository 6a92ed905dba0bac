// The types of io.k8s.api.admissionregistration.v1beta1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { LabelSelector, ListMeta, ObjectMeta } from './meta-v1.ts';

/** An apply configuration, made by CEL, merged into the object as server-side apply merges. */
export interface ApplyConfiguration {
  /** The CEL expression giving the apply configuration, an Object{...} value. */
  readonly expression?: string;
}

/** A JSON Patch, made by CEL, applied to the object. */
export interface JSONPatch {
  /** The CEL expression giving the patch, a list of JSONPatch{op, path, from, value} values. */
  readonly expression?: string;
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

/** A policy of CEL mutations applied to the objects of the requests it matches. */
export interface MutatingAdmissionPolicy {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** What the policy matches and how it mutates. */
  readonly spec?: MutatingAdmissionPolicySpec;
}

/** Binds a mutating admission policy to parameters and to the resources it applies to. */
export interface MutatingAdmissionPolicyBinding {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** Which policy, which parameters, which resources. */
  readonly spec?: MutatingAdmissionPolicyBindingSpec;
}

/** A list of MutatingAdmissionPolicyBindings. */
export interface MutatingAdmissionPolicyBindingList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The MutatingAdmissionPolicyBinding objects of this page. */
  readonly items: readonly MutatingAdmissionPolicyBinding[];
}

/** What a mutating policy binding binds. */
export interface MutatingAdmissionPolicyBindingSpec {
  /** The name of the MutatingAdmissionPolicy bound. */
  readonly policyName?: string;
  /** The parameter objects the policy is evaluated with. */
  readonly paramRef?: ParamRef;
  /** Narrows the resources the policy matches; unset keeps them all. */
  readonly matchResources?: MatchResources;
}

/** A list of MutatingAdmissionPolicies. */
export interface MutatingAdmissionPolicyList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The MutatingAdmissionPolicy objects of this page. */
  readonly items: readonly MutatingAdmissionPolicy[];
}

/** What a mutating admission policy matches and how it mutates. */
export interface MutatingAdmissionPolicySpec {
  /** The kind of the parameter objects; unset means the policy takes none. */
  readonly paramKind?: ParamKind;
  /** The resources the policy applies to: CREATE, UPDATE and CONNECT only. */
  readonly matchConstraints?: MatchResources;
  /** Named CEL expressions the mutations can use, each seeing those before it. */
  readonly variables?: readonly Variable[];
  /** The mutations, applied in order; at least one. */
  readonly mutations?: readonly Mutation[];
  /** Ignore or Fail: what an error evaluating the policy does to the request. */
  readonly failurePolicy?: string;
  /** CEL conditions all of which a request must satisfy. */
  readonly matchConditions?: readonly MatchCondition[];
  /** Never or IfNeeded: whether the mutations run again after later mutations change the object. */
  readonly reinvocationPolicy?: string;
}

/** One mutation of a policy: an apply configuration or a JSON Patch. */
export interface Mutation {
  /** ApplyConfiguration or JSONPatch: which of the two fields below is set. */
  readonly patchType: string;
  /** The apply configuration, with patchType ApplyConfiguration. */
  readonly applyConfiguration?: ApplyConfiguration;
  /** The JSON Patch, with patchType JSONPatch. */
  readonly jsonPatch?: JSONPatch;
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

/** A named CEL expression other expressions of a policy can use. */
export interface Variable {
  /** The name, a CEL identifier, used as variables.<name>. */
  readonly name: string;
  /** The CEL expression giving the value. */
  readonly expression: string;
}
