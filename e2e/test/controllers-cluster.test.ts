// The controllers as a process in a cluster of real processes, driven with kubectl: an API server,
// two node agents on their own simulated runtimes and `capstan controllers` with a short node
// monitor grace period. Pods are scheduled onto the agents' nodes and run; a killed agent's node goes
// Unknown, is tainted, and its pods are evicted as their tolerations say; namespaces and the three
// cascade modes clean up as kube-controller-manager does. Authorization is kube's (Node,RBAC), and the
// controllers run as kubeadm sets them up: the process as system:kube-controller-manager, each
// controller as a service account of its own (--use-service-account-credentials), the scheduler as
// system:kube-scheduler; the audit log shows who did what, and that nobody was refused.

import test from 'ava';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kubeconfigFor } from '@capstan/deploy';
import { adminToken } from '../../common/test/api-server-child.ts';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { quickLeaderElection, startControllers } from '../src/controllers-process.ts';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { agentAccess, startAgent, startRuntimeSim, type ManagedProcess } from '../src/node-agent-process.ts';

const run = promisify(execFile);
type Json = Record<string, any>;

let server: ApiServerProcess;
const processes: ManagedProcess[] = [];
const agents = new Map<string, ManagedProcess>();
const access = agentAccess();
const auditLog = join(access.dir, 'audit.log');

