// The CEL of admission objects is compiled when they are written, and a ValidatingAdmissionPolicy
// or webhook configuration whose expressions kube-apiserver 1.35 would not compile is refused with
// its 422: the compiler's message with position, the result type a use requires, the variables each
// use declares (params only with a paramKind, variables in order, no authorizer in messages).
// The details were checked against k8s.io/apiserver v0.35.0's admission CEL compiler.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
type Reply = { status: number; body: Record<string, any> };
const send = async (method: string, path: string, body: unknown): Promise<Reply> => {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const post = (path: string, body: unknown) => send('POST', path, body);
const causes = (body: Record<string, any>): string[] => (body.details?.causes ?? []).map((cause: { field: string; message: string }) => `${cause.field}: ${cause.message}`);

const policies = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';
const validatingWebhooks = '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations';
const mutatingWebhooks = '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations';
const deploymentRule = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] };
const policy = (name: string, spec: Record<string, unknown>) => ({ metadata: { name }, spec: { matchConstraints: { resourceRules: [deploymentRule] }, ...spec } });
const webhook = (name: string, matchConditions: unknown) => ({
  name,
  clientConfig: { url: 'https://hooks.example.com/check' },
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  matchConditions,
});

test("a validation that does not parse is refused with the compiler's syntax error", async (t) => {
  const { status, body } = await post(policies, policy('syntax-error', { validations: [{ expression: 'object.spec.replicas >' }] }));
  t.is(status, 422);
  t.is(body.reason, 'Invalid');
  const detail =
    "compilation failed: ERROR: <input>:1:23: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | object.spec.replicas >\n | ......................^";
  t.is(
    body.message,
    `ValidatingAdmissionPolicy.admissionregistration.k8s.io "syntax-error" is invalid: spec.validations[0].expression: Invalid value: "object.spec.replicas >": ${detail}`,
  );
  t.deepEqual(body.details.causes, [{ reason: 'FieldValueInvalid', message: `Invalid value: "object.spec.replicas >": ${detail}`, field: 'spec.validations[0].expression' }]);
});

test('undeclared names and results of the wrong type are refused where each use requires its type', async (t) => {
  const { status, body } = await post(
    policies,
    policy('wrong-types', {
      validations: [
        { expression: 'replicas > 1' },
        // object is dyn: a validation must be exactly bool.
        { expression: 'object.spec.replicas' },
        { expression: 'true', messageExpression: "'too many: ' + 3" },
        { expression: 'true', messageExpression: 'size(object.spec.containers)' },
        { expression: 'true', messageExpression: "authorizer.path('/healthz').check('get').reason()" },
      ],
      auditAnnotations: [{ key: 'replicas', valueExpression: 'object.spec.replicas' }],
    }),
  );
  t.is(status, 422);
  t.deepEqual(causes(body), [
    "spec.validations[0].expression: Invalid value: \"replicas > 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'replicas' (in container '')\n | replicas > 1\n | ^",
    'spec.validations[1].expression: Invalid value: "object.spec.replicas": must evaluate to bool but got dyn',
    "spec.validations[2].messageExpression: Invalid value: \"'too many: ' + 3\": compilation failed: ERROR: <input>:1:14: found no matching overload for '_+_' applied to '(string, int)'\n | 'too many: ' + 3\n | .............^",
    'spec.validations[3].messageExpression: Invalid value: "size(object.spec.containers)": must evaluate to string but got int',
    "spec.validations[4].messageExpression: Invalid value: \"authorizer.path('/healthz').check('get').reason()\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.path('/healthz').check('get').reason()\n | ^",
    'spec.auditAnnotations[0].valueExpression: Invalid value: "object.spec.replicas": must evaluate to one of [string null_type] but got dyn',
  ]);
  t.regex(
    body.message,
    /^ValidatingAdmissionPolicy\.admissionregistration\.k8s\.io "wrong-types" is invalid: \[spec\.validations\[0\]\.expression: Invalid value: "replicas > 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'replicas'/,
  );
});

test('variables see only the ones declared before them, and none exist without spec.variables', async (t) => {
  const ordered = await post(
    policies,
    policy('variable-order', {
      variables: [
        { name: 'first', expression: 'variables.second > 1' },
        { name: 'second', expression: 'object.spec.replicas' },
      ],
      validations: [{ expression: 'variables.first && variables.third' }],
    }),
  );
  t.is(ordered.status, 422);
  t.deepEqual(causes(ordered.body), [
    'spec.variables[0].expression: Invalid value: "variables.second > 1": compilation failed: ERROR: <input>:1:10: undefined field \'second\'\n | variables.second > 1\n | .........^',
    'spec.validations[0].expression: Invalid value: "variables.first && variables.third": compilation failed: ERROR: <input>:1:29: undefined field \'third\'\n | variables.first && variables.third\n | ............................^',
  ]);
  const without = await post(policies, policy('no-variables', { validations: [{ expression: 'variables.replicas > 1' }] }));
  t.is(without.status, 422);
  t.deepEqual(causes(without.body), [
    "spec.validations[0].expression: Invalid value: \"variables.replicas > 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.replicas > 1\n | ^",
  ]);
});

test('params exist only for a policy with a paramKind, in its match conditions too', async (t) => {
  const spec = {
    matchConditions: [{ name: 'enabled', expression: 'params.data.enabled == "true"' }],
    validations: [{ expression: 'object.spec.replicas <= params.maxReplicas' }],
  };
  const { status, body } = await post(policies, policy('params-without-kind', spec));
  t.is(status, 422);
  t.deepEqual(causes(body), [
    'spec.matchConditions[0].expression: Invalid value: "params.data.enabled == \\"true\\"": compilation failed: ERROR: <input>:1:1: undeclared reference to \'params\' (in container \'\')\n | params.data.enabled == "true"\n | ^',
    "spec.validations[0].expression: Invalid value: \"object.spec.replicas <= params.maxReplicas\": compilation failed: ERROR: <input>:1:25: undeclared reference to 'params' (in container '')\n | object.spec.replicas <= params.maxReplicas\n | ........................^",
  ]);
  const withKind = await post(policies, policy('params-with-kind', { ...spec, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } }));
  t.is(withKind.status, 201, JSON.stringify(withKind.body));
});

