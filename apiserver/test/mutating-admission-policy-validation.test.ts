// MutatingAdmissionPolicy and its binding (admissionregistration.k8s.io/v1beta1) defaulted and
// checked as kube-apiserver 1.35.4 does: each bad object below was created with dryRun=All on a
// kube-apiserver started with --feature-gates=MutatingAdmissionPolicy=true
// --runtime-config=admissionregistration.k8s.io/v1beta1=true, and its answer's causes are the
// expected errors, in kube's order. The resources are fed directly: they are served only when
// enabled, which the server's flags decide.

import test from 'ava';
import { type FieldError, fieldErrorMessage } from '@capstan/common';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { mutatingAdmissionPolicyResource } from '../src/resources/admissionregistration/mutatingadmissionpolicies.ts';
import { mutatingAdmissionPolicyBindingResource } from '../src/resources/admissionregistration/mutatingadmissionpolicybindings.ts';
import { optionalResources } from '../src/resources/optional-resources.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

/** The object as the server has it before validation (defaulted), and the errors of its create or update. */
function errorsOf(definition: ResourceDefinition, object: JsonObject, old?: JsonObject): string[] {
  const { defaults, validation } = definition.behaviour;
  const defaulted = structuredClone(object);
  defaults?.(defaulted);
  const errors: FieldError[] =
    old === undefined
      ? [...(validation.validate?.(defaulted) ?? []), ...(validation.validateCreate?.(defaulted) ?? [])]
      : (validation.validateUpdate?.(defaulted, old, validation.validate?.(defaulted) ?? []) ?? []);
  return errors.map(fieldErrorMessage);
}

const rule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };
const constraints = { resourceRules: [rule] };
const jsonPatch = { patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]' } };
const policy = (spec: JsonObject): JsonObject => ({ apiVersion: 'admissionregistration.k8s.io/v1beta1', kind: 'MutatingAdmissionPolicy', metadata: { name: 'p' }, spec });
const binding = (spec: JsonObject): JsonObject => ({ apiVersion: 'admissionregistration.k8s.io/v1beta1', kind: 'MutatingAdmissionPolicyBinding', metadata: { name: 'b' }, spec });
const policyErrors = (spec: JsonObject, old?: JsonObject): string[] => errorsOf(mutatingAdmissionPolicyResource, policy(spec), old);
const bindingErrors = (spec: JsonObject): string[] => errorsOf(mutatingAdmissionPolicyBindingResource, binding(spec));

const dns1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const dns1123 =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const namePart =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const mutatingOperations = 'supported values: "*", "CONNECT", "CREATE", "UPDATE"';

test('the two kinds are served behind the MutatingAdmissionPolicy gate, cluster-scoped, with every verb and no status', (t) => {
  t.deepEqual(
    optionalResources.map(({ definition, featureGate }) => [`${definition.group}/${definition.version}`, definition.resource, definition.kind, featureGate]),
    [
      ['admissionregistration.k8s.io/v1beta1', 'mutatingadmissionpolicies', 'MutatingAdmissionPolicy', 'MutatingAdmissionPolicy'],
      ['admissionregistration.k8s.io/v1beta1', 'mutatingadmissionpolicybindings', 'MutatingAdmissionPolicyBinding', 'MutatingAdmissionPolicy'],
    ],
  );
  for (const { definition } of optionalResources) {
    t.false(definition.namespaced);
    t.deepEqual(definition.categories, ['api-extensions']);
    t.deepEqual(definition.subresources, []);
    t.deepEqual([...definition.verbs].sort(), ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  }
});

test("a policy and a binding are defaulted as kube's v1beta1 defaulters do: no reinvocationPolicy, no parameterNotFoundAction", (t) => {
  const created = policy({
    reinvocationPolicy: 'IfNeeded',
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    matchConstraints: { resourceRules: [{ ...rule, operations: ['CREATE', 'UPDATE'] }], excludeResourceRules: [{ ...rule, apiGroups: ['apps'], scope: 'Namespaced' }] },
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"a": "b"}}}' } }],
  });
  mutatingAdmissionPolicyResource.behaviour.defaults?.(created);
  // kube-apiserver's answer to the create, its spec.
  t.deepEqual(created.spec, {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    matchConstraints: {
      namespaceSelector: {},
      objectSelector: {},
      resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: '*' }],
      excludeResourceRules: [{ operations: ['CREATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['pods'], scope: 'Namespaced' }],
      matchPolicy: 'Equivalent',
    },
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"a": "b"}}}' } }],
    failurePolicy: 'Fail',
    reinvocationPolicy: 'IfNeeded',
  });
  const bound = binding({ policyName: 'p', paramRef: { selector: {}, parameterNotFoundAction: 'Allow' }, matchResources: { resourceRules: [rule] } });
  mutatingAdmissionPolicyBindingResource.behaviour.defaults?.(bound);
  t.deepEqual(bound.spec, {
    policyName: 'p',
    paramRef: { selector: {}, parameterNotFoundAction: 'Allow' },
    matchResources: { namespaceSelector: {}, objectSelector: {}, resourceRules: [{ ...rule, scope: '*' }], matchPolicy: 'Equivalent' },
  });
  const bare = binding({ policyName: 'p' });
  mutatingAdmissionPolicyBindingResource.behaviour.defaults?.(bare);
  t.deepEqual(bare.spec, { policyName: 'p' });
  t.deepEqual(errorsOf(mutatingAdmissionPolicyResource, created), []);
  t.deepEqual(errorsOf(mutatingAdmissionPolicyBindingResource, bound), []);
});