const kubectl = async (...args: string[]): Promise<string> =>
  (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
const getJson = async (path: string): Promise<Json | undefined> => {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return response.status === 200 ? ((await response.json()) as Json) : undefined;
};
const apply = async (manifest: Json): Promise<void> => {
  const file = join(access.dir, `${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(manifest));
  await kubectl('apply', '-f', file);
};

test.before(async () => {
  const tokens = join(access.dir, 'tokens.csv');
  writeFileSync(
    tokens,
    [`${adminToken},capstan-test-admin,capstan-test-admin,system:masters`, 'manager-token,system:kube-controller-manager,kcm', 'scheduler-token,system:kube-scheduler,ks', ''].join(
      '\n',
    ),
  );
  const policy = join(access.dir, 'audit-policy.yaml');
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n');
  // Pods that do not tolerate unreachable nodes themselves get the default toleration for 0 s: evicted at once.
  server = await startApiServer([
    ...access.apiServerArgs,
    '--default-unreachable-toleration-seconds=0',
    '--authorization-mode=Node,RBAC',
    `--token-auth-file=${tokens}`,
    `--audit-policy-file=${policy}`,
    `--audit-log-path=${auditLog}`,
  ]);
  const managerKubeconfig = join(access.dir, 'controllers.kubeconfig');
  writeFileSync(managerKubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: 'manager-token' }));
  const schedulerKubeconfig = join(access.dir, 'scheduler.kubeconfig');
  writeFileSync(schedulerKubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: 'scheduler-token' }));
  for (const name of ['node-a', 'node-b']) {
    const runtime = await startRuntimeSim();
    processes.push(runtime);
    // A 4 s Lease renewed every second, well inside the controllers' 6 s grace period.
    const agent = await startAgent({
      kubeconfig: server.kubeconfig,
      runtimeEndpoint: runtime.endpoint,
      nodeName: name,
      config: { nodeLeaseDurationSeconds: 4 },
      args: access.agentArgs,
    });
    processes.push(agent);
    agents.set(name, agent);
  }
  processes.push(
    startControllers(managerKubeconfig, [
      ...quickLeaderElection,
      '--use-service-account-credentials=true',
      `--scheduler-kubeconfig=${schedulerKubeconfig}`,
      '--node-monitor-period=1s',
      '--node-monitor-grace-period=6s',
      '--node-startup-grace-period=10s',
      '--node-eviction-rate=10',
    ]),
  );
  for (const name of agents.keys()) {
    await eventually(
      `node ${name} Ready`,
      async () => ((await getJson(`/api/v1/nodes/${name}`))?.status?.conditions?.some((c: Json) => c.type === 'Ready' && c.status === 'True') ? true : undefined),
      30_000,
    );
  }
});

test.after.always(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await server?.stop();
  access.remove();
});

const podOn = (name: string, node: string, tolerations: Json[] = []): Json => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { nodeSelector: { 'kubernetes.io/hostname': node }, tolerations, containers: [{ name: 'app', image: 'registry.example/app:1' }] },
});

test.serial('kubectl run: the scheduler binds the pod to a node, whose agent runs it', async (t) => {
  await kubectl('run', 'hello', '--image=registry.example/hello:1');
  const pod = await eventually(
    'the pod to run',
    async () => {
      const found = await getJson('/api/v1/namespaces/default/pods/hello');
      return found?.status?.phase === 'Running' ? found : undefined;
    },
    30_000,
  );
  t.true(['node-a', 'node-b'].includes(pod.spec.nodeName));
  t.like(
    pod.status.conditions.find((c: Json) => c.type === 'PodScheduled'),
    { status: 'True' },
  );
  t.regex(
    await kubectl('get', 'events', '--field-selector=reason=Scheduled', '-o', 'jsonpath={.items[*].message}'),
    new RegExp(`Successfully assigned default/hello to ${pod.spec.nodeName}`),
  );
  // A pod no node can take waits with the scheduler's reason.
  await kubectl('run', 'picky', '--image=x', '--overrides={"spec":{"nodeSelector":{"disk":"ssd"}}}');
  const picky = await eventually('the pod to be unschedulable', async () => {
    const found = await getJson('/api/v1/namespaces/default/pods/picky');
    return found?.status?.conditions?.find((c: Json) => c.type === 'PodScheduled' && c.status === 'False');
  });
  t.is(picky.reason, 'Unschedulable');
  t.regex(picky.message, /^0\/2 nodes are available: 2 node\(s\) didn't match Pod's node affinity\/selector\./);
  await kubectl('delete', 'pod', 'hello', 'picky', '--wait=true', '--timeout=30s');
});

test.serial("a killed agent's node goes Unknown and is tainted; its pods are evicted as their tolerations say", async (t) => {
  const unreachable = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' };
  await apply(podOn('evicted-at-once', 'node-a'));
  await apply(podOn('evicted-after-8s', 'node-a', [{ ...unreachable, tolerationSeconds: 8 }]));
  await apply(podOn('stays', 'node-a', [unreachable]));
  for (const name of ['evicted-at-once', 'evicted-after-8s', 'stays']) {
    await eventually(`${name} to run`, async () => ((await getJson(`/api/v1/namespaces/default/pods/${name}`))?.status?.phase === 'Running' ? true : undefined), 30_000);
  }
  await agents.get('node-a')?.stop('SIGKILL');
  const killed = Date.now();
  const node = await eventually(
    'node-a to go Unknown',
    async () => {
      const found = await getJson('/api/v1/nodes/node-a');
      return found?.status?.conditions?.find((c: Json) => c.type === 'Ready')?.status === 'Unknown' ? found : undefined;
    },
    30_000,
  );
  // The grace period runs from the last renewal seen, at most a second before the kill.
  t.true(Date.now() - killed >= 4500, `Unknown ${Date.now() - killed} ms after the kill`);
  for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']) {
    t.like(
      node.status.conditions.find((c: Json) => c.type === type),
      { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' },
    );
  }
  const taints = await eventually('both unreachable taints', async () => {
    const found = (await getJson('/api/v1/nodes/node-a'))?.spec?.taints ?? [];
    return found.length === 2 ? found : undefined;
  });
  t.deepEqual(taints.map((taint: Json) => `${taint.key}:${taint.effect}`).sort(), ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule']);
  t.regex(await kubectl('get', 'node', 'node-a', '--no-headers'), /^node-a\s+NotReady\s/);

  // Evicted: marked DisruptionTarget, then deleted (it stays Terminating: its agent is gone to confirm).
  const evicted = await eventually('the untolerating pod to be evicted', async () => {
    const found = await getJson('/api/v1/namespaces/default/pods/evicted-at-once');
    return found?.metadata?.deletionTimestamp === undefined ? undefined : found;
  });
  t.like(
    evicted.status.conditions.find((c: Json) => c.type === 'DisruptionTarget'),
    { status: 'True', reason: 'DeletionByTaintManager' },
  );
  const tainted = Date.parse(taints.find((taint: Json) => taint.effect === 'NoExecute').timeAdded);
  await eventually(
    'the 8 s pod to be evicted',
    async () => ((await getJson('/api/v1/namespaces/default/pods/evicted-after-8s'))?.metadata?.deletionTimestamp ? true : undefined),
    30_000,
  );
  t.true(Date.now() - tainted >= 7000, `evicted ${Date.now() - tainted} ms after the taint`);
  t.is((await getJson('/api/v1/namespaces/default/pods/stays'))?.metadata?.deletionTimestamp, undefined);
  // A new pod goes to the healthy node.
  await kubectl('run', 'after', '--image=x');
  const after = await eventually('the new pod to be scheduled', async () => (await getJson('/api/v1/namespaces/default/pods/after'))?.spec?.nodeName);
  t.is(after, 'node-b');
});

test.serial('kubectl delete namespace returns once everything in it is gone', async (t) => {
  await kubectl('create', 'namespace', 'doomed');
  await kubectl('-n', 'doomed', 'create', 'configmap', 'c1', '--from-literal=a=b');
  await kubectl('-n', 'doomed', 'create', 'secret', 'generic', 's1', '--from-literal=a=b');
  await kubectl('-n', 'doomed', 'run', 'p1', '--image=x', '--overrides={"spec":{"nodeName":"node-b"}}');
  await eventually('p1 to run', async () => ((await getJson('/api/v1/namespaces/doomed/pods/p1'))?.status?.phase === 'Running' ? true : undefined), 30_000);
  t.is(await kubectl('delete', 'namespace', 'doomed', '--timeout=60s'), 'namespace "doomed" deleted\n');
  t.is(await getJson('/api/v1/namespaces/doomed'), undefined);
  t.is(await getJson('/api/v1/namespaces/doomed/configmaps/c1'), undefined);
});

test.serial('kubectl delete --cascade=background, foreground and orphan treat dependents as kube does', async (t) => {
  const owner = async (name: string): Promise<Json> => {
    await kubectl('create', 'configmap', name);
    return (await getJson(`/api/v1/namespaces/default/configmaps/${name}`)) as Json;
  };
  const dependent = async (name: string, of: Json): Promise<void> => {
    await apply({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: of.metadata.name, uid: of.metadata.uid, blockOwnerDeletion: true }] },
    });
  };
  const background = await owner('owner-bg');
  await dependent('dep-bg', background);
  await kubectl('delete', 'configmap', 'owner-bg', '--cascade=background');
  await eventually('the background dependent to go', async () => ((await getJson('/api/v1/namespaces/default/secrets/dep-bg')) === undefined ? true : undefined));

  const foreground = await owner('owner-fg');
  await dependent('dep-fg', foreground);
  await kubectl('delete', 'configmap', 'owner-fg', '--cascade=foreground', '--timeout=30s');
  // kubectl waited for the owner, which waited for its blocking dependent.
  t.is(await getJson('/api/v1/namespaces/default/secrets/dep-fg'), undefined);
  t.is(await getJson('/api/v1/namespaces/default/configmaps/owner-fg'), undefined);

  const orphaning = await owner('owner-or');
  await dependent('dep-or', orphaning);
  await kubectl('delete', 'configmap', 'owner-or', '--cascade=orphan', '--timeout=30s');
  const orphan = await eventually('the orphan to lose its reference', async () => {
    const found = await getJson('/api/v1/namespaces/default/secrets/dep-or');
    return found !== undefined && (found.metadata.ownerReferences ?? []).length === 0 ? found : undefined;
  });
  t.is(orphan.metadata.name, 'dep-or');
  t.is(await getJson('/api/v1/namespaces/default/configmaps/owner-or'), undefined);
});

test.serial('every controller acted as its own service account and the scheduler as system:kube-scheduler, none of them refused', async (t) => {
  interface AuditEvent {
    readonly user: { readonly username: string };
    readonly verb: string;
    readonly objectRef?: { readonly resource?: string; readonly subresource?: string };
    readonly responseStatus?: { readonly code?: number; readonly message?: string };
  }
  const events = readFileSync(auditLog, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AuditEvent);
  const did = (username: string, verb: string, resource: string, subresource?: string): boolean =>
    events.some(
      (event) =>
        event.user.username === username &&
        event.verb === verb &&
        event.objectRef?.resource === resource &&
        event.objectRef?.subresource === subresource &&
        (event.responseStatus?.code ?? 0) < 300,
    );
  const account = (name: string) => `system:serviceaccount:kube-system:${name}`;
  // The process itself made the accounts and asked for their tokens; the controllers then acted as them.
  t.true(did('system:kube-controller-manager', 'create', 'serviceaccounts', 'token'));
  t.true(did('system:kube-controller-manager', 'update', 'leases'));
  t.true(did(account('node-controller'), 'patch', 'nodes'));
  t.true(did(account('node-controller'), 'delete', 'pods'));
  t.true(did(account('namespace-controller'), 'deletecollection', 'configmaps') || did(account('namespace-controller'), 'delete', 'configmaps'));
  t.true(did(account('generic-garbage-collector'), 'delete', 'secrets'));
  t.true(did(account('service-account-controller'), 'create', 'serviceaccounts'));
  t.true(did(account('root-ca-cert-publisher'), 'create', 'configmaps'));
  t.true(did('system:kube-scheduler', 'create', 'pods', 'binding'));
  const refused = events.filter(
    (event) =>
      (event.user.username.startsWith('system:serviceaccount:kube-system:') ||
        event.user.username === 'system:kube-controller-manager' ||
        event.user.username === 'system:kube-scheduler') &&
      // Refused by authorization; a 403 of admission (a namespace being terminated) is no lack of rights.
      event.responseStatus?.code === 403 &&
      (event.responseStatus.message ?? '').includes(' is forbidden: User '),
  );
  t.deepEqual(
    refused.map((event) => `${event.user.username} ${event.verb} ${event.objectRef?.resource ?? ''}/${event.objectRef?.subresource ?? ''}: ${event.responseStatus?.message}`),
    [],
  );
});
