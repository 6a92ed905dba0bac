// `capstan controllers` publishes the cluster's CA in every namespace as kube-root-ca.crt, from
// --root-ca-file (else the kubeconfig's CA), so that the ServiceAccount admission's projected
// volume finds it; a file that holds no certificate stops the start in kube's words.

import test from 'ava';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSelfSignedCertKey } from '@capstan/common';
import { eventually } from '../../common/test/eventually.ts';
import { startApiServer } from '../src/api-server-process.ts';
import { startControllers } from '../src/controllers-process.ts';

test('every namespace gets kube-root-ca.crt with the --root-ca-file certificate', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const ca = (await generateSelfSignedCertKey('capstan')).certificate;
  const caFile = join(server.kubeconfig, '..', 'ca.crt');
  writeFileSync(caFile, ca);
  const controllers = startControllers(server.kubeconfig, ['--leader-elect=false', '--controllers=root-ca-cert-publisher', `--root-ca-file=${caFile}`]);
  t.teardown(() => controllers.stop());
  await fetch(`${server.url}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"later"}}' });
  for (const namespace of ['default', 'kube-system', 'later']) {
    // A bound for a loaded machine: the controllers' process start is most of the wait.
    const data = await eventually(
      `kube-root-ca.crt in ${namespace}`,
      async () => {
        const answer = await fetch(`${server.url}/api/v1/namespaces/${namespace}/configmaps/kube-root-ca.crt`);
        return answer.status === 200 ? ((await answer.json()) as { data: Record<string, string> }).data : undefined;
      },
      120_000,
    );
    t.deepEqual(data, { 'ca.crt': ca });
  }
});

test('a --root-ca-file without a certificate stops the controllers at start', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const notCa = join(server.kubeconfig, '..', 'not-a-ca.crt');
  writeFileSync(notCa, 'hello\n');
  const controllers = startControllers(server.kubeconfig, ['--leader-elect=false', `--root-ca-file=${notCa}`]);
  const code = await new Promise<number | null>((resolve) => controllers.child.once('exit', resolve));
  t.not(code, 0);
  t.true(controllers.output().includes(`error parsing root-ca-file at ${notCa}: data does not contain any valid RSA or ECDSA certificates`), controllers.output());
  await controllers.stop();
});
