// `capstan up --self-hosted` with kubectl 1.35: from an empty directory to a control plane that runs
// as static pods of the node agent (kube-apiserver and kube-controller-manager as kubeadm lays them
// out), with their mirror pods in the API, restarted by the agent when they die, and nothing left
// running once `up` stops. One cluster for the file; the tests run in order.

import test from 'ava';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { clusterProcesses, clusterProcessesRunning, startUp, type UpProcess } from '../src/up-process.ts';

const node = hostname().toLowerCase();

interface ContainerStatus {
  readonly ready: boolean;
  readonly restartCount: number;
  readonly state: { readonly running?: unknown };
  readonly lastState: { readonly terminated?: { readonly exitCode: number } };
}

interface MirrorPod {
  readonly metadata: {
    readonly name: string;
    readonly labels?: Record<string, string>;
    readonly annotations?: Record<string, string>;
    readonly ownerReferences?: readonly { readonly kind: string; readonly name: string; readonly controller?: boolean }[];
  };
  readonly spec: { readonly nodeName?: string; readonly hostNetwork?: boolean; readonly priorityClassName?: string; readonly priority?: number };
  readonly status: {
    readonly phase?: string;
    readonly conditions?: readonly { readonly type: string; readonly status: string }[];
    readonly containerStatuses?: readonly ContainerStatus[];
  };
}

/** The pid of the API server's process (`capstan apiserver` with the cluster's store). */
function apiserverPid(up: UpProcess): number | undefined {
  try {
    const found = execFileSync('pgrep', ['-f', `capstan\\.ts apiserver .*--data-dir=${up.dataDir}/data`], { encoding: 'utf8' }).trim();
    return found === '' ? undefined : Number(found.split('\n')[0]);
  } catch {
    return undefined;
  }
}

async function mirrorPod(up: UpProcess, name: string): Promise<MirrorPod | undefined> {
  try {
    return JSON.parse(await up.kubectl('get', 'pod', '-n', 'kube-system', name, '-o', 'json')) as MirrorPod;
  } catch {
    return undefined; // not there yet, or the API server is restarting
  }
}

const isReady = (pod: MirrorPod | undefined): boolean => pod?.status.phase === 'Running' && pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

let up: UpProcess;

test.before(() => {
  up = startUp(['--self-hosted']);
});

test.after.always(async () => {
  await up.stop('SIGKILL');
  await eventually('the cluster processes to end', async () => (clusterProcesses(up).length === 0 ? true : undefined), 60_000);
});

test.serial('from an empty directory: the manifests go to the static pod directory, and the API server the agent runs answers /readyz', async (t) => {
  const line = await up.line(/^Capstan is ready/);
  t.regex(line, /^Capstan is ready at https:\/\/127\.0\.0\.1:\d+: export KUBECONFIG=/);
  const port = Number(/:(\d+):/.exec(line)?.[1]);
  t.is(await up.kubectl('get', '--raw', '/readyz'), 'ok');
  // kubeadm's kube-apiserver.yaml (as kubectl reads it): the Capstan image runs `capstan apiserver` with the install's flags.
  const manifests = join(up.dataDir, 'node', 'manifests');
  const apiserver = JSON.parse(await up.kubectl('create', '--dry-run=client', '-o', 'json', '-f', join(manifests, 'kube-apiserver.yaml'))) as {
    metadata: { annotations: Record<string, string> };
    spec: { containers: { image: string; command: string[]; livenessProbe: unknown; readinessProbe: unknown }[] };
  };
  const container = apiserver.spec.containers[0];
  t.regex(container?.image ?? '', /^capstan\.local\/capstan:\d+\.\d+\.\d+/);
  t.deepEqual(container?.command.slice(0, 2), ['capstan', 'apiserver']);
  t.true(container?.command.includes(`--secure-port=${port}`));
  t.is(apiserver.metadata.annotations['kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint'], `127.0.0.1:${port}`);
  t.deepEqual(container?.readinessProbe, {
    httpGet: { host: '127.0.0.1', path: '/readyz', port: 'probe-port', scheme: 'HTTPS' },
    initialDelaySeconds: 0,
    timeoutSeconds: 15,
    failureThreshold: 3,
    periodSeconds: 1,
  });
  t.true(existsSync(join(manifests, 'kube-controller-manager.yaml')));
  // Only the runtime and the agent are `up`'s children: the API server is the runtime's.
  t.regex(readFileSync(join(up.dataDir, 'node', 'runtime-sim.log'), 'utf8'), /runtime-sim serving CRI/);
});

