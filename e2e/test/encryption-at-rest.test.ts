// Encryption at rest (--encryption-provider-config) with real servers and the real kubectl: what
// the store holds (the SQLite file read with node:sqlite, etcd through `capstan storage get`),
// what kubectl reads back, key rotation as kube documents it (add the new key first, restart,
// rewrite every object, drop the old key), and kube's errors for a value no key decrypts.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { startEtcd } from '../../apiserver/test/storage/etcd-server.ts';

const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const unsafeGate = '--feature-gates=AllowUnsafeMalformedObjectDeletion=true';

const dir = mkdtempSync(join(tmpdir(), 'capstan-encryption-e2e-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

const keys = { key1: Buffer.alloc(32, 1), key2: Buffer.alloc(32, 2), key3: Buffer.alloc(16, 3) };
type KeyName = keyof typeof keys;

/** A configuration file encrypting secrets with `provider` and the keys given, in order (the first writes). */
function configFile(name: string, provider: 'aescbc' | 'aesgcm' | 'secretbox', keyNames: readonly KeyName[], fallback = ''): string {
  const path = join(dir, `${name}.yaml`);
  const keyLines = keyNames.map((key) => `            - name: ${key}\n              secret: ${keys[key].toString('base64')}\n`).join('');
  writeFileSync(
    path,
    `apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - ${provider}:\n          keys:\n${keyLines}${fallback}`,
  );
  return path;
}

const kubectl = (server: ApiServerProcess, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 90_000 });

/** The stored bytes of a key, read from the SQLite file beside the running server, as latin1 text. */
function sqliteValue(dataDir: string, key: string): string {
  const db = new DatabaseSync(join(dataDir, 'capstan.db'), { readOnly: true });
  try {
    const row = db.prepare('SELECT l.value AS value FROM kv k JOIN kv_log l ON l.revision = k.mod_revision WHERE k.key = ?').get(key) as { value: Uint8Array } | undefined;
    if (row === undefined) throw new Error(`${key} is not stored`);
    return Buffer.from(row.value).toString('latin1');
  } finally {
    db.close();
  }
}

async function password(server: ApiServerProcess, name: string): Promise<string> {
  const { stdout } = await kubectl(server, 'get', 'secret', name, '-o', 'jsonpath={.data.password}');
  return Buffer.from(stdout, 'base64').toString('utf8');
}

async function call(server: ApiServerProcess, method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { method });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const internalError = (message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: `Internal error occurred: ${message}`,
  reason: 'InternalError',
  details: { causes: [{ message }] },
  code: 500,
});

test('with aescbc for secrets, the SQLite file holds them encrypted, other kinds as they are, and kubectl and watches read them back', async (t) => {
  const dataDir = join(dir, 'aescbc');
  const server = await startApiServer([`--data-dir=${dataDir}`, `--encryption-provider-config=${configFile('aescbc', 'aescbc', ['key1'])}`]);
  t.teardown(() => server.stop());
  await kubectl(server, 'create', 'secret', 'generic', 'db', '--from-literal=password=hunter2');
  await kubectl(server, 'create', 'configmap', 'plain', '--from-literal=a=b');

  const stored = sqliteValue(dataDir, '/registry/secrets/default/db');
  t.true(stored.startsWith('k8s:enc:aescbc:v1:key1:'), stored.slice(0, 30));
  t.false(stored.includes('hunter2') || stored.includes(Buffer.from('hunter2').toString('base64')) || stored.includes('"kind"'));
  t.true(sqliteValue(dataDir, '/registry/configmaps/default/plain').startsWith('{"kind":"ConfigMap"'));
  t.is(await password(server, 'db'), 'hunter2');

  const { resourceVersion } = (await call(server, 'GET', '/api/v1/namespaces/default/secrets')).body.metadata as { resourceVersion: string };
  const watch = await fetch(`${server.url}/api/v1/namespaces/default/secrets?watch=1&resourceVersion=${resourceVersion}`);
  const reader = watch.body?.getReader();
  await kubectl(server, 'label', 'secret', 'db', 'tier=backend');
  const chunk = await reader?.read();
  await reader?.cancel();
  const event = JSON.parse(new TextDecoder().decode(chunk?.value).split('\n')[0] as string) as {
    type: string;
    object: { metadata: { labels: unknown }; data: { password: string } };
  };
  t.is(event.type, 'MODIFIED');
  t.deepEqual(event.object.metadata.labels, { tier: 'backend' });
  t.is(Buffer.from(event.object.data.password, 'base64').toString(), 'hunter2');
  t.true(sqliteValue(dataDir, '/registry/secrets/default/db').startsWith('k8s:enc:aescbc:v1:key1:'), 'the update is encrypted too');
  const { stdout } = await kubectl(server, 'get', 'secrets', '-o', 'name');
  t.is(stdout.trim(), 'secret/db');
});

