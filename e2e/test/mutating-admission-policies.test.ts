// MutatingAdmissionPolicies (admissionregistration.k8s.io/v1beta1, served with the
// MutatingAdmissionPolicy gate and --runtime-config as kube serves them) applied at request time,
// driven by kubectl: a sidecar injected by an ApplyConfiguration from a ConfigMap's parameters,
// JSONPatch operations with jsonpatch.escapeKey, a later mutation seeing the earlier ones, a
// failing policy with failurePolicy Ignore passed over, reinvocation of an IfNeeded policy after a
// later one changed the object, and a Fail policy's refusal. Every output here is the one
// kube-apiserver 1.35.4 gave for the same objects.

import test from 'ava';
import { readFileSync } from 'node:fs';
import { AdmissionregistrationV1beta1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlApply, kubectlWithInput, type KubectlOutcome } from '../src/kubectl-apply.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer(['--feature-gates=MutatingAdmissionPolicy=true', '--runtime-config=admissionregistration.k8s.io/v1beta1=true']);
const apply = (object: unknown): Promise<KubectlOutcome> => kubectlApply(shared.server().kubeconfig, object);
const create = (object: unknown): Promise<KubectlOutcome> => kubectlWithInput(shared.server().kubeconfig, object, ['create', '-f', '-', '-o', 'json']);

const policy = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'admissionregistration.k8s.io/v1beta1', kind: 'MutatingAdmissionPolicy', metadata: { name }, spec });
const binding = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'admissionregistration.k8s.io/v1beta1',
  kind: 'MutatingAdmissionPolicyBinding',
  metadata: { name },
  spec,
});
const rules = (group: string, resource: string) => ({ resourceRules: [{ apiGroups: [group], apiVersions: ['v1'], operations: ['CREATE'], resources: [resource] }] });

interface Created {
  readonly metadata: { readonly name: string; readonly labels?: Record<string, string>; readonly annotations?: Record<string, string> };
  readonly spec?: { readonly replicas?: number; readonly template?: { readonly spec: { readonly containers: { name: string; image: string; imagePullPolicy?: string }[] } } };
}

/** Policies reach admission through a watch: objects are created (each a new name) until `inEffect` says one was mutated. */
let attempt = 0;
const createdOnceInEffect = (make: (name: string) => unknown, inEffect: (created: Created) => boolean): Promise<Created> =>
  eventually('the policy to take effect', async () => {
    attempt += 1;
    const outcome = await create(make(`obj-${attempt}`));
    if (outcome.code !== 0) throw new Error(outcome.output);
    const created = JSON.parse(outcome.output) as Created;
    return inEffect(created) ? created : undefined;
  });

/** The ConfigMap the policies take their params from. */
async function sidecarConfig(): Promise<void> {
  const configured = await apply({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'sidecar-config', namespace: 'default' },
    data: { image: 'busybox:1.36', team: 'blue' },
  });
  if (configured.code !== 0) throw new Error(configured.output);
}

test.serial('the policies are served under admissionregistration.k8s.io/v1beta1', async (t) => {
  const { stdout } = await shared.kubectl('api-resources', '--api-group=admissionregistration.k8s.io', '-o', 'name');
  t.true(stdout.split('\n').includes('mutatingadmissionpolicies.admissionregistration.k8s.io'), stdout);
  t.true(stdout.split('\n').includes('mutatingadmissionpolicybindings.admissionregistration.k8s.io'), stdout);
});

