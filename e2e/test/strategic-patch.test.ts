// Strategic merge patch as kubectl sends it: client-side apply of a changed object, set image,
// patch --type strategic, edit, and their errors; dry runs of apply, replace, patch and delete
// that answer what would be stored and change nothing.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const { kubectl } = shared;
const dir = mkdtempSync(join(tmpdir(), 'capstan-smp-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

const getJson = async (path: string): Promise<Record<string, any>> => (await fetch(`${shared.server().url}${path}`)).json() as Promise<Record<string, any>>;
const deployments = '/apis/apps/v1/namespaces/default/deployments';

function deploymentYaml(name: string, image: string, env: string, extraLabel = ''): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
    app: ${name}${extraLabel === '' ? '' : `\n    ${extraLabel}`}
spec:
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: main
        image: ${image}
        env:
${env}
`;
}

const writeFile = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

test('kubectl apply of a changed object merges by the schema: changed image, dropped env var, added label', async (t) => {
  const first = writeFile('web-1.yaml', deploymentYaml('web', 'nginx:1.27', '        - {name: A, value: "1"}\n        - {name: B, value: "2"}'));
  t.is((await kubectl('apply', '-f', first)).stdout, 'deployment.apps/web created\n');
  // Another writer's change to a field the applied file never named survives the next apply.
  await kubectl('scale', 'deployment/web', '--replicas=3');
  const second = writeFile('web-2.yaml', deploymentYaml('web', 'nginx:1.28', '        - {name: A, value: "10"}', 'tier: front'));
  t.is((await kubectl('apply', '-f', second)).stdout, 'deployment.apps/web configured\n');
  const web = await getJson(`${deployments}/web`);
  t.is(web.spec.template.spec.containers[0].image, 'nginx:1.28');
  t.deepEqual(web.spec.template.spec.containers[0].env, [{ name: 'A', value: '10' }]);
  t.deepEqual(web.metadata.labels, { app: 'web', tier: 'front' });
  t.is(web.spec.replicas, 3);
  t.regex(web.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'], /"image":"nginx:1.28"/);
  t.is((await kubectl('apply', '-f', second)).stdout, 'deployment.apps/web unchanged\n');
});

test('kubectl set image and patch --type strategic: the new container goes first, as with kube', async (t) => {
  await kubectl('create', 'deployment', 'sidecars', '--image=nginx:1');
  t.is((await kubectl('set', 'image', 'deployment/sidecars', 'nginx=nginx:2')).stdout, 'deployment.apps/sidecars image updated\n');
  await kubectl('patch', 'deployment', 'sidecars', '--type=strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"log","image":"busybox"}]}}}}');
  const sidecars = await getJson(`${deployments}/sidecars`);
  t.deepEqual(
    sidecars.spec.template.spec.containers.map((c: { name: string; image: string }) => `${c.name}=${c.image}`),
    ['log=busybox', 'nginx=nginx:2'],
  );
  // The patch is defaulted and validated like any write.
  t.is(sidecars.spec.template.spec.containers[0].imagePullPolicy, 'Always');
  await kubectl('patch', 'deployment', 'sidecars', '--type=strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"log","$patch":"delete"}]}}}}');
  t.deepEqual(
    (await getJson(`${deployments}/sidecars`)).spec.template.spec.containers.map((c: { name: string }) => c.name),
    ['nginx'],
  );
});

test("a strategic merge patch kube cannot apply gets kube's status and message", async (t) => {
  await kubectl('create', 'configmap', 'smp-errors', '--from-literal=a=1');
  const noKey = (await t.throwsAsync(
    kubectl('patch', 'deployment', 'sidecars', '--type=strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}'),
  )) as Error & { stderr: string };
  t.regex(noKey.stderr, /map: map\[image:x\] does not contain declared merge key: name/);
  const badDirective = await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps/smp-errors`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/strategic-merge-patch+json' },
    body: JSON.stringify({ metadata: { $retainKeys: 'name' } }),
  });
  t.is(badDirective.status, 400);
  t.like(await badDirective.json(), { reason: 'BadRequest', message: 'invalid patch format of retainKeys' });
  const failedTest = (await t.throwsAsync(kubectl('patch', 'configmap', 'smp-errors', '--type=json', '-p', '[{"op":"test","path":"/data/a","value":"2"}]'))) as Error & {
    stderr: string;
  };
  t.regex(failedTest.stderr, /The request is invalid: the server rejected our request due to an error in our request/);
});

test("kubectl edit writes the editor's change as a strategic merge patch", async (t) => {
  await kubectl('create', 'configmap', 'edited', '--from-literal=greeting=hello');
  const run = promisify(execFile);
  const editor = writeFile('editor.sh', '#!/bin/sh\nsed -i "s/greeting: hello/greeting: goodbye/" "$1"\n');
  await run('chmod', ['+x', editor]);
  const { stdout } = await run(kubectlBinary(), [`--kubeconfig=${shared.server().kubeconfig}`, 'edit', 'configmap', 'edited'], { env: { ...process.env, KUBE_EDITOR: editor } });
  t.is(stdout, 'configmap/edited edited\n');
  t.deepEqual((await getJson('/api/v1/namespaces/default/configmaps/edited')).data, { greeting: 'goodbye' });
});

test('server-side dry runs of apply, replace, patch, scale and delete answer the result and store nothing', async (t) => {
  const first = writeFile('dry-1.yaml', deploymentYaml('dry', 'nginx:1', '        - {name: A, value: "1"}'));
  await kubectl('apply', '-f', first);
  const before = await getJson(`${deployments}/dry`);
  const changed = writeFile('dry-2.yaml', deploymentYaml('dry', 'nginx:2', '        - {name: A, value: "1"}'));
  const applied = JSON.parse((await kubectl('apply', '-f', changed, '--dry-run=server', '-o', 'json')).stdout) as Record<string, any>;
  t.is(applied.spec.template.spec.containers[0].image, 'nginx:2');
  const diff = (await t.throwsAsync(kubectl('diff', '-f', changed))) as Error & { code: number; stdout: string };
  t.is(diff.code, 1);
  t.regex(diff.stdout, /-\s+image: nginx:1\n\+\s+image: nginx:2/);
  t.is((await kubectl('replace', '-f', changed, '--dry-run=server')).stdout, 'deployment.apps/dry replaced (server dry run)\n');
  // kubectl patch prints no dry-run suffix; that the patch stored nothing is checked below.
  t.is((await kubectl('patch', 'deployment', 'dry', '--dry-run=server', '-p', '{"spec":{"paused":true}}')).stdout, 'deployment.apps/dry patched\n');
  t.is((await kubectl('scale', 'deployment/dry', '--replicas=5', '--dry-run=server')).stdout, 'deployment.apps/dry scaled (server dry run)\n');
  t.is((await kubectl('delete', 'deployment', 'dry', '--dry-run=server')).stdout, 'deployment.apps "dry" deleted from default namespace (server dry run)\n');
  const after = await getJson(`${deployments}/dry`);
  t.is(after.metadata.resourceVersion, before.metadata.resourceVersion);
  t.deepEqual(after.spec, before.spec);
  const invalid = await fetch(`${shared.server().url}${deployments}/dry?dryRun=Some`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: '{}' });
  t.is(invalid.status, 422);
  t.like(await invalid.json(), { message: 'PatchOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Some"]: supported values: "All"' });
});