test.serial('key rotation: add the new key first, restart, replace every secret, drop the old key; a key that never wrote answers kube’s errors', async (t) => {
  const dataDir = join(dir, 'rotation');
  const start = (config: string, ...more: string[]) => startApiServer([`--data-dir=${dataDir}`, `--encryption-provider-config=${config}`, ...more]);
  const stored = (name = 'rotated') => sqliteValue(dataDir, `/registry/secrets/default/${name}`).slice(0, 23);
  let server: ApiServerProcess | undefined;
  t.teardown(() => server?.stop());

  server = await start(configFile('rotation-1', 'aesgcm', ['key1']));
  await kubectl(server, 'create', 'secret', 'generic', 'rotated', '--from-literal=password=swordfish');
  // 300 KiB: its replace is prepared on a work thread (write-on-thread.ts).
  const bigFile = join(dir, 'big');
  writeFileSync(bigFile, 'b'.repeat(300 * 1024));
  await kubectl(server, 'create', 'secret', 'generic', 'big', `--from-file=${bigFile}`);
  t.is(stored(), 'k8s:enc:aesgcm:v1:key1:');
  await server.stop();

  // The new key first: it writes; the old one still reads what it wrote.
  server = await start(configFile('rotation-2', 'aesgcm', ['key2', 'key1']));
  t.is(await password(server, 'rotated'), 'swordfish');
  t.is(stored(), 'k8s:enc:aesgcm:v1:key1:', 'a read writes nothing');
  const { stdout: all } = await kubectl(server, 'get', 'secrets', '--all-namespaces', '-o', 'json');
  const listFile = join(dir, 'secrets.json');
  writeFileSync(listFile, all);
  // A replace that changes nothing still rewrites a value read with an old key, as kube's storage does.
  await kubectl(server, 'replace', '-f', listFile);
  t.is(stored(), 'k8s:enc:aesgcm:v1:key2:');
  t.is(stored('big'), 'k8s:enc:aesgcm:v1:key2:');
  await server.stop();

  server = await start(configFile('rotation-3', 'aesgcm', ['key2']));
  t.is(await password(server, 'rotated'), 'swordfish');
  await kubectl(server, 'delete', 'secret', 'big');
  await server.stop();

  // A configuration whose keys never wrote this value: kube's 500s, with the gate off...
  server = await start(configFile('rotation-4', 'aesgcm', ['key3']));
  const noKey = 'no matching key was found for the provided AES transformer';
  t.deepEqual(await call(server, 'GET', '/api/v1/namespaces/default/secrets/rotated'), { status: 500, body: internalError(noKey) });
  t.deepEqual(await call(server, 'GET', '/api/v1/namespaces/default/secrets'), {
    status: 500,
    body: internalError(`unable to transform key "/registry/secrets/default/rotated": ${noKey}`),
  });
  const failed = await kubectl(server, 'get', 'secret', 'rotated').catch((error: { stderr: string }) => error);
  t.regex((failed as { stderr: string }).stderr, /Internal error occurred: no matching key was found for the provided AES transformer/);
  await server.stop();

  // ... and with AllowUnsafeMalformedObjectDeletion, the corrupt-object error, and its unsafe deletion.
  server = await start(configFile('rotation-4', 'aesgcm', ['key3']), unsafeGate);
  const corrupt = `StorageError: corrupt object, Code: 7, Key: /secrets/default/rotated, ResourceVersion: 0, AdditionalErrorMsg: data from the storage is not transformable revision=0: ${noKey}`;
  t.deepEqual(await call(server, 'GET', '/api/v1/namespaces/default/secrets/rotated'), { status: 500, body: internalError(corrupt) });
  const listed = await call(server, 'GET', '/api/v1/namespaces/default/secrets');
  t.like(listed.body, {
    reason: 'StoreReadError',
    message: 'failed to read one or more secrets from the storage',
    details: {
      causes: [
        {
          reason: 'UnexpectedServerResponse',
          field: '/registry/secrets/default/rotated',
          message: corrupt.replace('Key: /secrets/', 'Key: /registry/secrets/'),
        },
      ],
    },
  });
  // An update reads the object without the corrupt-object store around it: the bare transform error.
  const updated = await fetch(`${server.url}/api/v1/namespaces/default/secrets/rotated`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: '{"metadata":{"labels":{"a":"b"}}}',
  });
  t.deepEqual({ status: updated.status, body: await updated.json() }, { status: 500, body: internalError(`data from the storage is not transformable revision=0: ${noKey}`) });
  await kubectl(server, 'delete', '--raw', '/api/v1/namespaces/default/secrets/rotated?ignoreStoreReadErrorWithClusterBreakingPotential=true');
  t.is((await call(server, 'GET', '/api/v1/namespaces/default/secrets/rotated')).status, 404);
});

test('a configuration kube-apiserver refuses stops the start with its error', async (t) => {
  const path = join(dir, 'bad.yaml');
  writeFileSync(
    path,
    'apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - aesgcm: {keys: [{name: k, secret: "YWJj"}]}\n',
  );
  const error = await run(process.execPath, [capstan, 'apiserver', '--secure-port=0', `--data-dir=${join(dir, 'bad')}`, `--encryption-provider-config=${path}`], {
    encoding: 'utf8',
  }).catch((failed: { code: number; stderr: string }) => failed);
  t.like(error, {
    code: 1,
    stderr:
      'Error: error while parsing file: resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 3, expected one of [16 24 32]\n',
  });
});

test('on etcd, secrets are stored with secretbox under their keys, read back and listed', async (t) => {
  const etcd = await startEtcd('encryption');
  t.teardown(() => etcd.stop());
  const backend = ['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`];
  const server = await startApiServer([...backend, `--encryption-provider-config=${configFile('etcd', 'secretbox', ['key1'], '      - identity: {}\n')}`]);
  t.teardown(() => server.stop());
  await kubectl(server, 'create', 'secret', 'generic', 'boxed', '--from-literal=password=opensesame');
  const { stdout } = await run(process.execPath, [capstan, 'storage', 'get', '/registry/secrets/default/boxed', ...backend], { encoding: 'latin1' });
  const value = stdout.slice(stdout.indexOf('\n') + 1);
  t.true(value.startsWith('k8s:enc:secretbox:v1:key1:'), value.slice(0, 30));
  t.false(value.includes('opensesame') || value.includes(Buffer.from('opensesame').toString('base64')));
  t.is(await password(server, 'boxed'), 'opensesame');
  const { stdout: names } = await kubectl(server, 'get', 'secrets', '-o', 'name');
  t.is(names.trim(), 'secret/boxed');
});
