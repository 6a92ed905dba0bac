// `kubectl auth whoami` (SelfSubjectReview) and kubectl's impersonation flags (--as, --as-group,
// --as-uid) against a real server, as kubectl shows kube-apiserver 1.35's answers: the caller is
// the kubeconfig's token user (the test server's administrator, or jane, who is in no group).

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kubeconfigFor } from '@capstan/deploy';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';

const run = promisify(execFile);

const kubectl = (server: ApiServerProcess | undefined, ...args: string[]) =>
  run(kubectlBinary(), [`--kubeconfig=${(server as ApiServerProcess).kubeconfig}`, ...args], { encoding: 'utf8' });

const dir = mkdtempSync(join(tmpdir(), 'capstan-whoami-'));
let allowing: ApiServerProcess | undefined;
let denying: ApiServerProcess | undefined;
/** jane's kubeconfig for the denying server: a token of a user in no group (not system:masters, whom no authorizer refuses). */
let janeKubeconfig = '';
test.before(async () => {
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'jane-token,jane,jane-uid\n');
  [allowing, denying] = await Promise.all([
    startApiServer(['--authorization-mode=AlwaysAllow']),
    startApiServer(['--authorization-mode=AlwaysDeny', `--token-auth-file=${tokens}`]),
  ]);
  janeKubeconfig = join(dir, 'jane.kubeconfig');
  writeFileSync(janeKubeconfig, kubeconfigFor(denying.url, { certificateAuthority: denying.certificateAuthority, token: 'jane-token' }));
});
test.after.always(async () => {
  await Promise.all([allowing?.stop(), denying?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

test('kubectl auth whoami shows the caller', async (t) => {
  const { stdout } = await kubectl(allowing, 'auth', 'whoami');
  t.is(stdout, 'ATTRIBUTE   VALUE\nUsername    capstan-test-admin\nUID         capstan-test-admin\nGroups      [system:masters system:authenticated]\n');
});

test('kubectl auth whoami --as shows the impersonated user, in YAML as kube answers it', async (t) => {
  const { stdout } = await kubectl(allowing, 'auth', 'whoami', '--as=bob', '--as-group=g1', '--as-group=g2', '--as-uid=u7', '-o', 'yaml');
  t.regex(
    stdout,
    /^apiVersion: authentication\.k8s\.io\/v1\nkind: SelfSubjectReview\nmetadata:\n {2}creationTimestamp: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\nstatus:\n {2}userInfo:\n {4}groups:\n {4}- g1\n {4}- g2\n {4}- system:authenticated\n {4}uid: u7\n {4}username: bob\n$/,
  );
  const serviceAccount = await kubectl(allowing, 'auth', 'whoami', '--as=system:serviceaccount:ns1:sa1');
  t.is(
    serviceAccount.stdout,
    'ATTRIBUTE   VALUE\nUsername    system:serviceaccount:ns1:sa1\nGroups      [system:serviceaccounts system:serviceaccounts:ns1 system:authenticated]\n',
  );
});

// (kubectl get pods would fail its discovery first, with "unknown", as against kube-apiserver.)
test('impersonating without the impersonate verb is kube’s 403, as kubectl prints it', async (t) => {
  const error = await t.throwsAsync(run(kubectlBinary(), [`--kubeconfig=${janeKubeconfig}`, 'get', '--raw', '/api', '--as=bob'], { encoding: 'utf8' }));
  t.is(
    (error as Error & { stderr: string }).stderr,
    'Error from server (Forbidden): users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope\n',
  );
});
