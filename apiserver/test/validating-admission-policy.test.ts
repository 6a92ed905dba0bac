// The ValidatingAdmissionPolicy plugin over real stores (SQLite behind the watch cache) and the
// real RBAC authorizer: reasons and their codes, messages and messageExpressions, variables and
// their errors, match conditions, failurePolicy Ignore, the authorizer variable, the per-call cost
// limit, Warn and Audit. Every message is the one kube-apiserver 1.35.4 answered for the same
// policy and object.

import test, { type ExecutionContext } from 'ava';
import pino from 'pino';
import { StatusError } from '@capstan/common';
import { eventually } from '../../common/test/eventually.ts';
import { admissionRequest } from './admission-request.ts';
import type { AdmissionPlugin } from '../src/admission/admission-plugin.ts';
import { validatingAdmissionPolicy } from '../src/admission/policy/validating-admission-policy.ts';
import { rbacAuthorizer } from '../src/authorization/rbac/rbac-authorizer.ts';
import { rbacStoresOf } from '../src/authorization/rbac/rbac-stores.ts';
import { RbacRuleResolver } from '../src/authorization/rbac/rule-resolver.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { Registry } from '../src/registry/registry.ts';
import { validatingAdmissionPolicyResource } from '../src/resources/admissionregistration/validatingadmissionpolicies.ts';
import { validatingAdmissionPolicyBindingResource } from '../src/resources/admissionregistration/validatingadmissionpolicybindings.ts';
import { configMapResource } from '../src/resources/core/configmaps.ts';
import { cachedRegistry } from './cached-registry.ts';

const admin = { username: 'admin', uid: '', groups: ['system:authenticated'], extra: {} };
const alice = { username: 'alice', uid: '', groups: ['system:authenticated'], extra: {} };

interface Fixture {
  readonly registry: Registry;
  readonly plugin: AdmissionPlugin;
  /** Creates the policy and a binding of it with the actions (and more of the binding's spec). */
  bind(policy: JsonObject, actions: string[], binding?: JsonObject): Promise<void>;
}

async function fixture(t: ExecutionContext): Promise<Fixture> {
  const { registry, stopping } = await cachedRegistry(t, 'validating-admission-policy');
  const logger = pino({ level: 'silent' });
  const authorizer = rbacAuthorizer(new RbacRuleResolver(rbacStoresOf(registry), logger, stopping));
  await registry.namespaces.create(undefined, { metadata: { name: 'default', labels: { env: 'test' } } });
  // alice may create secrets in default, admin may delete pods there.
  const rbac = rbacStoresOf(registry);
  await rbac.roles.create('default', { metadata: { name: 'secret-maker' }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['create', 'get'] }] });
  await rbac.roleBindings.create('default', {
    metadata: { name: 'alice-secrets' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'secret-maker' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
  });
  await rbac.roles.create('default', { metadata: { name: 'pod-deleter' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['delete'] }] });
  await rbac.roleBindings.create('default', {
    metadata: { name: 'admin-pods' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-deleter' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'admin' }],
  });
  const policies = registry.builtinStore(validatingAdmissionPolicyResource);
  const bindings = registry.builtinStore(validatingAdmissionPolicyBindingResource);
  const plugin = validatingAdmissionPolicy({ registry, policies, bindings, authorizer: () => authorizer, logger, stopping });
  return {
    registry,
    plugin,
    bind: async (policy, actions, binding = {}) => {
      const name = String((policy.metadata as JsonObject).name);
      await policies.create(undefined, policy);
      await bindings.create(undefined, { metadata: { name: `${name}-binding` }, spec: { policyName: name, validationActions: actions, ...binding } });
    },
  };
}

interface Outcome {
  readonly refusal: StatusError | undefined;
  readonly warnings: string[];
  readonly annotations: Record<string, string>;
}

async function create(
  plugin: AdmissionPlugin,
  resource: string,
  kind: string,
  object: JsonObject,
  user = admin,
  groupVersion = { group: '', version: 'v1' },
  namespace = 'default',
): Promise<Outcome> {
  const warnings: string[] = [];
  const annotations: Record<string, string> = {};
  const attributes = admissionRequest({
    resource: { ...groupVersion, resource },
    kind: { ...groupVersion, kind },
    namespace,
    name: String((object.metadata as JsonObject).name ?? ''),
    object,
    userInfo: user,
    addAnnotation: (key, value) => {
      annotations[key] = value;
    },
    addWarning: (text) => warnings.push(text),
  });
  try {
    await plugin.validate?.(attributes);
    return { refusal: undefined, warnings, annotations };
  } catch (error) {
    if (!(error instanceof StatusError)) throw error;
    return { refusal: error, warnings, annotations };
  }
}