test.serial('kubectl lists the mirror pods of the control plane Running and Ready, with kube mirror annotations', async (t) => {
  for (const component of ['kube-apiserver', 'kube-controller-manager']) {
    const name = `${component}-${node}`;
    const pod = await eventually(
      `${name} Ready`,
      async () => {
        const found = await mirrorPod(up, name);
        return isReady(found) ? found : undefined;
      },
      60_000,
    );
    const annotations = pod.metadata.annotations ?? {};
    t.is(annotations['kubernetes.io/config.source'], 'file');
    t.is(annotations['kubernetes.io/config.mirror'], annotations['kubernetes.io/config.hash']);
    t.truthy(annotations['kubernetes.io/config.seen']);
    t.like(pod.metadata.labels, { component, tier: 'control-plane' });
    t.like(pod.metadata.ownerReferences?.[0], { kind: 'Node', name: node, controller: true });
    t.like(pod.spec, { nodeName: node, hostNetwork: true, priorityClassName: 'system-node-critical', priority: 2000001000 });
  }
  const table = await up.kubectl('get', 'pods', '-n', 'kube-system', '--no-headers');
  t.regex(table, new RegExp(`^kube-apiserver-${node}\\s+1/1\\s+Running\\s`, 'm'));
  t.regex(table, new RegExp(`^kube-controller-manager-${node}\\s+1/1\\s+Running\\s`, 'm'));
  // The container's log is what the process printed, read through the agent.
  t.regex(await up.kubectl('logs', '-n', 'kube-system', `kube-apiserver-${node}`), /Capstan API server serving on https:\/\/127\.0\.0\.1:\d+/);
});

test.serial('a Deployment created with kubectl gets its pods from the controllers the agent runs', async (t) => {
  await up.kubectl('create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2');
  const running = await eventually(
    'the Deployment two Running pods',
    async () => {
      const names = (await up.kubectl('get', 'pods', '-l', 'app=web', '--field-selector=status.phase=Running', '-o', 'name')).split('\n').filter((n) => n !== '');
      return names.length === 2 ? names : undefined;
    },
    60_000,
  );
  t.is(running.length, 2);
});

test.serial('the API server killed, the agent starts it again: restartCount 1, and the cluster serves again', async (t) => {
  const pid = apiserverPid(up);
  t.truthy(pid, 'the API server runs as a process of this host');
  process.kill(pid as number, 'SIGKILL');
  const pod = await eventually(
    'the API server back, its mirror pod Ready with one restart',
    async () => {
      const found = await mirrorPod(up, `kube-apiserver-${node}`);
      return isReady(found) && found?.status.containerStatuses?.[0]?.restartCount === 1 ? found : undefined;
    },
    90_000,
  );
  t.is(pod.status.containerStatuses?.[0]?.lastState.terminated?.exitCode, 137);
  t.not(apiserverPid(up), pid);
  t.is(await up.kubectl('get', '--raw', '/readyz'), 'ok');
  t.regex(await up.kubectl('get', 'deployment', 'web', '-o', 'jsonpath={.status.readyReplicas}'), /^2$/);
});

test.serial('stopping capstan up stops the agent, the runtime and the control plane it ran: nothing is left running', async (t) => {
  const before = await clusterProcessesRunning(up, 4, 'the runtime, agent, API server and controllers running');
  t.true(before.length >= 4, `runtime, agent, API server and controllers: ${before.join(' ')}`);
  up.child.kill('SIGTERM');
  t.is(await up.exited, 0);
  t.deepEqual(clusterProcesses(up), []);
});
