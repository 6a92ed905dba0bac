// `capstan up --self-hosted --container-runtime-endpoint=...` on a real containerd (nodeagent's
// fixture), driven with kubectl 1.35: the Capstan image is imported, the agent runs the API server
// and the controllers as containers of containerd, a Deployment's pods run there too, and stopping
// `up` leaves no container and no process. Skipped, with the reason printed, where containerd or a
// static busybox (the sandbox image) is missing or we are not root; CI installs both. One cluster for
// the file; the tests run in order.

import test from 'ava';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';
import { ensureCapstanImage } from '../../deploy/src/up-capstan-image.ts';
import { CriRuntimeClient } from '../../nodeagent/src/cri/index.ts';
import { busyboxImage, busyboxSkipReason, containerdSkipReason, startContainerd, type ContainerdProcess } from '../../nodeagent/test/containerd-fixture.ts';
import { clusterProcesses, clusterProcessesRunning, startUp, type UpProcess } from '../src/up-process.ts';

const skipReason = containerdSkipReason ?? busyboxSkipReason;
const node = hostname().toLowerCase();

interface PodStatus {
  readonly phase?: string;
  readonly conditions?: readonly { readonly type: string; readonly status: string }[];
  readonly containerStatuses?: readonly { readonly containerID?: string; readonly image: string; readonly ready: boolean }[];
}
interface PodList {
  readonly items: readonly { readonly metadata: { readonly name: string }; readonly spec: { readonly nodeName?: string }; readonly status: PodStatus }[];
}

const isReady = (status: PodStatus | undefined): boolean => status?.phase === 'Running' && status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