const rules = (resource: string) => ({ resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: [resource] }] });
const secret = (name: string, annotations: Record<string, string> = {}) => ({ metadata: { name, annotations } });

/** The policy on secrets of the oracle's session: a variable, reasons, messageExpressions, the authorizer. */
const edgePolicy = {
  metadata: { name: 'edge' },
  spec: {
    failurePolicy: 'Fail',
    matchConstraints: rules('secrets'),
    matchConditions: [{ name: 'not-skipped', expression: "!has(object.metadata.labels) || !('skip' in object.metadata.labels)" }],
    variables: [{ name: 'mode', expression: "object.metadata.annotations['mode']" }],
    validations: [
      { expression: "variables.mode != 'forbid'", message: 'forbidden mode', reason: 'Forbidden' },
      { expression: "variables.mode != 'big'", reason: 'RequestEntityTooLarge' },
      {
        expression: "variables.mode != 'who'",
        reason: 'Forbidden',
        messageExpression: "'user ' + request.userInfo.username + ' in ' + request.namespace + ' kind ' + request.kind.kind + ' op ' + request.operation",
      },
      {
        expression: "variables.mode != 'authz' || authorizer.group('').resource('pods').namespace('default').check('delete').allowed()",
        messageExpression: "'not allowed: ' + string(namespaceObject.metadata.name)",
      },
      {
        expression: "variables.mode != 'sa' || authorizer.serviceAccount('default', 'builder').group('apps').resource('deployments').check('create').allowed()",
        message: 'sa may not',
      },
      { expression: "variables.mode != 'rr' || authorizer.requestResource.check('create').allowed()", message: 'rr' },
    ],
  },
};

const denied = (outcome: Outcome) => {
  const status = outcome.refusal?.status;
  return status === undefined ? undefined : { code: status.code, reason: status.reason, message: status.message };
};

test('reasons choose the code; the message is the messageExpression, the message, or the expression', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(edgePolicy, ['Deny']);
  const forbid = await create(plugin, 'secrets', 'Secret', secret('s1', { mode: 'forbid' }));
  t.deepEqual(denied(forbid), {
    code: 403,
    reason: 'Forbidden',
    message: `secrets "s1" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: forbidden mode`,
  });
  t.deepEqual(forbid.refusal?.status.details?.causes, [{ message: "ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: forbidden mode" }]);
  t.deepEqual(denied(await create(plugin, 'secrets', 'Secret', secret('s2', { mode: 'big' }))), {
    code: 413,
    reason: 'RequestEntityTooLarge',
    message: `secrets "s2" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: failed expression: variables.mode != 'big'`,
  });
  t.is(
    denied(await create(plugin, 'secrets', 'Secret', secret('s3', { mode: 'who' })))?.message,
    `secrets "s3" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: user admin in default kind Secret op CREATE`,
  );
  t.is((await create(plugin, 'secrets', 'Secret', secret('s7', { mode: 'ok' }))).refusal, undefined);
});

test('a variable that fails is the error of the expression that uses it; a false match condition skips the policy', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(edgePolicy, ['Deny']);
  t.deepEqual(denied(await create(plugin, 'secrets', 'Secret', { metadata: { name: 's5' } })), {
    code: 422,
    reason: 'Invalid',
    message:
      `secrets "s5" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: ` +
      `expression 'variables.mode != 'forbid'' resulted in error: composited variable "mode" fails to evaluate: no such key: annotations`,
  });
  t.is((await create(plugin, 'secrets', 'Secret', { metadata: { name: 's6', labels: { skip: '1' } } })).refusal, undefined);
});

