// The types of admissionregistration.k8s.io/v1.

import { apiName, bytes, field, int32, int64, list, pointer, ref, string, struct, type FieldDeclaration, type TypeDeclaration } from '../schema.ts';
import { failurePolicyTypes, matchPolicyTypes, operationTypes, reinvocationPolicyTypes, ruleScopes, sideEffectClasses, validationActions } from './enum-values.ts';
import { conditionName, kinds, labelSelectorName, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const admission = (type: string): string => apiName('admissionregistration', 'v1', type);
const gv = 'admissionregistration.k8s.io/v1';
const stringItems = list(string({ default: '' }));
const operations = list(string({ default: '', enum: operationTypes }));

// Go embeds Rule inline in RuleWithOperations (Protobuf field 2, rule), and RuleWithOperations
// inline in NamedRuleWithOperations (Protobuf field 2, ruleWithOperations); JSON flattens them.
const ruleFields = (embeddedIn: number | readonly number[]): Readonly<Record<string, FieldDeclaration>> => {
  const numbered = (protobuf: number): Pick<FieldDeclaration, 'protobuf' | 'protobufEmbeddedIn'> => ({ protobuf, protobufEmbeddedIn: embeddedIn });
  return {
    apiGroups: { schema: stringItems, description: 'The API groups matched, or "*" for all.', listType: 'atomic', ...numbered(1) },
    apiVersions: { schema: stringItems, description: 'The API versions matched, or "*" for all.', listType: 'atomic', ...numbered(2) },
    resources: { schema: stringItems, description: 'The resources matched, such as "pods", "pods/log", "*" or "*/*".', listType: 'atomic', ...numbered(3) },
    scope: { schema: string({ enum: ruleScopes }), description: 'Cluster, Namespaced or "*": the scope of the resources matched.', pointer: true, ...numbered(4) },
  };
};
const operationsDescription = 'The operations matched: CREATE, UPDATE, DELETE, CONNECT, or "*" for all.';

/** The fields MutatingWebhook and ValidatingWebhook share, up to their first difference. */
const webhookFields = (objectSelectorNumber: number): Record<string, FieldDeclaration> => ({
  name: field(1, string({ default: '' }), 'The fully qualified name of the webhook, such as imagepolicy.kubernetes.io.', { required: true }),
  clientConfig: field(2, ref(admission('WebhookClientConfig'), { default: {} }), 'How to reach the webhook.', { required: true }),
  rules: field(3, list(ref(admission('RuleWithOperations'), { default: {} })), 'The operations and resources the webhook is called for, if any rule matches.', {
    listType: 'atomic',
  }),
  failurePolicy: pointer(field(4, string({ enum: failurePolicyTypes }), 'Ignore or Fail: what an error calling the webhook does to the request.')),
  matchPolicy: pointer(field(9, string({ enum: matchPolicyTypes }), 'Exact or Equivalent: whether requests through other versions of a matched resource are sent too.')),
  namespaceSelector: pointer(field(5, ref(labelSelectorName), "Which namespaces' objects the webhook is called for.")),
  objectSelector: pointer(field(objectSelectorNumber, ref(labelSelectorName), 'Which objects, by their labels, the webhook is called for.')),
  sideEffects: pointer(field(6, string({ enum: sideEffectClasses }), 'None or NoneOnDryRun: whether calling the webhook changes anything elsewhere.', { required: true })),
  timeoutSeconds: pointer(field(7, int32(), 'How long to wait for the webhook, 1 to 30 seconds.')),
  admissionReviewVersions: field(8, stringItems, 'The AdmissionReview versions the webhook accepts, most preferred first.', {
    required: true,
    listType: 'atomic',
  }),
});

/** A list of named items that apply and strategic merge patch merge by name. */
export const byNameMarkers = { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' } as const;

/**
 * The types of policy matching and parameters, which admissionregistration.k8s.io/v1beta1 declares
 * again, field for field, for its MutatingAdmissionPolicy: declared once here, named in either version.
 */
export function policyMatchingTypes(version: 'v1' | 'v1beta1') {
  const named = (type: string): string => apiName('admissionregistration', version, type);
  const namedRule = ref(named('NamedRuleWithOperations'), { default: {} });
  return {
    matchCondition: struct(named('MatchCondition'), 'A CEL condition a request must satisfy to be sent to a webhook or policy.', {
      name: field(1, string({ default: '' }), 'The name of the condition, unique in its list.', { required: true }),
      expression: field(2, string({ default: '' }), 'The CEL expression, which must give a boolean.', { required: true }),
    }),
    matchResources: struct(
      named('MatchResources'),
      'Which requests a policy applies to, by namespace, object labels and resource rules; exclusions win.',
      {
        namespaceSelector: pointer(field(1, ref(labelSelectorName), "Which namespaces' objects match.")),
        objectSelector: pointer(field(2, ref(labelSelectorName), 'Which objects, by their labels, match.')),
        resourceRules: field(3, list(namedRule), 'The operations and resources that match.', { listType: 'atomic' }),
        excludeResourceRules: field(4, list(namedRule), 'The operations and resources excluded.', { listType: 'atomic' }),
        matchPolicy: pointer(field(7, string({ enum: matchPolicyTypes }), 'Exact or Equivalent: whether requests through other versions of a matched resource match too.')),
      },
      { mapType: 'atomic' },
    ),
    // v1beta1's embeds v1's RuleWithOperations, so the Protobuf layout is the same.
    namedRuleWithOperations: struct(
      named('NamedRuleWithOperations'),
      'Operations and resources, optionally narrowed to some object names.',
      {
        resourceNames: field(1, stringItems, 'The object names matched; empty matches all.', { listType: 'atomic' }),
        operations: field(1, operations, operationsDescription, { listType: 'atomic', protobufEmbeddedIn: 2 }),
        ...ruleFields([2, 2]),
      },
      { mapType: 'atomic' },
    ),
    paramKind: struct(
      named('ParamKind'),
      "The group-version and kind of a policy's parameter objects.",
      {
        apiVersion: field(1, string(), 'The group and version, as "group/version".'),
        kind: field(2, string(), 'The kind.'),
      },
      { mapType: 'atomic' },
    ),
    paramRef: struct(
      named('ParamRef'),
      'How a policy binding finds its parameter objects: by name or by label selector.',
      {
        name: field(1, string(), 'The name of the one parameter object.'),
        namespace: field(2, string(), 'The namespace the parameter objects are in.'),
        selector: pointer(field(3, ref(labelSelectorName), 'Selects several parameter objects by label; all are evaluated.')),
        parameterNotFoundAction: pointer(field(4, string(), 'Allow or Deny: what happens when no parameter object is found.')),
      },
      { mapType: 'atomic' },
    ),
    variable: struct(
      named('Variable'),
      'A named CEL expression other expressions of a policy can use.',
      {
        name: field(1, string({ default: '' }), 'The name, a CEL identifier, used as variables.<name>.', { required: true }),
        expression: field(2, string({ default: '' }), 'The CEL expression giving the value.', { required: true }),
      },
      { mapType: 'atomic' },
    ),
  };
}

const policyMatching = policyMatchingTypes('v1');

export const admissionregistrationV1Types: readonly TypeDeclaration[] = [
  struct(admission('AuditAnnotation'), 'How a policy produces one audit annotation.', {
    key: field(1, string({ default: '' }), 'The annotation key, unique within the policy.', { required: true }),
    valueExpression: field(2, string({ default: '' }), 'The CEL expression giving the value; null or empty leaves the annotation out.', { required: true }),
  }),

  struct(admission('ExpressionWarning'), 'A type-checking warning about one expression.', {
    fieldRef: field(2, string({ default: '' }), 'The path of the field holding the expression.', { required: true }),
    warning: field(3, string({ default: '' }), 'The warning, for people.', { required: true }),
  }),

  policyMatching.matchCondition,
  policyMatching.matchResources,

  struct(admission('MutatingWebhook'), 'A mutating admission webhook and the requests it is called for.', {
    ...webhookFields(11),
    reinvocationPolicy: pointer(field(10, string({ enum: reinvocationPolicyTypes }), 'Never or IfNeeded: whether the webhook is called again after later mutations.')),
    matchConditions: field(12, list(ref(admission('MatchCondition'), { default: {} })), 'CEL conditions all of which a request must satisfy.', byNameMarkers),
  }),

  struct(
    admission('MutatingWebhookConfiguration'),
    'A set of mutating admission webhooks.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      webhooks: field(2, list(ref(admission('MutatingWebhook'), { default: {} })), 'The webhooks.', byNameMarkers),
    },
    { groupVersionKinds: kinds('MutatingWebhookConfiguration', [gv]) },
  ),
  listKind(admission('MutatingWebhookConfiguration'), gv, 'A list of MutatingWebhookConfigurations.'),

  policyMatching.namedRuleWithOperations,
  policyMatching.paramKind,
  policyMatching.paramRef,

  struct(admission('RuleWithOperations'), 'Operations on resources that an admission hook is called for.', {
    operations: field(1, operations, operationsDescription, { listType: 'atomic' }),
    ...ruleFields(2),
  }),

  struct(admission('ServiceReference'), 'A reference to the Service a webhook runs behind.', {
    namespace: field(1, string({ default: '' }), 'The namespace of the service.', { required: true }),
    name: field(2, string({ default: '' }), 'The name of the service.', { required: true }),
    path: pointer(field(3, string(), 'The URL path requests are sent to.')),
    port: pointer(field(4, int32(), 'The port of the service; 443 when unset.')),
  }),

  struct(admission('TypeChecking'), "The outcome of type-checking a policy's expressions.", {
    expressionWarnings: field(1, list(ref(admission('ExpressionWarning'), { default: {} })), 'The warnings, one per expression with a problem.', {
      listType: 'atomic',
    }),
  }),

  struct(
    admission('ValidatingAdmissionPolicy'),
    'A policy of CEL expressions that accepts or rejects requests without changing them.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(admission('ValidatingAdmissionPolicySpec'), { default: {} }), 'What the policy checks and how.'),
      status: field(3, ref(admission('ValidatingAdmissionPolicyStatus'), { default: {} }), 'The observed state of the policy, such as type-checking warnings.'),
    },
    { groupVersionKinds: kinds('ValidatingAdmissionPolicy', [gv]) },
  ),

  struct(
    admission('ValidatingAdmissionPolicyBinding'),
    'Binds a validating admission policy to parameters and to the resources it applies to.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(admission('ValidatingAdmissionPolicyBindingSpec'), { default: {} }), 'Which policy, which parameters, which resources.'),
    },
    { groupVersionKinds: kinds('ValidatingAdmissionPolicyBinding', [gv]) },
  ),
  listKind(admission('ValidatingAdmissionPolicyBinding'), gv, 'A list of ValidatingAdmissionPolicyBindings.'),

  struct(admission('ValidatingAdmissionPolicyBindingSpec'), 'What a policy binding binds.', {
    policyName: field(1, string(), 'The name of the ValidatingAdmissionPolicy bound.'),
    paramRef: pointer(field(2, ref(admission('ParamRef')), 'The parameter objects the policy is evaluated with.')),
    matchResources: pointer(field(3, ref(admission('MatchResources')), 'Narrows the resources the policy matches; unset keeps them all.')),
    validationActions: field(4, list(string({ default: '', enum: validationActions })), 'Deny, Warn and/or Audit: what a failed validation does.', { listType: 'set' }),
  }),
  listKind(admission('ValidatingAdmissionPolicy'), gv, 'A list of ValidatingAdmissionPolicies.'),

  struct(admission('ValidatingAdmissionPolicySpec'), 'What a validating admission policy checks and how.', {
    paramKind: pointer(field(1, ref(admission('ParamKind')), 'The kind of the parameter objects; unset means the policy takes none.')),
    matchConstraints: pointer(field(2, ref(admission('MatchResources')), 'The resources the policy applies to.')),
    validations: field(3, list(ref(admission('Validation'), { default: {} })), 'The CEL validations.', { listType: 'atomic' }),
    failurePolicy: pointer(field(4, string({ enum: failurePolicyTypes }), 'Ignore or Fail: what an error evaluating the policy does to the request.')),
    auditAnnotations: field(5, list(ref(admission('AuditAnnotation'), { default: {} })), 'The audit annotations the policy produces.', {
      listType: 'atomic',
    }),
    matchConditions: field(6, list(ref(admission('MatchCondition'), { default: {} })), 'CEL conditions all of which a request must satisfy.', byNameMarkers),
    variables: field(7, list(ref(admission('Variable'), { default: {} })), 'Named CEL expressions the other expressions can use.', byNameMarkers),
  }),

  struct(admission('ValidatingAdmissionPolicyStatus'), 'The observed state of a validating admission policy.', {
    observedGeneration: field(1, int64(), 'The generation the controller last saw.'),
    typeChecking: pointer(field(2, ref(admission('TypeChecking')), 'The outcome of type-checking the expressions, once done.')),
    conditions: field(3, list(ref(conditionName, { default: {} })), 'The current conditions of the policy.', { listType: 'map', listMapKeys: ['type'] }),
  }),

  struct(admission('ValidatingWebhook'), 'A validating admission webhook and the requests it is called for.', {
    ...webhookFields(10),
    matchConditions: field(11, list(ref(admission('MatchCondition'), { default: {} })), 'CEL conditions all of which a request must satisfy.', byNameMarkers),
  }),

  struct(
    admission('ValidatingWebhookConfiguration'),
    'A set of validating admission webhooks.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      webhooks: field(2, list(ref(admission('ValidatingWebhook'), { default: {} })), 'The webhooks.', byNameMarkers),
    },
    { groupVersionKinds: kinds('ValidatingWebhookConfiguration', [gv]) },
  ),
  listKind(admission('ValidatingWebhookConfiguration'), gv, 'A list of ValidatingWebhookConfigurations.'),

  struct(admission('Validation'), 'One CEL validation of a policy.', {
    expression: field(1, string({ default: '' }), 'The CEL expression, which must give true for the request to pass.', { required: true }),
    message: field(2, string(), 'The message when the validation fails.'),
    reason: pointer(field(3, string(), 'The reason reported when the validation fails, such as Invalid or Forbidden.')),
    messageExpression: field(4, string(), 'A CEL expression giving the message when the validation fails.'),
  }),

  policyMatching.variable,

  struct(admission('WebhookClientConfig'), 'How to reach a webhook over TLS: a URL or a service.', {
    url: pointer(field(3, string(), 'The https URL of the webhook, when it is not reached through a service.')),
    service: pointer(field(1, ref(admission('ServiceReference')), 'The service the webhook runs behind.')),
    caBundle: field(2, bytes(), "PEM-encoded CA certificates to check the webhook's certificate with."),
  }),
];