test('a policy using params, variables, the authorizer, messages and audit annotations is created', async (t) => {
  const { status, body } = await post(
    policies,
    policy('replica-limit', {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConditions: [
        { name: 'not-exempt', expression: "!('exempt' in object.metadata.labels)" },
        { name: 'not-admin', expression: "!authorizer.group('apps').resource('deployments').check('delete').allowed()" },
      ],
      variables: [
        { name: 'replicas', expression: 'object.spec.replicas' },
        { name: 'limit', expression: 'int(params.data.maxReplicas)' },
        { name: 'over', expression: 'variables.replicas > variables.limit' },
      ],
      validations: [
        {
          expression: '!variables.over',
          messageExpression: "'at most ' + string(variables.limit) + ' replicas, not ' + string(variables.replicas)",
          reason: 'Invalid',
        },
        { expression: "authorizer.requestResource.check('update').allowed() || variables.limit > 0" },
      ],
      auditAnnotations: [{ key: 'limit', valueExpression: 'string(variables.limit)' }],
    }),
  );
  t.is(status, 201, JSON.stringify(body));
  t.is(body.spec.variables.length, 3);
});

test('webhook configurations compile their match conditions: bool, with the authorizer, without params', async (t) => {
  const conditions = [
    { name: 'not-params', expression: 'params.x' },
    { name: 'not-bool', expression: '  request.name' },
    { name: 'authorized', expression: "authorizer.requestResource.check('get').allowed()" },
  ];
  const expected = (prefix: string) => [
    `${prefix}[0].expression: Invalid value: "params.x": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^`,
    // kube compiles the trimmed expression, so the value quoted is trimmed.
    `${prefix}[1].expression: Invalid value: "request.name": must evaluate to bool but got string`,
  ];
  const validating = await post(validatingWebhooks, { metadata: { name: 'bad-conditions' }, webhooks: [webhook('check.example.com', conditions)] });
  t.is(validating.status, 422);
  t.deepEqual(causes(validating.body), expected('webhooks[0].matchConditions'));
  t.regex(
    validating.body.message,
    /^ValidatingWebhookConfiguration\.admissionregistration\.k8s\.io "bad-conditions" is invalid: \[webhooks\[0\]\.matchConditions\[0\]\.expression: Invalid value: "params\.x"/,
  );
  // The match conditions come after the client config and before the review versions.
  const mutating = await post(mutatingWebhooks, {
    metadata: { name: 'bad-conditions' },
    webhooks: [{ ...webhook('mutate.example.com', conditions), clientConfig: {}, admissionReviewVersions: ['v9'] }],
  });
  t.is(mutating.status, 422);
  t.deepEqual(causes(mutating.body), [
    'webhooks[0].clientConfig: Required value: exactly one of url or service is required',
    ...expected('webhooks[0].matchConditions'),
    'webhooks[0].admissionReviewVersions: Invalid value: ["v9"]: must include at least one of v1, v1beta1',
  ]);
  const good = await post(validatingWebhooks, { metadata: { name: 'good-conditions' }, webhooks: [webhook('check.example.com', [conditions[2]])] });
  t.is(good.status, 201, JSON.stringify(good.body));
});

test('an update compiles what changed: taking the paramKind away re-checks the match conditions', async (t) => {
  const spec = {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    matchConditions: [{ name: 'enabled', expression: "params.data.enabled == 'true'" }],
    validations: [{ expression: 'object.spec.replicas <= int(params.data.max)' }],
  };
  const created = await post(policies, policy('updated', spec));
  t.is(created.status, 201, JSON.stringify(created.body));
  const relabeled = await send('PUT', `${policies}/updated`, { ...created.body, metadata: { ...created.body.metadata, labels: { team: 'a' } } });
  t.is(relabeled.status, 200, JSON.stringify(relabeled.body));
  const { paramKind: _, ...withoutParams } = relabeled.body.spec;
  const refused = await send('PUT', `${policies}/updated`, { ...relabeled.body, spec: withoutParams });
  t.is(refused.status, 422);
  t.deepEqual(causes(refused.body), [
    "spec.matchConditions[0].expression: Invalid value: \"params.data.enabled == 'true'\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.data.enabled == 'true'\n | ^",
    "spec.validations[0].expression: Invalid value: \"object.spec.replicas <= int(params.data.max)\": compilation failed: ERROR: <input>:1:29: undeclared reference to 'params' (in container '')\n | object.spec.replicas <= int(params.data.max)\n | ............................^",
  ]);
  const hooks = await post(validatingWebhooks, { metadata: { name: 'updated-hooks' }, webhooks: [webhook('check.example.com', [{ name: 'always', expression: 'true' }])] });
  t.is(hooks.status, 201, JSON.stringify(hooks.body));
  const badHook = {
    ...hooks.body.webhooks[0],
    matchConditions: [
      { name: 'always', expression: 'true' },
      { name: 'count', expression: 'size(object.spec)' },
    ],
  };
  const hookUpdate = await send('PUT', `${validatingWebhooks}/updated-hooks`, { ...hooks.body, webhooks: [badHook] });
  t.is(hookUpdate.status, 422);
  t.deepEqual(causes(hookUpdate.body), ['webhooks[0].matchConditions[1].expression: Invalid value: "size(object.spec)": must evaluate to bool but got int']);
  // Kubernetes 1.35 checks new expressions against its compatibility version (1.34), which has every
  // library the stored expressions environment has: no expression compiles in one and not in the
  // other at these defaults, so the stored environment of unchanged expressions is tested in
  // apiserver/test/admission-cel-validation.test.ts with an older compatibility version.
});

test("kubectl apply shows kube's error for a policy whose validation is not bool", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-vap-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = (expression: string) =>
    JSON.stringify({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', ...policy('applied-policy', { validations: [{ expression }] }) });
  writeFileSync(join(dir, 'policy.json'), manifest('object.spec.replicas + 1'));
  const refused = (await t.throwsAsync(shared.kubectl('apply', '-f', join(dir, 'policy.json')))) as Error & { stderr: string };
  t.is(
    refused.stderr,
    `The ValidatingAdmissionPolicy "applied-policy" is invalid: spec.validations[0].expression: Invalid value: "object.spec.replicas + 1": must evaluate to bool but got int\n`,
  );
  writeFileSync(join(dir, 'policy.json'), manifest('object.spec.replicas < 100'));
  t.is((await shared.kubectl('apply', '-f', join(dir, 'policy.json'))).stdout, 'validatingadmissionpolicy.admissionregistration.k8s.io/applied-policy created\n');
});
