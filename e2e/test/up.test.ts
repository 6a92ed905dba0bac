import test, { type ExecutionContext } from 'ava';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { issueCertificate } from '@capstan/common';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { servingAuthorityOf } from '../../common/test/api-server-child.ts';
import { eventually } from '../../common/test/eventually.ts';
import { startAgent, startRuntimeSim } from '../src/node-agent-process.ts';
import { startUp, type UpProcess } from '../src/up-process.ts';

const host = hostname().toLowerCase();

/** The pids of the processes whose command line matches (pgrep -f), but `up` itself. */
function processes(up: UpProcess, pattern: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '' && line !== String(up.child.pid))
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Ends the cluster when the test ends, whatever its outcome: up killed at once, and then its
 * children, which end by themselves once their parent is gone, waited for.
 */
function stopWhenDone(t: ExecutionContext, up: UpProcess): void {
  t.teardown(async () => {
    await up.stop('SIGKILL');
    await eventually('the cluster processes to end', async () => (processes(up, up.dataDir).length === 0 ? true : undefined), 60_000);
  });
}

async function podPhase(up: UpProcess, name: string): Promise<{ phase: string; nodeName: string }> {
  const pod = JSON.parse(await up.kubectl('get', 'pod', name, '-o', 'json')) as { spec: { nodeName?: string }; status: { phase?: string } };
  return { phase: pod.status.phase ?? '', nodeName: pod.spec.nodeName ?? '' };
}

const running = (up: UpProcess, name: string): Promise<{ phase: string; nodeName: string }> =>
  eventually(
    `pod ${name} Running`,
    async () => {
      const pod = await podPhase(up, name);
      return pod.phase === 'Running' ? pod : undefined;
    },
    60_000,
  );

test.serial('capstan up starts a cluster over HTTPS, writes its kubeconfig with the cluster authority and an administrator certificate, and says how to use it', async (t) => {
  const up = startUp(['--node=false', '--controllers=false']);
  stopWhenDone(t, up);
  const line = await up.line(/^Capstan is ready/);
  t.regex(line, new RegExp(`^Capstan is ready at https://127\\.0\\.0\\.1:\\d+: export KUBECONFIG=${up.kubeconfig.replace(/[.]/g, '\\.')}$`));
  t.is(statSync(up.kubeconfig).mode & 0o777, 0o600);
  const kubeconfig = readFileSync(up.kubeconfig, 'utf8');
  t.true(kubeconfig.includes('current-context: capstan'));
  t.regex(kubeconfig, /certificate-authority-data: \S+/);
  t.is(await up.kubectl('get', '--raw', '/readyz'), 'ok');
  t.is(await up.kubectl('auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}'), 'kubernetes-admin ["system:masters","system:authenticated"]');
  // The serving certificate chains to the cluster authority, for the names clients use.
  const authority = new X509Certificate(readFileSync(join(up.dataDir, 'pki', 'ca.crt')));
  const serving = new X509Certificate(readFileSync(join(up.dataDir, 'pki', 'apiserver.crt')));
  t.true(serving.verify(authority.publicKey));
  for (const name of ['localhost', 'kubernetes.default.svc']) t.is(serving.checkHost(name), name);
  t.is(serving.checkIP('127.0.0.1'), '127.0.0.1');
  // Without credentials a request is anonymous: RBAC's bootstrap policy lets it read the version
  // and health, nothing else; a certificate of another authority is refused.
  const url = /at (https:\S+):/.exec(line)?.[1] as string;
  t.is((await httpsGet(`${url}/version`, { ca: authority.toString() })).status, 200);
  const anonymous = await httpsGet(`${url}/api`, { ca: authority.toString() });
  t.is(anonymous.status, 403);
  t.like(JSON.parse(anonymous.body), { reason: 'Forbidden', message: 'forbidden: User "system:anonymous" cannot get path "/api"' });
  const rogue = await rogueClientCertificate('kubernetes-admin', ['system:masters']);
  const refused = await httpsGet(`${url}/api`, { ca: authority.toString(), ...rogue });
  t.is(refused.status, 401);
  t.like(JSON.parse(refused.body), { kind: 'Status', reason: 'Unauthorized', code: 401 });
  up.child.kill('SIGTERM');
  t.is(await up.exited, 0);
});

