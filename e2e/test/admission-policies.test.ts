// ValidatingAdmissionPolicies enforced at request time, driven by kubectl: a binding's Deny refuses
// with the policy's message (kube's 422 by default), Warn prints kubectl's `Warning:` lines,
// parameters come from a ConfigMap, and a binding's namespaceSelector narrows it. The outputs are
// the ones kube-apiserver 1.35.4 and kubectl 1.35 give for the same objects.

import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlApply, type KubectlOutcome } from '../src/kubectl-apply.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

// Metadata-level audit of every request: admission's audit annotations are in the events.
const auditDir = mkdtempSync(join(tmpdir(), 'capstan-admission-policies-'));
writeFileSync(join(auditDir, 'policy.yaml'), 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n');
const auditLog = join(auditDir, 'audit.log');
const shared = sharedApiServer([`--audit-policy-file=${join(auditDir, 'policy.yaml')}`, `--audit-log-path=${auditLog}`]);
test.after.always(() => rmSync(auditDir, { recursive: true, force: true }));

/** The annotations of the audit event that completed the request for the URI. */
const auditAnnotationsOf = (method: string, requestURI: string): Promise<Record<string, string>> =>
  eventually(`the audit event of ${method} ${requestURI}`, async () => {
    const events = readFileSync(auditLog, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { stage: string; verb: string; requestURI: string; annotations?: Record<string, string> });
    return events.findLast((event) => event.stage === 'ResponseComplete' && event.verb === method && event.requestURI.startsWith(requestURI))?.annotations;
  });
const apply = (object: unknown): Promise<KubectlOutcome> => kubectlApply(shared.server().kubeconfig, object);

/**
 * Policies and bindings reach admission through a watch: the write is repeated until its outcome
 * says the binding is in effect.
 */
const onceInEffect = (write: () => Promise<KubectlOutcome>, inEffect: (outcome: KubectlOutcome) => boolean): Promise<KubectlOutcome> =>
  eventually('the binding to take effect', async () => {
    const outcome = await write();
    return inEffect(outcome) ? outcome : undefined;
  });

const policy = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name }, spec });
const binding = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingAdmissionPolicyBinding',
  metadata: { name },
  spec,
});
const deployment = (namespace: string, name: string, replicas: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  },
});

test.serial('a Deny binding refuses with the message of its params; its Audit action and the audit annotations are in the audit event', async (t) => {
  await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'limits', namespace: 'default' }, data: { max: '3' } });
  t.is(
    (
      await apply(
        policy('replicas-limit', {
          failurePolicy: 'Fail',
          paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
          matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] },
          variables: [{ name: 'max', expression: 'int(params.data.max)' }],
          validations: [
            { expression: 'object.spec.replicas <= variables.max', messageExpression: "'replicas must be at most ' + string(variables.max)", reason: 'Invalid' },
            { expression: "object.metadata.name != 'bad'" },
          ],
          auditAnnotations: [{ key: 'replicas', valueExpression: "'replicas ' + string(object.spec.replicas)" }],
        }),
      )
    ).code,
    0,
  );
  t.is(
    (
      await apply(
        binding('replicas-limit-binding', {
          policyName: 'replicas-limit',
          validationActions: ['Deny', 'Audit'],
          paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' },
        }),
      )
    ).code,
    0,
  );
  const refused = await onceInEffect(
    () => apply(deployment('default', 'web', 5)),
    (outcome) => outcome.code !== 0,
  );
  t.is(refused.code, 1);
  t.is(
    refused.output,
    `The deployments "web" is invalid: : ValidatingAdmissionPolicy 'replicas-limit' with binding 'replicas-limit-binding' denied request: replicas must be at most 3\n`,
  );
  // As kube-apiserver's audit event of the same refusal has them.
  t.like(await auditAnnotationsOf('create', '/apis/apps/v1/namespaces/default/deployments'), {
    'replicas-limit/replicas': 'replicas 5',
    'validation.policy.admission.k8s.io/validation_failure':
      '[{"message":"replicas must be at most 3","policy":"replicas-limit","binding":"replicas-limit-binding","expressionIndex":0,"validationActions":["Deny","Audit"]}]',
  });
  // Without a message, the expression is the message.
  const named = await apply(deployment('default', 'bad', 1));
  t.is(
    named.output,
    `The deployments "bad" is invalid: : ValidatingAdmissionPolicy 'replicas-limit' with binding 'replicas-limit-binding' denied request: failed expression: object.metadata.name != 'bad'\n`,
  );
  t.is((await apply(deployment('default', 'web', 3))).output, 'deployment.apps/web created\n');
});