test('a policy with an empty spec needs match constraints, a mutation and a reinvocation policy (its failurePolicy is defaulted)', (t) => {
  t.deepEqual(policyErrors({}), [
    'spec.matchConstraints: Required value',
    'spec.mutations: Required value: mutations must contain at least one item',
    'spec.reinvocationPolicy: Required value',
  ]);
});

test("a policy's failure and reinvocation policies are enums, and its paramKind a group-version and a kind", (t) => {
  t.deepEqual(
    policyErrors({
      failurePolicy: 'Sometimes',
      reinvocationPolicy: 'Always',
      paramKind: { apiVersion: 'a/b/c', kind: 'bad_kind' },
      matchConstraints: constraints,
      mutations: [jsonPatch],
    }),
    [
      'spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      `spec.paramKind.kind: Invalid value: "bad_kind": may have mixed case, but should otherwise match: ${dns1035}`,
      'spec.reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"',
    ],
  );
  t.deepEqual(policyErrors({ paramKind: { apiVersion: 'Bad_Group/v1', kind: '' }, reinvocationPolicy: 'Never', matchConstraints: constraints, mutations: [jsonPatch] }), [
    `spec.paramKind.apiVersion: Invalid value: "Bad_Group": ${dns1123}`,
    'spec.paramKind.kind: Required value',
  ]);
});

test("a policy's match constraints are checked as a validating policy's, and may match CREATE, UPDATE and CONNECT only", (t) => {
  const matchConstraints = {
    matchPolicy: 'Fuzzy',
    namespaceSelector: { matchLabels: { 'a b': 'c' } },
    resourceRules: [
      { ...rule, operations: ['DELETE', '*'], resourceNames: ['a/b', 'x', 'x'] },
      { ...rule, operations: ['CONNECT', 'UPDATE'], scope: 'Everywhere' },
    ],
    // Excluding DELETE is allowed.
    excludeResourceRules: [{ ...rule, operations: ['DELETE'] }],
  };
  t.deepEqual(policyErrors({ reinvocationPolicy: 'IfNeeded', matchConstraints, mutations: [jsonPatch] }), [
    'spec.matchConstraints.matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"',
    `spec.matchConstraints.namespaceSelector.matchLabels: Invalid value: "a b": ${namePart}`,
    'spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: "a/b": may not contain \'/\'',
    'spec.matchConstraints.resourceRules[0].resourceNames[2]: Duplicate value: "x"',
    'spec.matchConstraints.resourceRules[0].operations: Invalid value: ["DELETE","*"]: if \'*\' is present, must not specify other operations',
    'spec.matchConstraints.resourceRules[1].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced"',
    `spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": ${mutatingOperations}`,
  ]);
  t.deepEqual(policyErrors({ reinvocationPolicy: 'Never', matchConstraints: { excludeResourceRules: [rule] }, mutations: [jsonPatch] }), [
    'spec.matchConstraints.resourceRules: Required value',
  ]);
});