test.serial('a sidecar from params, JSONPatch operations and a mutation that sees the ones before it; a failing Ignore policy is passed over', async (t) => {
  await sidecarConfig();
  for (const object of [
    policy('sidecar', {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: rules('apps', 'deployments'),
      reinvocationPolicy: 'Never',
      failurePolicy: 'Fail',
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression:
              'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "sidecar", image: params.data.image}]}}}}',
          },
        },
        {
          patchType: 'JSONPatch',
          jsonPatch: {
            expression:
              '[JSONPatch{op: "add", path: "/metadata/annotations", value: {}}, JSONPatch{op: "add", path: "/metadata/annotations/" + jsonpatch.escapeKey("example.com/team"), value: params.data.team}, JSONPatch{op: "replace", path: "/spec/replicas", value: object.spec.replicas + 1}]',
          },
        },
        { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"n": string(object.spec.replicas)}}}' } },
      ],
    }),
    binding('sidecar', { policyName: 'sidecar', paramRef: { name: 'sidecar-config', namespace: 'default', parameterNotFoundAction: 'Deny' } }),
    policy('broken-ignored', {
      matchConstraints: rules('apps', 'deployments'),
      reinvocationPolicy: 'Never',
      failurePolicy: 'Ignore',
      mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "remove", path: "/spec/nothing"}]' } }],
    }),
    binding('broken-ignored', { policyName: 'broken-ignored' }),
  ]) {
    const outcome = await apply(object);
    t.is(outcome.code, 0, outcome.output);
  }
  const deployment = await createdOnceInEffect(
    (name) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace: 'default', labels: { app: 'web' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      },
    }),
    (created) => created.metadata.labels?.n !== undefined,
  );
  t.deepEqual(deployment.metadata.labels, { app: 'web', n: '3' });
  t.deepEqual(deployment.metadata.annotations, { 'example.com/team': 'blue' });
  t.is(deployment.spec?.replicas, 3);
  // The injected container is defaulted as a decoded one is.
  t.deepEqual(
    deployment.spec?.template?.spec.containers.map(({ name, image, imagePullPolicy }) => ({ name, image, imagePullPolicy })),
    [
      { name: 'nginx', image: 'nginx', imagePullPolicy: 'Always' },
      { name: 'sidecar', image: 'busybox:1.36', imagePullPolicy: 'IfNotPresent' },
    ],
  );
  for (const name of ['sidecar', 'broken-ignored']) {
    await shared.kubectl('delete', 'mutatingadmissionpolicybinding', name);
    await shared.kubectl('delete', 'mutatingadmissionpolicy', name);
  }
});

test.serial('an IfNeeded policy runs again after a later policy changed the object; a binding objectSelector skips objects', async (t) => {
  await sidecarConfig();
  for (const object of [
    policy('a-sees-b', {
      matchConstraints: rules('', 'configmaps'),
      reinvocationPolicy: 'IfNeeded',
      // Run before b-labels (kube's order is random, Capstan's by name), it sees b only when run again.
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression:
              'Object{metadata: Object.metadata{labels: {"a-saw-b": has(object.metadata.labels) && "b" in object.metadata.labels ? object.metadata.labels["b"] : "nothing"}}}',
          },
        },
      ],
    }),
    binding('a-sees-b', { policyName: 'a-sees-b' }),
    policy('b-labels', {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: rules('', 'configmaps'),
      variables: [{ name: 'team', expression: 'params.data.team' }],
      reinvocationPolicy: 'Never',
      mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"b": variables.team}}}' } }],
    }),
    binding('b-labels', {
      policyName: 'b-labels',
      paramRef: { name: 'sidecar-config', namespace: 'default', parameterNotFoundAction: 'Deny' },
      matchResources: { objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] } },
    }),
  ]) {
    const outcome = await apply(object);
    t.is(outcome.code, 0, outcome.output);
  }
  const configMap = (labels: Record<string, string>) => (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', labels } });
  const mutated = await createdOnceInEffect(configMap({}), (created) => created.metadata.labels?.b !== undefined && created.metadata.labels['a-saw-b'] !== undefined);
  t.deepEqual(mutated.metadata.labels, { 'a-saw-b': 'blue', b: 'blue' });
  const skipped = await create(configMap({ skip: '1' })('skipped'));
  t.is(skipped.code, 0, skipped.output);
  t.deepEqual((JSON.parse(skipped.output) as Created).metadata.labels, { 'a-saw-b': 'nothing', skip: '1' });
  for (const name of ['a-sees-b', 'b-labels']) {
    await shared.kubectl('delete', 'mutatingadmissionpolicybinding', name);
    await shared.kubectl('delete', 'mutatingadmissionpolicy', name);
  }
});

