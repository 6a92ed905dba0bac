import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { startApiServer } from '../src/api-server-process.ts';

const run = promisify(execFile);

const kubectl = (kubeconfig: string, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, ...args], { encoding: 'utf8' });

test('kubectl get --raw reads the health endpoints as kube-apiserver words them', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const verbose = await kubectl(server.kubeconfig, 'get', '--raw', '/readyz?verbose');
  t.is(
    verbose.stdout,
    '[+]ping ok\n[+]log ok\n[+]storage ok\n[+]storage-writable ok\n[+]poststarthook/storage-readiness ok\n[+]poststarthook/priority-and-fairness-config-consumer ok\n[+]poststarthook/priority-and-fairness-filter ok\n[+]poststarthook/start-apiextensions-controllers ok\n[+]poststarthook/start-system-namespaces-controller ok\n[+]poststarthook/start-kubernetes-service-cidr-controller ok\n[+]poststarthook/rbac/bootstrap-roles ok\n[+]poststarthook/scheduling/bootstrap-system-priority-classes ok\n[+]poststarthook/priority-and-fairness-config-producer ok\n[+]poststarthook/bootstrap-controller ok\n[+]shutdown ok\nreadyz check passed\n',
  );
  t.is((await kubectl(server.kubeconfig, 'get', '--raw', '/livez')).stdout, 'ok');
  t.is((await kubectl(server.kubeconfig, 'get', '--raw', '/healthz')).stdout, 'ok');
  t.is((await kubectl(server.kubeconfig, 'get', '--raw', '/readyz/ping')).stdout, 'ok');
  const excluded = await kubectl(server.kubeconfig, 'get', '--raw', '/livez?verbose&exclude=log&exclude=nothing');
  t.is(
    excluded.stdout,
    '[+]ping ok\n[+]log excluded: ok\n[+]storage ok\n[+]poststarthook/storage-readiness ok\n[+]poststarthook/priority-and-fairness-config-consumer ok\n[+]poststarthook/priority-and-fairness-filter ok\n[+]poststarthook/start-apiextensions-controllers ok\n[+]poststarthook/start-system-namespaces-controller ok\n[+]poststarthook/start-kubernetes-service-cidr-controller ok\n[+]poststarthook/rbac/bootstrap-roles ok\n[+]poststarthook/scheduling/bootstrap-system-priority-classes ok\n[+]poststarthook/priority-and-fairness-config-producer ok\n[+]poststarthook/bootstrap-controller ok\nwarn: some health checks cannot be excluded: no matches for "nothing"\nlivez check passed\n',
  );
});

test('kubectl version reads the server version', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { stdout } = await kubectl(server.kubeconfig, 'version', '-o', 'json');
  const version = JSON.parse(stdout) as { serverVersion: { major: string; minor: string; gitVersion: string } };
  t.like(version.serverVersion, { major: '1', minor: '35' });
  t.regex(version.serverVersion.gitVersion, /^v1\.35\.0\+capstan\./);
});

test('during --shutdown-delay-duration readyz fails while requests are still served', async (t) => {
  const server = await startApiServer(['--shutdown-delay-duration=2s']);
  t.teardown(() => server.stop());
  const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
  t.is((await fetch(`${server.url}/readyz`)).status, 200);
  server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ready = await fetch(`${server.url}/readyz`);
  t.is(ready.status, 500);
  t.is(
    await ready.text(),
    '[+]ping ok\n[+]log ok\n[+]storage ok\n[+]storage-writable ok\n[+]poststarthook/storage-readiness ok\n[+]poststarthook/priority-and-fairness-config-consumer ok\n[+]poststarthook/priority-and-fairness-filter ok\n[+]poststarthook/start-apiextensions-controllers ok\n[+]poststarthook/start-system-namespaces-controller ok\n[+]poststarthook/start-kubernetes-service-cidr-controller ok\n[+]poststarthook/rbac/bootstrap-roles ok\n[+]poststarthook/scheduling/bootstrap-system-priority-classes ok\n[+]poststarthook/priority-and-fairness-config-producer ok\n[+]poststarthook/bootstrap-controller ok\n[-]shutdown failed: reason withheld\nreadyz check failed\n',
  );
  t.is((await fetch(`${server.url}/livez`)).status, 200);
  const check = await fetch(`${server.url}/readyz/shutdown`);
  t.is(check.status, 500);
  t.is(await check.text(), 'internal server error: process is shutting down\n');
  // After the delay the server closes by itself, cleanly.
  t.is(await exited, 0);
});

test('unknown paths answer a 404 Status; bad flags fail at start', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const response = await fetch(`${server.url}/no/such/path`);
  t.is(response.status, 404);
  t.deepEqual(await response.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server could not find the requested resource',
    reason: 'NotFound',
    details: {},
    code: 404,
  });
  await t.throwsAsync(startApiServer(['--watch-history-duration=soon']), { message: /invalid argument "soon" for "--watch-history-duration" flag/ });
  await t.throwsAsync(startApiServer(['--feature-gates=WatchList=false,Nope=true']), {
    // kube-apiserver 1.35 checks names once the emulated version is known, past flag parsing.
    message: /\nError: unrecognized feature gate: Nope\n/,
  });
});
