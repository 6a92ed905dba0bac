// The types of io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** A column of the table output of a custom resource. */
export interface CustomResourceColumnDefinition {
  /** The heading of the column. */
  readonly name: string;
  /** The OpenAPI type of the column's values, such as string or integer. */
  readonly type: string;
  /** The OpenAPI format of the column's values; "name" marks the column of the resource name. */
  readonly format?: string;
  /** What the column shows, for people. */
  readonly description?: string;
  /** How important the column is; columns above 0 may be left out when space is short. */
  readonly priority?: number;
  /** The JSON path, evaluated against each object, giving the column's value. */
  readonly jsonPath: string;
}

/** How custom resources are converted between versions. */
export interface CustomResourceConversion {
  /** None (only apiVersion changes) or Webhook. */
  readonly strategy: string;
  /** How to call the conversion webhook, for strategy Webhook. */
  readonly webhook?: WebhookConversion;
}

/** A resource the API server serves for custom objects; its name is "<plural>.<group>". */
export interface CustomResourceDefinition {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** How the resource is to be served. */
  readonly spec: CustomResourceDefinitionSpec;
  /** How the resource is actually served. */
  readonly status?: CustomResourceDefinitionStatus;
}

/** One aspect of the state of a CustomResourceDefinition. */
export interface CustomResourceDefinitionCondition {
  /** Established, NamesAccepted, Terminating, ... */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** When the status last changed. */
  readonly lastTransitionTime?: Time | null;
  /** Why the status is what it is, in CamelCase. */
  readonly reason?: string;
  /** Why the status is what it is, for people. */
  readonly message?: string;
  /** The generation of the definition the condition was computed from. */
  readonly observedGeneration?: number;
}

/** A list of CustomResourceDefinitions. */
export interface CustomResourceDefinitionList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CustomResourceDefinition objects of this page. */
  readonly items: readonly CustomResourceDefinition[];
}

/** The names a custom resource is served under. */
export interface CustomResourceDefinitionNames {
  /** The lowercase plural name, used in URLs. */
  readonly plural: string;
  /** The lowercase singular name; the lowercased kind when unset. */
  readonly singular?: string;
  /** Lowercase short names kubectl accepts. */
  readonly shortNames?: readonly string[];
  /** The kind of the objects, in CamelCase. */
  readonly kind: string;
  /** The kind of lists of the objects; "<kind>List" when unset. */
  readonly listKind?: string;
  /** Groups of resources this one belongs to, such as "all". */
  readonly categories?: readonly string[];
}

/** How a custom resource is to be served. */
export interface CustomResourceDefinitionSpec {
  /** The API group of the resource. */
  readonly group: string;
  /** The names of the resource and its kind. */
  readonly names: CustomResourceDefinitionNames;
  /** Cluster or Namespaced. */
  readonly scope: string;
  /** Every version of the resource. */
  readonly versions: readonly CustomResourceDefinitionVersion[];
  /** How objects are converted between versions. */
  readonly conversion?: CustomResourceConversion;
  /** Deprecated: whether fields missing from the schema are kept when storing. */
  readonly preserveUnknownFields?: boolean;
}

/** How a custom resource is actually served. */
export interface CustomResourceDefinitionStatus {
  /** The current conditions of the definition. */
  readonly conditions?: readonly CustomResourceDefinitionCondition[];
  /** The names actually served, which may differ from the spec's. */
  readonly acceptedNames?: CustomResourceDefinitionNames;
  /** Every version objects were ever stored in. */
  readonly storedVersions?: readonly string[];
  /** The generation of the definition the controller last saw. */
  readonly observedGeneration?: number;
}

/** One version of a custom resource. */
export interface CustomResourceDefinitionVersion {
  /** The version name, such as "v1" or "v2beta1". */
  readonly name: string;
  /** Whether the version is served through the REST API. */
  readonly served: boolean;
  /** Whether objects are stored in this version; exactly one version has it. */
  readonly storage: boolean;
  /** Whether the version is deprecated; requests to it get a warning. */
  readonly deprecated?: boolean;
  /** The warning sent instead of the default one for a deprecated version. */
  readonly deprecationWarning?: string;
  /** The schema for validation, pruning and defaulting. */
  readonly schema?: CustomResourceValidation;
  /** The status and scale subresources the version serves. */
  readonly subresources?: CustomResourceSubresources;
  /** Extra columns of the table output. */
  readonly additionalPrinterColumns?: readonly CustomResourceColumnDefinition[];
  /** Fields that field selectors may use, at most 8. */
  readonly selectableFields?: readonly SelectableField[];
}

/** How the scale subresource of a custom resource maps onto its fields. */
export interface CustomResourceSubresourceScale {
  /** The JSON path, under .spec, of the desired replicas. */
  readonly specReplicasPath: string;
  /** The JSON path, under .status, of the observed replicas. */
  readonly statusReplicasPath: string;
  /** The JSON path of the label selector, as a string. */
  readonly labelSelectorPath?: string;
}

/** Turns on the status subresource: .status is written only through it. */
export interface CustomResourceSubresourceStatus {}

/** The subresources a custom resource version serves. */
export interface CustomResourceSubresources {
  /** Serve a /status subresource. */
  readonly status?: CustomResourceSubresourceStatus;
  /** Serve a /scale subresource. */
  readonly scale?: CustomResourceSubresourceScale;
}

/** How custom objects are validated. */
export interface CustomResourceValidation {
  /** The OpenAPI v3 schema to validate and prune with. */
  readonly openAPIV3Schema?: JSONSchemaProps;
}

