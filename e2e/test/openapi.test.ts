import test from 'ava';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

test('kubectl create -f and replace validate through OpenAPI v3 by default, and explain finds the kind', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const file = join(server.kubeconfig, '..', 'deploy.json');
  const spec = {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  };
  writeFileSync(file, JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec }));
  t.is((await kubectl('create', '-f', file)).stdout, 'deployment.apps/web created\n');
  t.is((await kubectl('replace', '-f', file)).stdout, 'deployment.apps/web replaced\n');
  const explained = await kubectl('explain', 'deployments');
  t.regex(explained.stdout, /^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n/);
});

test('the OpenAPI v3 index lists every served group-version; documents are immutable by hash and redirect from a stale one', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const index = (await (await fetch(`${server.url}/openapi/v3`)).json()) as { paths: Record<string, { serverRelativeURL: string }> };
  const discovery = (await (await fetch(`${server.url}/apis`)).json()) as { groups: { versions: { groupVersion: string }[] }[] };
  const served = ['api/v1', ...discovery.groups.flatMap((g) => g.versions.map((v) => `apis/${v.groupVersion}`))].sort();
  t.deepEqual(Object.keys(index.paths).sort(), served);
  const url = index.paths['api/v1']?.serverRelativeURL ?? '';
  t.regex(url, /^\/openapi\/v3\/api\/v1\?hash=[0-9A-F]{128}$/);
  const document = await fetch(`${server.url}${url}`);
  t.is(document.headers.get('cache-control'), 'public, immutable');
  const etag = document.headers.get('etag') ?? '';
  const body = (await document.json()) as { paths: Record<string, { patch?: { parameters: { name: string; in: string }[]; 'x-kubernetes-group-version-kind': unknown } }> };
  const patch = body.paths['/api/v1/namespaces/{namespace}/configmaps/{name}']?.patch;
  t.deepEqual(patch?.['x-kubernetes-group-version-kind'], { group: '', version: 'v1', kind: 'ConfigMap' });
  t.true(patch?.parameters.some((p) => p.name === 'fieldValidation' && p.in === 'query'));
  t.is((await fetch(`${server.url}${url}`, { headers: { 'if-none-match': etag } })).status, 304);
  const stale = await fetch(`${server.url}/openapi/v3/api/v1?hash=0000`, { redirect: 'manual' });
  t.is(stale.status, 301);
  t.is(stale.headers.get('location'), url);
});

test('kubectl explain reads the declared schemas: nested fields, recursively', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const probe = (await kubectl('explain', 'pods.spec.containers.livenessProbe')).stdout;
  t.regex(probe, /FIELD: livenessProbe <Probe>/);
  t.regex(probe, /httpGet\t<HTTPGetAction>/);
  const recursive = (await kubectl('explain', 'deployments.spec', '--recursive')).stdout;
  t.regex(recursive, /selector\t<LabelSelector> -required-\n\s+matchExpressions\t<\[\]LabelSelectorRequirement>/);
  t.regex(recursive, /strategy\t<DeploymentStrategy>/);
});