/** A client certificate for the user and groups, signed by an authority of its own (that no cluster trusts). */
async function rogueClientCertificate(user: string, groups: readonly string[]): Promise<{ cert: string; key: string }> {
  const authorityKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const clientKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = { commonName: 'rogue-ca' };
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 3_600_000);
  const issued = await issueCertificate(
    { serialNumber: 7, subject: { commonName: user, organizations: groups }, notBefore, notAfter, publicKey: clientKeys.publicKey, extendedKeyUsage: ['clientAuth'] },
    { name, privateKey: authorityKeys.privateKey },
  );
  return { cert: issued.pem, key: clientKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** A GET over HTTPS trusting `ca`, with a client certificate when given. */
function httpsGet(
  url: string,
  options: { ca: string; cert?: string; key?: string; servername?: string; headers?: Record<string, string> },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { ...options }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

test.serial(
  'capstan up starts the controllers and a node, says when the node is Ready; kubectl run schedules a pod onto it and it runs; the processes end with the cluster, even when it is killed',
  async (t) => {
    const up = startUp();
    stopWhenDone(t, up);
    await up.line(/^Capstan is ready/);
    t.is(await up.line(/^node .* is Ready$/), `node ${host} is Ready`);
    const nodes = await up.kubectl('get', 'nodes', '--no-headers');
    t.regex(nodes, new RegExp(`^${host}\\s+Ready\\s+<none>\\s+\\S+\\s+v1\\.35\\.0\\+capstan-0\\.1\\.0\\n$`));
    const node = JSON.parse(await up.kubectl('get', 'node', host, '-o', 'json')) as { status: { nodeInfo: { containerRuntimeVersion: string } } };
    t.is(node.status.nodeInfo.containerRuntimeVersion, 'capstan-runtime-sim://0.1.0');
    // No nodeName: the scheduler of the controllers binds it.
    await up.kubectl('run', 'web', '--image=registry.example/web:1');
    t.is((await running(up, 'web')).nodeName, host);
    // Authorization is Node,RBAC: a user without bindings may not list pods.
    await t.throwsAsync(up.kubectl('get', 'pods', '--as=jane'), {
      message: /pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"/,
    });
    // The agent asks the API server who a token is (TokenReview) and what it may do
    // (SubjectAccessReview on nodes/pods, then nodes/proxy), as the kubelet's webhook modes do.
    await up.kubectl('create', 'serviceaccount', 'reader');
    await up.kubectl('create', 'serviceaccount', 'stranger');
    await up.kubectl('create', 'clusterrole', 'node-pods-reader', '--verb=get', '--resource=nodes/pods');
    await up.kubectl('create', 'clusterrolebinding', 'reader-node-pods', '--clusterrole=node-pods-reader', '--serviceaccount=default:reader');
    const port = await up.kubectl('get', 'node', host, '-o', 'jsonpath={.status.daemonEndpoints.kubeletEndpoint.Port}');
    const agentCa = servingAuthorityOf(join(up.dataDir, 'node', 'agent', 'pki', 'kubelet.crt'));
    const agentGet = async (token: string) => httpsGet(`https://127.0.0.1:${port}/pods`, { ca: agentCa, servername: host, headers: { authorization: `Bearer ${token}` } });
    const reader = await agentGet((await up.kubectl('create', 'token', 'reader')).trim());
    t.is(reader.status, 200);
    t.true((JSON.parse(reader.body) as { items: { metadata: { name: string } }[] }).items.some((pod) => pod.metadata.name === 'web'));
    const stranger = await agentGet((await up.kubectl('create', 'token', 'stranger')).trim());
    t.deepEqual(stranger, { status: 403, body: 'Forbidden (user=system:serviceaccount:default:stranger, verb=get, resource=nodes, subresource(s)=[pods proxy])\n' });
    t.is((await agentGet('not-a-token')).status, 401);
    t.is(processes(up, up.dataDir).length, 3, 'the controllers, the agent and the simulated runtime');
    up.child.kill('SIGKILL');
    await up.exited;
    await eventually('the cluster processes to end', async () => (processes(up, up.dataDir).length === 0 ? true : undefined));
    t.pass();
  },
);

test.serial('capstan up restarts its controllers and its node agent when they are killed, says so, and pods are scheduled and run again', async (t) => {
  const up = startUp();
  stopWhenDone(t, up);
  await up.line(/^node .* is Ready$/);
  const [controllers] = processes(up, `controllers --kubeconfig=${up.dataDir}`);
  const [agent] = processes(up, `agent --config=${up.dataDir}`);
  t.truthy(controllers);
  t.truthy(agent);
  process.kill(controllers as number, 'SIGKILL');
  process.kill(agent as number, 'SIGKILL');
  t.regex(await up.stderrLine(/controllers exited with SIGKILL; restarting it in/), /restarting it in 1 s/);
  await up.stderrLine(new RegExp(`node ${host}: agent exited with SIGKILL; restarting it in`));
  await up.stderrLine(/controllers restarted \(pid \d+\)/);
  await up.stderrLine(new RegExp(`node ${host}: agent restarted \\(pid \\d+\\)`));
  t.not(processes(up, `controllers --kubeconfig=${up.dataDir}`)[0], controllers);
  // A pod made after the kill is bound by the new controllers and run by the new agent.
  await up.kubectl('run', 'after', '--image=registry.example/after:1');
  t.is((await running(up, 'after')).nodeName, host);
  up.child.kill('SIGTERM');
  t.is(await up.exited, 0);
});

test.serial('a controllers restart whose port another process took meanwhile serves on a free one and says which', async (t) => {
  const up = startUp();
  stopWhenDone(t, up);
  await up.line(/^node .* is Ready$/);
  const [controllers] = processes(up, `controllers --kubeconfig=${up.dataDir}`);
  const portOf = (pid: number): number => Number(/--secure-port=(\d+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '))?.[1]);
  const port = portOf(controllers as number);
  t.true(port > 0);
  process.kill(controllers as number, 'SIGKILL');
  // As another cluster starting beside this one would: the port is taken before the restart (1 s later).
  const squatter = createServer();
  t.teardown(() => squatter.close());
  await eventually(
    'the old port bound by the test',
    () =>
      new Promise<true | undefined>((resolve) => {
        squatter.once('error', () => resolve(undefined));
        squatter.listen(port, '127.0.0.1', () => resolve(true));
      }),
  );
  const moved = await up.stderrLine(new RegExp(`controllers: port ${port} is taken; metrics now on https://127\\.0\\.0\\.1:\\d+/metrics`));
  const next = Number(/127\.0\.0\.1:(\d+)\/metrics/.exec(moved)?.[1]);
  await up.stderrLine(/controllers restarted \(pid \d+\)/);
  const [restarted] = processes(up, `controllers --kubeconfig=${up.dataDir}`);
  t.is(portOf(restarted as number), next);
  t.not(next, port);
  up.child.kill('SIGTERM');
  t.is(await up.exited, 0);
});

test.serial('capstan up --nodes 2 starts two nodes that get Ready, and pods run on each', async (t) => {
  const up = startUp(['--nodes=2']);
  stopWhenDone(t, up);
  await up.line(new RegExp(`^node ${host} is Ready$`));
  await up.line(new RegExp(`^node ${host}-2 is Ready$`));
  const nodes = await up.kubectl('get', 'nodes', '--no-headers', '-o', 'custom-columns=NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status');
  t.deepEqual(
    nodes
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/).join(' '))
      .sort(),
    [`${host} True`, `${host}-2 True`],
  );
  for (const [pod, node] of [
    ['one', host],
    ['two', `${host}-2`],
  ] as const) {
    await up.kubectl('run', pod, '--image=registry.example/web:1', `--overrides={"spec":{"nodeSelector":{"kubernetes.io/hostname":"${node}"}}}`);
  }
  t.is((await running(up, 'one')).nodeName, host);
  t.is((await running(up, 'two')).nodeName, `${host}-2`);
  // Each node has a pod range of its own from 10.244.0.0/16, and its pod's IP is in it.
  const ranges = await Promise.all([host, `${host}-2`].map((node) => up.kubectl('get', 'node', node, '-o', 'jsonpath={.spec.podCIDR}')));
  t.true(
    ranges.every((range) => /^10\.244\.\d+\.0\/24$/.test(range)),
    ranges.join(' '),
  );
  t.not(ranges[0], ranges[1]);
  for (const [pod, range] of [
    ['one', ranges[0]],
    ['two', ranges[1]],
  ] as const) {
    const ip = await up.kubectl('get', 'pod', pod, '-o', 'jsonpath={.status.podIP}');
    t.is(ip.split('.').slice(0, 3).join('.'), (range as string).split('.').slice(0, 3).join('.'), `pod ${pod} at ${ip}, its node's range ${range}`);
  }
  t.is(processes(up, up.dataDir).length, 5, 'the controllers, and an agent and a simulated runtime per node');
});

test.serial('capstan up exits non-zero and stops the rest when a part of it cannot start', async (t) => {
  // The runtime's socket path is taken by a directory it cannot remove: the runtime exits at start.
  const up = startUp([], (dataDir) => mkdirSync(join(dataDir, 'node', 'runtime-sim.sock', 'occupied'), { recursive: true }));
  stopWhenDone(t, up);
  t.is(await up.exited, 1);
  t.regex(up.stderr(), /runtime-sim exited with 1 before it started/);
  await eventually('the other processes to end', async () => (processes(up, up.dataDir).length === 0 ? true : undefined));
});

test.serial('a node joins a capstan up cluster through capstan agent, as the README says: it gets Ready, runs a pod, and kubectl logs reaches it', async (t) => {
  const up = startUp();
  stopWhenDone(t, up);
  await up.line(/^node .* is Ready$/);
  // README, "Add a node": a runtime of its own, and an agent with a config file (its own port and
  // pod log directory, failCgroupV1 and failSwapOn off), the cluster's kubeconfig, and the cluster
  // authority for the API server's client certificate.
  const runtime = await startRuntimeSim();
  t.teardown(() => runtime.stop());
  const agent = await startAgent({
    kubeconfig: up.kubeconfig,
    runtimeEndpoint: runtime.endpoint,
    nodeName: 'joined',
    args: [`--client-ca-file=${join(up.dataDir, 'pki', 'ca.crt')}`],
  });
  t.teardown(() => agent.stop());
  await eventually('node joined Ready', async () => ((await up.kubectl('get', 'nodes', '--no-headers')).match(/^joined\s+Ready\s/m) !== null ? true : undefined), 60_000);
  await up.kubectl('run', 'there', '--image=registry.example/web:1', '--overrides={"spec":{"nodeSelector":{"kubernetes.io/hostname":"joined"}}}');
  t.is((await running(up, 'there')).nodeName, 'joined');
  // The API server reaches the joined agent with its client certificate.
  t.is(await up.kubectl('logs', 'there'), '');
});