test.serial('a Warn binding lets the object in with a Warning kubectl prints', async (t) => {
  await apply(
    policy('warn-labels', {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      validations: [{ expression: "has(object.metadata.labels) && 'team' in object.metadata.labels", message: 'configmaps should have a team label' }],
    }),
  );
  await apply(binding('warn-labels-binding', { policyName: 'warn-labels', validationActions: ['Warn'] }));
  let name = 0;
  const warned = await onceInEffect(
    () => shared.kubectl('create', 'configmap', `unlabelled-${++name}`, '--from-literal=a=b').then((result) => ({ code: 0, output: result.stdout + result.stderr })),
    (outcome) => outcome.output.includes('Warning:'),
  );
  t.is(
    warned.output,
    `configmap/unlabelled-${name} created\nWarning: Validation failed for ValidatingAdmissionPolicy 'warn-labels' with binding 'warn-labels-binding': configmaps should have a team label\n`,
  );
  const labelled = await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'labelled', namespace: 'default', labels: { team: 'a' } } });
  t.is(labelled.output, 'configmap/labelled created\n');
  await shared.kubectl('delete', 'validatingadmissionpolicybinding', 'warn-labels-binding');
});

test.serial("a binding's namespaceSelector narrows it to the namespaces it selects; missing params refuse as parameterNotFoundAction Deny says", async (t) => {
  await shared.kubectl('create', 'namespace', 'prod');
  await shared.kubectl('label', 'namespace', 'prod', 'env=prod');
  await shared.kubectl('create', 'namespace', 'dev');
  await apply(
    binding('missing-params', {
      policyName: 'replicas-limit',
      validationActions: ['Deny'],
      paramRef: { name: 'nope', parameterNotFoundAction: 'Deny' },
      matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } },
    }),
  );
  const refused = await onceInEffect(
    () => apply(deployment('prod', 'web', 1)),
    (outcome) => outcome.code !== 0,
  );
  t.is(
    refused.output,
    "The deployments \"web\" is invalid: : ValidatingAdmissionPolicy 'replicas-limit' with binding 'missing-params' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction\n",
  );
  t.is((await apply(deployment('dev', 'web', 1))).output, 'deployment.apps/web created\n');
});

test.serial('a policy on DELETE sees the object being deleted as oldObject, and its objectSelector picks by its labels; a deletecollection asks for each object', async (t) => {
  await apply(
    policy('protect', {
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['DELETE'], resources: ['configmaps'] }],
        objectSelector: { matchLabels: { protected: 'true' } },
      },
      validations: [
        {
          expression: "!(object == null && request.operation == 'DELETE' && !has(oldObject.metadata.annotations))",
          messageExpression: "'configmap ' + oldObject.metadata.name + ' is protected'",
          reason: 'Forbidden',
        },
      ],
    }),
  );
  await apply(binding('protect-binding', { policyName: 'protect', validationActions: ['Deny'] }));
  // Created without kubectl apply's annotation, which the policy looks for.
  await shared.kubectl('create', 'configmap', 'keep', '--from-literal=a=b');
  await shared.kubectl('label', 'configmap', 'keep', 'protected=true');
  await shared.kubectl('create', 'configmap', 'free');
  // Dry runs (admitted as the delete is) until the binding is in effect, then the delete itself.
  await eventually('the protect binding to take effect', () =>
    shared.kubectl('delete', 'configmap', 'keep', '--dry-run=server').then(
      () => undefined,
      () => true,
    ),
  );
  const refused = (await t.throwsAsync(shared.kubectl('delete', 'configmap', 'keep'))) as Error & { stderr: string };
  t.is(
    refused.stderr,
    `Error from server (Forbidden): configmaps "keep" is forbidden: ValidatingAdmissionPolicy 'protect' with binding 'protect-binding' denied request: configmap keep is protected\n`,
  );
  t.is((await shared.kubectl('delete', 'configmap', 'free')).stdout, 'configmap "free" deleted from default namespace\n');
  // A deletecollection admits each object under the collection's attributes, without a name.
  const collection = await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps?labelSelector=protected%3Dtrue`, { method: 'DELETE' });
  t.is(collection.status, 403);
  t.like(await collection.json(), {
    message: `configmaps "Unknown" is forbidden: ValidatingAdmissionPolicy 'protect' with binding 'protect-binding' denied request: configmap keep is protected`,
    reason: 'Forbidden',
    details: { name: 'Unknown', kind: 'configmaps' },
  });
});

test.serial('an eviction is admitted as its own kind before the pod is read', async (t) => {
  await apply(
    policy('no-evictions', {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods/eviction'] }] },
      validations: [
        {
          expression: "object.metadata.name != 'pinned'",
          messageExpression: "'pod ' + object.metadata.name + ' may not be evicted (' + request.subResource + ', ' + request.kind.kind + ')'",
        },
      ],
    }),
  );
  await apply(binding('no-evictions-binding', { policyName: 'no-evictions', validationActions: ['Deny'] }));
  // No such pod: kube-apiserver refuses the eviction by its policy all the same.
  const evict = () =>
    fetch(`${shared.server().url}/api/v1/namespaces/default/pods/pinned/eviction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'pinned', namespace: 'default' } }),
    });
  const refused = await eventually('the no-evictions binding to take effect', async () => {
    const response = await evict();
    return response.status === 422 ? ((await response.json()) as Record<string, unknown>) : undefined;
  });
  const message = "ValidatingAdmissionPolicy 'no-evictions' with binding 'no-evictions-binding' denied request: pod pinned may not be evicted (eviction, Eviction)";
  t.like(refused, { message: `pods "pinned" is forbidden: ${message}`, reason: 'Invalid', details: { name: 'pinned', kind: 'pods', causes: [{ message }] } });
});

