// How an update of an admission object compiles its CEL, as kube-apiserver 1.35 does: an expression
// the old object already held is compiled in the stored expressions environment (checked here with
// compatibility version 1.29, whose new expressions have no IP library), and match conditions that
// did not change are not compiled at all. Messages as k8s.io/apiserver v0.35.0's compiler gives them.

import test from 'ava';
import { fieldErrorMessage } from '@capstan/common';
import { kubernetesEnvSet } from '@capstan/common/cel';
import { PolicyExpressions, webhookMatchConditions } from '../src/registry/validation/admission-cel-validation.ts';
import { validatingAdmissionPolicyErrors } from '../src/resources/admissionregistration/validatingadmissionpolicies/admission-policy-validation.ts';
import { validatingWebhookConfigurationErrors } from '../src/resources/admissionregistration/webhook-validation.ts';

const before130 = kubernetesEnvSet({ compatibilityVersion: { major: 1, minor: 29 } });
const family = "ip('1.2.3.4').family() == 4";
const familyUndeclared =
  "compilation failed: ERROR: <input>:1:3: undeclared reference to 'ip' (in container '')\n | ip('1.2.3.4').family() == 4\n | ..^\nERROR: <input>:1:21: undeclared reference to 'family' (in container '')\n | ip('1.2.3.4').family() == 4\n | ....................^";
const text = "string(ip('1.2.3.4'))";

test('a new expression must compile with the libraries of the compatibility version', (t) => {
  const cel = new PolicyExpressions({ spec: { validations: [{ expression: family }] } }, undefined, before130);
  t.deepEqual(cel.validation(family, 'spec.validations[0].expression').map(fieldErrorMessage), [`spec.validations[0].expression: Invalid value: "${family}": ${familyUndeclared}`]);
  t.is(cel.messageExpression(text, 'm').length, 1);
  t.is(cel.auditAnnotation(text, 'a').length, 1);
  // The stored environment has every library: the same expressions compile there.
  const today = new PolicyExpressions({ spec: {} });
  t.deepEqual([...today.validation(family, 'v'), ...today.messageExpression(text, 'm'), ...today.auditAnnotation(text, 'a')], []);
});

test('an expression the old policy held, in the same use, compiles in the stored expressions environment', (t) => {
  const old = { spec: { validations: [{ expression: family, messageExpression: text }], auditAnnotations: [{ key: 'ip', valueExpression: ` ${text}` }] } };
  const cel = new PolicyExpressions({ spec: {} }, old, before130);
  t.deepEqual(cel.validation(family, 'v'), []);
  t.deepEqual(cel.messageExpression(text, 'm'), []);
  // An audit annotation is looked up as written (with its space), though compiled trimmed.
  t.deepEqual(cel.auditAnnotation(` ${text}`, 'a'), []);
  t.is(cel.auditAnnotation(text, 'a').length, 1);
  // Held as a validation, not as a message: a new message.
  t.is(cel.messageExpression(family.replace(' == 4', ' == 4 ? "v4" : "v6"'), 'm').length, 1);
});

test('a variable counts as stored when the old policy held it as a validation, as kube looks it up', (t) => {
  const variable = "ip('1.2.3.4')";
  const policy = { spec: { variables: [{ name: 'address', expression: variable }] } };
  const heldAsVariable = new PolicyExpressions(policy, policy, before130);
  t.deepEqual(heldAsVariable.variable('address', variable, 'spec.variables[0].expression').map(fieldErrorMessage), [
    `spec.variables[0].expression: Invalid value: "${variable}": compilation failed: ERROR: <input>:1:3: undeclared reference to 'ip' (in container '')\n | ${variable}\n | ..^`,
  ]);
  const heldAsValidation = new PolicyExpressions(policy, { spec: { validations: [{ expression: variable }] } }, before130);
  t.deepEqual(heldAsValidation.variable('address', variable, 'v'), []);
});

test('a match condition is compiled trimmed, and looked up trimmed among the old ones as written', (t) => {
  const cidr = "cidr('10.0.0.0/8') == cidr('10.0.0.0/8')";
  const hooks = (expression: string) => ({ webhooks: [{ matchConditions: [{ name: 'a', expression }] }, { matchConditions: [] }] });
  const compile = webhookMatchConditions(hooks(`  ${cidr}`), hooks(cidr), before130);
  t.not(compile, undefined);
  t.deepEqual(compile!(cidr, 'w'), []);
  const policy = (expression: string, more: unknown[] = []) => ({ spec: { matchConditions: [{ name: 'a', expression }, ...more] } });
  // The old condition has a leading space: its trimmed form is not found, so it is new.
  const cel = new PolicyExpressions(policy(` ${family}`, [{ name: 'b', expression: 'true' }]), policy(` ${family}`), before130);
  t.deepEqual(cel.matchCondition(family, 'c').map(fieldErrorMessage), [`c: Invalid value: "${family}": ${familyUndeclared}`]);
});

test("unchanged match conditions are not compiled again, unless a policy's paramKind changed", (t) => {
  const rule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
  const policy = (paramKind?: unknown) => ({
    metadata: { name: 'p' },
    spec: {
      failurePolicy: 'Fail',
      ...(paramKind === undefined ? {} : { paramKind }),
      matchConstraints: { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, resourceRules: [rule] },
      // Stored before, or by an older server: params is undeclared without a paramKind.
      matchConditions: [{ name: 'uses-params', expression: 'params.enabled' }],
      validations: [{ expression: 'true' }],
    },
  });
  const undeclared =
    "spec.matchConditions[0].expression: Invalid value: \"params.enabled\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.enabled\n | ^";
  t.deepEqual(validatingAdmissionPolicyErrors(policy()).map(fieldErrorMessage), [undeclared]);
  t.deepEqual(validatingAdmissionPolicyErrors(policy(), policy()), []);
  t.deepEqual(validatingAdmissionPolicyErrors(policy(), policy({ apiVersion: 'v1', kind: 'ConfigMap' })).map(fieldErrorMessage), [undeclared]);

  const hook = {
    name: 'check.example.com',
    clientConfig: { url: 'https://hooks.example.com' },
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    matchConditions: [{ name: 'one', expression: '1' }],
  };
  const configuration = (count: number) => ({ metadata: { name: 'hooks' }, webhooks: Array.from({ length: count }, (_, i) => ({ ...hook, name: `check${i}.example.com` })) });
  const notBool = (i: number) => `webhooks[${i}].matchConditions[0].expression: Invalid value: "1": must evaluate to bool but got int`;
  t.deepEqual(validatingWebhookConfigurationErrors(configuration(1), configuration(1)), []);
  t.deepEqual(validatingWebhookConfigurationErrors(configuration(2), configuration(1)).map(fieldErrorMessage), [notBool(0), notBool(1)]);
});