test('the authorizer variable asks the RBAC authorizer, for the user, a service account, or the request itself', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(edgePolicy, ['Deny']);
  t.is(
    denied(await create(plugin, 'secrets', 'Secret', secret('s4', { mode: 'authz' }), alice))?.message,
    `secrets "s4" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: not allowed: default`,
  );
  t.is(
    denied(await create(plugin, 'secrets', 'Secret', secret('s4b', { mode: 'sa' }), alice))?.message,
    `secrets "s4b" is forbidden: ValidatingAdmissionPolicy 'edge' with binding 'edge-binding' denied request: sa may not`,
  );
  t.is((await create(plugin, 'secrets', 'Secret', secret('s4d', { mode: 'rr' }), alice)).refusal, undefined);
  // admin may delete pods.
  t.is((await create(plugin, 'secrets', 'Secret', secret('s8', { mode: 'authz' }))).refusal, undefined);
});

const sixDeep = '[0,1,2,3,4,5,6,7,8,9]';
const costlyExpression = `object.metadata.name != 'costly' || ${sixDeep}.all(a, ${sixDeep}.all(b, ${sixDeep}.all(c, ${sixDeep}.all(d, ${sixDeep}.all(e, ${sixDeep}.all(f, a + b + c + d + e + f >= 0))))))`;

test('an expression past the per-call cost limit is an error; a match condition error follows the failure policy', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(
    {
      metadata: { name: 'costly' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: rules('serviceaccounts'),
        matchConditions: [{ name: 'errs', expression: "object.metadata.name != 'mc-error' || object.metadata.labels['x'] == 'y'" }],
        validations: [{ expression: costlyExpression }],
      },
    },
    ['Deny'],
  );
  t.is(
    denied(await create(plugin, 'serviceaccounts', 'ServiceAccount', { metadata: { name: 'costly' } }))?.message,
    `serviceaccounts "costly" is forbidden: ValidatingAdmissionPolicy 'costly' with binding 'costly-binding' denied request: expression '${costlyExpression}' resulted in error: operation cancelled: actual cost limit exceeded`,
  );
  t.is(
    denied(await create(plugin, 'serviceaccounts', 'ServiceAccount', { metadata: { name: 'mc-error' } }))?.message,
    `serviceaccounts "mc-error" is forbidden: ValidatingAdmissionPolicy 'costly' with binding 'costly-binding' denied request: expression 'object.metadata.name != 'mc-error' || object.metadata.labels['x'] == 'y'' resulted in error: no such key: labels`,
  );
});

test('failurePolicy Ignore admits on errors; Warn and Audit report failed validations, audit annotations are keyed by policy', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(
    {
      metadata: { name: 'ignored' },
      spec: {
        failurePolicy: 'Ignore',
        matchConstraints: rules('serviceaccounts'),
        validations: [{ expression: "object.metadata.labels['x'] == 'y'" }, { expression: "object.metadata.name != 'warned'", message: 'warned name' }],
        auditAnnotations: [
          { key: 'name', valueExpression: 'string(object.metadata.name)' },
          { key: 'nothing', valueExpression: 'null' },
        ],
      },
    },
    ['Warn', 'Audit'],
  );
  const warned = await create(plugin, 'serviceaccounts', 'ServiceAccount', { metadata: { name: 'warned' } });
  t.is(warned.refusal, undefined);
  t.deepEqual(warned.warnings, ["Validation failed for ValidatingAdmissionPolicy 'ignored' with binding 'ignored-binding': warned name"]);
  t.deepEqual(warned.annotations, {
    'validation.policy.admission.k8s.io/validation_failure':
      '[{"message":"warned name","policy":"ignored","binding":"ignored-binding","expressionIndex":1,"validationActions":["Warn","Audit"]}]',
    'ignored/name': 'warned',
  });
  const passed = await create(plugin, 'serviceaccounts', 'ServiceAccount', { metadata: { name: 'passed' } });
  t.deepEqual([passed.warnings, passed.annotations], [[], { 'ignored/name': 'passed' }]);
});