test.serial("request.options is the operation's options, with their kind, as kube gives them to policies", async (t) => {
  await apply(
    policy('options-shown', {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      matchConditions: [{ name: 'options-only', expression: "object.metadata.name.startsWith('options-')" }],
      validations: [
        {
          expression: 'false',
          messageExpression:
            '"kind=" + request.options.kind + " av=" + request.options.apiVersion + " fm=" + (has(request.options.fieldManager) ? request.options.fieldManager : "none") + " dry=" + (has(request.options.dryRun) ? request.options.dryRun[0] : "none")',
        },
      ],
    }),
  );
  await apply(binding('options-shown-binding', { policyName: 'options-shown', validationActions: ['Deny'] }));
  let attempt = 0;
  const refusal = (...flags: string[]) =>
    eventually('the options-shown binding to take effect', () =>
      shared.kubectl('create', 'configmap', `options-${++attempt}`, ...flags).then(
        () => undefined,
        (error: { stderr: string }) => error.stderr,
      ),
    );
  const prefix = "ValidatingAdmissionPolicy 'options-shown' with binding 'options-shown-binding' denied request:";
  t.true((await refusal('--dry-run=server')).includes(`${prefix} kind=CreateOptions av=meta.k8s.io/v1 fm=kubectl-create dry=All`));
  t.true((await refusal('--field-manager=me')).includes(`${prefix} kind=CreateOptions av=meta.k8s.io/v1 fm=me dry=none`));
});

test.serial('exec and port-forward are admitted as CONNECT with their options as the object, before the pod is read', async (t) => {
  await apply(
    policy('no-connect', {
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CONNECT'], resources: ['pods/exec', 'pods/attach', 'pods/portforward'] }],
      },
      validations: [
        {
          expression: 'false',
          messageExpression:
            '"kind=" + request.kind.kind + " sub=" + request.subResource + " okind=" + object.kind + " opts=" + string(request.options == null) + (request.subResource == "exec" ? " cmd=" + object.command.join(" ") + " stdout=" + string(object.stdout) + " stdin=" + string(has(object.stdin)) + " c=" + object.container : " ports=" + object.ports.map(p, string(p)).join(","))',
        },
      ],
    }),
  );
  await apply(binding('no-connect-binding', { policyName: 'no-connect', validationActions: ['Deny'] }));
  // No such pod: kube-apiserver refuses by its policy all the same.
  const connect = (path: string) =>
    eventually('the no-connect binding to take effect', async () => {
      const response = await fetch(`${shared.server().url}/api/v1/namespaces/default/pods/absent/${path}`, { method: 'POST' });
      return response.status === 422 ? ((await response.json()) as { message: string }).message : undefined;
    });
  const prefix = "pods \"absent\" is forbidden: ValidatingAdmissionPolicy 'no-connect' with binding 'no-connect-binding' denied request:";
  t.is(
    await connect('exec?command=ls&command=-l&stdout=true&container=c'),
    `${prefix} kind=PodExecOptions sub=exec okind=PodExecOptions opts=true cmd=ls -l stdout=true stdin=false c=c`,
  );
  t.is(await connect('portforward?ports=80,8080'), `${prefix} kind=PodPortForwardOptions sub=portforward okind=PodPortForwardOptions opts=true ports=80,8080`);
  await shared.kubectl('delete', 'validatingadmissionpolicybinding', 'no-connect-binding');
});