test.serial("a Fail policy's failures refuse the request: 403 Invalid, the first failure's message, each failure a cause", async (t) => {
  for (const object of [
    policy('refuses', {
      matchConstraints: rules('', 'configmaps'),
      matchConditions: [{ name: 'refused', expression: 'object.metadata.name.startsWith("refused")' }],
      reinvocationPolicy: 'Never',
      mutations: [
        { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"x": object.data["missing"]}}}' } },
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression: 'Object{metadata: Object.metadata{ownerReferences: [Object.metadata.ownerReferences{uid: "u1", apiVersion: "v1", kind: "ConfigMap", name: "o"}]}}',
          },
        },
        { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: Object.foo{}}' } },
      ],
    }),
    binding('refuses-binding', { policyName: 'refuses' }),
  ]) {
    const outcome = await apply(object);
    t.is(outcome.code, 0, outcome.output);
  }
  const first =
    "policy 'refuses' with binding 'refuses-binding' denied request: expression 'Object{metadata: Object.metadata{labels: {\"x\": object.data[\"missing\"]}}}' resulted in error: no such key: missing";
  const refused = await eventually('the policy to refuse', async () => {
    const outcome = await shared.kubectl('create', 'configmap', `refused-${++attempt}`, '--from-literal=k=v').then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    return outcome;
  });
  t.is(refused.trim(), `error: failed to create configmap: ${first}`);
  const response = await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'refused-raw' }, data: { k: 'v' } }),
  });
  t.is(response.status, 403);
  const status = (await response.json()) as { reason: string; message: string; details: { causes: { message: string }[] } };
  t.is(status.reason, 'Invalid');
  t.is(status.message, first);
  t.deepEqual(
    status.details.causes.map((cause) => cause.message),
    [
      first,
      "policy 'refuses' with binding 'refuses-binding' denied request: error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .metadata.ownerReferences[0]",
      'policy \'refuses\' with binding \'refuses-binding\' denied request: type mismatch: unexpected type name "Object.foo", expected "Object.data", which matches field name path from root Object type',
    ],
  );
});

test.serial("client-node's v1beta1 client creates a policy and its binding, and the ConfigMaps it then creates are mutated", async (t) => {
  const config = new KubeConfig();
  config.loadFromString(readFileSync(shared.server().kubeconfig, 'utf8'));
  const admission = config.makeApiClient(AdmissionregistrationV1beta1Api);
  const core = config.makeApiClient(CoreV1Api);
  const created = await admission.createMutatingAdmissionPolicy({
    body: {
      metadata: { name: 'client-node-labels' },
      spec: {
        matchConstraints: rules('', 'configmaps'),
        reinvocationPolicy: 'Never',
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"by": "client-node"}}}' } }],
      },
    },
  });
  // Defaulted as kube's v1beta1 defaulters do.
  t.is(created.spec?.failurePolicy, 'Fail');
  t.is(created.spec?.matchConstraints?.matchPolicy, 'Equivalent');
  await admission.createMutatingAdmissionPolicyBinding({ body: { metadata: { name: 'client-node-labels' }, spec: { policyName: 'client-node-labels' } } });
  let attempt = 0;
  const labels = await eventually('the policy to take effect', async () => {
    const configMap = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `client-node-${++attempt}` } } });
    return configMap.metadata?.labels?.by === undefined ? undefined : configMap.metadata.labels;
  });
  t.deepEqual(labels, { by: 'client-node' });
  await admission.deleteMutatingAdmissionPolicyBinding({ name: 'client-node-labels' });
  await admission.deleteMutatingAdmissionPolicy({ name: 'client-node-labels' });
});