/** A pointer to documentation elsewhere. */
export interface ExternalDocumentation {
  /** What the documentation is about. */
  readonly description?: string;
  /** Where the documentation is. */
  readonly url?: string;
}

/** Any JSON value. */
export type JSON = unknown;

/** A JSON schema (draft 4, with Kubernetes extensions) for the values of a custom resource. */
export interface JSONSchemaProps {
  /** The identifier of the schema. */
  readonly id?: string;
  /** The URI of the meta-schema. */
  readonly $schema?: string;
  /** A reference to another schema. */
  readonly $ref?: string;
  /** What the value means. */
  readonly description?: string;
  /** The JSON type of the value. */
  readonly type?: string;
  /** The format of the value, such as date-time or uuid. */
  readonly format?: string;
  /** A short title of the value. */
  readonly title?: string;
  /** The value used when none is given. */
  readonly default?: JSON;
  /** The largest number allowed. */
  readonly maximum?: number;
  /** Whether the maximum itself is excluded. */
  readonly exclusiveMaximum?: boolean;
  /** The smallest number allowed. */
  readonly minimum?: number;
  /** Whether the minimum itself is excluded. */
  readonly exclusiveMinimum?: boolean;
  /** The longest string allowed. */
  readonly maxLength?: number;
  /** The shortest string allowed. */
  readonly minLength?: number;
  /** A regular expression strings must match. */
  readonly pattern?: string;
  /** The most items an array may have. */
  readonly maxItems?: number;
  /** The fewest items an array may have. */
  readonly minItems?: number;
  /** Whether the items of an array must differ. */
  readonly uniqueItems?: boolean;
  /** A number the value must be a multiple of. */
  readonly multipleOf?: number;
  /** The values allowed. */
  readonly enum?: readonly JSON[];
  /** The most properties an object may have. */
  readonly maxProperties?: number;
  /** The fewest properties an object may have. */
  readonly minProperties?: number;
  /** The properties an object must have. */
  readonly required?: readonly string[];
  /** The schema of array items. */
  readonly items?: JSONSchemaPropsOrArray;
  /** Schemas the value must all match. */
  readonly allOf?: readonly JSONSchemaProps[];
  /** Schemas exactly one of which the value must match. */
  readonly oneOf?: readonly JSONSchemaProps[];
  /** Schemas at least one of which the value must match. */
  readonly anyOf?: readonly JSONSchemaProps[];
  /** A schema the value must not match. */
  readonly not?: JSONSchemaProps;
  /** The schemas of the object's properties, by name. */
  readonly properties?: Readonly<Record<string, JSONSchemaProps>>;
  /** Whether, or with what schema, other properties are allowed. */
  readonly additionalProperties?: JSONSchemaPropsOrBool;
  /** The schemas of properties whose names match a pattern. */
  readonly patternProperties?: Readonly<Record<string, JSONSchemaProps>>;
  /** What the presence of a property requires. */
  readonly dependencies?: Readonly<Record<string, JSONSchemaPropsOrStringArray>>;
  /** Whether, or with what schema, items beyond the listed ones are allowed. */
  readonly additionalItems?: JSONSchemaPropsOrBool;
  /** Schemas that references can name. */
  readonly definitions?: Readonly<Record<string, JSONSchemaProps>>;
  /** Documentation elsewhere. */
  readonly externalDocs?: ExternalDocumentation;
  /** An example value. */
  readonly example?: JSON;
  /** Whether null is allowed. */
  readonly nullable?: boolean;
  /** Keep fields the schema does not declare instead of pruning them. */
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
  /** The value is a whole embedded object with apiVersion, kind and metadata. */
  readonly 'x-kubernetes-embedded-resource'?: boolean;
  /** The value is either an integer or a string. */
  readonly 'x-kubernetes-int-or-string'?: boolean;
  /** The item fields that identify an item of a map list. */
  readonly 'x-kubernetes-list-map-keys'?: readonly string[];
  /** atomic, set or map: how the array merges. */
  readonly 'x-kubernetes-list-type'?: string;
  /** granular or atomic: how the object merges. */
  readonly 'x-kubernetes-map-type'?: string;
  /** CEL rules the value must satisfy. */
  readonly 'x-kubernetes-validations'?: readonly ValidationRule[];
}

/** A schema, or an array of schemas. */
export type JSONSchemaPropsOrArray = unknown;

/** A schema, or a boolean (true when unset). */
export type JSONSchemaPropsOrBool = unknown;

/** A schema, or an array of strings. */
export type JSONSchemaPropsOrStringArray = unknown;

/** A field of a custom resource that field selectors may use. */
export interface SelectableField {
  /** The simple JSON path of the field, which must be a string, boolean or integer. */
  readonly jsonPath: string;
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

/** A CEL rule a value of a custom resource must satisfy. */
export interface ValidationRule {
  /** The CEL expression, with the value as self (and the old value as oldSelf). */
  readonly rule: string;
  /** The message when the rule fails. */
  readonly message?: string;
  /** A CEL expression giving the message when the rule fails. */
  readonly messageExpression?: string;
  /** The reason reported when the rule fails, such as FieldValueInvalid. */
  readonly reason?: string;
  /** The path of the field reported when the rule fails. */
  readonly fieldPath?: string;
  /** Evaluate a transition rule also when there is no old value, with oldSelf as an optional. */
  readonly optionalOldSelf?: boolean;
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

/** How to call a conversion webhook. */
export interface WebhookConversion {
  /** How to reach the webhook. */
  readonly clientConfig?: WebhookClientConfig;
  /** The ConversionReview versions the webhook accepts, most preferred first. */
  readonly conversionReviewVersions: readonly string[];
}