test('each mutation has a patch type, the field of that type with an expression that parses, and not the other field', (t) => {
  const mutations = [
    { patchType: '' },
    { patchType: 'Merge' },
    { patchType: 'JSONPatch' },
    { patchType: 'ApplyConfiguration' },
    { patchType: 'JSONPatch', jsonPatch: { expression: '  ' }, applyConfiguration: { expression: 'Object{}' } },
    { patchType: 'ApplyConfiguration', applyConfiguration: { expression: '' }, jsonPatch: { expression: '[]' } },
    { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{' } },
    // Compiled, and quoted, trimmed.
    { patchType: 'JSONPatch', jsonPatch: { expression: ' [JSONPatch{op: "add" path: "/x"}]' } },
  ];
  t.deepEqual(policyErrors({ reinvocationPolicy: 'Never', matchConstraints: constraints, mutations }), [
    'spec.mutations[0].patchType: Required value',
    'spec.mutations[1].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch"',
    'spec.mutations[2].jsonPatch: Required value: must be specified when patchType is JSONPatch',
    'spec.mutations[3].applyConfiguration: Required value: must be specified when patchType is ApplyConfiguration',
    'spec.mutations[4].jsonPatch.expression: Required value',
    'spec.mutations[4].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch',
    'spec.mutations[5].applyConfiguration.expression: Required value',
    'spec.mutations[5].jsonPatch: Invalid value: "{jsonPatch}": must not be specified when patchType is ApplyConfiguration',
    "spec.mutations[6].applyConfiguration.expression: Invalid value: \"Object{spec: Object.spec{\": compilation failed: ERROR: <input>:1:26: Syntax error: mismatched input '<EOF>' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}\n | Object{spec: Object.spec{\n | .........................^",
    'spec.mutations[7].jsonPatch.expression: Invalid value: "[JSONPatch{op: \\"add\\" path: \\"/x\\"}]": compilation failed: ERROR: <input>:1:22: Syntax error: mismatched input \'path\' expecting {\'}\', \',\'}\n | [JSONPatch{op: "add" path: "/x"}]\n | .....................^',
  ]);
});

test("a policy's match conditions and variables compile as a validating policy's, params declared by its paramKind", (t) => {
  const undeclaredParams = "compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^";
  t.deepEqual(
    policyErrors({
      reinvocationPolicy: 'Never',
      matchConstraints: constraints,
      variables: [
        { name: '1bad', expression: 'object.metadata.name' },
        { name: ' ', expression: ' ' },
        { name: 'in', expression: '1 +' },
        { name: 'ok', expression: 'params.x' },
      ],
      matchConditions: [
        { name: 'a', expression: 'true' },
        { name: 'a', expression: '1' },
        { name: 'Bad Name', expression: ' ' },
        { name: '', expression: 'params.x' },
      ],
      mutations: [jsonPatch],
    }),
    [
      'spec.matchConditions[1].expression: Invalid value: "1": must evaluate to bool but got int',
      'spec.matchConditions[1].name: Duplicate value: "a"',
      'spec.matchConditions[2].expression: Required value',
      `spec.matchConditions[2].name: Invalid value: "Bad Name": ${namePart}`,
      `spec.matchConditions[3].expression: Invalid value: "params.x": ${undeclaredParams}`,
      'spec.matchConditions[3].name: Required value',
      'spec.variables[0].name: Invalid value: "1bad": must be a valid CEL identifier',
      'spec.variables[1].name: Required value: name is not specified',
      'spec.variables[1].expression: Required value: expression is not specified',
      'spec.variables[2].name: Invalid value: "in": must be a valid CEL identifier',
      "spec.variables[2].expression: Invalid value: \"1 +\": compilation failed: ERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 1 +\n | ...^",
      `spec.variables[3].expression: Invalid value: "params.x": ${undeclaredParams}`,
    ],
  );
  t.deepEqual(
    policyErrors({
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      reinvocationPolicy: 'Never',
      matchConstraints: constraints,
      variables: [
        { name: 'flag', expression: 'params.data.flag' },
        { name: 'twice', expression: 'variables.flag + variables.flag' },
        { name: 'wrong', expression: 'variables.nothing' },
      ],
      matchConditions: [
        { name: 'a', expression: 'params.data.flag == "on"' },
        { name: 'b', expression: 'authorizer.group("").resource("pods").check("get").allowed()' },
      ],
      mutations: [jsonPatch],
    }),
    ['spec.variables[2].expression: Invalid value: "variables.nothing": compilation failed: ERROR: <input>:1:10: undefined field \'nothing\'\n | variables.nothing\n | .........^'],
  );
});

test('an update that keeps the paramKind and the match conditions does not compile them again, as kube skips them', (t) => {
  const spec = { reinvocationPolicy: 'Never', matchConstraints: constraints, matchConditions: [{ name: 'a', expression: 'params.x' }], mutations: [jsonPatch] };
  const old = policy(spec);
  mutatingAdmissionPolicyResource.behaviour.defaults?.(old);
  t.deepEqual(policyErrors(spec, old), []);
  // A new paramKind declares params, as dyn: kube-apiserver's answer.
  t.deepEqual(policyErrors({ ...spec, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } }, old), [
    'spec.matchConditions[0].expression: Invalid value: "params.x": must evaluate to bool but got dyn',
  ]);
  t.is(policyErrors({ ...spec, matchConditions: [{ name: 'b', expression: 'params.x' }] }, old).length, 1);
});

test('a binding needs a policy name, one kind of parameter reference and match resources of mutable operations', (t) => {
  t.deepEqual(bindingErrors({}), ['spec.policyName: Required value']);
  t.deepEqual(
    bindingErrors({
      policyName: 'Bad_Name',
      paramRef: { name: 'a/b', selector: { matchLabels: { a: 'b' } }, parameterNotFoundAction: 'Maybe' },
      matchResources: {
        matchPolicy: 'Sometimes',
        objectSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] },
        resourceRules: [
          { ...rule, operations: ['DELETE'] },
          { ...rule, operations: ['*', 'DELETE'] },
        ],
        excludeResourceRules: [{ ...rule, operations: ['DELETE'] }],
      },
    }),
    [
      `spec.policyName: Invalid value: "Bad_Name": ${dns1123}`,
      'spec.paramRef.name: Invalid value: "a/b": may not contain \'/\'',
      'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.parameterNotFoundAction: Unsupported value: "Maybe": supported values: "Deny", "Allow"',
      'spec.matchResources.matchPolicy: Unsupported value: "Sometimes": supported values: "Equivalent", "Exact"',
      "spec.matchResources.objectSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.matchResources.resourceRules[1].operations: Invalid value: ["*","DELETE"]: if \'*\' is present, must not specify other operations',
      `spec.matchResources.resourceRules.operations: Unsupported value: "DELETE": ${mutatingOperations}`,
      `spec.matchResources.resourceRules.operations: Unsupported value: "DELETE": ${mutatingOperations}`,
    ],
  );
  t.deepEqual(bindingErrors({ policyName: 'p', paramRef: { namespace: 'default' } }), [
    'spec.paramRef: Required value: one of name or selector must be specified',
    'spec.paramRef.parameterNotFoundAction: Required value',
  ]);
});

