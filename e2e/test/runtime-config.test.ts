// --runtime-config as kube-apiserver 1.35 answers it, judged by kubectl: a group-version or one
// resource turned off is gone from discovery and OpenAPI and answers kube's 404; a flag kube
// refuses stops the start with kube's message; a resource served only when enabled (an optional
// one) is listed and written once enabled.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger, parseFeatureGates } from '@capstan/common';
import { apiServerFeatures, defaultServiceClusterIpRange, defaultServiceNodePortRange, resourceConfigOf, runApiServer, serviceRanges } from '@capstan/apiserver';
import { kubeconfigFor } from '@capstan/deploy';
import { volumeAttributesClassResource } from '../../apiserver/src/resources/storage/volumeattributesclasses.ts';
import type { OptionalResource } from '../../apiserver/src/resources/optional-resources.ts';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { kubectlWithInput } from '../src/kubectl-apply.ts';

const run = promisify(execFile);
const kubectl = (kubeconfig: string, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, ...args], { encoding: 'utf8' });
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

/** What kube-apiserver answers under a group nothing is served in: Go's 404 page, as text. */
const goNotFoundPage = '404 page not found\n';

test('--runtime-config=batch/v1=false hides Jobs and CronJobs from kubectl, OpenAPI and routing, as kube-apiserver does', async (t) => {
  const server = await startApiServer(['--runtime-config=batch/v1=false']);
  t.teardown(() => server.stop());
  const resources = (await kubectl(server.kubeconfig, 'api-resources', '--no-headers', '-o', 'name')).stdout.split('\n');
  t.false(resources.some((name) => name.endsWith('.batch')));
  t.true(resources.includes('deployments.apps'));
  t.false((await kubectl(server.kubeconfig, 'api-versions')).stdout.split('\n').includes('batch/v1'));
  const legacy = (await (await fetch(`${server.url}/apis`, { headers: { accept: 'application/json' } })).json()) as { groups: { name: string }[] };
  t.false(legacy.groups.some(({ name }) => name === 'batch'));
  t.true(legacy.groups.some(({ name }) => name === 'apps'));
  const jobs = await fetch(`${server.url}/apis/batch/v1/namespaces/default/jobs`);
  t.is(jobs.status, 404);
  t.is(jobs.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(await jobs.text(), goNotFoundPage);
  t.is((await fetch(`${server.url}/apis/batch/v1`)).status, 404);
  const refused = await t.throwsAsync(kubectl(server.kubeconfig, 'get', 'jobs'));
  t.regex((refused as Error & { stderr: string }).stderr, /the server doesn't have a resource type "jobs"/);
  const v3 = (await (await fetch(`${server.url}/openapi/v3`)).json()) as { paths: Record<string, unknown> };
  t.false('apis/batch/v1' in v3.paths);
  t.true('apis/apps/v1' in v3.paths);
  const v2 = (await (await fetch(`${server.url}/openapi/v2`)).json()) as { paths: Record<string, unknown> };
  t.false(Object.keys(v2.paths).some((path) => path.startsWith('/apis/batch/')));
  // The server's own work needs no batch: the rest is served as before.
  t.regex((await kubectl(server.kubeconfig, 'create', 'configmap', 'still-here')).stdout, /created/);
});

test('--runtime-config=batch/v1/jobs=false hides Jobs only: CronJobs stay, and Jobs answer the NotFound Status', async (t) => {
  const server = await startApiServer(['--runtime-config=batch/v1/jobs=false']);
  t.teardown(() => server.stop());
  const resources = (await kubectl(server.kubeconfig, 'api-resources', '--no-headers', '-o', 'name')).stdout.split('\n');
  t.false(resources.includes('jobs.batch'));
  t.true(resources.includes('cronjobs.batch'));
  const jobs = await fetch(`${server.url}/apis/batch/v1/namespaces/default/jobs`);
  t.is(jobs.status, 404);
  t.like(await jobs.json(), { kind: 'Status', status: 'Failure', reason: 'NotFound', message: 'the server could not find the requested resource', code: 404 });
  t.regex((await kubectl(server.kubeconfig, 'create', 'cronjob', 'nightly', '--image=busybox', '--schedule=0 3 * * *')).stdout, /created/);
});

test('a --runtime-config kube-apiserver refuses stops the start with its message, of capstan apiserver and capstan up', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-runtime-config-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const start = (value: string) => run(process.execPath, [capstan, 'apiserver', '--secure-port=0', `--data-dir=${dir}`, `--runtime-config=${value}`], { encoding: 'utf8' });
  const invalid = (await t.throwsAsync(start('batch'))) as Error & { code: number; stderr: string };
  t.is(invalid.code, 1);
  t.is(invalid.stderr, 'Error: runtime-config invalid key batch\n');
  const unknown = (await t.throwsAsync(start('example.com/v1=true'))) as Error & { stderr: string };
  t.is(unknown.stderr, 'Error: unknown api groups example.com\n');
  // capstan up reads the flag as the API server does, before it starts anything.
  const up = (await t.throwsAsync(run(process.execPath, [capstan, 'up', `--data-dir=${dir}`, '--port=0', '--runtime-config=batch/v1=maybe'], { encoding: 'utf8' }))) as Error & {
    code: number;
    stderr: string;
  };
  t.is(up.code, 1);
  t.is(up.stderr, 'Error: invalid value of batch/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax\n');
});

// A test-only optional resource of a group-version kube knows and serves nothing in by default
// (storage.k8s.io/v1alpha1): what optional-resources.ts lists is served the same way.
const alphaClasses: OptionalResource = { definition: { ...volumeAttributesClassResource, version: 'v1alpha1' }, featureGate: undefined };

async function startWithOptional(t: import('ava').ExecutionContext, runtimeConfig: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-optional-'));
  const running = await runApiServer({
    bindAddress: '127.0.0.1',
    port: 0,
    storage: { backend: 'sqlite', dataDir: dir, etcdServers: [] },
    watchHistoryMs: 300_000,
    shutdownDelayMs: 0,
    livezGracePeriodMs: 0,
    minRequestTimeoutMs: 1_800_000,
    featureGates: parseFeatureGates(apiServerFeatures, []),
    runtimeConfig: resourceConfigOf(runtimeConfig),
    optionalResources: [alphaClasses],
    ...serviceRanges(defaultServiceClusterIpRange, defaultServiceNodePortRange),
    logger: createLogger({ name: 'runtime-config-test', format: 'json', level: process.env.CAPSTAN_TEST_LOG_LEVEL ?? 'silent' }),
  });
  t.teardown(async () => {
    await running.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  await running.ready();
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(running.url));
  return kubeconfig;
}

test('an optional resource is served once --runtime-config enables its group-version: listed, created, read', async (t) => {
  const off = await startWithOptional(t, []);
  t.false((await kubectl(off, 'api-versions')).stdout.split('\n').includes('storage.k8s.io/v1alpha1'));
  const on = await startWithOptional(t, ['storage.k8s.io/v1alpha1=true']);
  t.true((await kubectl(on, 'api-versions')).stdout.split('\n').includes('storage.k8s.io/v1alpha1'));
  // kubectl api-resources shows the group's preferred version (v1) of a resource served in two.
  const listed = JSON.parse((await kubectl(on, 'get', '--raw', '/apis/storage.k8s.io/v1alpha1')).stdout) as { resources: { name: string; kind: string }[] };
  t.deepEqual(
    listed.resources.map(({ name, kind }) => `${name} ${kind}`),
    ['volumeattributesclasses VolumeAttributesClass'],
  );
  const object = { apiVersion: 'storage.k8s.io/v1alpha1', kind: 'VolumeAttributesClass', metadata: { name: 'gold' }, driverName: 'csi.example.com', parameters: { iops: '100' } };
  const created = await kubectlWithInput(on, object, ['create', '-f', '-']);
  t.is(created.code, 0, created.output);
  t.regex(created.output, /volumeattributesclass.storage.k8s.io\/gold created/);
  const read = JSON.parse((await kubectl(on, 'get', 'volumeattributesclasses.v1alpha1.storage.k8s.io', 'gold', '-o', 'json')).stdout) as Record<string, unknown>;
  t.like(read, { apiVersion: 'storage.k8s.io/v1alpha1', kind: 'VolumeAttributesClass', driverName: 'csi.example.com' });
});
