// `kubectl auth whoami` (SelfSubjectReview) and kubectl's impersonation flags (--as, --as-group,
// --as-uid) against a real server, as kubectl shows kube-apiserver 1.35's answers. kubectl sends
// no bearer token over plain HTTP, so the caller is system:anonymous here; tokens are tested over
// fetch in the apiserver package.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';

const run = promisify(execFile);

const kubectl = (server: ApiServerProcess | undefined, ...args: string[]) =>
  run(kubectlBinary(), [`--kubeconfig=${(server as ApiServerProcess).kubeconfig}`, ...args], { encoding: 'utf8' });

let allowing: ApiServerProcess | undefined;
let denying: ApiServerProcess | undefined;
test.before(async () => {
  [allowing, denying] = await Promise.all([startApiServer(['--authorization-mode=AlwaysAllow']), startApiServer(['--authorization-mode=AlwaysDeny'])]);
});
test.after.always(() => Promise.all([allowing?.stop(), denying?.stop()]));

test('kubectl auth whoami shows the caller', async (t) => {
  const { stdout } = await kubectl(allowing, 'auth', 'whoami');
  t.is(stdout, 'ATTRIBUTE   VALUE\nUsername    system:anonymous\nGroups      [system:unauthenticated]\n');
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
  const error = await t.throwsAsync(kubectl(denying, 'get', '--raw', '/api', '--as=bob'));
  t.is(
    (error as Error & { stderr: string }).stderr,
    'Error from server (Forbidden): users "bob" is forbidden: User "system:anonymous" cannot impersonate resource "users" in API group "" at the cluster scope\n',
  );
});
