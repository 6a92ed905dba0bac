// A written body whose values do not fit the kind's Go types is refused as kube-apiserver refuses
// it (its JSON decoder's words, checked against kube-apiserver 1.35.4), whatever fieldValidation
// says: nothing a client cannot read back is ever stored. Patches whose result does not fit are
// kube's 422 on "patch".

import test from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

async function send(method: string, path: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${shared.server().url}${path}`, { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const configMaps = '/api/v1/namespaces/default/configmaps';

test('creates with values of the wrong JSON type answer 400 in kube-apiserver words and store nothing', async (t) => {
  const cases: readonly [unknown, string][] = [
    [{ metadata: { name: 't1' }, data: { a: 1 } }, 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'],
    [{ metadata: { name: 't2', labels: [1] } }, 'json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    [{ metadata: { name: 't3' }, data: 'x' }, 'json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string'],
    [{ metadata: { name: 't4' }, binaryData: { a: '%%%' } }, 'illegal base64 data at input byte 0'],
    [{ metadata: { name: 't5', generation: 'x' } }, 'json: cannot unmarshal string into Go struct field ObjectMeta.metadata.generation of type int64'],
  ];
  for (const [body, message] of cases) {
    const answer = await send('POST', `${configMaps}?fieldValidation=Ignore`, body);
    t.is(answer.status, 400);
    t.like(answer.body, { kind: 'Status', reason: 'BadRequest', code: 400, message: `ConfigMap in version "v1" cannot be handled as a ConfigMap: ${message}` });
  }
  for (const name of ['t1', 't2', 't3', 't4', 't5']) t.is((await fetch(`${shared.server().url}${configMaps}/${name}`)).status, 404, name);
});

test('the first wrong value in the body is named, with the path through lists and inline structs', async (t) => {
  const deployment = await send('POST', '/apis/apps/v1/namespaces/default/deployments', {
    metadata: { name: 'd' },
    spec: {
      replicas: '3',
      selector: { matchLabels: { a: 'b' } },
      template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 1.5 }] }] } },
    },
  });
  t.is(
    deployment.body.message,
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
  );
  const port = await send('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 99999999999 }] }] },
  });
  t.is(
    port.body.message,
    'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number 99999999999 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
  );
  const volume = await send('POST', '/api/v1/namespaces/default/pods', {
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'i' }], volumes: [{ name: 'v', hostPath: { path: 5 } }] },
  });
  t.is(
    volume.body.message,
    'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field HostPathVolumeSource.spec.volumes.VolumeSource.hostPath.path of type string',
  );
});

test('an update and the patches whose result is wrongly typed are refused; the object keeps its value', async (t) => {
  t.is((await send('POST', configMaps, { metadata: { name: 'kept' }, data: { a: 'b' } })).status, 201);
  const put = await send('PUT', `${configMaps}/kept`, { metadata: { name: 'kept' }, data: { a: true } });
  t.is(put.status, 400);
  t.is(put.body.message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal bool into Go struct field ConfigMap.data of type string');
  for (const [contentType, patch] of [
    ['application/merge-patch+json', { data: { a: 1 } }],
    ['application/json-patch+json', [{ op: 'add', path: '/data/b', value: 2 }]],
    ['application/strategic-merge-patch+json', { data: { a: 1 } }],
  ] as const) {
    const answer = await send('PATCH', `${configMaps}/kept`, patch, contentType);
    t.is(answer.status, 422, contentType);
    t.like(answer.body, { reason: 'Invalid', details: { causes: [{ reason: 'FieldValueInvalid', field: 'patch' }] } });
    t.regex(answer.body.message as string, /: json: cannot unmarshal number into Go struct field ConfigMap\.data of type string$/);
  }
  t.deepEqual(((await (await fetch(`${shared.server().url}${configMaps}/kept`)).json()) as { data: unknown }).data, { a: 'b' });
});

test('kubectl create -f of a wrongly typed manifest reports the server error', async (t) => {
  const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'capstan-typed-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = join(dir, 'cm.yaml');
  writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: numbers\ndata:\n  answer: 42\n');
  const error = await t.throwsAsync(shared.kubectl('create', '-f', manifest));
  t.regex(
    (error as Error & { stderr: string }).stderr,
    /ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap\.data of type string/,
  );
});