test('params by selector: one evaluation per ConfigMap selected; none found with Allow skips the binding', async (t) => {
  const { plugin, bind, registry } = await fixture(t);
  const configMaps = registry.builtinStore(configMapResource);
  await configMaps.create('default', { metadata: { name: 'no-foo', labels: { rule: 'names' } }, data: { banned: 'foo' } });
  await configMaps.create('default', { metadata: { name: 'no-bar', labels: { rule: 'names' } }, data: { banned: 'bar' } });
  await bind(
    {
      metadata: { name: 'banned-names' },
      spec: {
        failurePolicy: 'Fail',
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        matchConstraints: rules('configmaps'),
        validations: [{ expression: 'object.metadata.name != params.data.banned', messageExpression: "'banned by ' + params.metadata.name" }],
      },
    },
    ['Deny'],
    { paramRef: { selector: { matchLabels: { rule: 'names' } }, parameterNotFoundAction: 'Allow' } },
  );
  t.regex(denied(await create(plugin, 'configmaps', 'ConfigMap', { metadata: { name: 'bar' } }))?.message ?? '', /denied request: banned by no-bar$/);
  t.regex(denied(await create(plugin, 'configmaps', 'ConfigMap', { metadata: { name: 'foo' } }))?.message ?? '', /denied request: banned by no-foo$/);
  t.is((await create(plugin, 'configmaps', 'ConfigMap', { metadata: { name: 'baz' } })).refusal, undefined);
  // Once the parameters are gone, the binding is skipped.
  await configMaps.delete('default', 'no-foo', { dryRun: false });
  await configMaps.delete('default', 'no-bar', { dryRun: false });
  await eventually('the binding to have no params', async () =>
    (await create(plugin, 'configmaps', 'ConfigMap', { metadata: { name: 'foo' } })).refusal === undefined ? true : undefined,
  );
  t.pass();
});

test('matchPolicy Equivalent shows the object in the version the rule named', async (t) => {
  const { plugin, bind } = await fixture(t);
  await bind(
    {
      metadata: { name: 'hpa-v1' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: ['autoscaling'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['horizontalpodautoscalers'] }] },
        validations: [
          {
            expression: 'object.spec.targetCPUUtilizationPercentage <= 80',
            messageExpression: "object.apiVersion + ' ' + request.kind.version + ' from ' + request.requestKind.version",
          },
        ],
      },
    },
    ['Deny'],
  );
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 90 } } }],
    },
  };
  const outcome = await create(plugin, 'horizontalpodautoscalers', 'HorizontalPodAutoscaler', hpa, admin, { group: 'autoscaling', version: 'v2' });
  t.regex(denied(outcome)?.message ?? '', /denied request: autoscaling\/v1 v1 from v2$/);
});

test('a paramKind nothing serves fails the policy; a namespaced paramKind without a namespace fails a binding on cluster-scoped objects', async (t) => {
  const { plugin, bind } = await fixture(t);
  const takesParams = (name: string, apiVersion: string, kind: string, resource: string) => ({
    metadata: { name },
    spec: { failurePolicy: 'Fail', paramKind: { apiVersion, kind }, matchConstraints: rules(resource), validations: [{ expression: 'true' }] },
  });
  const paramRef = { paramRef: { name: 'x', parameterNotFoundAction: 'Allow' } };
  await bind(takesParams('unknown-params', 'example.com/v1', 'Foo', 'limitranges'), ['Deny'], paramRef);
  await bind(takesParams('cluster-params', 'v1', 'ConfigMap', 'persistentvolumes'), ['Deny'], paramRef);
  t.deepEqual(denied(await create(plugin, 'limitranges', 'LimitRange', { metadata: { name: 'lr' } })), {
    code: 422,
    reason: 'Invalid',
    message: `limitranges "lr" is forbidden: ValidatingAdmissionPolicy 'unknown-params' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Foo'`,
  });
  const pv = await create(plugin, 'persistentvolumes', 'PersistentVolume', { metadata: { name: 'pv' } }, admin, { group: '', version: 'v1' }, '');
  t.is(
    denied(pv)?.message,
    `persistentvolumes "pv" is forbidden: ValidatingAdmissionPolicy 'cluster-params' with binding 'cluster-params-binding' denied request: failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources`,
  );
});

test('the plugin says it validates only while a policy may apply: before its first list, and while some policy has a binding', async (t) => {
  const { plugin, bind } = await fixture(t);
  t.true(plugin.validates?.('', 'configmaps'));
  t.is((await create(plugin, 'configmaps', 'ConfigMap', { metadata: { name: 'a' } })).refusal, undefined);
  // Listed, nothing bound: large writes need not be decoded for it.
  t.false(plugin.validates?.('', 'configmaps'));
  await bind({ metadata: { name: 'any' }, spec: { failurePolicy: 'Fail', matchConstraints: rules('secrets'), validations: [{ expression: 'true' }] } }, ['Deny']);
  await eventually('the policy to be seen', async () => (plugin.validates?.('', 'configmaps') === true ? true : undefined));
  t.false(plugin.validates?.('admissionregistration.k8s.io', 'validatingadmissionpolicies'));
});