test("mutation expressions are type checked with the patch types: an ApplyConfiguration gives an Object, a JSONPatch a list(JSONPatch), as kube's compiler answers", (t) => {
  const both = (expression: string) => [
    { patchType: 'JSONPatch', jsonPatch: { expression } },
    { patchType: 'ApplyConfiguration', applyConfiguration: { expression } },
  ];
  const errors = (expression: string) => policyErrors({ matchConstraints: constraints, reinvocationPolicy: 'Never', mutations: both(expression) });
  t.deepEqual(errors('[]'), [
    'spec.mutations[0].jsonPatch.expression: Invalid value: "[]": must evaluate to list(JSONPatch) but got list(dyn)',
    'spec.mutations[1].applyConfiguration.expression: Invalid value: "[]": must evaluate to Object but got list(dyn)',
  ]);
  t.deepEqual(errors('Object{spec: 1}'), ['spec.mutations[0].jsonPatch.expression: Invalid value: "Object{spec: 1}": must evaluate to list(JSONPatch) but got Object']);
  t.deepEqual(errors('object'), [
    'spec.mutations[0].jsonPatch.expression: Invalid value: "object": must evaluate to list(JSONPatch) but got dyn',
    'spec.mutations[1].applyConfiguration.expression: Invalid value: "object": must evaluate to Object but got dyn',
  ]);
  const unknownField = '[JSONPatch{op: "add", path: "/x", foo: 1}]';
  const compileError = `compilation failed: ERROR: <input>:1:38: expected type of field 'foo' is '' but provided type is 'int'\n | ${unknownField}\n | .....................................^`;
  t.deepEqual(errors(unknownField), [
    `spec.mutations[0].jsonPatch.expression: Invalid value: ${JSON.stringify(unknownField)}: ${compileError}`,
    `spec.mutations[1].applyConfiguration.expression: Invalid value: ${JSON.stringify(unknownField)}: ${compileError}`,
  ]);
});
