// The types of admissionregistration.k8s.io/v1beta1 that kube-apiserver 1.35 serves (behind the
// MutatingAdmissionPolicy feature gate and --runtime-config): MutatingAdmissionPolicy and its
// binding. Their matching and parameter types are v1's, field for field, under v1beta1's names.

import { apiName, field, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { byNameMarkers, policyMatchingTypes } from './admissionregistration-v1.ts';
import { failurePolicyTypes, patchTypes, reinvocationPolicyTypes } from './enum-values.ts';
import { kinds, listKind, objectMetaField, typeMetaFields } from './meta-v1.ts';

const admission = (type: string): string => apiName('admissionregistration', 'v1beta1', type);
const gv = 'admissionregistration.k8s.io/v1beta1';
const policyMatching = policyMatchingTypes('v1beta1');

export const admissionregistrationV1beta1Types: readonly TypeDeclaration[] = [
  struct(admission('ApplyConfiguration'), 'An apply configuration, made by CEL, merged into the object as server-side apply merges.', {
    expression: field(1, string(), 'The CEL expression giving the apply configuration, an Object{...} value.'),
  }),

  struct(admission('JSONPatch'), 'A JSON Patch, made by CEL, applied to the object.', {
    expression: field(1, string(), 'The CEL expression giving the patch, a list of JSONPatch{op, path, from, value} values.'),
  }),

  policyMatching.matchCondition,
  policyMatching.matchResources,

  struct(
    admission('MutatingAdmissionPolicy'),
    'A policy of CEL mutations applied to the objects of the requests it matches.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(admission('MutatingAdmissionPolicySpec'), { default: {} }), 'What the policy matches and how it mutates.'),
    },
    { groupVersionKinds: kinds('MutatingAdmissionPolicy', [gv]) },
  ),

  struct(
    admission('MutatingAdmissionPolicyBinding'),
    'Binds a mutating admission policy to parameters and to the resources it applies to.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(admission('MutatingAdmissionPolicyBindingSpec'), { default: {} }), 'Which policy, which parameters, which resources.'),
    },
    { groupVersionKinds: kinds('MutatingAdmissionPolicyBinding', [gv]) },
  ),
  listKind(admission('MutatingAdmissionPolicyBinding'), gv, 'A list of MutatingAdmissionPolicyBindings.'),

  struct(admission('MutatingAdmissionPolicyBindingSpec'), 'What a mutating policy binding binds.', {
    policyName: field(1, string(), 'The name of the MutatingAdmissionPolicy bound.'),
    paramRef: pointer(field(2, ref(admission('ParamRef')), 'The parameter objects the policy is evaluated with.')),
    matchResources: pointer(field(3, ref(admission('MatchResources')), 'Narrows the resources the policy matches; unset keeps them all.')),
  }),
  listKind(admission('MutatingAdmissionPolicy'), gv, 'A list of MutatingAdmissionPolicies.'),

  struct(admission('MutatingAdmissionPolicySpec'), 'What a mutating admission policy matches and how it mutates.', {
    paramKind: pointer(field(1, ref(admission('ParamKind')), 'The kind of the parameter objects; unset means the policy takes none.')),
    matchConstraints: pointer(field(2, ref(admission('MatchResources')), 'The resources the policy applies to: CREATE, UPDATE and CONNECT only.')),
    variables: field(3, list(ref(admission('Variable'), { default: {} })), 'Named CEL expressions the mutations can use, each seeing those before it.', {
      listType: 'atomic',
    }),
    mutations: field(4, list(ref(admission('Mutation'), { default: {} })), 'The mutations, applied in order; at least one.', { listType: 'atomic' }),
    failurePolicy: pointer(field(5, string({ enum: failurePolicyTypes }), 'Ignore or Fail: what an error evaluating the policy does to the request.')),
    matchConditions: field(6, list(ref(admission('MatchCondition'), { default: {} })), 'CEL conditions all of which a request must satisfy.', byNameMarkers),
    reinvocationPolicy: field(7, string({ enum: reinvocationPolicyTypes }), 'Never or IfNeeded: whether the mutations run again after later mutations change the object.'),
  }),

  struct(admission('Mutation'), 'One mutation of a policy: an apply configuration or a JSON Patch.', {
    patchType: field(2, string({ default: '', enum: patchTypes }), 'ApplyConfiguration or JSONPatch: which of the two fields below is set.', { required: true }),
    applyConfiguration: pointer(field(3, ref(admission('ApplyConfiguration')), 'The apply configuration, with patchType ApplyConfiguration.')),
    jsonPatch: pointer(field(4, ref(admission('JSONPatch')), 'The JSON Patch, with patchType JSONPatch.')),
  }),

  policyMatching.namedRuleWithOperations,
  policyMatching.paramKind,
  policyMatching.paramRef,
  policyMatching.variable,
];
