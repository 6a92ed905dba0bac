// The types of apiextensions.k8s.io/v1.

import { boolean, bytes, double, field, int32, int64, list, map, opaque, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { fieldValueErrorReasons } from './enum-values.ts';
import { kinds, listKind, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const apiextensions = (type: string): string => `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.${type}`;
const gv = 'apiextensions.k8s.io/v1';
const stringItems = list(string({ default: '' }));
const jsonName = apiextensions('JSON');
const propsName = apiextensions('JSONSchemaProps');
const props = ref(propsName, { default: {} });

export const apiextensionsV1Types: readonly TypeDeclaration[] = [
  struct(apiextensions('CustomResourceColumnDefinition'), 'A column of the table output of a custom resource.', {
    name: field(1, string({ default: '' }), 'The heading of the column.', { required: true }),
    type: field(2, string({ default: '' }), "The OpenAPI type of the column's values, such as string or integer.", { required: true }),
    format: field(3, string(), 'The OpenAPI format of the column\'s values; "name" marks the column of the resource name.'),
    description: field(4, string(), 'What the column shows, for people.'),
    priority: field(5, int32(), 'How important the column is; columns above 0 may be left out when space is short.'),
    jsonPath: field(6, string({ default: '' }), "The JSON path, evaluated against each object, giving the column's value.", { required: true }),
  }),

  struct(apiextensions('CustomResourceConversion'), 'How custom resources are converted between versions.', {
    strategy: field(1, string({ default: '' }), 'None (only apiVersion changes) or Webhook.', { required: true }),
    webhook: pointer(field(2, ref(apiextensions('WebhookConversion')), 'How to call the conversion webhook, for strategy Webhook.')),
  }),

  struct(
    apiextensions('CustomResourceDefinition'),
    'A resource the API server serves for custom objects; its name is "<plural>.<group>".',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(apiextensions('CustomResourceDefinitionSpec'), { default: {} }), 'How the resource is to be served.', { required: true }),
      status: field(3, ref(apiextensions('CustomResourceDefinitionStatus'), { default: {} }), 'How the resource is actually served.'),
    },
    { groupVersionKinds: kinds('CustomResourceDefinition', [gv]) },
  ),

  struct(apiextensions('CustomResourceDefinitionCondition'), 'One aspect of the state of a CustomResourceDefinition.', {
    type: field(1, string({ default: '' }), 'Established, NamesAccepted, Terminating, ...', { required: true }),
    status: field(2, string({ default: '' }), 'True, False or Unknown.', { required: true }),
    lastTransitionTime: field(3, ref(timeName), 'When the status last changed.'),
    reason: field(4, string(), 'Why the status is what it is, in CamelCase.'),
    message: field(5, string(), 'Why the status is what it is, for people.'),
    observedGeneration: field(6, int64(), 'The generation of the definition the condition was computed from.'),
  }),
  listKind(apiextensions('CustomResourceDefinition'), gv, 'A list of CustomResourceDefinitions.'),

  struct(apiextensions('CustomResourceDefinitionNames'), 'The names a custom resource is served under.', {
    plural: field(1, string({ default: '' }), 'The lowercase plural name, used in URLs.', { required: true }),
    singular: field(2, string(), 'The lowercase singular name; the lowercased kind when unset.'),
    shortNames: field(3, stringItems, 'Lowercase short names kubectl accepts.', { listType: 'atomic' }),
    kind: field(4, string({ default: '' }), 'The kind of the objects, in CamelCase.', { required: true }),
    listKind: field(5, string(), 'The kind of lists of the objects; "<kind>List" when unset.'),
    categories: field(6, stringItems, 'Groups of resources this one belongs to, such as "all".', { listType: 'atomic' }),
  }),

  struct(apiextensions('CustomResourceDefinitionSpec'), 'How a custom resource is to be served.', {
    group: field(1, string({ default: '' }), 'The API group of the resource.', { required: true }),
    names: field(3, ref(apiextensions('CustomResourceDefinitionNames'), { default: {} }), 'The names of the resource and its kind.', { required: true }),
    scope: field(4, string({ default: '' }), 'Cluster or Namespaced.', { required: true }),
    versions: field(7, list(ref(apiextensions('CustomResourceDefinitionVersion'), { default: {} })), 'Every version of the resource.', {
      required: true,
      listType: 'atomic',
    }),
    conversion: pointer(field(9, ref(apiextensions('CustomResourceConversion')), 'How objects are converted between versions.')),
    preserveUnknownFields: field(10, boolean(), 'Deprecated: whether fields missing from the schema are kept when storing.'),
  }),

  struct(apiextensions('CustomResourceDefinitionStatus'), 'How a custom resource is actually served.', {
    conditions: field(1, list(ref(apiextensions('CustomResourceDefinitionCondition'), { default: {} })), 'The current conditions of the definition.', {
      listType: 'map',
      listMapKeys: ['type'],
    }),
    acceptedNames: field(2, ref(apiextensions('CustomResourceDefinitionNames'), { default: {} }), "The names actually served, which may differ from the spec's."),
    storedVersions: field(3, stringItems, 'Every version objects were ever stored in.', { listType: 'atomic' }),
    observedGeneration: field(4, int64(), 'The generation of the definition the controller last saw.'),
  }),

  struct(apiextensions('CustomResourceDefinitionVersion'), 'One version of a custom resource.', {
    name: field(1, string({ default: '' }), 'The version name, such as "v1" or "v2beta1".', { required: true }),
    served: field(2, boolean({ default: false }), 'Whether the version is served through the REST API.', { required: true }),
    storage: field(3, boolean({ default: false }), 'Whether objects are stored in this version; exactly one version has it.', { required: true }),
    deprecated: field(7, boolean(), 'Whether the version is deprecated; requests to it get a warning.'),
    deprecationWarning: pointer(field(8, string(), 'The warning sent instead of the default one for a deprecated version.')),
    schema: pointer(field(4, ref(apiextensions('CustomResourceValidation')), 'The schema for validation, pruning and defaulting.')),
    subresources: pointer(field(5, ref(apiextensions('CustomResourceSubresources')), 'The status and scale subresources the version serves.')),
    additionalPrinterColumns: field(6, list(ref(apiextensions('CustomResourceColumnDefinition'), { default: {} })), 'Extra columns of the table output.', {
      listType: 'atomic',
    }),
    selectableFields: field(9, list(ref(apiextensions('SelectableField'), { default: {} })), 'Fields that field selectors may use, at most 8.', {
      listType: 'atomic',
    }),
  }),

  struct(apiextensions('CustomResourceSubresourceScale'), 'How the scale subresource of a custom resource maps onto its fields.', {
    specReplicasPath: field(1, string({ default: '' }), 'The JSON path, under .spec, of the desired replicas.', { required: true }),
    statusReplicasPath: field(2, string({ default: '' }), 'The JSON path, under .status, of the observed replicas.', { required: true }),
    labelSelectorPath: pointer(field(3, string(), 'The JSON path of the label selector, as a string.')),
  }),

  struct(apiextensions('CustomResourceSubresourceStatus'), 'Turns on the status subresource: .status is written only through it.', {}),

  struct(apiextensions('CustomResourceSubresources'), 'The subresources a custom resource version serves.', {
    status: pointer(field(1, ref(apiextensions('CustomResourceSubresourceStatus')), 'Serve a /status subresource.')),
    scale: pointer(field(2, ref(apiextensions('CustomResourceSubresourceScale')), 'Serve a /scale subresource.')),
  }),

  struct(apiextensions('CustomResourceValidation'), 'How custom objects are validated.', {
    openAPIV3Schema: pointer(field(1, ref(propsName), 'The OpenAPI v3 schema to validate and prune with.')),
  }),

  struct(apiextensions('ExternalDocumentation'), 'A pointer to documentation elsewhere.', {
    description: field(1, string(), 'What the documentation is about.'),
    url: field(2, string(), 'Where the documentation is.'),
  }),

  opaque(jsonName, 'Any JSON value.', {}),

  struct(propsName, 'A JSON schema (draft 4, with Kubernetes extensions) for the values of a custom resource.', {
    id: field(1, string(), 'The identifier of the schema.'),
    $schema: field(2, string(), 'The URI of the meta-schema.'),
    $ref: pointer(field(3, string(), 'A reference to another schema.')),
    description: field(4, string(), 'What the value means.'),
    type: field(5, string(), 'The JSON type of the value.'),
    format: field(6, string(), 'The format of the value, such as date-time or uuid.'),
    title: field(7, string(), 'A short title of the value.'),
    default: pointer(field(8, ref(jsonName), 'The value used when none is given.')),
    maximum: pointer(field(9, double(), 'The largest number allowed.')),
    exclusiveMaximum: field(10, boolean(), 'Whether the maximum itself is excluded.'),
    minimum: pointer(field(11, double(), 'The smallest number allowed.')),
    exclusiveMinimum: field(12, boolean(), 'Whether the minimum itself is excluded.'),
    maxLength: pointer(field(13, int64(), 'The longest string allowed.')),
    minLength: pointer(field(14, int64(), 'The shortest string allowed.')),
    pattern: field(15, string(), 'A regular expression strings must match.'),
    maxItems: pointer(field(16, int64(), 'The most items an array may have.')),
    minItems: pointer(field(17, int64(), 'The fewest items an array may have.')),
    uniqueItems: field(18, boolean(), 'Whether the items of an array must differ.'),
    multipleOf: pointer(field(19, double(), 'A number the value must be a multiple of.')),
    enum: field(20, list(ref(jsonName)), 'The values allowed.', { listType: 'atomic' }),
    maxProperties: pointer(field(21, int64(), 'The most properties an object may have.')),
    minProperties: pointer(field(22, int64(), 'The fewest properties an object may have.')),
    required: field(23, stringItems, 'The properties an object must have.', { listType: 'atomic' }),
    items: pointer(field(24, ref(apiextensions('JSONSchemaPropsOrArray')), 'The schema of array items.')),
    allOf: field(25, list(props), 'Schemas the value must all match.', { listType: 'atomic' }),
    oneOf: field(26, list(props), 'Schemas exactly one of which the value must match.', { listType: 'atomic' }),
    anyOf: field(27, list(props), 'Schemas at least one of which the value must match.', { listType: 'atomic' }),
    not: pointer(field(28, ref(propsName), 'A schema the value must not match.')),
    properties: field(29, map(props), "The schemas of the object's properties, by name."),
    additionalProperties: pointer(field(30, ref(apiextensions('JSONSchemaPropsOrBool')), 'Whether, or with what schema, other properties are allowed.')),
    patternProperties: field(31, map(props), 'The schemas of properties whose names match a pattern.'),
    dependencies: field(32, map(ref(apiextensions('JSONSchemaPropsOrStringArray'))), 'What the presence of a property requires.'),
    additionalItems: pointer(field(33, ref(apiextensions('JSONSchemaPropsOrBool')), 'Whether, or with what schema, items beyond the listed ones are allowed.')),
    definitions: field(34, map(props), 'Schemas that references can name.'),
    externalDocs: pointer(field(35, ref(apiextensions('ExternalDocumentation')), 'Documentation elsewhere.')),
    example: pointer(field(36, ref(jsonName), 'An example value.')),
    nullable: field(37, boolean(), 'Whether null is allowed.'),
    'x-kubernetes-preserve-unknown-fields': pointer(field(38, boolean(), 'Keep fields the schema does not declare instead of pruning them.')),
    'x-kubernetes-embedded-resource': field(39, boolean(), 'The value is a whole embedded object with apiVersion, kind and metadata.'),
    'x-kubernetes-int-or-string': field(40, boolean(), 'The value is either an integer or a string.'),
    'x-kubernetes-list-map-keys': field(41, stringItems, 'The item fields that identify an item of a map list.', { listType: 'atomic' }),
    'x-kubernetes-list-type': pointer(field(42, string(), 'atomic, set or map: how the array merges.')),
    'x-kubernetes-map-type': pointer(field(43, string(), 'granular or atomic: how the object merges.')),
    'x-kubernetes-validations': field(44, list(ref(apiextensions('ValidationRule'), { default: {} })), 'CEL rules the value must satisfy.', {
      listType: 'map',
      listMapKeys: ['rule'],
      patchStrategy: 'merge',
      patchMergeKey: 'rule',
    }),
  }),

  opaque(apiextensions('JSONSchemaPropsOrArray'), 'A schema, or an array of schemas.', {}),
  opaque(apiextensions('JSONSchemaPropsOrBool'), 'A schema, or a boolean (true when unset).', {}),
  opaque(apiextensions('JSONSchemaPropsOrStringArray'), 'A schema, or an array of strings.', {}),

  struct(apiextensions('SelectableField'), 'A field of a custom resource that field selectors may use.', {
    jsonPath: field(1, string({ default: '' }), 'The simple JSON path of the field, which must be a string, boolean or integer.', { required: true }),
  }),

  struct(apiextensions('ServiceReference'), 'A reference to the Service a webhook runs behind.', {
    namespace: field(1, string({ default: '' }), 'The namespace of the service.', { required: true }),
    name: field(2, string({ default: '' }), 'The name of the service.', { required: true }),
    path: pointer(field(3, string(), 'The URL path requests are sent to.')),
    port: pointer(field(4, int32(), 'The port of the service; 443 when unset.')),
  }),

  struct(apiextensions('ValidationRule'), 'A CEL rule a value of a custom resource must satisfy.', {
    rule: field(1, string({ default: '' }), 'The CEL expression, with the value as self (and the old value as oldSelf).', { required: true }),
    message: field(2, string(), 'The message when the rule fails.'),
    messageExpression: field(3, string(), 'A CEL expression giving the message when the rule fails.'),
    reason: pointer(field(4, string({ enum: fieldValueErrorReasons }), 'The reason reported when the rule fails, such as FieldValueInvalid.')),
    fieldPath: field(5, string(), 'The path of the field reported when the rule fails.'),
    optionalOldSelf: pointer(field(6, boolean(), 'Evaluate a transition rule also when there is no old value, with oldSelf as an optional.')),
  }),

  struct(apiextensions('WebhookClientConfig'), 'How to reach a webhook over TLS: a URL or a service.', {
    url: pointer(field(3, string(), 'The https URL of the webhook, when it is not reached through a service.')),
    service: pointer(field(1, ref(apiextensions('ServiceReference')), 'The service the webhook runs behind.')),
    caBundle: field(2, bytes(), "PEM-encoded CA certificates to check the webhook's certificate with."),
  }),

  struct(apiextensions('WebhookConversion'), 'How to call a conversion webhook.', {
    clientConfig: pointer(field(2, ref(apiextensions('WebhookClientConfig')), 'How to reach the webhook.')),
    conversionReviewVersions: field(3, stringItems, 'The ConversionReview versions the webhook accepts, most preferred first.', {
      required: true,
      listType: 'atomic',
    }),
  }),
];