if (skipReason !== undefined) {
  console.log(`up-self-hosted-containerd: skipped: ${skipReason}`);
  test.skip(`capstan up --self-hosted on containerd: ${skipReason}`, () => {});
} else {
  let containerd: ContainerdProcess;
  let runtime: CriRuntimeClient;
  let up: UpProcess;
  /** The first `up`, once the test that kills it has started another on its directory. */
  let killed: UpProcess | undefined;
  const upArgs = (): string[] => ['--self-hosted', `--container-runtime-endpoint=${containerd.endpoint}`];

  /** containerd's containers by id (without containerd://), with their state. */
  const runtimeContainers = async (): Promise<Map<string, string>> => new Map((await runtime.listContainers()).containers.map((container) => [container.id, container.state]));

  test.before(async () => {
    containerd = await startContainerd();
    // The sandboxes' image, and the Deployment's.
    await containerd.importBusybox();
    runtime = await CriRuntimeClient.connect(containerd.endpoint);
    up = startUp(upArgs());
  });

  test.after.always(async () => {
    await up?.stop('SIGKILL');
    await killed?.stop('SIGKILL');
    runtime?.close();
    // Removes what a failed test left in containerd (its containers' processes with it).
    await containerd?.stop();
  });

  test.serial('the Capstan image is imported into containerd, and the API server the agent runs there answers /readyz', async (t) => {
    const line = await up.line(/^Capstan is ready/);
    t.regex(line, /^Capstan is ready at https:\/\/127\.0\.0\.1:\d+: export KUBECONFIG=/);
    t.regex(up.stderr(), /"msg":"the Capstan image capstan\.local\/capstan:\S+ \(sha256:[0-9a-f]{64}\) imported into the runtime at unix:\/\//);
    t.is(await up.kubectl('get', '--raw', '/readyz'), 'ok');
    // No simulated runtime: the agent is up's only child.
    t.regex(up.stderr(), /a node agent on the CRI runtime at unix:\/\/\S+containerd\.sock/);
    t.false(existsSync(join(up.dataDir, 'node', 'runtime-sim.log')));
  });

  test.serial("kubectl lists the control plane's mirror pods Running and Ready, their containers containerd's", async (t) => {
    for (const component of ['kube-apiserver', 'kube-controller-manager']) {
      const name = `${component}-${node}`;
      const status = await eventually(
        `${name} Ready`,
        async () => {
          const found = await up.kubectl('get', 'pod', '-n', 'kube-system', name, '-o', 'jsonpath={.status}').catch(() => '');
          const parsed = found === '' ? undefined : (JSON.parse(found) as PodStatus);
          return isReady(parsed) ? parsed : undefined;
        },
        120_000,
      );
      const [container] = status.containerStatuses ?? [];
      t.regex(container?.containerID ?? '', /^containerd:\/\/[0-9a-f]{64}$/);
      t.regex(container?.image ?? '', /^capstan\.local\/capstan:/);
      // The very container containerd runs.
      t.is((await runtimeContainers()).get((container?.containerID ?? '').slice('containerd://'.length)), 'CONTAINER_RUNNING');
    }
    const table = await up.kubectl('get', 'pods', '-n', 'kube-system', '--no-headers');
    t.regex(table, new RegExp(`^kube-apiserver-${node}\\s+1/1\\s+Running\\s`, 'm'));
    t.regex(table, new RegExp(`^kube-controller-manager-${node}\\s+1/1\\s+Running\\s`, 'm'));
    // The container's log, as containerd wrote it, read through the agent.
    t.regex(await up.kubectl('logs', '-n', 'kube-system', `kube-apiserver-${node}`), /Capstan API server serving on https:\/\/127\.0\.0\.1:\d+/);
  });

  test.serial('containerd already holding the image of that name and digest, it is not imported again', async (t) => {
    const again = await ensureCapstanImage(runtime);
    t.false(again.imported);
    t.true(up.stderr().includes(`(${again.digest}) imported into the runtime`));
  });

  test.serial('a Deployment created with kubectl gets its pods, which run on containerd with the busybox image', async (t) => {
    // The fixture's containerd has no CNI network: the Node stays NotReady (as a kubeadm node before
    // its network add-on), so these pods tolerate that and use the host's network, as a CNI
    // DaemonSet's pods do.
    const manifest = join(up.dataDir, 'sleepers.json');
    const template = {
      metadata: { labels: { app: 'sleepers' } },
      spec: {
        hostNetwork: true,
        terminationGracePeriodSeconds: 1,
        tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }],
        containers: [{ name: 'sleep', image: busyboxImage, imagePullPolicy: 'Never' }],
      },
    };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'sleepers' },
      spec: { replicas: 2, selector: { matchLabels: template.metadata.labels }, template },
    };
    writeFileSync(manifest, JSON.stringify(deployment));
    t.is(await up.kubectl('apply', '-f', manifest), 'deployment.apps/sleepers created\n');
    const pods = await eventually(
      "the Deployment's two pods Running and Ready",
      async () => {
        const list = JSON.parse(await up.kubectl('get', 'pods', '-l', 'app=sleepers', '-o', 'json')) as PodList;
        return list.items.length === 2 && list.items.every((pod) => isReady(pod.status)) ? list.items : undefined;
      },
      120_000,
    );
    const containers = await runtimeContainers();
    for (const pod of pods) {
      t.is(pod.spec.nodeName, node);
      const id = pod.status.containerStatuses?.[0]?.containerID ?? '';
      t.regex(id, /^containerd:\/\/[0-9a-f]{64}$/);
      t.is(containers.get(id.slice('containerd://'.length)), 'CONTAINER_RUNNING');
    }
  });

  test.serial('capstan up killed with SIGKILL leaves its pods in containerd; started again on its directory, it removes them first and serves again', async (t) => {
    killed = up;
    const before = (await runtime.listContainers()).containers.length;
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Its agent ends by itself once its parent is gone (exit-with-parent.ts); the containers stay.
    const agentPattern = `capstan\\.ts agent --config=${killed.dataDir}/`;
    await eventually("the killed cluster's agent to end", async () => (spawnSync('pgrep', ['-f', agentPattern]).status === 1 ? true : undefined), 30_000);
    t.is((await runtime.listContainers()).containers.length, before);
    up = startUp(upArgs(), undefined, killed.dataDir);
    await up.line(/^Capstan is ready/);
    t.regex(up.stderr(), /"msg":"the Capstan image \S+ \(sha256:[0-9a-f]{64}\) is already in the runtime at /);
    t.regex(up.stderr(), /"msg":"removed 4 pods an earlier run left in the runtime"/);
    t.is(await up.kubectl('get', '--raw', '/readyz'), 'ok');
    // The Deployment's pods, bound to the node, run again: new containers of containerd.
    await eventually(
      "the Deployment's two pods Running and Ready again",
      async () => {
        const list = JSON.parse(await up.kubectl('get', 'pods', '-l', 'app=sleepers', '-o', 'json')) as PodList;
        const containers = await runtimeContainers();
        return list.items.length === 2 &&
          list.items.every(
            (pod) => isReady(pod.status) && containers.get((pod.status.containerStatuses?.[0]?.containerID ?? '').slice('containerd://'.length)) === 'CONTAINER_RUNNING',
          )
          ? true
          : undefined;
      },
      120_000,
    );
    t.pass();
  });

  test.serial("stopping capstan up stops the agent and removes its pods' containers from containerd: nothing is left running", async (t) => {
    const before = await clusterProcessesRunning(up, 3, 'the agent, API server and controllers running');
    t.true(before.length >= 3, `agent, API server and controllers: ${before.join(' ')}`);
    t.true((await runtime.listContainers()).containers.length >= 4);
    up.child.kill('SIGTERM');
    t.is(await up.exited, 0, up.stderr().slice(-4000));
    t.regex(up.stderr(), /"msg":"removed the containers of 4 pods from the runtime at unix:\/\//);
    t.deepEqual((await runtime.listContainers()).containers, []);
    t.deepEqual((await runtime.listPodSandbox()).items, []);
    t.deepEqual(clusterProcesses(up), []);
  });
}
