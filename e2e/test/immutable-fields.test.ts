// Fields that may not change once an object exists, refused with kube-apiserver's 422 and wording:
// immutable ConfigMaps and Secrets, a Secret's type, workload selectors, a StatefulSet's fixed
// spec, a pod's spec beyond its images, and a Job's template.

import test, { type ExecutionContext } from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const { kubectl } = shared;

/** kubectl's error output of a command that must fail. */
async function refused(t: ExecutionContext, ...args: string[]): Promise<string> {
  const error = (await t.throwsAsync(kubectl(...args))) as Error & { stderr: string };
  return error.stderr;
}

test('an immutable ConfigMap keeps its data and its mark; its labels may still change', async (t) => {
  await kubectl('create', 'configmap', 'frozen', '--from-literal=mode=fast');
  await kubectl('patch', 'configmap', 'frozen', '--type=merge', '-p', '{"immutable":true}');
  t.is(
    await refused(t, 'patch', 'configmap', 'frozen', '--type=merge', '-p', '{"data":{"mode":"slow"}}'),
    'The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set\n',
  );
  t.is(
    await refused(t, 'patch', 'configmap', 'frozen', '--type=merge', '-p', '{"immutable":false,"binaryData":{"b":"AA=="}}'),
    'The ConfigMap "frozen" is invalid: \n* immutable: Forbidden: field is immutable when `immutable` is set\n* binaryData: Forbidden: field is immutable when `immutable` is set\n',
  );
  t.is((await kubectl('label', 'configmap', 'frozen', 'team=a')).stdout, 'configmap/frozen labeled\n');
});

test("a Secret's type is fixed, and an immutable Secret keeps its data", async (t) => {
  await kubectl('create', 'secret', 'generic', 'token', '--from-literal=key=one');
  t.is(
    await refused(t, 'patch', 'secret', 'token', '--type=merge', '-p', '{"type":"example.com/custom"}'),
    'The Secret "token" is invalid: type: Invalid value: "example.com/custom": field is immutable\n',
  );
  await kubectl('patch', 'secret', 'token', '--type=merge', '-p', '{"immutable":true}');
  t.is(
    await refused(t, 'patch', 'secret', 'token', '--type=merge', '-p', '{"stringData":{"key":"two"}}'),
    'The Secret "token" is invalid: data: Forbidden: field is immutable when `immutable` is set\n',
  );
});

test("a Deployment's selector is fixed; its replicas and template are not", async (t) => {
  await kubectl('create', 'deployment', 'web', '--image=nginx:1.27');
  const patch = '{"spec":{"selector":{"matchLabels":{"app":"other"}},"template":{"metadata":{"labels":{"app":"other"}}}}}';
  t.is(
    await refused(t, 'patch', 'deployment', 'web', '--type=merge', '-p', patch),
    'The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable\n',
  );
  t.is((await kubectl('scale', 'deployment', 'web', '--replicas=3')).stdout, 'deployment.apps/web scaled\n');
  t.is((await kubectl('set', 'image', 'deployment/web', 'nginx=nginx:1.28')).stdout, 'deployment.apps/web image updated\n');
});

test("a StatefulSet's spec is fixed outside replicas, template, update strategy and the like", async (t) => {
  const statefulSet = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db' },
    spec: {
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:17' }] } },
    },
  };
  const created = await fetch(`${shared.server().url}/apis/apps/v1/namespaces/default/statefulsets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(statefulSet),
  });
  t.is(created.status, 201);
  t.is(
    await refused(t, 'patch', 'statefulset', 'db', '--type=merge', '-p', '{"spec":{"serviceName":"other"}}'),
    "The StatefulSet \"db\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden\n",
  );
  t.is((await kubectl('scale', 'statefulset', 'db', '--replicas=2')).stdout, 'statefulset.apps/db scaled\n');
});

test("a pod's images may change, the rest of its spec may not", async (t) => {
  await kubectl('run', 'app', '--image=nginx:1.27', '--port=80');
  const image = '[{"op":"replace","path":"/spec/containers/0/image","value":"nginx:1.28"}]';
  t.is((await kubectl('patch', 'pod', 'app', '--type=json', '-p', image)).stdout, 'pod/app patched\n');
  const stderr = await refused(t, 'patch', 'pod', 'app', '--type=json', '-p', '[{"op":"replace","path":"/spec/containers/0/ports/0/containerPort","value":8080}]');
  t.true(
    stderr.startsWith(
      'The Pod "app" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n',
    ),
    stderr,
  );
  t.regex(stderr, /changed: spec\.containers\n$/);
  t.is((await kubectl('label', 'pod', 'app', 'tier=web')).stdout, 'pod/app labeled\n');
});

test("a Job's pod template is fixed", async (t) => {
  await kubectl('create', 'job', 'once', '--image=busybox:1.37');
  t.is(
    await refused(t, 'patch', 'job', 'once', '--type=json', '-p', '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"busybox:1.38"}]'),
    'The Job "once" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable\n',
  );
});
