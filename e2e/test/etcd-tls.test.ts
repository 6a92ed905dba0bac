// The API server on an etcd that serves clients over TLS and asks them for a certificate, as
// kubeadm sets etcd up: --etcd-cafile, --etcd-certfile and --etcd-keyfile, with kube-apiserver's
// names. Checked with kubectl; without a client certificate the server cannot start and says why.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clusterPki } from '../../deploy/src/cluster-pki.ts';
import { startEtcd, type EtcdTls } from '../../apiserver/test/storage/etcd-server.ts';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

test('the API server stores through an etcd that asks for client certificates, given --etcd-cafile, --etcd-certfile and --etcd-keyfile', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-etcd-tls-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // One authority signs etcd's serving certificate and the API server's client certificate.
  const pki = await clusterPki(join(dir, 'pki'));
  const serving = await pki.serving(['127.0.0.1'], ['localhost']);
  const client = await pki.client('apiserver-etcd-client', 'kube-apiserver-etcd-client', []);
  const tls: EtcdTls = { cert: serving.cert, key: serving.key, clientCa: pki.authority, client: { ...client, ca: pki.authority } };
  const etcd = await startEtcd('etcd-tls', tls);
  t.teardown(() => etcd.stop());
  t.regex(etcd.endpoint, /^https:/);

  const files = [
    `--etcd-cafile=${pki.authorityFile}`,
    `--etcd-certfile=${join(dir, 'pki', 'apiserver-etcd-client.crt')}`,
    `--etcd-keyfile=${join(dir, 'pki', 'apiserver-etcd-client.key')}`,
  ];
  const server = await startApiServer(['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`, ...files]);
  t.teardown(() => server.stop());
  const kubectl = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 });
  await kubectl('create', 'configmap', 'over-tls', '--from-literal=a=1');
  t.is((await kubectl('get', 'configmap', 'over-tls', '-o', 'jsonpath={.data.a}')).stdout, '1');
  // It is in etcd, read back through the same flags by `capstan storage`.
  const stored = await run(
    process.execPath,
    [capstan, 'storage', 'get', '/registry/configmaps/default/over-tls', '--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`, ...files],
    {
      encoding: 'utf8',
    },
  );
  t.regex(stored.stdout, /"name":"over-tls"/);

  // Without its client certificate, etcd refuses the connection: the server does not start, and says so.
  const refused = await run(process.execPath, [capstan, 'storage', 'revision', '--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`, files[0] as string], {
    encoding: 'utf8',
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  t.truthy(refused, 'a client without a certificate is refused');
  t.regex(refused?.stderr ?? '', /etcd at https:\/\/127\.0\.0\.1:\d+ failed/);
  // A certificate without its key is a flag error.
  const unpaired = await run(
    process.execPath,
    [capstan, 'storage', 'revision', '--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`, files[0] as string, files[1] as string],
    {
      encoding: 'utf8',
    },
  ).then(
    () => undefined,
    (error: { stderr: string }) => error,
  );
  t.regex(unpaired?.stderr ?? '', /--etcd-certfile and --etcd-keyfile must be given together/);
});
