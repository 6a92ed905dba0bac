// A MutatingAdmissionPolicy and its binding (admissionregistration.k8s.io/v1beta1) with every field
// set, in Protobuf: client-go v0.35's encoding of them (written once by its Protobuf serializer from
// the JSON below) must read as that JSON, which checks every field number and the embedded rule of
// NamedRuleWithOperations; and Capstan's own encoding must read back the same.

import test from 'ava';
import { decodeProtobufObject } from '../src/codec/protobuf/decode-object.ts';
import { encodeProtobufObject } from '../src/codec/protobuf/encode-object.ts';

const policy = {
  apiVersion: 'admissionregistration.k8s.io/v1beta1',
  kind: 'MutatingAdmissionPolicy',
  metadata: { name: 'add-label', generation: 3, labels: { team: 'a' } },
  spec: {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    matchConstraints: {
      namespaceSelector: { matchLabels: { env: 'prod' } },
      objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] },
      resourceRules: [{ resourceNames: ['web'], operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'], scope: 'Namespaced' }],
      excludeResourceRules: [{ operations: ['CONNECT'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/exec'], scope: '*' }],
      matchPolicy: 'Exact',
    },
    variables: [{ name: 'team', expression: 'params.data.team' }],
    mutations: [
      { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": variables.team}}}' } },
      { patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels/x", value: "y"}]' } },
    ],
    failurePolicy: 'Ignore',
    matchConditions: [{ name: 'not-system', expression: '!object.metadata.namespace.startsWith("kube-")' }],
    reinvocationPolicy: 'IfNeeded',
  },
};

const binding = {
  apiVersion: 'admissionregistration.k8s.io/v1beta1',
  kind: 'MutatingAdmissionPolicyBinding',
  metadata: { name: 'add-label-binding' },
  spec: {
    policyName: 'add-label',
    paramRef: { name: 'team-config', namespace: 'default', selector: { matchLabels: { a: 'b' } }, parameterNotFoundAction: 'Deny' },
    matchResources: {
      namespaceSelector: {},
      objectSelector: {},
      resourceRules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: 'Cluster' }],
      matchPolicy: 'Equivalent',
    },
  },
};

/** client-go's Protobuf bodies (the k8s\0 envelope included) of the two objects, base64. */
const clientGoPolicy =
  'azhzAAo/CiRhZG1pc3Npb25yZWdpc3RyYXRpb24uazhzLmlvL3YxYmV0YTESF011dGF0aW5nQWRtaXNzaW9uUG9saWN5EuIDCiQKCWFkZC1sYWJlbBIAGgAiACoAMgA4A0IAWgkKBHRlYW0SAWESuQ' +
  'MKDwoCdjESCUNvbmZpZ01hcBKPAQoNCgsKA2VudhIEcHJvZBIWEhQKBHNraXASDERvZXNOb3RFeGlzdBo8CgN3ZWISNQoGQ1JFQVRFCgZVUERBVEUSIwoEYXBwcxICdjEaC2RlcGxveW1lbnRzIgpO' +
  'YW1lc3BhY2VkIiESHwoHQ09OTkVDVBIUCgASAnYxGglwb2RzL2V4ZWMiASo6BUV4YWN0GhgKBHRlYW0SEHBhcmFtcy5kYXRhLnRlYW0iWxISQXBwbHlDb25maWd1cmF0aW9uGkUKQ09iamVjdHttZX' +
  'RhZGF0YTogT2JqZWN0Lm1ldGFkYXRhe2xhYmVsczogeyJ0ZWFtIjogdmFyaWFibGVzLnRlYW19fX0iTRIJSlNPTlBhdGNoIkAKPltKU09OUGF0Y2h7b3A6ICJhZGQiLCBwYXRoOiAiL21ldGFkYXRh' +
  'L2xhYmVscy94IiwgdmFsdWU6ICJ5In1dKgZJZ25vcmUyPAoKbm90LXN5c3RlbRIuIW9iamVjdC5tZXRhZGF0YS5uYW1lc3BhY2Uuc3RhcnRzV2l0aCgia3ViZS0iKToISWZOZWVkZWQaACIA';
const clientGoBinding =
  'azhzAApGCiRhZG1pc3Npb25yZWdpc3RyYXRpb24uazhzLmlvL3YxYmV0YTESHk11dGF0aW5nQWRtaXNzaW9uUG9saWN5QmluZGluZxKFAQohChFhZGQtbGFiZWwtYmluZGluZxIAGgAiACoAMgA4AE' +
  'IAEmAKCWFkZC1sYWJlbBImCgt0ZWFtLWNvbmZpZxIHZGVmYXVsdBoICgYKAWESAWIiBERlbnkaKwoAEgAaGRIXCgEqEhIKASoSASoaASoiB0NsdXN0ZXI6CkVxdWl2YWxlbnQaACIA';

test("client-go's Protobuf MutatingAdmissionPolicy reads as its JSON, every field in its place", (t) => {
  t.deepEqual(decodeProtobufObject(Buffer.from(clientGoPolicy, 'base64')), policy);
});

test("client-go's Protobuf MutatingAdmissionPolicyBinding reads as its JSON", (t) => {
  t.deepEqual(decodeProtobufObject(Buffer.from(clientGoBinding, 'base64')), binding);
});

test('a MutatingAdmissionPolicy and its binding written as Protobuf read back the same', (t) => {
  for (const object of [policy, binding]) t.deepEqual(decodeProtobufObject(encodeProtobufObject(object)), object);
});
