// A status write (PATCH or PUT of .../status) keeps the metadata changes kube 1.35's status
// strategy of the kind keeps: labels, annotations, finalizers and owner references of most
// built-in kinds (not a Deployment's labels, not a Pod's owner references), nothing for the kinds
// that reset their metadata for status (ServiceCIDR here).

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-status-meta-' });
});
test.after.always(() => server?.stop());
const url = (path: string): string => `${(server as ApiServerChild).url}${path}`;

type Meta = { labels?: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: unknown[]; finalizers?: string[] };

async function create(collection: string, body: object): Promise<void> {
  const response = await fetch(url(collection), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`${collection}: ${response.status} ${await response.text()}`);
}

async function patchStatus(path: string, patch: object): Promise<{ status: number; metadata: Meta }> {
  const response = await fetch(url(`${path}/status`), { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify(patch) });
  const body = (await response.json()) as { metadata: Meta };
  return { status: response.status, metadata: body.metadata };
}

const owner = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '6a6f0c3e-2d7e-4b0e-9a51-1a2b3c4d5e6f' };
const template = { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };

test('a Namespace’s and a CronJob’s status patch keeps annotation and label changes (their status strategies reset the spec only)', async (t) => {
  await create('/api/v1/namespaces', { metadata: { name: 'status-meta' } });
  const namespace = await patchStatus('/api/v1/namespaces/status-meta', { metadata: { annotations: { note: 'kept' }, labels: { team: 'x' } } });
  t.is(namespace.status, 200);
  t.deepEqual(namespace.metadata.annotations, { note: 'kept' });
  t.deepEqual(namespace.metadata.labels, { 'kubernetes.io/metadata.name': 'status-meta', team: 'x' });
  const stored = (await (await fetch(url('/api/v1/namespaces/status-meta'))).json()) as { metadata: Meta };
  t.deepEqual(stored.metadata.annotations, { note: 'kept' });

  await create('/apis/batch/v1/namespaces/default/cronjobs', {
    metadata: { name: 'nightly' },
    spec: { schedule: '0 0 * * *', jobTemplate: { spec: { template: { spec: { ...template.spec, restartPolicy: 'Never' } } } } },
  });
  const cronJob = await patchStatus('/apis/batch/v1/namespaces/default/cronjobs/nightly', {
    metadata: { annotations: { note: 'kept' }, ownerReferences: [owner] },
    status: { active: [] },
  });
  t.is(cronJob.status, 200);
  t.deepEqual(cronJob.metadata.annotations, { note: 'kept' });
  t.is(cronJob.metadata.ownerReferences?.length, 1);
});

test('a Deployment’s status patch keeps annotations but not labels; a ServiceCIDR’s keeps no metadata change', async (t) => {
  await create('/apis/apps/v1/namespaces/default/deployments', {
    metadata: { name: 'web', labels: { tier: 'front' } },
    spec: { selector: { matchLabels: { app: 'a' } }, template },
  });
  const deployment = await patchStatus('/apis/apps/v1/namespaces/default/deployments/web', { metadata: { annotations: { note: 'kept' }, labels: { tier: 'changed' } } });
  t.is(deployment.status, 200);
  t.deepEqual(deployment.metadata.annotations, { note: 'kept' });
  t.deepEqual(deployment.metadata.labels, { tier: 'front' });

  await create('/apis/networking.k8s.io/v1/servicecidrs', { metadata: { name: 'extra' }, spec: { cidrs: ['10.123.0.0/24'] } });
  const cidr = await patchStatus('/apis/networking.k8s.io/v1/servicecidrs/extra', { metadata: { annotations: { note: 'dropped' } } });
  t.is(cidr.status, 200);
  t.is(cidr.metadata.annotations, undefined);
});

test('metadata a status write changes is validated as any update’s', async (t) => {
  await create('/api/v1/namespaces', { metadata: { name: 'status-meta-invalid' } });
  const invalid = await fetch(url('/api/v1/namespaces/status-meta-invalid/status'), {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ metadata: { labels: { 'bad key!': 'v' } } }),
  });
  t.is(invalid.status, 422);
  t.like(await invalid.json(), { reason: 'Invalid', details: { kind: 'Namespace', name: 'status-meta-invalid', causes: [{ field: 'metadata.labels' }] } });
});
